import { ACCOUNT_ACTIONS, ACCOUNT_TRANSITIONS, type AccountAction, type ManagedAccountDetail } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm';
import { AppModal } from '../../../shared/ui/dialogs';
import { Input } from '../../../shared/ui/input';
import { showToast } from '../../../shared/ui/toast';
import { useSetAccountStatus } from '../api';
import { errorText } from './format';

const NOTES = { pending: 'pendingNote', suspended: 'suspendedNote', closed: 'closedNote' } as const;

/** The account's state and the moves ACCOUNT_TRANSITIONS allow from it; suspending asks first, closing wants the code typed. */
export function StatusSection({ account, canWrite, reload }: { account: ManagedAccountDetail; canWrite: boolean; reload: () => void }) {
  const { t } = useTranslation();
  const setStatus = useSetAccountStatus();
  const [confirm, confirmHolder] = useConfirm();
  const [closing, setClosing] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const actions = canWrite ? ACCOUNT_ACTIONS.filter((action) => ACCOUNT_TRANSITIONS[action].from.includes(account.status)) : [];
  const note = account.status === 'active' ? null : NOTES[account.status];

  const run = async (action: AccountAction) => {
    setProblem(null);
    try {
      const changed = await setStatus.mutateAsync({ id: account.id, version: account.version, action, ...(action === 'close' ? { confirm: typed.trim() } : {}) });
      showToast('success', t(`accounts.actions.done.${action}`, { name: changed.name }));
      return true;
    } catch (cause) {
      setProblem(errorText(t, cause));
      // Stale or in another state meanwhile: show the account as it is now.
      if (isApiError(cause) && (cause.code === 'STALE_VERSION' || cause.code === 'ACCOUNT_STATE')) reload();
      return false;
    }
  };

  const start = (action: AccountAction) => {
    if (action === 'close') {
      setTyped('');
      setMismatch(false);
      return setClosing(true);
    }
    if (action !== 'suspend') return void run(action);
    void confirm({
      title: t('accounts.actions.suspendTitle', { name: account.name }),
      content: t('accounts.actions.suspendText'),
      okText: t('accounts.actions.suspendOk'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.actions.cancel'),
      onOk: () => run('suspend'),
    });
  };

  const confirmClose = async () => {
    if (typed.trim() !== account.code) return setMismatch(true);
    // Refused or done, the section says so below the buttons.
    await run('close');
    setClosing(false);
  };

  return (
    <div className="account-status">
      {note && <Alert type={account.status === 'pending' ? 'info' : 'warning'} showIcon title={t(`accounts.actions.${note}`)} />}
      {problem && <Alert type="error" showIcon title={t('accounts.actions.failed')} description={problem} className="account-form-problem" />}
      {actions.length > 0 && (
        <div className="account-status-actions">
          {actions.map((action) => (
            <Button
              key={action}
              type={action === 'activate' || action === 'reactivate' ? 'primary' : 'default'}
              danger={action === 'close' || action === 'suspend'}
              loading={setStatus.isPending && setStatus.variables?.action === action}
              disabled={setStatus.isPending}
              onClick={() => start(action)}
            >
              {t(`accounts.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
      <AppModal
        open={closing}
        title={t('accounts.actions.closeTitle', { name: account.name })}
        onCancel={() => setClosing(false)}
        onOk={() => void confirmClose()}
        okText={t('accounts.actions.closeOk')}
        okButtonProps={{ danger: true, loading: setStatus.isPending, disabled: typed.trim() !== account.code }}
        cancelText={t('accounts.actions.cancel')}
        destroyOnHidden
      >
        <p>{t('accounts.actions.closeText')}</p>
        <label className="account-close-label" htmlFor="account-close-confirm">
          {t('accounts.actions.closeConfirm', { code: account.code })}
        </label>
        <Input
          id="account-close-confirm"
          value={typed}
          autoComplete="off"
          status={mismatch ? 'error' : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
          onPressEnter={() => void confirmClose()}
        />
        {mismatch && <div className="account-close-mismatch">{t('accounts.actions.closeMismatch')}</div>}
      </AppModal>
      {confirmHolder}
    </div>
  );
}
