import { PlayCircleFilled } from '@ant-design/icons';
import { useTranslation } from '../../../shared/i18n/translate';
import type { AdForm } from './form-model';

const hostOf = (url: string): string => url.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0] ?? '';

/** How the ad will look, as it is typed. */
export function AdPreview({ ad }: { ad: AdForm }) {
  const { t } = useTranslation();
  const creative = ad.format === 'video' ? ad.video : ad.image;
  return (
    <figure className="wizard-preview" aria-label={t('campaigns.wizard.ads.preview')}>
      <div className="wizard-preview-media">
        {creative?.previewUrl ? <img src={creative.previewUrl} alt="" /> : <span className="wizard-preview-placeholder">{creative?.name ?? ''}</span>}
        {ad.format === 'video' && <PlayCircleFilled className="wizard-preview-play" aria-hidden />}
      </div>
      <figcaption>
        <span className="wizard-preview-sponsored">
          {t('campaigns.wizard.ads.sponsored')}
          {ad.landingUrl ? ` · ${hostOf(ad.landingUrl)}` : ''}
        </span>
        <strong className="wizard-preview-headline">{ad.headline || t('campaigns.wizard.ads.previewHeadline')}</strong>
        <span className="wizard-preview-description">{ad.description || t('campaigns.wizard.ads.previewDescription')}</span>
      </figcaption>
    </figure>
  );
}
