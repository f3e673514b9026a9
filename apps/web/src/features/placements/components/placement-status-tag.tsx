import type { PlacementStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';

// Presets whose text reads at 4.5:1 on their tint (as the ad slots' statuses).
const PLACEMENT_COLORS: Record<PlacementStatus, string> = { pending: 'blue', approved: 'success', rejected: 'error' };

/** A placement's status as a coloured tag ("Waiting for review", "Approved", "Rejected"). */
export function PlacementStatusTag({ status }: { status: PlacementStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={PLACEMENT_COLORS[status]} className="review-tag">
      {t(`inventory.placements.status.${status}`)}
    </Tag>
  );
}
