import { formatBytes } from '@ads/contracts';
import type { Image } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatLabel } from '../format';
import { ImageActionsMenu, ReviewStatusTag, type ImageActions } from './image-bits';
import { ListCardCheck } from '../../../shared/list/list-card-check';
import '../../../shared/list/list-card.css';

/** Cards in the first row at the widest layout (route-preload.js preloads their thumbnails: EARLY_IMAGES). */
const FIRST_ROW = 6;

interface ImageGridProps {
  items: readonly Image[];
  selected: ReadonlySet<number>;
  onToggle: (image: Image, checked: boolean) => void;
  actions: ImageActions;
  canWrite: boolean;
}

/** Thumbnail cards: the picture opens the detail, the box selects, the menu acts. */
export function ImageGrid({ items, selected, onToggle, actions, canWrite }: ImageGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="list-grid image-grid" aria-label={t('assetLibrary.gallery.gridLabel')}>
      {items.map((image, index) => {
        const isSelected = selected.has(image.id);
        return (
          <li key={image.id} className={`list-card image-card${isSelected ? ' is-selected' : ''}`} data-image-id={image.id}>
            <button type="button" className="image-card-thumb" onClick={() => actions.open(image)} aria-label={t('assetLibrary.actions.openNamed', { name: image.name })}>
              {/* The first row is what the page paints first (its largest image): load it at once. */}
              <img
                src={image.thumbnailUrl}
                alt=""
                loading={index < FIRST_ROW ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                draggable={false}
              />
            </button>
            {canWrite && (
              <ListCardCheck label={t('assetLibrary.gallery.selectNamed', { name: image.name })} checked={isSelected} onChange={(checked) => onToggle(image, checked)} />
            )}
            <div className="list-card-body">
              <div className="list-card-title">
                <span className="list-card-name" title={image.name}>
                  {image.name}
                </span>
                <ImageActionsMenu image={image} actions={actions} canWrite={canWrite} />
              </div>
              <div className="list-card-meta">
                <span>
                  {image.width}×{image.height}
                </span>
                <span>{formatBytes(image.bytes)}</span>
                <span>{formatLabel(image.format)}</span>
              </div>
              <ReviewStatusTag status={image.reviewStatus} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
