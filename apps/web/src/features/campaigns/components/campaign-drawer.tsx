import { EditOutlined } from '@ant-design/icons';
import { EDITABLE_CAMPAIGN_STATUSES, LIVE_CAMPAIGN_STATUSES, type AdGroup, type CampaignDetail, type CampaignReviewEntry, type CampaignStatus, type Daypart } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { EntityStatusRequests } from '../../requests';
import { useCampaignDetail } from '../api';
import { CampaignActionsMenu } from './campaign-actions-menu';
import { AdRow } from './ad-row';
import { DeliveryFunnelView } from './delivery-funnel';
import { errorText, formatCount, formatDate, formatList, formatMoney, formatRatio } from './format';
import { CampaignStatusTag } from './status-tag';
import type { CampaignActions } from './use-campaign-actions';
import { Button } from '../../../shared/ui/button';
import './campaigns.css';
import { useRegionName } from '../../../shared/region-name';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Empty } from '../../../shared/ui/empty';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Descriptions } from '../../../shared/ui/descriptions';
import { Tag } from '../../../shared/ui/tag';
import { Timeline } from '../../../shared/ui/timeline';
import { Drawer } from '../../../shared/ui/drawer';

/** One part of the drawer: a heading and its content. Later parts (delivery) are one more entry. */
export interface DrawerSection {
  key: string;
  title: string;
  content: ReactNode;
}

export interface CampaignDrawerProps {
  id: number | undefined;
  onClose: () => void;
  actions: CampaignActions;
  /** Above the sections: staff's review of a campaign waiting for it. */
  header?: (campaign: CampaignDetail) => ReactNode;
}

/**
 * One campaign: its settings, ad groups with their ads, and the review history. Opened by `?campaign=N`;
 * pages load it with antd when first opened (lazy-campaign-drawer.tsx).
 */
export function CampaignDrawer({ id, onClose, actions, header }: CampaignDrawerProps) {
  const { t } = useTranslation();
  const detail = useCampaignDetail(id);
  const campaign = detail.data;
  const gone = isApiError(detail.error) && detail.error.statusCode === 404;
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={720}
      title={campaign?.name ?? t('campaigns.list.drawer.title')}
      closable={{ 'aria-label': t('campaigns.list.close') }}
      className="campaign-drawer"
      extra={campaign ? <CampaignActionsMenu campaign={campaign} actions={actions} inDrawer /> : null}
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : detail.isError ? (
        <Alert type={gone ? 'warning' : 'error'} showIcon title={gone ? t('campaigns.list.drawer.gone') : errorText(t, detail.error)} />
      ) : campaign ? (
        <div className="campaign-detail">
          {header?.(campaign)}
          <Link to={`/campaign/view?id=${campaign.id}`} className="campaign-drawer-page-link">
            {t('campaigns.page.openPageShort')}
          </Link>
          {/* Terminating goes through a status request (staff: their own change, applied at once). */}
          <EntityStatusRequests entity="campaign" entityId={campaign.id} entityName={campaign.name} entityStatus={campaign.status} />
          {campaignSections(t, campaign, actions).map((section) => (
            <section key={section.key} aria-labelledby={`campaign-section-${section.key}`}>
              <h3 id={`campaign-section-${section.key}`} className="detail-heading">
                {section.title}
              </h3>
              {section.content}
            </section>
          ))}
        </div>
      ) : null}
    </Drawer>
  );
}

/** The drawer's sections in order. */
function campaignSections(t: TFunction, campaign: CampaignDetail, actions: CampaignActions): DrawerSection[] {
  // Delivery is explained once a review approved the campaign: before, nothing is served.
  const reviewed = DELIVERING_STATUSES.includes(campaign.status);
  return [
    { key: 'settings', title: t('campaigns.list.drawer.settings'), content: <Settings campaign={campaign} actions={actions} /> },
    ...(reviewed ? [{ key: 'delivery', title: t('campaigns.delivery.title'), content: <DeliveryFunnelView campaign={campaign} /> }] : []),
    { key: 'adGroups', title: t('campaigns.list.drawer.adGroups', { count: campaign.adGroups.length }), content: <AdGroups campaign={campaign} /> },
    { key: 'reviews', title: t('campaigns.list.drawer.reviews'), content: <ReviewHistory reviews={campaign.reviews} /> },
  ];
}

