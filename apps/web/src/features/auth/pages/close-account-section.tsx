import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { RequestStatusChangeButton } from '../../requests';
import { Alert } from '../../../shared/ui/alert';
import { Section } from './profile-section';

// The profile's "Close account" for an advertiser's or publisher's user: closing needs staff's
// approval, so the button files a status change request (account.close) for the own account with
// the requests feature's dialog (which loads with antd when pressed, and names a pending one).

export function CloseAccountSection({ accountId, accountName }: { accountId: number; accountName: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  return (
    <Section title={t('profile.close.heading')} className="profile-danger">
      <p className="profile-section-intro">{t('profile.close.intro')}</p>
      {sent ? (
        <Alert type="success" showIcon role="status" title={t('profile.close.sent')} />
      ) : (
        <RequestStatusChangeButton kind="account.close" entityId={accountId} entityName={accountName} danger onDone={() => setSent(true)}>
          {t('profile.close.open')}
        </RequestStatusChangeButton>
      )}
    </Section>
  );
}
