import type { CampaignDetail } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { useRegionName } from '../../../shared/region-name';
import { formatList, formatMoney } from '../components/format';

/** Each ad group's targeting (regions, devices, slots) and its bid override. */
export function AdGroupsTab({ campaign }: { campaign: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const language = i18n.language;
  if (!campaign.adGroups.length) return <p className="list-muted">{t('campaigns.page.adGroups.none')}</p>;
  return (
    <div className="campaign-page-groups">
      {campaign.adGroups.map((group, index) => {
        const name = group.name ?? t('campaigns.list.drawer.unnamedGroup', { number: index + 1 });
        return (
          <article key={group.id} className="campaign-card campaign-page-group" aria-label={name}>
            <h3>
              {name} <span className="list-muted">· {t('campaigns.page.adGroups.adCount', { count: group.ads.length })}</span>
            </h3>
            <dl className="campaign-targeting" aria-label={t('campaigns.page.adGroups.targeting', { name })}>
              <dt>{t('campaigns.list.drawer.regions')}</dt>
              <dd>{group.regions.length ? formatList(group.regions.map(regionName), language) : t('campaigns.list.drawer.allRegions')}</dd>
              <dt>{t('campaigns.list.drawer.devices')}</dt>
              <dd>{group.devices.length ? formatList(group.devices.map((d) => t(`campaigns.common.device.${d}`)), language) : t('campaigns.list.drawer.allDevices')}</dd>
              <dt>{t('campaigns.list.drawer.slots')}</dt>
              <dd>
                {group.slotMode === 'all'
                  ? t('campaigns.list.drawer.allSlots')
                  : t('campaigns.list.drawer.chosenSlots', {
                      count: group.slots.length,
                      names: formatList(group.slots.map((slot) => t('campaigns.list.drawer.slotOf', { name: slot.name, publisher: slot.publisherName })), language),
                    })}
              </dd>
              <dt>{t('campaigns.page.adGroups.bidOverride')}</dt>
              <dd>{group.bidOverrideMinor !== null ? formatMoney(group.bidOverrideMinor, campaign.currency, language) : t('campaigns.page.adGroups.noBidOverride')}</dd>
            </dl>
          </article>
        );
      })}
    </div>
  );
}
