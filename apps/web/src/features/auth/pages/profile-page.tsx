import { profileFields, type Profile, type ProfileInput } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from '../../../shared/i18n/translate';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { callEndpoint } from '../../../shared/data/call-endpoint';
import { queryKeys } from '../../../shared/data/query-keys';
import { useContractQuery } from '../../../shared/data/use-contract-query';
import { apiErrorText } from '../../../shared/format';
import { LANGUAGES, setLanguage, useLocaleState, type Language } from '../../../shared/i18n/i18n';
import { getSession, setUserInfo } from '../../../shared/session';
import { useHasPower } from '../../../shared/use-has-power';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Descriptions } from '../../../shared/ui/descriptions';
import { Skeleton } from '../../../shared/ui/skeleton';
import { showToast } from '../../../shared/ui/toast';
import { fieldProblem, problemText } from '../problems';
import { CloseAccountSection } from './close-account-section';
import { Section } from './profile-section';
import '../messages/register';
import '../../../shared/ui/plain-controls.css';
import './auth-forms.css';
import './profile.css';

// The signed-in user's own page (route `profile`, in the shell, no menu entry; the header's profile
// link). It lives with the other auth pages: its contracts are identity's (auth.ts), it links to the
// change-password page and shares its texts. Plain HTML controls only: its first view loads no antd.

type Field = keyof ProfileInput;
type Errors = Partial<Record<Field, string>>;

// Each language named in itself, as the header's switch names them.
const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

const FIELD_SCHEMAS = { name: profileFields.shape.name, phone: profileFields.shape.phone, language: profileFields.shape.language };

export default function ProfilePage() {
  const { t } = useTranslation();
  const query = useContractQuery('identity.profile', {}, { queryKey: queryKeys.profile });
  // Set when a save met a newer version: the profile is reloaded, and the user is told so.
  const [stale, setStale] = useState(false);
  const canRequest = useHasPower('request.create');
  const profile = query.data;

  return (
    <div className="profile-page">
      <h1 className="page-title">{t('pages.profile.title')}</h1>
      <p className="profile-intro">{t('profile.intro')}</p>
      {profile ? (
        <>
          {stale && <Alert type="warning" showIcon title={t('profile.stale')} />}
          <ProfileForm
            key={profile.version}
            profile={profile}
            onSaving={() => setStale(false)}
            onStale={() => {
              setStale(true);
              void query.refetch();
            }}
          />
          <Section title={t('profile.account')}>
            <Descriptions
              column={{ md: 3, sm: 1, xs: 1 }}
              size="small"
              items={[
                { key: 'name', label: t('profile.accountName'), children: profile.accountName },
                { key: 'kind', label: t('profile.accountKind'), children: t(`profile.kinds.${profile.accountKind}`) },
                { key: 'status', label: t('profile.accountStatus'), children: t(`profile.statuses.${profile.accountStatus}`, { defaultValue: profile.accountStatus }) },
              ]}
            />
          </Section>
          <Section title={t('profile.security')}>
            <p className="profile-section-intro">{t('profile.securityIntro')}</p>
            <Link to="/changePassword" className="plain-button">
              <span>{t('profile.changePassword')}</span>
            </Link>
          </Section>
          {/* Staff close accounts from account management; an account's own users ask them to. */}
          {profile.role !== 'MsInternal' && canRequest && (profile.accountStatus === 'active' || profile.accountStatus === 'suspended') && (
            <CloseAccountSection accountId={profile.accountId} accountName={profile.accountName} />
          )}
        </>
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('profile.loadFailed', { reason: apiErrorText(t, query.error, 'profile.errors') })}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('profile.retry')}
            </Button>
          }
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </div>
  );
}

function validate(t: TFunction, field: Field, value: string): string | undefined {
  return fieldProblem(t, FIELD_SCHEMAS[field], value);
}

