import type { CampaignStatus, ReviewOutcome } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { ReviewStatusTag } from '../../../shared/list/review-status-tag';
import { Tag } from '../../../shared/ui/tag';
import { Tooltip } from '../../../shared/ui/tooltip';

// Presets whose text reads at 4.5:1 on their tint ('processing' and 'cyan' do not: axe flags them).
const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'default',
  pending_review: 'blue',
  rejected: 'error',
  scheduled: 'purple',
  active: 'success',
  paused: 'warning',
  ended: 'default',
};

/** A campaign's status as a coloured tag. */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} className="review-tag">
      {t(`campaigns.common.status.${status}`)}
    </Tag>
  );
}

/** A review outcome (of a campaign or an ad) as the libraries show one; its reason on hover. */
export function ReviewOutcomeTag({ outcome, reason }: { outcome: ReviewOutcome | null; reason?: string | null }) {
  const { t } = useTranslation();
  if (!outcome) return <span className="list-muted">{t('campaigns.common.outcome.none')}</span>;
  const tag = <ReviewStatusTag status={outcome === 'pending' ? 'unreviewed' : outcome} label={t(`campaigns.common.outcome.${outcome}`)} />;
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