const DELIVERING_STATUSES: readonly CampaignStatus[] = ['scheduled', 'active', 'paused', 'ended'];

const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

/** "Mon 09:00–17:00, Tue …", by the reader's weekday names (0 = Sunday). */
export function daypartingText(dayparting: readonly Daypart[], language: string): string {
  // 2023-01-01 was a Sunday.
  const weekday = (day: number) => new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
  return formatList(
    [...dayparting].sort((a, b) => a.day - b.day || a.fromHour - b.fromHour).map((part) => `${weekday(part.day)} ${hour(part.fromHour)}–${hour(part.toHour)}`),
    language,
  );
}

function Settings({ campaign, actions }: { campaign: CampaignDetail; actions: CampaignActions }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (minor: number | null) => (minor === null ? t('campaigns.list.drawer.notSet') : formatMoney(minor, campaign.currency, language));
  const edit = actions.actionsFor(campaign).find((action) => action.key === 'edit');
  return (
    <>
      {campaign.status === 'rejected' && campaign.reviewReason && (
        <Alert className="campaign-rejected" type="error" showIcon title={t('campaigns.list.drawer.rejectedBecause')} description={campaign.reviewReason} />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'status', label: t('campaigns.list.columns.status'), children: <CampaignStatusTag status={campaign.status} /> },
          { key: 'objective', label: t('campaigns.list.columns.objective'), children: campaign.objective ? t(`campaigns.common.objective.${campaign.objective}`) : t('campaigns.list.drawer.notSet') },
          {
            key: 'budget',
            label: t('campaigns.list.columns.budget'),
            children: `${t('campaigns.list.perDay', { amount: money(campaign.dailyBudgetMinor) })} · ${t('campaigns.list.inTotal', { amount: money(campaign.totalBudgetMinor) })}`,
          },
          {
            key: 'schedule',
            label: t('campaigns.list.drawer.schedule'),
            children: campaign.startAt
              ? `${formatDate(campaign.startAt, language)} – ${campaign.endAt ? formatDate(campaign.endAt, language) : t('campaigns.list.noEnd')}`
              : t('campaigns.list.notScheduled'),
          },
          {
            key: 'dayparting',
            label: t('campaigns.list.drawer.dayparting'),
            children: campaign.dayparting.length ? daypartingText(campaign.dayparting, language) : t('campaigns.list.drawer.allHours'),
          },
          {
            key: 'bidding',
            label: t('campaigns.list.drawer.bidding'),
            children: campaign.bidStrategy
              ? t('campaigns.list.drawer.bid', { strategy: t(`campaigns.common.bidStrategy.${campaign.bidStrategy}`), amount: money(campaign.maxBidMinor) })
              : t('campaigns.list.drawer.notSet'),
          },
          {
            key: 'frequency',
            label: t('campaigns.list.drawer.frequencyCap'),
            children: campaign.frequencyCap
              ? t(`campaigns.list.drawer.frequency.${campaign.frequencyCap.period}`, { count: campaign.frequencyCap.impressions })
              : t('campaigns.list.drawer.noCap'),
          },
          {
            key: 'figures',
            label: t('campaigns.list.drawer.figures'),
            children: t('campaigns.list.drawer.figuresText', {
              spend: money(campaign.spentMinor),
              impressions: formatCount(campaign.impressions, language),
              clicks: formatCount(campaign.clicks, language),
              ctr: formatRatio(campaign.ctr, language),
            }),
          },
          ...(campaign.submittedAt
            ? [{ key: 'submitted', label: t('campaigns.list.drawer.submittedAt'), children: formatDateTime(campaign.submittedAt, language) }]
            : []),
        ]}
      />
      {edit && (EDITABLE_CAMPAIGN_STATUSES.includes(campaign.status) || LIVE_CAMPAIGN_STATUSES.includes(campaign.status)) && (
        <Space className="campaign-detail-actions">
          <Button icon={<EditOutlined />} onClick={edit.run}>
            {edit.label}
          </Button>
        </Space>
      )}
    </>
  );
}

