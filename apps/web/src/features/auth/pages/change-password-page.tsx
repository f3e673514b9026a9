import { newPasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { apiErrorText } from '../../../shared/format';
import { clearSession, setUserInfo, useSession } from '../../../shared/session';
import { showToast } from '../../../shared/ui/toast';
import { AuthScreen } from './auth-screen';
import '../messages/register';
import './change-password.css';

// Outside the shell and plain HTML, as the sign-in page: a user with a one-time password sees
// nothing else until it is replaced, and every user reaches it from their profile (the header's profile link).

type Field = 'currentPassword' | 'newPassword' | 'repeat';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

// The contract's sentences (auth.ts) in the user's language; one not listed is shown as written.
const NEW_PASSWORD_PROBLEMS: Record<string, (t: TFunction) => string> = {
  [`At least ${PASSWORD_MIN} characters.`]: (t) => t('changePassword.problems.tooShort', { min: PASSWORD_MIN }),
  [`At most ${PASSWORD_MAX} characters.`]: (t) => t('changePassword.problems.tooLong', { max: PASSWORD_MAX }),
  'Use letters and digits.': (t) => t('changePassword.problems.lettersAndDigits'),
  'Choose a password other than the current one.': (t) => t('changePassword.problems.sameAsCurrent'),
};
const problemText = (t: TFunction, message: string) => NEW_PASSWORD_PROBLEMS[message]?.(t) ?? message;

function validate(t: TFunction, field: Field, values: Values): string | undefined {
  switch (field) {
    case 'currentPassword':
      return values.currentPassword ? undefined : t('changePassword.problems.currentMissing');
    case 'newPassword': {
      const parsed = newPasswordSchema.safeParse(values.newPassword);
      if (!parsed.success) return problemText(t, parsed.error.issues[0]?.message ?? '');
      return values.newPassword === values.currentPassword ? t('changePassword.problems.sameAsCurrent') : undefined;
    }
    case 'repeat':
      if (!values.repeat) return t('changePassword.problems.repeatMissing');
      return values.repeat === values.newPassword ? undefined : t('changePassword.problems.mismatch');
  }
}

const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'repeat'];

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const session = useSession();
  const required = !!session?.userInfo.userBasicInfo.mustChangePassword;
  const [values, setValues] = useState<Values>({ currentPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The field to focus once the form is enabled again (a disabled input takes no focus).
  const [focusOn, setFocusOn] = useState<Field | null>(null);
  useEffect(() => {
    if (!focusOn || submitting) return;
    document.getElementById(`${id}-${focusOn}`)?.focus();
    setFocusOn(null);
  }, [focusOn, submitting, id]);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, it is re-checked as the user types.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(t, field, next) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Errors = Object.fromEntries(FIELDS.map((field) => [field, validate(t, field, values)]));
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) return setFocusOn(first);
    setSubmitting(true);
    try {
      await callEndpoint('identity.changePassword', { currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (caught) {
      setSubmitting(false);
      const fields = isApiError(caught) ? caught.fields : undefined;
      if (fields && (fields.currentPassword || fields.newPassword)) {
        // The server names currentPassword only when it is wrong (the form has checked it is given).
        setErrors({
          currentPassword: fields.currentPassword && t('changePassword.problems.currentWrong'),
          newPassword: fields.newPassword && problemText(t, fields.newPassword),
        });
        setFocusOn(fields.currentPassword ? 'currentPassword' : 'newPassword');
      } else {
        setFailure(t('changePassword.failed', { reason: apiErrorText(t, caught, 'changePassword.errors') }));
      }
      return;
    }
    try {
      // The menu and mustChangePassword as the server has them now.
      setUserInfo(await callEndpoint('identity.userInfo', {}));
    } catch {
      // The password is changed either way; the shell asks for the user info again on its first page.
    }
    showToast('success', t('changePassword.changed'));
    // "/" resolves to the landing page by the first role.
    navigate('/', { replace: true });
  };

  const signOut = async () => {
    try {
      await callEndpoint('identity.logout', {});
    } catch {
      // The token is dropped here either way; the server expires it.
    }
    clearSession();
    navigate('/user/login', { replace: true });
  };

  // Back where the user came from; opened by its address, to their landing page.
  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));

  const input = (field: Field, label: string, autoComplete: string, hint?: string) => (
    <div className="login-field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        name={field}
        className="login-input"
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={values[field]}
        disabled={submitting}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={[errors[field] && `${id}-${field}-error`, hint && `${id}-${field}-hint`].filter(Boolean).join(' ') || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value)}
        onBlur={() => {
          if (values[field] || errors[field]) setErrors((current) => ({ ...current, [field]: validate(t, field, values) }));
        }}
      />
      {hint && !errors[field] && (
        <div id={`${id}-${field}-hint`} className="change-password-hint">
          {hint}
        </div>
      )}
      {errors[field] && (
        <div id={`${id}-${field}-error`} className="login-field-error">
          {errors[field]}
        </div>
      )}
    </div>
  );

  return (
    <AuthScreen id={id} heading={required ? t('changePassword.requiredHeading') : t('changePassword.heading')}>
      <p className="login-subheading">{required ? t('changePassword.requiredIntro') : t('changePassword.intro')}</p>
      {session && <p className="login-subheading">{t('changePassword.signedInAs', { email: session.userInfo.userBasicInfo.email })}</p>}
      {failure && <Problem>{failure}</Problem>}
      <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {input('currentPassword', required ? t('changePassword.requiredCurrent') : t('changePassword.current'), 'current-password')}
        {input('newPassword', t('changePassword.next'), 'new-password', t('changePassword.nextHint', { min: PASSWORD_MIN }))}
        {input('repeat', t('changePassword.repeat'), 'new-password')}
        <label className="change-password-show">
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          {t('changePassword.show')}
        </label>
        <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting && <span className="login-spinner" aria-hidden="true" />}
          {t('changePassword.submit')}
        </button>
        {required ? (
          <button type="button" className="login-alert-action change-password-secondary" onClick={() => void signOut()}>
            {t('changePassword.signOut')}
          </button>
        ) : (
          <button type="button" className="login-alert-action change-password-secondary" onClick={back}>
            {t('changePassword.cancel')}
          </button>
        )}
      </form>
    </AuthScreen>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <div className="login-alert" role="alert">
      <span>{children}</span>
    </div>
  );
}
