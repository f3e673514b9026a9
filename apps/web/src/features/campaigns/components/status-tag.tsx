import type { CampaignStatus, ReviewOutcome } from '@ads/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ReviewStatusTag } from '../../../shared/list/review-status-tag';
import { Tag } from '../../../shared/ui/tag';
import { lazyWithAntd } from '../../../shared/ui/with-antd';

// antd's tooltip loads when a reason is first pointed at: the list's first view has none open.
const Tooltip = lazyWithAntd(() => import('../../../shared/ui/tooltip').then((module) => ({ default: module.Tooltip })));

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
  return reason ? <ReasonTip reason={reason}>{tag}</ReasonTip> : tag;
}

/** The reason on hover: antd's tooltip, loaded when the pointer first comes, open while it stays. */
function ReasonTip({ reason, children }: { reason: string; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [over, setOver] = useState(false);
  // The outer span stays while antd loads and the tooltip takes its place inside: it sees the
  // pointer leave (a span put under a still pointer is not known to be hovered), so it holds `open`.
  return (
    <span
      className="review-reason-tip"
      onPointerEnter={() => {
        setWanted(true);
        setOver(true);
      }}
      onPointerLeave={() => setOver(false)}
    >
      {wanted ? (
        <Suspense fallback={children}>
          <Tooltip title={reason} open={over}>
            <span>{children}</span>
          </Tooltip>
        </Suspense>
      ) : (
        children
      )}
    </span>
  );
}
