import { isEmail, type LoginRequest } from '@ads/contracts';
import { lazy, startTransition, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { useLocaleState } from '../../../shared/i18n/i18n';
import { clearSession, dismissSignOutNotice, readSignOutNotice, setSession, useSession } from '../../../shared/session';
import { adoptLanguage } from '../../../shared/i18n/i18n';
import { isSuspendedAccount, loginErrorMessage, signOutNoticeMessage } from '../login-error';
import { AuthScreen } from './auth-screen';

// The first page a visitor downloads (budget: 180 KB gzip). antd alone would be ~100 KB gzip on top
// of React, so this page is plain HTML styled to match antd's look; the shell brings antd.
// The forgot-password and reactivation forms are their own chunks, loaded when chosen.
const ForgotPasswordView = lazy(() => import('./forgot-password-view'));
const ReactivationView = lazy(() => import('./reactivation-view'));

type Field = keyof LoginRequest;
type FieldErrors = Partial<Record<Field, string>>;

export default function LoginPage() {
  const { t } = useTranslation();
  const { language } = useLocaleState();
  const navigate = useNavigate();
  const id = useId();
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // A session the server ended (401): its message, shown until the next submit.
  const [notice, setNotice] = useState(readSignOutNotice);
  useEffect(dismissSignOutNotice, []);
  // The route gate leaves a signed-in user here only when no role of theirs has a console page.
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  // The card shows the sign-in form, or one of the forms it leads to (the sign-in form keeps its values meanwhile).
  const [view, setView] = useState<'signIn' | 'forgot' | 'reactivate'>('signIn');
  // In a transition: the sign-in form stays on screen while the chosen form's chunk loads.
  const open = (next: typeof view) => startTransition(() => setView(next));

  const validate = (field: Field, value: string): string | undefined => {
    if (field === 'email') {
      if (!value.trim()) return t('login.emailRequired');
      if (!isEmail(value.trim())) return t('login.emailInvalid');
      return undefined;
    }
    return value ? undefined : t('login.passwordRequired');
  };

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field shows an error, it is re-checked as the user types.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(field, value) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Whatever this submit leads to, the previous answer no longer applies.
    setFailure(null);
    setNotice(null);
    const found: FieldErrors = { email: validate('email', values.email), password: validate('password', values.password) };
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(`${id}-${found.email ? 'email' : 'password'}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { token, userInfo } = await callEndpoint('identity.login', { email: values.email.trim(), password: values.password });
      setSession(token, userInfo);
      // The language chosen in the profile, if any, from the first page on.
      adoptLanguage(userInfo.userBasicInfo.language);
      // "/" resolves to the landing page by the first role.
      navigate('/', { replace: true });
    } catch (caught) {
      setFailure(caught);
      const fields = isApiError(caught) ? caught.fields : undefined;
      if (fields) setErrors({ email: fields.email, password: fields.password });
      setSubmitting(false);
    }
  };

  const signOut = async () => {
    setSigningOut(true);
    try {
      await callEndpoint('identity.logout', {});
    } catch {
      // The token is dropped here either way; the server expires it.
    }
    clearSession();
    setSigningOut(false);
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    disabled: submitting,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      const value = event.target.value;
      if (value || errors[field]) setErrors((current) => ({ ...current, [field]: validate(field, value) }));
    },
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <div id={`${id}-${field}-error`} className="login-field-error">
        {errors[field]}
      </div>
    ) : null;

  if (view === 'forgot') {
    const typed = values.email.trim();
    return (
      <Suspense fallback={null}>
        <ForgotPasswordView email={isEmail(typed) ? typed : ''} onBack={() => setView('signIn')} />
      </Suspense>
    );
  }
  if (view === 'reactivate') {
    return (
      <Suspense fallback={null}>
        <ReactivationView email={values.email.trim()} password={values.password} onBack={() => setView('signIn')} />
      </Suspense>
    );
  }

  return (
    <AuthScreen id={id} heading={t('login.heading')}>
      <p className="login-subheading">{t('login.subheading')}</p>
      {failure !== null ? (
        <LoginAlert>
          {loginErrorMessage(failure, language, t)}
          {isSuspendedAccount(failure) && (
            <>
              {' '}
              <button type="button" className="login-alert-action" onClick={() => open('reactivate')}>
                {t('login.requestReactivation')}
              </button>
            </>
          )}
        </LoginAlert>
      ) : session ? (
        <LoginAlert>
          {t('login.noConsolePage', { email: session.userInfo.userBasicInfo.email })}{' '}
          <button type="button" className="login-alert-action" disabled={signingOut} onClick={() => void signOut()}>
            {t('login.signOut')}
          </button>
        </LoginAlert>
      ) : notice ? (
        <LoginAlert>{signOutNoticeMessage(notice, language, t)}</LoginAlert>
      ) : null}
      <form
        className="login-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <div className="login-field">
          <label htmlFor={`${id}-email`}>{t('login.email')}</label>
          <input
            {...fieldProps('email')}
            className="login-input"
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder={t('login.emailPlaceholder')}
          />
          {fieldError('email')}
        </div>
        <div className="login-field">
          <label htmlFor={`${id}-password`}>{t('login.password')}</label>
          <div className="login-password">
            <input
              {...fieldProps('password')}
              className="login-input"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
            />
            <button
              type="button"
              className="login-reveal"
              // Named "Show"/"Hide", not "… password": a label lookup for "Password" must find
              // only the field.
              aria-controls={`${id}-password`}
              aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11.5a4.5 4.5 0 110-9 4.5 4.5 0 010 9z"
                  fill="currentColor"
                />
                {!showPassword && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
              </svg>
            </button>
          </div>
          {fieldError('password')}
          <div className="login-forgot">
            <button type="button" className="login-alert-action" onClick={() => open('forgot')}>
              {t('login.forgotPassword')}
            </button>
          </div>
        </div>
        <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting && <span className="login-spinner" aria-hidden="true" />}
          {t('login.submit')}
        </button>
      </form>
    </AuthScreen>
  );
}

function LoginAlert({ children }: { children: React.ReactNode }) {
  return (
    <div className="login-alert" role="alert">
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </div>
  );
}
