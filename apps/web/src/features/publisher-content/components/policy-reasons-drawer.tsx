import { PlusOutlined } from '@ant-design/icons';
import { POLICY_REASON_LABEL_MAX, savePolicyReason, type PolicyReason } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Drawer } from '../../../shared/ui/drawer';
import { Input } from '../../../shared/ui/input';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { usePolicyReasons, useSavePolicyReason } from '../api';
import { checkField, errorText, reasonLabel, serverFieldProblem } from './format';
import '../messages/register';
import './publisher-content.css';

interface Draft {
  reason?: PolicyReason;
  label: string;
  labelZh: string;
}
type Problems = { label?: string | null; labelZh?: string | null };

/** The policy reasons staff reject content with: add, rename, retire and reactivate (retired ones stay on past decisions). */
export default function PolicyReasonsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const reasons = usePolicyReasons(true, open);
  const save = useSavePolicyReason();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const edit = (reason?: PolicyReason) => {
    setDraft({ reason, label: reason?.label ?? '', labelZh: reason?.labelZh ?? '' });
    setProblems({});
    setFailure(null);
  };

  /** Saves a reason's labels and state; answers whether it was saved. */
  const store = async (reason: PolicyReason | undefined, label: string, labelZh: string, active: boolean): Promise<boolean> => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ ...(reason ? { id: reason.id, version: reason.version } : {}), label: label.trim(), labelZh: labelZh.trim(), active });
      showToast('success', t('publisherContent.reasons.saved', { label: reasonLabel(saved, i18n.language) }));
      return true;
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'NAME_TAKEN') {
        setProblems({ label: errorText(t, cause) });
      } else if (isApiError(cause) && cause.fields) {
        setProblems({ label: serverFieldProblem(t, cause, 'label'), labelZh: serverFieldProblem(t, cause, 'labelZh') });
      } else {
        const stale = isApiError(cause) && cause.code === 'STALE_VERSION';
        setFailure(stale ? t('publisherContent.reasonStale') : errorText(t, cause));
        if (stale) void reasons.refetch();
      }
      return false;
    }
  };

  const submit = async () => {
    if (!draft) return;
    const found: Problems = {
      label: checkField(t, savePolicyReason.request.shape.label, draft.label),
      labelZh: draft.labelZh.trim() ? checkField(t, savePolicyReason.request.shape.labelZh, draft.labelZh) : null,
    };
    setProblems(found);
    if (found.label || found.labelZh) return;
    if (await store(draft.reason, draft.label, draft.labelZh, draft.reason?.active ?? true)) setDraft(null);
  };

  const field = (name: 'label' | 'labelZh', hint?: string) => {
    const id = `policy-reason-${name}`;
    const problem = problems[name];
    return (
      <div className="content-field">
        <label className="content-field-label" htmlFor={id}>
          {t(`publisherContent.reasons.${name}`)}
        </label>
        <Input
          id={id}
          value={draft?.[name] ?? ''}
          maxLength={POLICY_REASON_LABEL_MAX}
          status={problem ? 'error' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem && `${id}-problem`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setDraft((current) => current && { ...current, [name]: event.target.value });
            setProblems((current) => ({ ...current, [name]: null }));
          }}
        />
        {hint && (
          <div id={`${id}-hint`} className="list-muted">
            {hint}
          </div>
        )}
        {problem && (
          <div id={`${id}-problem`} className="content-field-error" role="alert">
            {problem}
          </div>
        )}
      </div>
    );
  };

  const items = reasons.data?.items ?? [];
  return (
    <Drawer open={open} onClose={onClose} size={520} title={t('publisherContent.reasons.title')} closable={{ 'aria-label': t('publisherContent.reasons.close') }}>
      <div className="content-detail">
        <p>{t('publisherContent.reasons.intro')}</p>
        {failure && <Alert type="error" showIcon title={t('publisherContent.actions.failed')} description={failure} />}
        {draft ? (
          <form
            className="content-reason-form"
            aria-label={draft.reason ? t('publisherContent.reasons.editTitle') : t('publisherContent.reasons.addTitle')}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <h3 className="content-section-title">{draft.reason ? t('publisherContent.reasons.editTitle') : t('publisherContent.reasons.addTitle')}</h3>
            {field('label')}
            {field('labelZh', t('publisherContent.reasons.labelZhHint'))}
            <div className="content-actions">
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('publisherContent.reasons.save')}
              </Button>
              <Button onClick={() => setDraft(null)}>{t('publisherContent.reasons.cancel')}</Button>
            </div>
          </form>
        ) : (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => edit()}>
            {t('publisherContent.reasons.add')}
          </Button>
        )}
        {reasons.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        ) : reasons.isError ? (
          <Alert type="error" showIcon title={t('publisherContent.reasons.failed')} description={errorText(t, reasons.error)} />
        ) : items.length === 0 ? (
          <p className="list-muted">{t('publisherContent.reasons.empty')}</p>
        ) : (
          <ul className="content-reasons">
            {items.map((reason) => (
              <li key={reason.id} className={reason.active ? 'content-reason' : 'content-reason is-retired'}>
                <div className="content-reason-labels">
                  <div>{reason.label}</div>
                  {reason.labelZh && <div className="list-muted" lang="zh-CN">{reason.labelZh}</div>}
                  <Tag color={reason.active ? 'success' : 'default'}>{t(reason.active ? 'publisherContent.reasons.active' : 'publisherContent.reasons.retired')}</Tag>
                </div>
                <div className="content-reason-actions" role="group" aria-label={t('publisherContent.reasons.actionsFor', { label: reason.label })}>
                  <Button size="small" onClick={() => edit(reason)}>
                    {t('publisherContent.reasons.edit')}
                  </Button>
                  <Button size="small" disabled={save.isPending} onClick={() => void store(reason, reason.label, reason.labelZh, !reason.active)}>
                    {t(reason.active ? 'publisherContent.reasons.retire' : 'publisherContent.reasons.reactivate')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Drawer>
  );
}
