import { CLICK_WINDOW_DAYS, updateConversionTag, VIEW_WINDOW_DAYS, type ConversionTag } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { InputNumber } from '../../../shared/ui/input-number';
import { showToast } from '../../../shared/ui/toast';
import { useUpdateConversionTag } from '../api';
import { checkField, errorText, serverFieldProblem } from './format';

type Window = 'clickWindowDays' | 'viewWindowDays';
const WINDOWS: Window[] = ['clickWindowDays', 'viewWindowDays'];
const FIELD_ID: Record<Window, string> = { clickWindowDays: 'conversion-click-window', viewWindowDays: 'conversion-view-window' };
const LIMITS: Record<Window, { min: number; max: number }> = { clickWindowDays: CLICK_WINDOW_DAYS, viewWindowDays: VIEW_WINDOW_DAYS };

/** The click and view-through windows: checked by the contract's rules here, then by the server (its field problems shown by the fields). */
export function SettingsPanel({ tag, canEdit, onReload }: { tag: ConversionTag; canEdit: boolean; onReload: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateConversionTag();
  // The values typed, null while empty; absent: not edited (the saved value shows).
  const [typed, setTyped] = useState<Partial<Record<Window, number | null>>>({});
  const [problems, setProblems] = useState<Partial<Record<Window, string>>>({});
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valueOf = (w: Window) => (typed[w] === undefined ? tag[w] : typed[w]);
  const changed = WINDOWS.some((w) => typed[w] !== undefined && typed[w] !== tag[w]);

  const save = async () => {
    setFailure(null);
    const found: Partial<Record<Window, string>> = {};
    for (const w of WINDOWS) {
      const problem = checkField(t, updateConversionTag.request.shape[w], valueOf(w) ?? undefined);
      if (problem) found[w] = problem;
    }
    setProblems(found);
    const click = valueOf('clickWindowDays');
    const view = valueOf('viewWindowDays');
    if (Object.keys(found).length || click === null || view === null) return;
    try {
      await update.mutateAsync({ version: tag.version, clickWindowDays: click, viewWindowDays: view });
      setTyped({});
      showToast('success', t('conversions.settings.saved'));
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'STALE_VERSION') setStale(true);
      else if (isApiError(cause) && WINDOWS.some((w) => cause.fields?.[w])) {
        setProblems(Object.fromEntries(WINDOWS.filter((w) => cause.fields?.[w]).map((w) => [w, serverFieldProblem(t, cause, w)])));
      } else setFailure(errorText(t, cause));
    }
  };

  const reset = () => {
    setTyped({});
    setProblems({});
  };

  const reload = async () => {
    await onReload();
    reset();
    setStale(false);
  };

  const field = (w: Window, label: string, help: string) => {
    const id = FIELD_ID[w];
    const problem = problems[w];
    return (
      <div className="conversion-field">
        <label className="conversion-field-label" htmlFor={id}>
          {label}
        </label>
        <InputNumber
          id={id}
          value={valueOf(w)}
          // No min or max here: the input would clamp what was typed, and the contract's rule says what is wrong.
          controls={canEdit}
          disabled={!canEdit}
          status={problem ? 'error' : undefined}
          suffix={t('conversions.settings.days')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem && `${id}-problem`, `${id}-hint`].filter(Boolean).join(' ')}
          onChange={(next: number | string | null) => {
            setTyped((was) => ({ ...was, [w]: next === null || next === '' ? null : Number(next) }));
            setProblems((was) => ({ ...was, [w]: undefined }));
          }}
        />
        <div id={`${id}-hint`} className="conversion-help">
          {help}
        </div>
        {problem && (
          <div id={`${id}-problem`} className="conversion-field-error" role="alert">
            {problem}
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      className="conversion-panel"
      aria-label={t('conversions.tabs.settings')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          title={t('conversions.settings.stale')}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('conversions.settings.reload')}
            </Button>
          }
        />
      )}
      {failure && <Alert type="error" showIcon title={t('conversions.settings.failed')} description={failure} />}
      {field('clickWindowDays', t('conversions.settings.clickWindow'), t('conversions.settings.clickWindowHelp', LIMITS.clickWindowDays))}
      {field('viewWindowDays', t('conversions.settings.viewWindow'), t('conversions.settings.viewWindowHelp', LIMITS.viewWindowDays))}
      <p className="conversion-help">{t('conversions.settings.updatedAt', { time: formatDateTime(tag.updatedAt, i18n.language) })}</p>
      {canEdit ? (
        <div className="conversion-actions">
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed || stale}>
            {t('conversions.settings.save')}
          </Button>
          {changed && <Button onClick={reset}>{t('conversions.settings.reset')}</Button>}
        </div>
      ) : (
        <p className="conversion-help">{t('conversions.setup.readOnly')}</p>
      )}
    </form>
  );
}
