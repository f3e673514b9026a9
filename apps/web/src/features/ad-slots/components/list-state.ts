import { AD_SLOT_FORMATS, AD_SLOT_SORT_FIELDS, AD_SLOT_STATUSES, type AdSlotFormat, type AdSlotListQuery, type AdSlotSortField, type AdSlotStatus } from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, searchField, useUrlState, type Field } from '../../../shared/list/url-state';

// The ad slot lists' views in the URL query (#/adSlotManagement/review?status=draft,rejected&format=video&slot=7).

export const PAGE_SIZES = [20, 50, 100] as const;

/** Statuses as the API takes them: comma-separated, each known one once, in their order. */
const statusesField: Field<AdSlotStatus[]> = {
  param: 'status',
  read: (raw) => AD_SLOT_STATUSES.filter((status) => (raw ?? '').split(',').includes(status)),
  write: (value) => (value.length ? AD_SLOT_STATUSES.filter((status) => value.includes(status)).join(',') : undefined),
};

export interface SlotListState {
  /** Name, code, or the site's domain / the app's bundle id. */
  search: string;
  statuses: AdSlotStatus[];
  format?: AdSlotFormat;
  sort: AdSlotSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The slot whose drawer is open. */
  slot?: number;
}

const listFields = {
  search: searchField,
  statuses: statusesField,
  format: optionalChoice(AD_SLOT_FORMATS),
  sort: choice(AD_SLOT_SORT_FIELDS, 'updatedAt'),
  order: choice(['asc', 'desc'] as const, 'desc'),
  page: pageField,
  pageSize: pageSizeField(PAGE_SIZES[0]),
  slot: optionalId({ keepsPage: true }),
};

export const slotListState = defineUrlState<SlotListState>({ fields: listFields });
export const useSlotListState = () => useUrlState(slotListState);

export type StaffTab = 'queue' | 'all';

export interface StaffSlotsState extends SlotListState {
  tab: StaffTab;
}

export const staffSlotsState = defineUrlState<StaffSlotsState>({ fields: { ...listFields, tab: choice(['queue', 'all'] as const, 'queue') } });
export const useStaffSlotsState = () => useUrlState(staffSlotsState);

/** The list request for a state, fields in a stable order. */
export function slotListQuery(state: SlotListState): AdSlotListQuery {
  const query: AdSlotListQuery = { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize };
  if (state.search.trim()) query.search = state.search.trim();
  if (state.statuses.length) query.status = state.statuses.join(',');
  if (state.format) query.format = state.format;
  return query;
}

/** Staff's request: the queue tab lists what waits for review; every tab puts the queue first. */
export function staffListQuery(state: StaffSlotsState): AdSlotListQuery {
  const query = slotListQuery(state.tab === 'queue' ? { ...state, statuses: ['pending_review'] } : state);
  query.queueFirst = 'true';
  return query;
}

/** What the queue tab's badge counts: only the total is read. */
export const WAITING_QUERY: AdSlotListQuery = { status: 'pending_review', sort: 'submittedAt', order: 'asc', page: 1, pageSize: 1 };

/** Whether the list is narrowed by the user (its empty state then offers to clear the filters). */
export const isFiltered = (state: SlotListState) => !!(state.search.trim() || state.statuses.length || state.format);

/** The filters cleared (the sort, page size and open drawer stay). */
export const NO_FILTERS: Partial<SlotListState> = { search: '', statuses: [], format: undefined };
