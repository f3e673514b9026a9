import { accountDetailsFields, newUserFields, type AccountKind, type AccountDetailsInput, type NewUserInput } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { Alert } from '../../../shared/ui/alert';
import { AppModal } from '../../../shared/ui/dialogs';
import { Form } from '../../../shared/ui/form';
import { showToast } from '../../../shared/ui/toast';
import { useCreateAccount } from '../api';
import { errorText } from './format';
import { AccountDetailsItems, DETAIL_FIELDS, NewUserItems, USER_FIELDS } from './form-fields';
import { parseForm, placeServerFields, validForm } from './form-model';
import { OneTimePasswordDialog, type PasswordGrant } from './one-time-password-dialog';

type Values = AccountDetailsInput & { user: NewUserInput };

const BLANK: Values = { name: '', code: '', contactEmail: '', phone: '', registrationNumber: '', user: { name: '', email: '', phone: '' } };
const schema = accountDetailsFields.extend({ user: newUserFields });
const KNOWN = [...DETAIL_FIELDS, ...USER_FIELDS.map((field) => `user.${field}`)];

interface CreateAccountDialogProps {
  kind: AccountKind;
  open: boolean;
  onClose: () => void;
  /** After the one-time password has been shown: the new account's drawer opens. */
  onCreated: (account: { id: number }) => void;
}

/** A new account of the page's kind with its first user; the user's one-time password is shown once. */
export default function CreateAccountDialog({ kind, open, onClose, onCreated }: CreateAccountDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const [grant, setGrant] = useState<(PasswordGrant & { accountId: number }) | null>(null);

  const submit = async () => {
    if (create.isPending || !(await validForm(form))) return;
    const parsed = parseForm(t, form, schema, form.getFieldsValue(true));
    if (!parsed) return;
    setProblem(null);
    try {
      const { result, oneTimePassword } = await create.mutateAsync({ ...parsed, kind });
      // The answer is the only copy: the mutation keeps none of it.
      create.reset();
      showToast('success', t('accounts.create.created', { name: result.name }));
      form.resetFields();
      const first = result.users[0];
      setGrant({ password: oneTimePassword, name: first?.name ?? parsed.user.name, email: first?.email ?? parsed.user.email, accountId: result.id });
      onClose();
    } catch (cause) {
      if (placeServerFields(t, form, cause, KNOWN)) return;
      setProblem(isApiError(cause) && cause.code === 'NAME_TAKEN' ? t('accounts.errors.NAME_TAKEN') : errorText(t, cause));
    }
  };

  const cancel = () => {
    if (create.isPending) return;
    setProblem(null);
    onClose();
  };

  return (
    <>
      <AppModal
        open={open}
        title={t(`accounts.create.title.${kind}`)}
        onCancel={cancel}
        onOk={() => void submit()}
        okText={t('accounts.create.submit')}
        cancelText={t('accounts.create.cancel')}
        okButtonProps={{ loading: create.isPending }}
        mask={{ closable: false }}
      >
        {problem && <Alert type="error" showIcon title={t('accounts.create.failed')} description={problem} className="account-form-problem" />}
        <Form<Values> form={form} layout="vertical" name={`create-${kind}-account`} initialValues={BLANK} requiredMark={false} disabled={create.isPending} onFinish={() => void submit()}>
          <fieldset className="account-fieldset">
            <legend>{t('accounts.create.account')}</legend>
            <AccountDetailsItems />
          </fieldset>
          <fieldset className="account-fieldset">
            <legend>{t('accounts.create.firstUser')}</legend>
            <p className="list-muted">{t('accounts.create.firstUserHint')}</p>
            <NewUserItems prefix={['user']} />
          </fieldset>
        </Form>
      </AppModal>
      <OneTimePasswordDialog
        grant={grant}
        onClose={() => {
          const id = grant?.accountId;
          setGrant(null);
          if (id) onCreated({ id });
        }}
      />
    </>
  );
}
