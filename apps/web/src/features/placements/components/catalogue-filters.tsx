import { AD_SLOT_FORMATS, STANDARD_AD_SIZES, type AdSlotFormat } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { sizeText } from './format';
import type { CatalogueState, SlotSize, SlotState } from './list-state';
import { PlainSelect, SegmentedRadio } from '../../../shared/ui/plain-controls';

/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

const sizeOf = (size: SlotSize) => {
  const [width, height] = size.split('x').map(Number);
  return sizeText({ width: width!, height: height! });
};

/** Search (slot, site or app, publisher), format, size and the account's state of the slot. */
export function CatalogueFilters({ state, update }: { state: CatalogueState; update: UpdateUrlState<CatalogueState> }) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar" role="search" aria-label={t('brandSafety.catalogue.filters.label')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('brandSafety.catalogue.filters.search')}
        placeholder={t('brandSafety.catalogue.filters.searchPlaceholder')}
        clearLabel={t('brandSafety.catalogue.filters.clearSearch')}
        className="list-search choice-search"
      />
      <PlainSelect<AdSlotFormat | typeof ANY>
        className="choice-filter"
        label={t('brandSafety.catalogue.filters.format')}
        value={state.format ?? ANY}
        onChange={(format) => update({ format: format || undefined })}
        options={[{ value: ANY, label: t('brandSafety.catalogue.filters.anyFormat') }, ...AD_SLOT_FORMATS.map((format) => ({ value: format, label: t(`brandSafety.format.${format}`) }))]}
      />
      <PlainSelect<SlotSize | typeof ANY>
        className="choice-filter"
        label={t('brandSafety.catalogue.filters.size')}
        value={state.size ?? ANY}
        onChange={(size) => update({ size: size || undefined })}
        options={[{ value: ANY, label: t('brandSafety.catalogue.filters.anySize') }, ...STANDARD_AD_SIZES.map((size) => ({ value: size, label: sizeOf(size) }))]}
      />
      <SegmentedRadio<SlotState | 'all'>
        className="choice-segmented"
        label={t('brandSafety.catalogue.filters.state')}
        value={state.state ?? 'all'}
        onChange={(value) => update({ state: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: t('brandSafety.catalogue.filters.all') },
          { value: 'allowed', label: t('brandSafety.state.allowed') },
          { value: 'disapproved', label: t('brandSafety.state.disapproved') },
        ]}
      />
    </div>
  );
}
