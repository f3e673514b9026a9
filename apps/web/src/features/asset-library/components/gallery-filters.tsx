import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { IMAGE_FORMATS, IMAGE_REVIEW_STATUSES, type ImageFormat, type ImageReviewStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { PlainSelect, SegmentedRadio } from '../../../shared/ui/plain-controls';
import { formatLabel } from '../format';
import { SIZE_RANGES, type GalleryState, type GalleryView, type SizeRange, type SortField } from '../gallery-state';

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'bytes:desc', 'bytes:asc'] as const;
type Sort = (typeof SORTS)[number];
/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

interface GalleryFiltersProps {
  state: GalleryState;
  update: UpdateUrlState<GalleryState>;
}

/** The gallery's search, filters, sort and view; the rejected tab keeps the search only. */
export function GalleryFilters({ state, update }: GalleryFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar" role="search" aria-label={t('assetLibrary.gallery.filters')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('assetLibrary.gallery.search')}
        placeholder={t('assetLibrary.gallery.searchPlaceholder')}
        clearLabel={t('assetLibrary.gallery.clearSearch')}
      />
      {state.tab !== 'rejected' && (
        <>
          <PlainSelect<ImageFormat | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.format')}
            value={state.format ?? ANY}
            onChange={(format) => update({ format: format || undefined })}
            options={[{ value: ANY, label: t('assetLibrary.gallery.anyFormat') }, ...IMAGE_FORMATS.map((format) => ({ value: format, label: formatLabel(format) }))]}
          />
          <PlainSelect<SizeRange | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.size')}
            value={state.size ?? ANY}
            onChange={(size) => update({ size: size || undefined })}
            options={[
              { value: ANY, label: t('assetLibrary.gallery.anySize') },
              ...(Object.keys(SIZE_RANGES) as SizeRange[]).map((size) => ({ value: size, label: t(`assetLibrary.gallery.sizes.${size}`) })),
            ]}
          />
          <PlainSelect<ImageReviewStatus | typeof ANY>
            className="gallery-filter"
            label={t('assetLibrary.gallery.status')}
            value={state.status ?? ANY}
            onChange={(status) => update({ status: status || undefined })}
            options={[
              { value: ANY, label: t('assetLibrary.gallery.anyStatus') },
              ...IMAGE_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`assetLibrary.status.${status}`) })),
            ]}
          />
          <PlainSelect<Sort>
            className="list-sort"
            label={t('assetLibrary.gallery.sort')}
            value={`${state.sort}:${state.order}` as Sort}
            onChange={(value) => {
              const [sort, order] = value.split(':') as [SortField, 'asc' | 'desc'];
              update({ sort, order });
            }}
            options={SORTS.map((value) => ({ value, label: t(`assetLibrary.gallery.sorts.${value.replace(':', '_')}`) }))}
          />
          <SegmentedRadio<GalleryView>
            label={t('assetLibrary.gallery.view')}
            iconOnly
            value={state.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: t('assetLibrary.gallery.grid') },
              { value: 'list', icon: <UnorderedListOutlined aria-hidden />, label: t('assetLibrary.gallery.list') },
            ]}
          />
        </>
      )}
    </div>
  );
}
