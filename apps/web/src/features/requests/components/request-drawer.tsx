import { approveStatusChange, rejectStatusChange, type StatusChange } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm';
import { Descriptions } from '../../../shared/ui/descriptions';
import { AppModal } from '../../../shared/ui/dialogs';
import { Drawer } from '../../../shared/ui/drawer';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { useApproveStatusChange, useCanReviewRequests, useCancelStatusChange, useRejectStatusChange, useStatusChangeDetail } from '../api';
import { requestKeys } from '../query-keys';
import { checkField, entityStatusLabel, errorText, isOutOfDate, kindLabel, serverFieldProblem } from './format';
import { ReasonField } from './reason-field';
import { RequestStatusTag } from './status-tag';

/** One request: what was asked, why, by whom, and its decision; cancel, approve or reject while pending. Opened by `?request=N`. */
export default function RequestDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useStatusChangeDetail(id);
  const request = detail.data;
  const gone = isApiError(detail.error) && detail.error.statusCode === 404;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={560}
      title={request ? t('requests.drawer.heading', { kind: kindLabel(t, request.kind), name: request.entityName }) : t('requests.drawer.loading')}
      closable={{ 'aria-label': t('requests.drawer.close') }}
      className="request-drawer"
      extra={request ? <RequestStatusTag status={request.status} /> : null}
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <Alert type={gone ? 'warning' : 'error'} showIcon title={gone ? t('requests.drawer.gone') : t('requests.drawer.failed')} description={gone ? undefined : errorText(t, detail.error)} />
      ) : request ? (
        // Kept across versions: a reload after "changed meanwhile" keeps saying why it happened.
        <RequestPanel key={request.id} request={request} />
      ) : null}
    </Drawer>
  );
}

type Dialog = 'approve' | 'reject' | null;