function ProfileForm({ profile, onSaving, onStale }: { profile: Profile; onSaving: () => void; onStale: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const { language: shown } = useLocaleState();
  const [values, setValues] = useState<Record<Field, string>>({
    name: profile.name,
    phone: profile.phone,
    // None chosen yet: the language the console shows, which saving then keeps.
    language: profile.language ?? shown,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(t, field, value) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    onSaving();
    const found: Errors = { name: validate(t, 'name', values.name), phone: validate(t, 'phone', values.phone) };
    setErrors(found);
    const first = (['name', 'phone'] as const).find((field) => found[field]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    const parsed = profileFields.parse(values);
    setSaving(true);
    let saved: Profile;
    try {
      saved = await callEndpoint('identity.updateProfile', { ...parsed, version: profile.version });
    } catch (caught) {
      setSaving(false);
      if (isApiError(caught) && caught.code === 'STALE_VERSION') return onStale();
      const fields = isApiError(caught) ? caught.fields : undefined;
      const placed: Errors = {
        name: fields?.name && problemText(t, fields.name),
        phone: fields?.phone && problemText(t, fields.phone),
        language: fields?.language && problemText(t, fields.language),
      };
      if (placed.name || placed.phone || placed.language) setErrors(placed);
      else setFailure(t('profile.failed', { reason: apiErrorText(t, caught, 'profile.errors') }));
      return;
    }
    // The header and the next sign-in read the session's copy.
    const session = getSession();
    if (session) setUserInfo({ ...session.userInfo, userBasicInfo: { ...session.userInfo.userBasicInfo, name: saved.name, language: saved.language ?? undefined } });
    if (saved.language && saved.language !== shown) await setLanguage(saved.language);
    // In the language just chosen (this render's `t` still speaks the one before).
    showToast('success', i18next.t('profile.saved'));
    // A new version: the form starts again from what was saved.
    queryClient.setQueryData(queryKeys.profile, saved);
  };

  const errorOf = (field: Field) =>
    errors[field] ? (
      <div id={`${id}-${field}-error`} className="profile-field-error">
        {errors[field]}
      </div>
    ) : null;
  const describedBy = (field: Field, hint?: boolean) => (errors[field] ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined);

  return (
    <Section title={t('profile.details')}>
      {failure && <Alert type="error" showIcon title={failure} />}
      <form className="profile-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="profile-field">
          <label htmlFor={`${id}-name`}>{t('profile.name')}</label>
          <input
            id={`${id}-name`}
            name="name"
            className="profile-input"
            autoComplete="name"
            value={values.name}
            disabled={saving}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => update('name', event.target.value)}
            onBlur={(event) => setErrors((current) => ({ ...current, name: validate(t, 'name', event.target.value) }))}
          />
          {errorOf('name')}
        </div>
        <div className="profile-field">
          <label htmlFor={`${id}-email`}>{t('profile.email')}</label>
          <input id={`${id}-email`} className="profile-input" value={profile.email} readOnly aria-readonly="true" />
        </div>
        <div className="profile-field">
          <label htmlFor={`${id}-phone`}>{t('profile.phone')}</label>
          <input
            id={`${id}-phone`}
            name="phone"
            className="profile-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phone}
            disabled={saving}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone', true)}
            onChange={(event) => update('phone', event.target.value)}
            onBlur={(event) => {
              if (event.target.value || errors.phone) setErrors((current) => ({ ...current, phone: validate(t, 'phone', event.target.value) }));
            }}
          />
          {errorOf('phone') ?? (
            <div id={`${id}-phone-hint`} className="profile-hint">
              {t('profile.phoneHint')}
            </div>
          )}
        </div>
        <div className="profile-field">
          <label htmlFor={`${id}-language`}>{t('profile.language')}</label>
          <LanguageSelect id={`${id}-language`} value={values.language as Language} disabled={saving} describedBy={describedBy('language', true)} onChange={(value) => update('language', value)} />
          {errorOf('language') ?? (
            <div id={`${id}-language-hint`} className="profile-hint">
              {t('profile.languageHint')}
            </div>
          )}
        </div>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('profile.save')}
        </Button>
      </form>
    </Section>
  );
}

/** A native select named by its <label> (PlainSelect names itself with aria-label instead). */
function LanguageSelect({ id, value, disabled, describedBy, onChange }: { id: string; value: Language; disabled: boolean; describedBy?: string; onChange: (value: Language) => void }) {
  return (
    <select id={id} name="language" className="plain-select profile-select" value={value} disabled={disabled} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value as Language)}>
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
