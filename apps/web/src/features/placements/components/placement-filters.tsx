import { useTranslation } from '../../../shared/i18n/translate';
import { ListSearch } from '../../../shared/list/list-search';
import type { UpdateUrlState } from '../../../shared/list/url-state';
import { sizeText, useAdSlotList } from '../../ad-slots';
import { usePlacementAdvertisers } from '../api';
import { SLOT_OPTIONS_QUERY, type PlacementReviewState } from './placement-state';
import { PlainSelect } from '../../../shared/ui/plain-controls';

/** A filter's first option, "Any …", stands for no filter: antd's cleared select. */
const ANY = '';

interface IdSelectProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/** The slot filter: the publisher's live and paused slots by name and size. */
export function PlacementSlotSelect({ value, onChange }: IdSelectProps) {
  const { t } = useTranslation();
  const slots = useAdSlotList(SLOT_OPTIONS_QUERY);
  const options = (slots.data?.items ?? []).map((slot) => ({ value: String(slot.id), label: `${slot.name} · ${sizeText(slot)}` }));
  // A slot from a link (a notification's ?slot=) that is not among them, or not loaded yet, is named by its number.
  if (value && !options.some((option) => option.value === String(value))) options.push({ value: String(value), label: t('inventory.placements.filters.slotId', { id: value }) });
  return (
    <PlainSelect
      className="placement-slot-filter"
      label={t('inventory.placements.filters.slot')}
      value={value ? String(value) : ANY}
      onChange={(slot) => onChange(slot ? Number(slot) : undefined)}
      options={[{ value: ANY, label: t('inventory.placements.filters.anySlot') }, ...options]}
    />
  );
}

function AdvertiserSelect({ value, onChange }: IdSelectProps) {
  const { t } = useTranslation();
  const advertisers = usePlacementAdvertisers();
  const options = (advertisers.data?.items ?? []).map((advertiser) => ({ value: String(advertiser.id), label: advertiser.name }));
  if (value && !options.some((option) => option.value === String(value))) options.push({ value: String(value), label: t('inventory.placements.filters.advertiserId', { id: value }) });
  return (
    <PlainSelect
      className="placement-advertiser-filter"
      label={t('inventory.placements.filters.advertiser')}
      value={value ? String(value) : ANY}
      onChange={(advertiser) => onChange(advertiser ? Number(advertiser) : undefined)}
      options={[{ value: ANY, label: t('inventory.placements.filters.anyAdvertiser') }, ...options]}
    />
  );
}

/** Search (headline, campaign or advertiser), the slot and the advertiser. */
export function PlacementFilters({ state, update }: { state: PlacementReviewState; update: UpdateUrlState<PlacementReviewState> }) {
  const { t } = useTranslation();
  return (
    <div className="list-toolbar" role="search" aria-label={t('inventory.placements.filters.label')}>
      <ListSearch
        value={state.search}
        onSearch={(search) => update({ search }, { replace: true })}
        label={t('inventory.placements.filters.search')}
        placeholder={t('inventory.placements.filters.searchPlaceholder')}
        clearLabel={t('inventory.placements.filters.clearSearch')}
        className="list-search placement-search"
      />
      <PlacementSlotSelect value={state.slot} onChange={(slot) => update({ slot })} />
      <AdvertiserSelect value={state.advertiser} onChange={(advertiser) => update({ advertiser })} />
    </div>
  );
}
