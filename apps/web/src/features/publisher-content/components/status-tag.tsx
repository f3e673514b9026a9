import type { ContentItemDecision, ContentRequestState } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';

// Presets whose text reads at 4.5:1 on their tint (as the other lists' statuses).
const STATE_COLORS: Record<ContentRequestState, string> = { pending: 'blue', approved: 'success', rejected: 'error', cancelled: 'default' };
const DECISION_COLORS: Record<ContentItemDecision, string> = { pending: 'blue', approved: 'success', rejected: 'error' };

export function ContentStatusTag({ status }: { status: ContentRequestState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[status]} className="review-tag">
      {t(`publisherContent.state.${status}`)}
    </Tag>
  );
}

export function DecisionTag({ decision }: { decision: ContentItemDecision }) {
  const { t } = useTranslation();
  return (
    <Tag color={DECISION_COLORS[decision]} className="review-tag">
      {t(`publisherContent.decision.${decision}`)}
    </Tag>
  );
}
