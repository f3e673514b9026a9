import { CopyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { AppModal } from '../../../shared/ui/dialogs';

/** A one-time password as the server answered it once, and whom it is for. */
export interface PasswordGrant {
  password: string;
  name: string;
  email: string;
}

/**
 * Shows a one-time password once, with Copy. The owner keeps the grant only while this is open and
 * drops it on close: nothing can show it again.
 */
export function OneTimePasswordDialog({ grant, onClose }: { grant: PasswordGrant | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!grant) return;
    try {
      await navigator.clipboard.writeText(grant.password);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <AppModal
      open={grant !== null}
      title={t('accounts.oneTimePassword.title')}
      onCancel={close}
      // Only Done closes it: a click beside it must not lose a password that cannot be shown again.
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close}>
          {t('accounts.oneTimePassword.done')}
        </Button>
      }
    >
      {grant && (
        <div className="one-time-password">
          <p>{t('accounts.oneTimePassword.text', { name: grant.name, email: grant.email })}</p>
          <div className="one-time-password-row">
            <code className="one-time-password-value" aria-label={t('accounts.oneTimePassword.label', { email: grant.email })}>
              {grant.password}
            </code>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {copied === 'yes' ? t('accounts.oneTimePassword.copied') : t('accounts.oneTimePassword.copy')}
            </Button>
          </div>
          {copied === 'failed' && <p role="alert">{t('accounts.oneTimePassword.copyFailed')}</p>}
          <p>{t('accounts.oneTimePassword.mustChange', { name: grant.name })}</p>
        </div>
      )}
    </AppModal>
  );
}