function RequestPanel({ request }: { request: StatusChange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const staff = useCanReviewRequests();
  const cancel = useCancelStatusChange();
  const approve = useApproveStatusChange();
  const reject = useRejectStatusChange();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ text: string; refresh: boolean } | null>(null);
  const busy = cancel.isPending || approve.isPending || reject.isPending;
  const kind = kindLabel(t, request.kind);
  const from = entityStatusLabel(t, request.entity, request.fromStatus);
  const to = entityStatusLabel(t, request.entity, request.toStatus);
  const pending = request.status === 'pending';
  // Staff decide; the requester's account may cancel (the server says who, again).
  const canDecide = staff && pending;
  const canCancel = !staff && pending;

  const refresh = () => queryClient.invalidateQueries({ queryKey: requestKeys.all });

  /**
   * Runs a call and answers its failure (undefined when it succeeded). A refused field stays in its
   * dialog; anything else is said above the buttons, and what means "out of date" reloads what is shown.
   */
  const run = async (call: () => Promise<StatusChange>, done: (changed: StatusChange) => string, field?: string): Promise<unknown> => {
    setProblem(null);
    try {
      const changed = await call();
      showToast('success', done(changed));
      return undefined;
    } catch (cause) {
      const refused = field ? serverFieldProblem(t, cause, field) : null;
      if (refused) {
        setFieldProblem(refused);
        return cause;
      }
      const outOfDate = isOutOfDate(cause);
      setProblem({ text: errorText(t, cause), refresh: outOfDate });
      // A stale version is reloaded at once, as is the entity's new state; a request decided
      // meanwhile waits for Refresh, so that the message is read before the drawer changes.
      if (outOfDate && !(isApiError(cause) && cause.code === 'REQUEST_STATE')) void refresh();
      setDialog(null);
      return cause;
    }
  };

  const startCancel = () =>
    void confirm({
      title: t('requests.actions.cancelTitle'),
      content: t('requests.actions.cancelText', { kind, name: request.entityName }),
      okText: t('requests.actions.cancelOk'),
      okButtonProps: { danger: true },
      cancelText: t('requests.actions.keep'),
      onOk: async () => {
        await run(() => cancel.mutateAsync({ id: request.id, version: request.version }), () => t('requests.actions.done.cancelled'));
      },
    });

  const openDialog = (which: Dialog) => {
    setText('');
    setFieldProblem(null);
    setDialog(which);
  };

  const decide = async () => {
    if (dialog === 'reject') {
      const problemFound = checkField(t, rejectStatusChange.request.shape.reason, text);
      if (problemFound) return setFieldProblem(problemFound);
    } else if (text.trim()) {
      const problemFound = checkField(t, approveStatusChange.request.shape.note, text);
      if (problemFound) return setFieldProblem(problemFound);
    }
    const names = { kind, name: request.entityName };
    const failed =
      dialog === 'reject'
        ? await run(() => reject.mutateAsync({ id: request.id, version: request.version, reason: text.trim() }), () => t('requests.actions.done.rejected', names), 'reason')
        : await run(
            () => approve.mutateAsync({ id: request.id, version: request.version, ...(text.trim() ? { note: text.trim() } : {}) }),
            () => t('requests.actions.done.approved', names),
            'note',
          );
    if (!failed) setDialog(null);
  };

  const decisionLabel = request.status === 'rejected' ? t('requests.drawer.rejectReason') : t('requests.drawer.note');
  const decidedLabel = request.status === 'cancelled' ? t('requests.drawer.cancelled') : t('requests.drawer.decided');

  return (
    <div className="request-detail">
      {request.direct && <Alert type="info" showIcon title={t('requests.direct')} description={t('requests.drawer.directText')} />}
      {pending && <Alert type="info" showIcon title={t(staff ? 'requests.drawer.pendingStaff' : 'requests.drawer.pendingRequester')} />}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={t('requests.actions.failed')}
          description={problem.text}
          action={
            problem.refresh && (
              <Button size="small" onClick={() => void refresh()}>
                {t('requests.actions.refresh')}
              </Button>
            )
          }
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'kind', label: t('requests.drawer.kind'), children: kind },
          { key: 'subject', label: t('requests.drawer.subject'), children: `${t(`requests.entity.${request.entity}`)} · ${request.entityName}` },
          ...(staff ? [{ key: 'account', label: t('requests.drawer.account'), children: request.accountName }] : []),
          { key: 'change', label: t('requests.drawer.change'), children: t('requests.drawer.changeText', { from, to }) },
          { key: 'current', label: t('requests.drawer.current'), children: <Tag>{entityStatusLabel(t, request.entity, request.entityStatus)}</Tag> },
          // A change made on the accounts page has no reason of its own.
          { key: 'reason', label: t('requests.drawer.reason'), children: <p className="request-detail-reason">{request.reason || t('requests.none')}</p> },
          {
            key: 'requested',
            label: t('requests.drawer.requested'),
            children: t('requests.drawer.requestedText', { date: formatDateTime(request.requestedAt, language), name: request.requestedBy.name }),
          },
          {
            key: 'status',
            label: t('requests.drawer.status'),
            children: (
              <>
                <RequestStatusTag status={request.status} />
                {request.direct && <Tag color="purple">{t('requests.direct')}</Tag>}
              </>
            ),
          },
          ...(request.decidedAt
            ? [
                {
                  key: 'decided',
                  label: decidedLabel,
                  children: request.decidedBy
                    ? t('requests.drawer.decidedText', { date: formatDateTime(request.decidedAt, language), name: request.decidedBy.name })
                    : formatDateTime(request.decidedAt, language),
                },
              ]
            : []),
          ...(request.decisionNote ? [{ key: 'note', label: decisionLabel, children: <p className="request-detail-reason">{request.decisionNote}</p> }] : []),
        ]}
      />
      {(canDecide || canCancel) && (
        <div className="request-actions">
          {canDecide && (
            <>
              <Button type="primary" disabled={busy} loading={approve.isPending} onClick={() => openDialog('approve')}>
                {t('requests.actions.approve')}
              </Button>
              <Button danger disabled={busy} loading={reject.isPending} onClick={() => openDialog('reject')}>
                {t('requests.actions.reject')}
              </Button>
            </>
          )}
          {canCancel && (
            <Button danger disabled={busy} loading={cancel.isPending} onClick={startCancel}>
              {t('requests.actions.cancel')}
            </Button>
          )}
        </div>
      )}
      <AppModal
        open={dialog !== null}
        title={dialog === 'reject' ? t('requests.actions.rejectTitle', { kind }) : t('requests.actions.approveTitle', { kind })}
        onCancel={() => setDialog(null)}
        onOk={() => void decide()}
        okText={dialog === 'reject' ? t('requests.actions.reject') : t('requests.actions.approve')}
        okButtonProps={{ danger: dialog === 'reject', loading: busy }}
        cancelText={t('requests.actions.back')}
        destroyOnHidden
      >
        <p>{dialog === 'reject' ? t('requests.actions.rejectText', { name: request.entityName }) : t('requests.actions.approveText', { name: request.entityName, from, to })}</p>
        <ReasonField
          id={`request-${dialog}-text`}
          label={dialog === 'reject' ? t('requests.actions.reasonLabel') : t('requests.actions.noteLabel')}
          placeholder={dialog === 'reject' ? t('requests.actions.reasonPlaceholder') : t('requests.actions.notePlaceholder')}
          value={text}
          onChange={(value) => {
            setText(value);
            setFieldProblem(null);
          }}
          problem={fieldProblem}
        />
      </AppModal>
      {confirmHolder}
    </div>
  );
}
