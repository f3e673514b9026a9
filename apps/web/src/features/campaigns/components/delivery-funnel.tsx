import { CheckCircleFilled, CloseCircleFilled, QuestionCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { FUNNEL_STEPS, INVALID_TRAFFIC_DAYS, type CampaignDetail, type DeliveryFunnel, type FunnelStepKey } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { useCampaignDelivery } from '../api';
import { formatCount, formatDate, formatMoney, formatRatio } from './format';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tooltip } from '../../../shared/ui/tooltip';

/**
 * "Why isn't it delivering?": the campaign's checks now, the invalid traffic lately filtered and,
 * for the campaign and each ad, how many live slots survive each step of eligibility, with what to
 * change where slots are lost. The server computes it with the rules its ad decisions apply.
 */
export function DeliveryFunnelView({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const delivery = useCampaignDelivery(campaign.id);
  if (delivery.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label={t('campaigns.delivery.loading')} />;
  if (delivery.isError || !delivery.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('campaigns.delivery.failed')}
        action={
          <Button size="small" onClick={() => void delivery.refetch()}>
            {t('campaigns.list.retry')}
          </Button>
        }
      />
    );
  }
  const funnel = delivery.data;
  return (
    <div className="delivery-funnel">
      <Checks funnel={funnel} campaign={campaign} />
      <InvalidTraffic funnel={funnel} />
      <Steps funnel={funnel} />
      <AdLosses funnel={funnel} campaign={campaign} />
    </div>
  );
}

