import { ArrowLeftOutlined, AuditOutlined, DeleteOutlined } from '@ant-design/icons';
import type { CampaignDetail } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { Button } from '../../../shared/ui/button';
import { CampaignStatusTag } from '../components/status-tag';
import { formatDate, formatMoney } from '../components/format';
import type { CampaignActions } from '../components/use-campaign-actions';

/** The campaign's name, status, key settings and what the reader may do to it (the list's actions). */
export function CampaignHeader({ campaign, actions, listPath, canReview }: { campaign: CampaignDetail; actions: CampaignActions; listPath: string; canReview: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (minor: number | null) => (minor === null ? t('campaigns.list.drawer.notSet') : formatMoney(minor, campaign.currency, language));
  // "View details" is this page; the rest as buttons.
  const offered = actions.actionsFor(campaign).filter((action) => action.key !== 'open');
  const remove = actions.removeFor(campaign);
  return (
    <header className="campaign-page-header">
      <Link to={listPath} className="campaign-page-back">
        <ArrowLeftOutlined aria-hidden /> {t('campaigns.page.back')}
      </Link>
      <div className="campaign-page-title">
        <h1>{campaign.name}</h1>
        <CampaignStatusTag status={campaign.status} />
      </div>
      {campaign.status === 'rejected' && campaign.reviewReason && (
        <p className="campaign-ad-reason">{t('campaigns.page.history.reason', { reason: campaign.reviewReason })}</p>
      )}
      <dl className="campaign-page-settings" aria-label={t('campaigns.page.settings')}>
        <div>
          <dt>{t('campaigns.page.objective')}</dt>
          <dd>{campaign.objective ? t(`campaigns.common.objective.${campaign.objective}`) : t('campaigns.list.drawer.notSet')}</dd>
        </div>
        <div>
          <dt>{t('campaigns.page.budget')}</dt>
          <dd>
            {t('campaigns.list.perDay', { amount: money(campaign.dailyBudgetMinor) })} · {t('campaigns.list.inTotal', { amount: money(campaign.totalBudgetMinor) })}
          </dd>
        </div>
        <div>
          <dt>{t('campaigns.page.schedule')}</dt>
          <dd>
            {campaign.startAt
              ? `${formatDate(campaign.startAt, language)} – ${campaign.endAt ? formatDate(campaign.endAt, language) : t('campaigns.list.noEnd')}`
              : t('campaigns.list.notScheduled')}
          </dd>
        </div>
        <div>
          <dt>{t('campaigns.page.bidding')}</dt>
          <dd>
            {campaign.bidStrategy
              ? t('campaigns.list.drawer.bid', { strategy: t(`campaigns.common.bidStrategy.${campaign.bidStrategy}`), amount: money(campaign.maxBidMinor) })
              : t('campaigns.list.drawer.notSet')}
          </dd>
        </div>
      </dl>
      {(offered.length > 0 || remove || (canReview && campaign.status === 'pending_review')) && (
        <div className="campaign-page-actions" role="group" aria-label={t('campaigns.page.actions')}>
          {canReview && campaign.status === 'pending_review' && (
            <Link className="campaign-page-review" to={`/advertiserCampaign?campaign=${campaign.id}`}>
              <AuditOutlined aria-hidden /> {t('campaigns.page.review')}
            </Link>
          )}
          {offered.map((action, index) => (
            <Button key={`${action.key}-${index}`} type={index === 0 ? 'primary' : 'default'} icon={action.icon} onClick={action.run}>
              {action.label}
            </Button>
          ))}
          {remove && (
            <Button danger icon={<DeleteOutlined />} onClick={remove}>
              {t('campaigns.list.actions.delete')}
            </Button>
          )}
        </div>
      )}
    </header>
  );
}
