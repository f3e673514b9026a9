import type { AccountStatus, UserStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';

// Presets whose text reads at 4.5:1 on their tint (as the other lists' statuses).
const ACCOUNT_COLORS: Record<AccountStatus, string> = { pending: 'blue', active: 'success', suspended: 'warning', closed: 'default' };
const USER_COLORS: Record<UserStatus, string> = { active: 'success', disabled: 'default' };

export function AccountStatusTag({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ACCOUNT_COLORS[status]} className="review-tag">
      {t(`accounts.status.${status}`)}
    </Tag>
  );
}

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={USER_COLORS[status]} className="review-tag">
      {t(`accounts.userStatus.${status}`)}
    </Tag>
  );
}
