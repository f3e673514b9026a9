import { STATUS_CHANGE_REASON_MAX } from '@ads/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { problemText, reasonText, tooManyText } from '../problems';
import { AuthScreen } from './auth-screen';
import { AuthNotice, AuthProblem } from './auth-notice';
import '../messages/register';
import './auth-forms.css';

// "Request reactivation", offered when a sign-in fails because the account is suspended: the email
// and password just typed prove who asks (the server checks them as a sign-in does), the user gives
// a reason, and staff decide. Loaded only when offered, as the forgot-password form.

export default function ReactivationView({ email, password, onBack }: { email: string; password: string; onBack: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const validate = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return t('authProblems.reasonMissing');
    if (trimmed.length > STATUS_CHANGE_REASON_MAX) return t('authProblems.tooLong', { max: STATUS_CHANGE_REASON_MAX });
    return undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate(reason);
    setError(found);
    if (found) return document.getElementById(`${id}-reason`)?.focus();
    setSubmitting(true);
    try {
      await callEndpoint('statusChanges.requestReactivation', { email, password, reason: reason.trim() });
      setSent(true);
    } catch (caught) {
      const fields = isApiError(caught) ? caught.fields : undefined;
      if (fields?.reason) {
        setError(problemText(t, fields.reason));
        document.getElementById(`${id}-reason`)?.focus();
      } else if (fields?.email || fields?.password || (isApiError(caught) && caught.code === 'INVALID_CREDENTIALS')) {
        // The email and password were typed on the sign-in form: they are corrected there.
        setFailure(t('reactivation.credentialsWrong'));
      } else if (isApiError(caught) && caught.code === 'ACCOUNT_STATE') {
        setFailure(t('reactivation.notSuspended'));
      } else {
        setFailure(tooManyText(t, caught) ?? t('reactivation.failed', { reason: reasonText(t, caught) }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <AuthScreen id={id} heading={t('reactivation.sentHeading')}>
        <AuthNotice>{t('reactivation.sent')}</AuthNotice>
        <button type="button" className="login-submit" autoFocus onClick={onBack}>
          {t('reactivation.back')}
        </button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen id={id} heading={t('reactivation.heading')}>
      <p className="login-subheading">{t('reactivation.intro', { email })}</p>
      {failure && <AuthProblem>{failure}</AuthProblem>}
      <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="login-field">
          <label htmlFor={`${id}-reason`}>{t('reactivation.reason')}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            className="login-input auth-textarea"
            autoFocus
            rows={4}
            value={reason}
            disabled={submitting}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : `${id}-reason-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(validate(event.target.value));
            }}
          />
          {error ? (
            <div id={`${id}-reason-error`} className="login-field-error">
              {error}
            </div>
          ) : (
            <div id={`${id}-reason-hint`} className="auth-hint">
              {t('reactivation.reasonHint', { max: STATUS_CHANGE_REASON_MAX })}
            </div>
          )}
        </div>
        <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting && <span className="login-spinner" aria-hidden="true" />}
          {t('reactivation.submit')}
        </button>
        <button type="button" className="login-alert-action auth-secondary" onClick={onBack}>
          {t('reactivation.back')}
        </button>
      </form>
    </AuthScreen>
  );
}
