import { PlusOutlined } from '@ant-design/icons';
import { newUserFields, type ManagedAccountDetail, type ManagedUser, type NewUserInput } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { ListTable, type ListColumn } from '../../../shared/list/list-table';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm';
import { Form } from '../../../shared/ui/form';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { useAddUser, useResetPassword, useSetUserStatus } from '../api';
import { errorText } from './format';
import { NewUserItems, USER_FIELDS } from './form-fields';
import { parseForm, placeServerFields, validForm } from './form-model';
import { OneTimePasswordDialog, type PasswordGrant } from './one-time-password-dialog';
import { UserStatusTag } from './status-tag';

const BLANK: NewUserInput = { name: '', email: '', phone: '' };
const noSort = () => {};

/** The account's users: disable, re-enable, reset a password, add one; a new password is shown once. */
export function UsersSection({ account, canWrite, reload }: { account: ManagedAccountDetail; canWrite: boolean; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const me = useSession()?.userInfo.userBasicInfo;
  const setStatus = useSetUserStatus();
  const resetPassword = useResetPassword();
  const [confirm, confirmHolder] = useConfirm();
  const [grant, setGrant] = useState<PasswordGrant | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // A closed account's users can no longer sign in: nothing to change about them.
  const writable = canWrite && account.status !== 'closed';
  // The server refuses these on one's own user (SELF_CHANGE); the page does not offer them.
  const isMe = (user: ManagedUser) => !!me && me.accountId === user.accountId && me.email.toLowerCase() === user.email.toLowerCase();

  const failed = (cause: unknown) => {
    setProblem(errorText(t, cause));
    if (isApiError(cause) && cause.code === 'STALE_VERSION') reload();
  };

  const toggle = (user: ManagedUser) => {
    setProblem(null);
    const enable = user.status === 'disabled';
    const send = async () => {
      try {
        await setStatus.mutateAsync({ id: user.id, version: user.version, status: enable ? 'active' : 'disabled' });
        showToast('success', t(enable ? 'accounts.users.enabled' : 'accounts.users.disabled', { name: user.name }));
      } catch (cause) {
        failed(cause);
      }
    };
    if (enable) return void send();
    void confirm({
      title: t('accounts.users.disableTitle', { name: user.name }),
      content: t('accounts.users.disableText', { name: user.name }),
      okText: t('accounts.users.disable'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.users.cancel'),
      onOk: send,
    });
  };

  const reset = (user: ManagedUser) => {
    setProblem(null);
    void confirm({
      title: t('accounts.users.resetTitle', { name: user.name }),
      content: t('accounts.users.resetText'),
      okText: t('accounts.users.reset'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.users.cancel'),
      onOk: async () => {
        try {
          const { result, oneTimePassword } = await resetPassword.mutateAsync({ id: user.id, version: user.version });
          // The answer is the only copy: the mutation keeps none of it.
          resetPassword.reset();
          setGrant({ password: oneTimePassword, name: result.name, email: result.email });
        } catch (cause) {
          failed(cause);
        }
      },
    });
  };

  const columns: ListColumn<ManagedUser>[] = [
    {
      key: 'name',
      title: t('accounts.users.name'),
      width: 180,
      render: (_, user) => (
        <>
          <div>
            {user.name} {isMe(user) && <Tag>{t('accounts.users.you')}</Tag>}
          </div>
          <div className="list-muted">{user.email}</div>
          {user.phone && <div className="list-muted">{user.phone}</div>}
        </>
      ),
    },
    {
      key: 'status',
      title: t('accounts.users.status'),
      width: 132,
      render: (_, user) => (
        <>
          <UserStatusTag status={user.status} />
          {user.mustChangePassword && (
            <Tag color="warning" className="review-tag">
              {t('accounts.users.mustChange')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'lastSignInAt',
      title: t('accounts.users.lastSignIn'),
      width: 120,
      render: (_, user) => (user.lastSignInAt ? formatDateTime(user.lastSignInAt, i18n.language) : t('accounts.users.never')),
    },
    ...(writable
      ? [
          {
            key: 'actions',
            title: t('accounts.users.actions'),
            width: 160,
            render: (_: unknown, user: ManagedUser) =>
              isMe(user) ? null : (
                <div className="account-user-actions">
                  <Button size="small" danger={user.status === 'active'} disabled={setStatus.isPending} onClick={() => toggle(user)}>
                    {user.status === 'active' ? t('accounts.users.disable') : t('accounts.users.enable')}
                  </Button>
                  {user.status === 'active' && (
                    <Button size="small" disabled={resetPassword.isPending} onClick={() => reset(user)}>
                      {t('accounts.users.reset')}
                    </Button>
                  )}
                </div>
              ),
          },
        ]
      : []),
  ];

  return (
    <div className="account-users">
      {problem && <Alert type="error" showIcon title={t('accounts.users.failed')} description={problem} className="account-form-problem" />}
      <div role="region" aria-label={t('accounts.users.label')}>
        <ListTable<ManagedUser, string> className="account-user-table" items={account.users} columns={columns} loading={false} width={writable ? 592 : 432} selection={null} onSort={noSort} />
      </div>
      {writable &&
        (adding ? (
          <AddUserForm accountId={account.id} onDone={() => setAdding(false)} onAdded={setGrant} />
        ) : (
          <Button icon={<PlusOutlined />} className="account-add-user" onClick={() => setAdding(true)}>
            {t('accounts.users.add')}
          </Button>
        ))}
      <OneTimePasswordDialog grant={grant} onClose={() => setGrant(null)} />
      {confirmHolder}
    </div>
  );
}

function AddUserForm({ accountId, onDone, onAdded }: { accountId: number; onDone: () => void; onAdded: (grant: PasswordGrant) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewUserInput>();
  const add = useAddUser();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    if (add.isPending || !(await validForm(form))) return;
    const parsed = parseForm(t, form, newUserFields, form.getFieldsValue(true));
    if (!parsed) return;
    setProblem(null);
    try {
      const { result, oneTimePassword } = await add.mutateAsync({ ...parsed, accountId });
      add.reset();
      onAdded({ password: oneTimePassword, name: result.name, email: result.email });
      onDone();
    } catch (cause) {
      if (placeServerFields(t, form, cause, USER_FIELDS)) return;
      // The only unique field here is the email.
      if (isApiError(cause) && cause.code === 'NAME_TAKEN') return form.setFields([{ name: 'email', errors: [t('accounts.problems.emailTaken')] }]);
      setProblem(errorText(t, cause));
    }
  };

  return (
    <section className="account-add-user-form" aria-labelledby="account-add-user-title">
      <h4 id="account-add-user-title">{t('accounts.users.addTitle')}</h4>
      {problem && <Alert type="error" showIcon title={t('accounts.users.addFailed')} description={problem} className="account-form-problem" />}
      <Form<NewUserInput> form={form} layout="vertical" name={`account-${accountId}-add-user`} initialValues={BLANK} requiredMark={false} disabled={add.isPending} onFinish={() => void submit()}>
        <NewUserItems />
        <div className="account-form-buttons">
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('accounts.users.addSubmit')}
          </Button>
          <Button onClick={onDone} disabled={add.isPending}>
            {t('accounts.users.cancel')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
