import type { Ad } from '@ads/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Tag } from '../../../shared/ui/tag';
import { CreativePreview } from './creative-preview';
import { ReviewOutcomeTag } from './status-tag';

/** One ad as the drawer and the campaign page list it: creative, texts, landing page, review outcome (then `children`: its change, its actions). */
export function AdRow({ ad, group, children }: { ad: Ad; group?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="campaign-ad">
      <CreativePreview creative={ad.creative} />
      <div className="campaign-ad-text">
        <div className="campaign-ad-head">
          <strong>{ad.headline ?? t('campaigns.list.drawer.noHeadline')}</strong>
          {ad.format && <Tag>{t(`campaigns.common.format.${ad.format}`)}</Tag>}
          <ReviewOutcomeTag outcome={ad.reviewOutcome} reason={ad.reviewReason} />
        </div>
        {group !== undefined && <p className="list-muted">{t('campaigns.page.ads.inGroup', { name: group })}</p>}
        {ad.description && <p>{ad.description}</p>}
        {ad.landingUrl && (
          <a href={ad.landingUrl} target="_blank" rel="noreferrer noopener" className="campaign-ad-url">
            {ad.landingUrl}
          </a>
        )}
        {ad.reviewOutcome === 'rejected' && ad.reviewReason && <p className="campaign-ad-reason">{t('campaigns.list.drawer.reason', { reason: ad.reviewReason })}</p>}
        {ad.creative?.inRecycleBin && <p className="campaign-ad-reason">{t('campaigns.list.drawer.creativeInBin')}</p>}
        {children}
      </div>
    </li>
  );
}
