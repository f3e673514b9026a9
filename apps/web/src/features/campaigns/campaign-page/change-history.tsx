import type { CampaignHistoryEntry } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { QueryView } from '../../../shared/list/query-view';
import { useRegionName } from '../../../shared/region-name';
import { Button } from '../../../shared/ui/button';
import { Tag } from '../../../shared/ui/tag';
import { useCampaignHistory } from '../api';
import { errorText } from '../components/format';
import { changeText, fieldLabel, type ValueContext } from './history-values';

const PAGE_SIZE = 20;

const COLORS: Partial<Record<CampaignHistoryEntry['action'], string>> = {
  'campaign.approve': 'green',
  'campaign.reject': 'red',
  'campaign.submit': 'blue',
  'campaign.pause': 'orange',
  'campaign.resume': 'green',
  'campaign.start': 'green',
  'campaign.end': 'default',
  'campaign.terminate': 'red',
  'campaign.update': 'purple',
  'campaign.draftSave': 'purple',
  'ad.add': 'blue',
  'ad.change': 'blue',
  'ad.approve': 'green',
  'ad.reject': 'red',
};

/** Who changed what and when, newest first: each field before → after, reviews and status moves. */
export function ChangeHistory({ campaignId, page, onPage }: { campaignId: number; page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const history = useCampaignHistory(campaignId, page, PAGE_SIZE);
  const regionName = useRegionName();
  const slots = history.data?.slots;
  const slotName = useMemo(() => {
    const names = new Map((slots ?? []).map((s) => [s.id, s.name]));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [slots]);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / PAGE_SIZE)) : 1;
  return (
    <QueryView
      query={history}
      errorText={(error) => `${t('campaigns.page.history.failed')} ${errorText(t, error)}`}
      retryLabel={t('campaigns.page.retry')}
      empty={!history.data?.items.length}
      emptyText={t('campaigns.page.history.none')}
      skeletonRows={5}
    >
      {() =>
        history.data && (
          <>
            <ol className="campaign-history" aria-label={t('campaigns.page.history.caption')}>
              {history.data.items.map((entry) => (
                <HistoryEntry key={entry.id} entry={entry} context={{ t, language: i18n.language, currency: entry.currency, regionName, slotName }} />
              ))}
            </ol>
            {pages > 1 && (
              <nav className="campaign-history-pager" aria-label={t('campaigns.page.history.caption')}>
                <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
                  {t('campaigns.page.history.newer')}
                </Button>
                <span aria-live="polite">{t('campaigns.page.history.page', { page, pages })}</span>
                <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
                  {t('campaigns.page.history.older')}
                </Button>
              </nav>
            )}
          </>
        )
      }
    </QueryView>
  );
}

function HistoryEntry({ entry, context }: { entry: CampaignHistoryEntry; context: ValueContext }) {
  const { t, language } = context;
  const who = entry.actor ? t('campaigns.page.history.byEmail', { name: entry.actor.name, email: entry.actor.email }) : t('campaigns.page.history.system');
  return (
    <li className="campaign-history-entry">
      <div className="campaign-history-head">
        <Tag color={COLORS[entry.action] ?? 'default'}>{t(`campaigns.page.history.action.${entry.action.replace('campaign.', '')}`)}</Tag>
        <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
        <span className="campaign-history-who">{t('campaigns.page.history.by', { name: who })}</span>
      </div>
      {entry.ad && <p className="campaign-history-ad">{t('campaigns.page.history.ad', { name: entry.ad.headline ?? `#${entry.ad.id}` })}</p>}
      {entry.changes.length > 0 && (
        <dl className="campaign-history-changes">
          {entry.changes.map((change, i) => (
            <div key={`${change.adGroup?.id ?? 'c'}-${change.field}-${i}`}>
              <dt>{fieldLabel(change, t)}</dt>
              <dd>{changeText(change, context)}</dd>
            </div>
          ))}
        </dl>
      )}
      {entry.reason && <p className="campaign-history-reason">{t('campaigns.page.history.reason', { reason: entry.reason })}</p>}
      {(entry.rejectedAds.length > 0 || entry.rejectedImages.length > 0) && (
        <ul className="campaign-history-rejections">
          {entry.rejectedAds.map((ad) => (
            <li key={`ad-${ad.id}`}>{t('campaigns.page.history.rejectedAd', { name: ad.headline ?? `#${ad.id}`, reason: ad.reason })}</li>
          ))}
          {entry.rejectedImages.map((image) => (
            <li key={`image-${image.id}`}>{t('campaigns.page.history.rejectedImage', { name: image.name, reason: image.reason })}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
