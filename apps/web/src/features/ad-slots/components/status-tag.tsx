import { GlobalOutlined, MobileOutlined } from '@ant-design/icons';
import type { AdSlotPlatform, AdSlotStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';

// Presets whose text reads at 4.5:1 on their tint (as the campaigns' statuses: 'processing' and
// 'cyan' do not). Approved waits for its tag to be validated, as a scheduled campaign waits to start.
const STATUS_COLORS: Record<AdSlotStatus, string> = {
  draft: 'default',
  pending_review: 'blue',
  rejected: 'error',
  approved: 'purple',
  live: 'success',
  paused: 'warning',
  offline: 'default',
};

/** An ad slot's status as a coloured tag. */
export function AdSlotStatusTag({ status }: { status: AdSlotStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} className="review-tag">
      {t(`inventory.slots.status.${status}`)}
    </Tag>
  );
}

/** A website's or an app's icon, named for screen readers. */
export function PlatformIcon({ platform }: { platform: AdSlotPlatform }) {
  const { t } = useTranslation();
  const Icon = platform === 'site' ? GlobalOutlined : MobileOutlined;
  return <Icon className="slot-platform-icon" aria-label={t(`inventory.slots.platform.${platform}`)} title={t(`inventory.slots.platform.${platform}`)} />;
}
