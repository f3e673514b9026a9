import { PlayCircleFilled } from '@ant-design/icons';
import type { SlotFit } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { sizeText } from './format';

/** The largest side a preview takes on screen; the card's width may shrink it further (phones). */
export const PREVIEW_MAX = 360;

/**
 * The creative drawn in a box of the slot's proportions, as the slot would show it: a banner
 * stretches it to the slot's exact size, native and video slots fit it inside (a video by its poster).
 */
export function SlotPreview({ fit }: { fit: SlotFit }) {
  const { t } = useTranslation();
  const { slot } = fit;
  const { creative } = fit.ad;
  const scale = Math.min(1, PREVIEW_MAX / slot.width, PREVIEW_MAX / slot.height);
  const image = creative?.kind === 'video' ? creative.previewUrl : creative?.url;
  return (
    <figure className="fit-preview">
      <div className={`fit-preview-box is-${slot.format}`} style={{ width: `${Math.round(slot.width * scale)}px`, aspectRatio: `${slot.width} / ${slot.height}` }}>
        {creative && image ? (
          <img className="fit-preview-media" src={image} alt={t(`brandSafety.validation.previewAlt.${creative.kind}`, { name: creative.name })} loading="lazy" />
        ) : (
          <span className="fit-preview-empty">{creative?.name ?? t('brandSafety.validation.noCreative')}</span>
        )}
        {creative?.kind === 'video' && <PlayCircleFilled className="fit-preview-play" aria-hidden />}
      </div>
      <figcaption className="list-muted choice-small">
        {t(scale < 1 ? 'brandSafety.validation.previewScaled' : 'brandSafety.validation.previewActual', { size: sizeText(slot) })}
      </figcaption>
    </figure>
  );
}
