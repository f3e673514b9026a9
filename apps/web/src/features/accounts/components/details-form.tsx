import { accountDetailsFields, type AccountDetailsInput, type ManagedAccountDetail } from '@ads/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Form } from '../../../shared/ui/form';
import { showToast } from '../../../shared/ui/toast';
import { useUpdateAccount } from '../api';
import { errorText } from './format';
import { AccountDetailsItems, DETAIL_FIELDS } from './form-fields';
import { parseForm, placeServerFields, validForm } from './form-model';

const valuesOf = (account: ManagedAccountDetail): AccountDetailsInput => ({
  name: account.name,
  code: account.code,
  contactEmail: account.contactEmail,
  phone: account.phone,
  registrationNumber: account.registrationNumber,
});

type Problem = { kind: 'stale' } | { kind: 'error'; text: string };

/** The account's details, saved at the version shown; a stale save says so and offers the fresh ones. */
export function DetailsForm({ account, canWrite, reload }: { account: ManagedAccountDetail; canWrite: boolean; reload: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountDetailsInput>();
  const update = useUpdateAccount();
  const [problem, setProblem] = useState<Problem | null>(null);
  const closed = account.status === 'closed';
  const editable = canWrite && !closed;

  const save = async () => {
    if (update.isPending || !(await validForm(form))) return;
    const parsed = parseForm(t, form, accountDetailsFields, form.getFieldsValue(true));
    if (!parsed) return;
    setProblem(null);
    try {
      const saved = await update.mutateAsync({ ...parsed, id: account.id, version: account.version });
      showToast('success', t('accounts.details.saved', { name: saved.name }));
    } catch (cause) {
      const code = isApiError(cause) ? cause.code : undefined;
      if (code === 'STALE_VERSION') return setProblem({ kind: 'stale' });
      if (placeServerFields(t, form, cause, DETAIL_FIELDS)) return;
      // The only unique field here is the code.
      if (code === 'NAME_TAKEN') return form.setFields([{ name: 'code', errors: [t('accounts.problems.codeTaken')] }]);
      setProblem({ kind: 'error', text: errorText(t, cause) });
      if (code === 'ACCOUNT_STATE') reload();
    }
  };

  return (
    <>
      {closed && <Alert type="info" showIcon title={t('accounts.details.closedText')} className="account-form-problem" />}
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="account-form-problem"
          title={t('accounts.details.stale')}
          description={t('accounts.details.staleText')}
          action={
            <Button icon={<ReloadOutlined />} onClick={reload}>
              {t('accounts.details.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="account-form-problem" title={t('accounts.details.saveFailed')} description={problem.text} />}
      <Form<AccountDetailsInput>
        form={form}
        layout="vertical"
        name={`account-${account.id}-details`}
        initialValues={valuesOf(account)}
        requiredMark={false}
        disabled={!editable || update.isPending}
        onFinish={() => void save()}
      >
        <AccountDetailsItems />
        {editable && (
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('accounts.details.save')}
          </Button>
        )}
      </Form>
    </>
  );
}
