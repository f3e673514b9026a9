import type { ManagedAccountDetail } from '@ads/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/alert';
import { Drawer } from '../../../shared/ui/drawer';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useAccountDetail, useCanWriteAccounts } from '../api';
import { DetailsForm } from './details-form';
import { errorText } from './format';
import { StatusSection } from './status-section';
import { AccountStatusTag } from './status-tag';
import { UsersSection } from './users-section';

/** One account: its details, its status and what may change it, and its users. Opened by `?account=N`. */
export default function AccountDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAccountDetail(id);
  const account = detail.data;
  const gone = isApiError(detail.error) && detail.error.statusCode === 404;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={640}
      title={account?.name ?? t('accounts.drawer.loading')}
      closable={{ 'aria-label': t('accounts.drawer.close') }}
      className="account-drawer"
      extra={account ? <AccountStatusTag status={account.status} /> : null}
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <Alert type={gone ? 'warning' : 'error'} showIcon title={gone ? t('accounts.errors.NOT_FOUND') : t('accounts.drawer.failed')} description={gone ? undefined : errorText(t, detail.error)} />
      ) : account ? (
        <AccountPanel account={account} reload={() => void detail.refetch()} />
      ) : null}
    </Drawer>
  );
}

/** A titled part of the drawer, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`account-section-${id}`}>
      <h3 id={`account-section-${id}`} className="account-detail-heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

function AccountPanel({ account, reload }: { account: ManagedAccountDetail; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWriteAccounts();
  return (
    <div className="account-detail">
      <p className="list-muted">
        {account.code} · {t('accounts.drawer.created', { date: formatDateTime(account.createdAt, i18n.language) })}
      </p>
      <Section id="status" title={t('accounts.drawer.statusSection')}>
        <StatusSection account={account} canWrite={canWrite} reload={reload} />
      </Section>
      <Section id="details" title={t('accounts.drawer.details')}>
        {/* A fresh form for each stored version: a reload shows what the server holds now. */}
        <DetailsForm key={`${account.id}:${account.version}`} account={account} canWrite={canWrite} reload={reload} />
      </Section>
      <Section id="users" title={t('accounts.drawer.usersSection')}>
        <UsersSection account={account} canWrite={canWrite} reload={reload} />
      </Section>
    </div>
  );
}
