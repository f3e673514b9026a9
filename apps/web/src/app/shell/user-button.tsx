import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { useNavigate } from '../../shared/router/router';
import { isApiError } from '../../shared/api-client';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { clearSession } from '../../shared/session';
import { showToast } from '../../shared/ui/toast';

/** The signed-in user's email; a click signs out (a toast says how it went). */
export function UserButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    try {
      await callEndpoint('identity.logout', {});
    } catch (error) {
      // A 401 means the session is already over: the client has cleared it, so the sign-out
      // has happened. Anything else leaves the user signed in.
      if (!(isApiError(error) && error.statusCode === 401)) {
        setPending(false);
        showToast('error', t('shell.networkError'));
        return;
      }
    }
    showToast('success', t('shell.logoutSuccess'));
    clearSession();
    navigate('/user/login', { replace: true });
  };

  return (
    <button type="button" className="header-button user-button" title={t('shell.signOutHint')} disabled={pending} aria-busy={pending} onClick={() => void signOut()}>
      <UserOutlined aria-hidden="true" />
      <span className="user-email">{email}</span>
    </button>
  );
}
