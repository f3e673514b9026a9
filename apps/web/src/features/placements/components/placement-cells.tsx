import { ExportOutlined, PlayCircleFilled } from '@ant-design/icons';
import type { Placement } from '@ads/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { sizeText } from '../../ad-slots';
import { adName, landingOf } from './placement-format';

// The creative at its size (antd's modal) loads with antd when first opened, not with the list.
const CreativePreviewDialog = lazyWithAntd(() => import('./creative-preview-dialog'));

// The cells both placement tables show: the ad (its creative, words and campaign), its landing
// page and the slot it would appear on.

type Ad = Placement['ad'];

/** The creative as a thumbnail (an image, or a video's poster with a play badge); a click shows it at its size or plays it. */
export function CreativeThumb({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { creative } = ad;
  if (!creative) return <div className="placement-thumb is-empty">{t('inventory.placements.creative.none')}</div>;
  const name = adName(t, ad);
  const label = t(creative.kind === 'video' ? 'inventory.placements.creative.play' : 'inventory.placements.creative.enlarge', { name });
  const size = sizeText(creative);
  return (
    <div className="placement-creative">
      <button type="button" className="placement-thumb" aria-label={label} title={label} onClick={() => setOpen(true)}>
        {creative.previewUrl ? <img src={creative.previewUrl} alt="" loading="lazy" /> : <span className="placement-thumb-name">{creative.name}</span>}
        {creative.kind === 'video' && <PlayCircleFilled className="placement-play" aria-hidden />}
      </button>
      <div className="list-muted placement-small">
        {size} · {t(`inventory.placements.creative.kind.${creative.kind}`)}
      </div>
      {open && (
        <Suspense fallback={null}>
          <CreativePreviewDialog creative={creative} name={name} size={size} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** The ad's headline, its description (optional, clamped) and its campaign. */
export function AdText({ ad, description = false }: { ad: Ad; description?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="placement-headline">{adName(t, ad)}</div>
      {description && ad.description && <div className="list-muted placement-description">{ad.description}</div>}
      <div className="list-muted placement-small">{t('inventory.placements.campaign', { name: ad.campaign.name })}</div>
    </>
  );
}

/** The landing page as host and path, opening in a new tab; the full address on hover. */
export function LandingLink({ url }: { url: string | null }) {
  const { t } = useTranslation();
  if (!url) return <span className="list-muted">{t('inventory.placements.noLanding')}</span>;
  const { text, linkable } = landingOf(url);
  if (!linkable) return <span className="placement-landing" title={url}>{text}</span>;
  return (
    <a className="placement-landing" href={url} target="_blank" rel="noopener noreferrer" title={url}>
      <span className="placement-landing-text">{text}</span>
      <ExportOutlined aria-hidden className="placement-landing-icon" />
      <span className="visually-hidden">{t('inventory.placements.newTab')}</span>
    </a>
  );
}

/** The slot's name, size and format, and its site or app. */
export function SlotText({ slot }: { slot: Placement['slot'] }) {
  const { t } = useTranslation();
  return (
    <>
      <div>{slot.name}</div>
      <div className="list-muted placement-small">
        {sizeText(slot)} · {t(`inventory.placements.slotFormat.${slot.format}`)}
      </div>
      <div className="list-muted placement-small">{slot.propertyName}</div>
    </>
  );
}
