import { VIDEO_FORMATS, VIDEO_REVIEW_STATUSES, type VideoFormat, type VideoReviewStatus } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { effectiveSort, type LibraryState, type SortField, type SortOrder } from '../library-state';

const SORTS = ['createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc', 'duration:desc', 'duration:asc', 'bytes:desc', 'bytes:asc'] as const;
/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

interface VideoFiltersProps {
  state: LibraryState;
  update: UpdateUrlState<LibraryState>;
}

/** The library's search, filters and sort; inside a series, its own order is a sort too. */
export function VideoFilters({ state, update }: VideoFiltersProps) {
  const { t } = useTranslation();
  const { sort, order } = effectiveSort(state);
  const sortOptions = [
    ...(typeof state.series === 'number' ? [{ value: 'position:asc', label: t('videoLibrary.gallery.sorts.position_asc') }] : []),
    ...SORTS.map((value) => ({ value, label: t(`videoLibrary.gallery.sorts.${value.replace(':', '_')}`) })),
  ];
  return (
    <div className="list-toolbar" role="search" aria-label={t('videoLibrary.gallery.filters')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('videoLibrary.gallery.search')}
        placeholder={t('videoLibrary.gallery.searchPlaceholder')}
        clearLabel={t('videoLibrary.gallery.clearSearch')}
      />
      <PlainSelect<VideoFormat | typeof ANY>
        className="video-filter"
        label={t('videoLibrary.gallery.format')}
        value={state.format ?? ANY}
        onChange={(format) => update({ format: format || undefined })}
        options={[{ value: ANY, label: t('videoLibrary.gallery.anyFormat') }, ...VIDEO_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))]}
      />
      <PlainSelect<VideoReviewStatus | typeof ANY>
        className="video-filter"
        label={t('videoLibrary.gallery.status')}
        value={state.status ?? ANY}
        onChange={(status) => update({ status: status || undefined })}
        options={[
          { value: ANY, label: t('videoLibrary.gallery.anyStatus') },
          ...VIDEO_REVIEW_STATUSES.map((status) => ({ value: status, label: t(`videoLibrary.status.${status}`) })),
        ]}
      />
      <PlainSelect
        className="list-sort"
        label={t('videoLibrary.gallery.sort')}
        value={`${sort}:${order}`}
        onChange={(value) => {
          const [field, direction] = value.split(':') as [SortField, SortOrder];
          update({ sort: field, order: direction });
        }}
        options={sortOptions}
      />
    </div>
  );
}
