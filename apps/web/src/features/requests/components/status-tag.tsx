import type { StatusChangeState } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';

// Presets whose text reads at 4.5:1 on their tint (as the other lists' statuses).
const COLORS: Record<StatusChangeState, string> = { pending: 'blue', approved: 'success', rejected: 'error', cancelled: 'default' };

export function RequestStatusTag({ status }: { status: StatusChangeState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} className="review-tag">
      {t(`requests.state.${status}`)}
    </Tag>
  );
}
