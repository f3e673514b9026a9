import { accountDetailsFields, newUserFields } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Form } from '../../../shared/ui/form';
import { Input } from '../../../shared/ui/input';
import { fieldRule } from './form-model';

const details = accountDetailsFields.shape;
const user = newUserFields.shape;

/** An account's details, each checked by its contract field. */
export function AccountDetailsItems() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t('accounts.fields.name')} rules={[fieldRule(t, details.name)]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="code" label={t('accounts.fields.code')} extra={t('accounts.fields.codeHint')} rules={[fieldRule(t, details.code)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="contactEmail" label={t('accounts.fields.contactEmail')} rules={[fieldRule(t, details.contactEmail)]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="phone" label={t('accounts.fields.phone')} extra={t('accounts.fields.phoneHint')} rules={[fieldRule(t, details.phone)]}>
        <Input type="tel" inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item
        name="registrationNumber"
        label={t('accounts.fields.registrationNumber')}
        extra={t('accounts.fields.registrationHint')}
        rules={[fieldRule(t, details.registrationNumber)]}
      >
        <Input inputMode="numeric" autoComplete="off" />
      </Form.Item>
    </>
  );
}

/** A new user's name, email and phone; `prefix` nests them (the create form's `user`). */
export function NewUserItems({ prefix = [] }: { prefix?: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={[...prefix, 'name']} label={t('accounts.fields.userName')} rules={[fieldRule(t, user.name)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name={[...prefix, 'email']} label={t('accounts.fields.userEmail')} rules={[fieldRule(t, user.email)]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name={[...prefix, 'phone']} label={t('accounts.fields.userPhone')} extra={t('accounts.fields.phoneHint')} rules={[fieldRule(t, user.phone)]}>
        <Input type="tel" inputMode="numeric" autoComplete="off" />
      </Form.Item>
    </>
  );
}

export const DETAIL_FIELDS = ['name', 'code', 'contactEmail', 'phone', 'registrationNumber'] as const;
export const USER_FIELDS = ['name', 'email', 'phone'] as const;