function Checks({ funnel, campaign }: { funnel: DeliveryFunnel; campaign: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const failing = funnel.checks.filter((check) => !check.passed);
  const reasonText = (check: DeliveryFunnel['checks'][number]) =>
    check.reason
      ? t(`campaigns.delivery.reason.${check.reason}`, {
          status: t(`campaigns.common.status.${campaign.status}`),
          date: check.at ? formatDate(check.at, i18n.language) : '',
        })
      : t('campaigns.delivery.passed');
  return (
    <>
      {funnel.serving ? (
        <Alert type="success" showIcon title={t('campaigns.delivery.serving')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('campaigns.delivery.notServing')}
          description={failing.length ? failing.map((check) => <p key={check.key}>{reasonText(check)}</p>) : undefined}
        />
      )}
      <ul className="delivery-checks" aria-label={t('campaigns.delivery.checks')}>
        {funnel.checks.map((check) => (
          <li key={check.key} className={check.passed ? 'delivery-check-passed' : 'delivery-check-failed'}>
            {check.passed ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
            <span className="delivery-check-name">{t(`campaigns.delivery.check.${check.key}`)}</span>
            <span>{reasonText(check)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Traffic filtered before billing, so an advertiser sees it was counted apart and not charged: each
 * count with its share of all received (valid and invalid) in the window. Nothing when there is none.
 */
function InvalidTraffic({ funnel }: { funnel: DeliveryFunnel }) {
  const { t, i18n } = useTranslation();
  const traffic = funnel.invalidTraffic;
  if (traffic.impressions + traffic.clicks === 0) return null;
  const part = (key: 'impressions' | 'clicks', invalid: number, valid: number) =>
    t(`campaigns.delivery.invalidTraffic.${key}`, { count: invalid, value: formatCount(invalid, i18n.language), share: formatRatio(invalid / Math.max(invalid + valid, 1), i18n.language) });
  const help = t('campaigns.delivery.invalidTraffic.help', { date: formatDate(traffic.since, i18n.language) });
  return (
    <p className="delivery-invalid">
      <SafetyCertificateOutlined aria-hidden />
      <span>
        {t('campaigns.delivery.invalidTraffic.text', {
          days: INVALID_TRAFFIC_DAYS,
          impressions: part('impressions', traffic.impressions, traffic.validImpressions),
          clicks: part('clicks', traffic.clicks, traffic.validClicks),
        })}
      </span>
      {/* Named by the help itself: a screen reader reads what the tooltip shows. */}
      <Tooltip title={help} trigger={['hover', 'focus']}>
        <QuestionCircleOutlined className="delivery-invalid-help" tabIndex={0} aria-label={help} />
      </Tooltip>
    </p>
  );
}

/** The campaign's funnel: a table (what a screen reader reads) with bars drawn beside the counts. */
function Steps({ funnel }: { funnel: DeliveryFunnel }) {
  const { t, i18n } = useTranslation();
  const widest = Math.max(funnel.liveSlots, 1);
  return (
    <table className="delivery-steps">
      <caption>
        <strong>{t('campaigns.delivery.funnel')}</strong> {t('campaigns.delivery.funnelHint', { count: funnel.liveSlots })}
      </caption>
      <tbody>
        {funnel.steps.map((step) => (
          <tr key={step.key}>
            <th scope="row">{t(`campaigns.delivery.step.${step.key}`)}</th>
            <td className="delivery-step-count">{formatCount(step.count, i18n.language)}</td>
            <td className="delivery-step-bar" aria-hidden>
              <span style={{ width: `${Math.max(step.count ? 2 : 0, (step.count / widest) * 100)}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What each ad loses at each step, and what to change. */
function AdLosses({ funnel, campaign }: { funnel: DeliveryFunnel; campaign: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  if (!funnel.ads.length) return <p className="list-muted">{t('campaigns.delivery.noAds')}</p>;
  return (
    <section aria-label={t('campaigns.delivery.ads')}>
      <h4 className="delivery-ads-heading">{t('campaigns.delivery.ads')}</h4>
      <ul className="campaign-ads delivery-ads">
        {funnel.ads.map((ad, index) => {
          const notes = lossesOf(t, ad, campaign, i18n.language);
          const path = ad.steps.map((step) => formatCount(step.count, i18n.language)).join(' → ');
          return (
            <li key={ad.id}>
              <strong>{ad.headline ?? t('campaigns.delivery.unnamedAd', { number: index + 1 })}</strong>
              <span className="delivery-ad-path" title={FUNNEL_STEPS.map((key) => t(`campaigns.delivery.step.${key}`)).join(' → ')}>
                {t('campaigns.delivery.adPath', { path })}
              </span>
              {notes.length ? (
                <ul className="delivery-ad-notes">
                  {notes.map((note) => (
                    <li key={note.key}>{note.text}</li>
                  ))}
                </ul>
              ) : (
                <p className="delivery-ad-ok">{t('campaigns.delivery.adOk')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type AdFunnel = DeliveryFunnel['ads'][number];

function lossesOf(t: TFunction, ad: AdFunnel, campaign: CampaignDetail, language: string) {
  const count = (key: FunnelStepKey) => ad.steps.find((step) => step.key === key)?.count ?? 0;
  const notes: { key: string; text: ReactNode }[] = [];
  if (count('targeted') === 0) notes.push({ key: 'targeted', text: t('campaigns.delivery.loss.targeted') });
  const lost = (from: FunnelStepKey, to: FunnelStepKey) => count(from) - count(to);
  // A creative in the recycle bin fits no slot: restoring it is the fix, not another format or size.
  if (ad.creativeDeleted) {
    notes.push({
      key: 'deleted',
      text: (
        <>
          {t('campaigns.delivery.loss.creativeDeleted')} <Link to="/assetLibrary/recycleBin">{t('campaigns.delivery.openRecycleBin')}</Link>
        </>
      ),
    });
  } else if (lost('targeted', 'fit') > 0) {
    notes.push({ key: 'fit', text: t('campaigns.delivery.loss.fit', { count: lost('targeted', 'fit') }) });
  }
  if (lost('fit', 'floor') > 0) {
    const raise = ad.bidToMeetFloor !== null ? ` ${t('campaigns.delivery.loss.raiseTo', { amount: formatMoney(ad.bidToMeetFloor, campaign.currency, language) })}` : '';
    notes.push({ key: 'floor', text: `${t('campaigns.delivery.loss.floor', { count: lost('fit', 'floor') })}${raise}` });
  }
  if (lost('floor', 'allowed') > 0) {
    notes.push({
      key: 'allowed',
      text: (
        <>
          {t('campaigns.delivery.loss.allowed', { count: lost('floor', 'allowed') })}{' '}
          <Link to="/advAdSlotManagement/disapprovedPlacement">{t('campaigns.delivery.openDisapproved')}</Link>
        </>
      ),
    });
  }
  if (ad.pending > 0) notes.push({ key: 'pending', text: t('campaigns.delivery.loss.pending', { count: ad.pending }) });
  if (ad.rejected > 0) notes.push({ key: 'rejected', text: t('campaigns.delivery.loss.rejected', { count: ad.rejected }) });
  return notes;
}
