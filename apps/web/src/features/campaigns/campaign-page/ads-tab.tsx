import type { CampaignDetail } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { AdRow } from '../components/ad-row';

// Loaded with antd when the tab is first shown (the creative's preview opens antd's dialog).

/** Every ad of the campaign: its creative, texts, landing page and review outcome. */
export default function AdsTab({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const ads = campaign.adGroups.flatMap((group, index) => group.ads.map((ad) => ({ ad, group: group.name ?? t('campaigns.list.drawer.unnamedGroup', { number: index + 1 }) })));
  if (!ads.length) return <p className="list-muted">{t('campaigns.page.ads.none')}</p>;
  return (
    <ul className="campaign-ads campaign-page-ads">
      {ads.map(({ ad, group }) => (
        <AdRow key={ad.id} ad={ad} group={group} />
      ))}
    </ul>
  );
}
