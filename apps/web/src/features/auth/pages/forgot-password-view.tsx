import { EMAIL_MAX, isEmail } from '@ads/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { problemText, reasonText, tooManyText } from '../problems';
import { AuthScreen } from './auth-screen';
import { AuthNotice, AuthProblem } from './auth-notice';
import '../messages/register';
import './auth-forms.css';

// The sign-in page's "Forgot password?": loaded when it is chosen, so the sign-in page's first view
// stays as light as it was. Plain HTML like the sign-in form. The answer never tells whether an
// account uses the email (the server answers the same either way).

export default function ForgotPasswordView({ email: initialEmail, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const validate = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return t('authProblems.emailMissing');
    if (trimmed.length > EMAIL_MAX || !isEmail(trimmed)) return t('authProblems.emailInvalid');
    return undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate(email);
    setError(found);
    if (found) return document.getElementById(`${id}-email`)?.focus();
    setSubmitting(true);
    try {
      await callEndpoint('accounts.forgotPassword', { email: email.trim() });
      setSentTo(email.trim());
    } catch (caught) {
      const field = isApiError(caught) ? caught.fields?.email : undefined;
      if (field) setError(problemText(t, field));
      else setFailure(tooManyText(t, caught) ?? t('forgotPassword.failed', { reason: reasonText(t, caught) }));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo !== null) {
    return (
      <AuthScreen id={id} heading={t('forgotPassword.sentHeading')}>
        <AuthNotice>{t('forgotPassword.sent', { email: sentTo })}</AuthNotice>
        <button type="button" className="login-submit" autoFocus onClick={onBack}>
          {t('forgotPassword.back')}
        </button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen id={id} heading={t('forgotPassword.heading')}>
      <p className="login-subheading">{t('forgotPassword.intro')}</p>
      {failure && <AuthProblem>{failure}</AuthProblem>}
      <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="login-field">
          <label htmlFor={`${id}-email`}>{t('login.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            className="login-input"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoFocus
            placeholder={t('login.emailPlaceholder')}
            value={email}
            disabled={submitting}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(validate(event.target.value));
            }}
          />
          {error && (
            <div id={`${id}-email-error`} className="login-field-error">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting && <span className="login-spinner" aria-hidden="true" />}
          {t('forgotPassword.submit')}
        </button>
        <button type="button" className="login-alert-action auth-secondary" onClick={onBack}>
          {t('forgotPassword.back')}
        </button>
      </form>
    </AuthScreen>
  );
}