function AdGroups({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  if (!campaign.adGroups.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns.list.drawer.noAdGroups')} />;
  return (
    <div className="campaign-groups">
      {campaign.adGroups.map((group, index) => (
        <AdGroupCard key={group.id} group={group} index={index} campaign={campaign} />
      ))}
    </div>
  );
}

function AdGroupCard({ group, index, campaign }: { group: AdGroup; index: number; campaign: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const regions = group.regions.length ? formatList(group.regions.map(regionName), i18n.language) : t('campaigns.list.drawer.allRegions');
  const devices = group.devices.length ? formatList(group.devices.map((device) => t(`campaigns.common.device.${device}`)), i18n.language) : t('campaigns.list.drawer.allDevices');
  const slots =
    group.slotMode === 'all'
      ? t('campaigns.list.drawer.allSlots')
      : t('campaigns.list.drawer.chosenSlots', {
          count: group.slots.length,
          names: formatList(
            group.slots.map((slot) => t('campaigns.list.drawer.slotOf', { name: slot.name, publisher: slot.publisherName })),
            i18n.language,
          ),
        });
  return (
    <article className="campaign-group" aria-label={group.name ?? t('campaigns.list.drawer.unnamedGroup', { number: index + 1 })}>
      <h4 className="campaign-group-name">{group.name ?? t('campaigns.list.drawer.unnamedGroup', { number: index + 1 })}</h4>
      <dl className="campaign-targeting">
        <dt>{t('campaigns.list.drawer.regions')}</dt>
        <dd>{regions}</dd>
        <dt>{t('campaigns.list.drawer.devices')}</dt>
        <dd>{devices}</dd>
        <dt>{t('campaigns.list.drawer.slots')}</dt>
        <dd>{slots}</dd>
        {group.bidOverrideMinor !== null && (
          <>
            <dt>{t('campaigns.list.drawer.bidOverride')}</dt>
            <dd>{formatMoney(group.bidOverrideMinor, campaign.currency, i18n.language)}</dd>
          </>
        )}
      </dl>
      {group.ads.length ? (
        <ul className="campaign-ads">
          {group.ads.map((ad) => (
            <AdRow key={ad.id} ad={ad} />
          ))}
        </ul>
      ) : (
        <p className="list-muted">{t('campaigns.list.drawer.noAds')}</p>
      )}
    </article>
  );
}

const ACTION_COLORS = { submitted: 'blue', approved: 'green', rejected: 'red' } as const;

/** Submissions and decisions, newest first, with the reasons given per ad and per image. */
export function ReviewHistory({ reviews }: { reviews: readonly CampaignReviewEntry[] }) {
  const { t, i18n } = useTranslation();
  if (!reviews.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns.list.drawer.noReviews')} />;
  return (
    <Timeline
      items={[...reviews]
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((entry) => ({
          key: entry.id,
          color: ACTION_COLORS[entry.action],
          content: (
            <div className="review-entry">
              <div>
                <Tag color={ACTION_COLORS[entry.action]}>{t(`campaigns.list.history.${entry.action}`)}</Tag>
                <span className="review-when">{formatDateTime(entry.at, i18n.language)}</span>
              </div>
              {entry.actor && <p className="review-meta">{t('campaigns.list.history.by', { name: entry.actor.name })}</p>}
              {entry.reason && <p className="review-reason">{entry.reason}</p>}
              {entry.ads.length > 0 && (
                <ul className="review-items" aria-label={t('campaigns.list.history.rejectedAds')}>
                  {entry.ads.map((ad) => (
                    <li key={`ad-${ad.id}`}>{t('campaigns.list.history.adReason', { name: ad.headline ?? `#${ad.id}`, reason: ad.reason })}</li>
                  ))}
                </ul>
              )}
              {entry.images.length > 0 && (
                <ul className="review-items" aria-label={t('campaigns.list.history.rejectedImages')}>
                  {entry.images.map((image) => (
                    <li key={`image-${image.id}`}>{t('campaigns.list.history.imageReason', { name: image.name, reason: image.reason })}</li>
                  ))}
                </ul>
              )}
            </div>
          ),
        }))}
    />
  );
}
