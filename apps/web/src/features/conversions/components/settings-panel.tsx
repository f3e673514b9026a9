import { CLICK_WINDOW_DAYS, updateConversionTag, type ConversionTag } from '@ads/contracts';
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

const FIELD_ID = 'conversion-click-window';

/** The click window: checked by the contract's rule here, then by the server (its field problem shown by the field). */
export function SettingsPanel({ tag, canEdit, onReload }: { tag: ConversionTag; canEdit: boolean; onReload: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateConversionTag();
  // The value typed, null while empty; undefined: not edited (the saved value shows).
  const [typed, setTyped] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const value = typed === undefined ? tag.clickWindowDays : typed;
  const changed = typed !== undefined && typed !== tag.clickWindowDays;

  const save = async () => {
    setFailure(null);
    const found = checkField(t, updateConversionTag.request.shape.clickWindowDays, value ?? undefined);
    setProblem(found);
    if (found || value === null) return;
    try {
      const saved = await update.mutateAsync({ version: tag.version, clickWindowDays: value });
      setTyped(undefined);
      showToast('success', t('conversions.settings.saved', { count: saved.clickWindowDays }));
    } catch (cause) {
      if (isApiError(cause) && cause.code === 'STALE_VERSION') setStale(true);
      else if (isApiError(cause) && cause.fields?.clickWindowDays) setProblem(serverFieldProblem(t, cause, 'clickWindowDays'));
      else setFailure(errorText(t, cause));
    }
  };

  const reload = async () => {
    await onReload();
    setTyped(undefined);
    setProblem(null);
    setStale(false);
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
      <div className="conversion-field">
        <label className="conversion-field-label" htmlFor={FIELD_ID}>
          {t('conversions.settings.clickWindow')}
        </label>
        <InputNumber
          id={FIELD_ID}
          value={value}
          // No min or max here: the input would clamp what was typed, and the contract's rule says what is wrong.
          controls={canEdit}
          disabled={!canEdit}
          status={problem ? 'error' : undefined}
          suffix={t('conversions.settings.days')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem && `${FIELD_ID}-problem`, `${FIELD_ID}-hint`].filter(Boolean).join(' ')}
          onChange={(next: number | string | null) => {
            setTyped(next === null || next === '' ? null : Number(next));
            setProblem(null);
          }}
        />
        <div id={`${FIELD_ID}-hint`} className="conversion-help">
          {t('conversions.settings.clickWindowHelp', { min: CLICK_WINDOW_DAYS.min, max: CLICK_WINDOW_DAYS.max })}
        </div>
        {problem && (
          <div id={`${FIELD_ID}-problem`} className="conversion-field-error" role="alert">
            {problem}
          </div>
        )}
      </div>
      <p className="conversion-help">{t('conversions.settings.updatedAt', { time: formatDateTime(tag.updatedAt, i18n.language) })}</p>
      {canEdit ? (
        <div className="conversion-actions">
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed || stale}>
            {t('conversions.settings.save')}
          </Button>
          {changed && (
            <Button
              onClick={() => {
                setTyped(undefined);
                setProblem(null);
              }}
            >
              {t('conversions.settings.reset')}
            </Button>
          )}
        </div>
      ) : (
        <p className="conversion-help">{t('conversions.setup.readOnly')}</p>
      )}
    </form>
  );
}
