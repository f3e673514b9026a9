import { STATUS_CHANGE_KINDS, type StatusChangeKind, type StatusChangeListQuery } from '@ads/contracts';
import { choice, defineUrlState, optionalId, pageField, pageSizeField, searchField, useUrlState, type Field } from '../../../shared/list/url-state';

// The request list's view in the URL query
// (#/requestManagement/statusManagement?tab=all&kind=campaign.terminate&sort=decidedAt&request=7).

export const PAGE_SIZES = [20, 50, 100] as const;

/** A queue tab: one state of the requests, or all of them. */
export const TABS = ['pending', 'all', 'approved', 'rejected', 'cancelled'] as const;
export type RequestTab = (typeof TABS)[number];
export type RequestSortField = 'requestedAt' | 'decidedAt';

export interface RequestListState {
  tab: RequestTab;
  /** Name (the entity's or the account's) or reason. */
  search: string;
  kinds: StatusChangeKind[];
  sort: RequestSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The request whose drawer is open (notifications link here). */
  request?: number;
}

/** Kinds as the API takes them: comma-separated, each known one once. */
const kindsField: Field<StatusChangeKind[]> = {
  param: 'kind',
  read: (raw) => STATUS_CHANGE_KINDS.filter((kind) => (raw ?? '').split(',').includes(kind)),
  write: (value) => (value.length ? STATUS_CHANGE_KINDS.filter((kind) => value.includes(kind)).join(',') : undefined),
};

// Staff open on what waits for them; requesters on everything they asked.
const stateFor = (firstTab: RequestTab) =>
  defineUrlState<RequestListState>({
    fields: {
      tab: choice(TABS, firstTab),
      search: searchField,
      kinds: kindsField,
      sort: choice(['requestedAt', 'decidedAt'] as const, 'requestedAt'),
      order: choice(['asc', 'desc'] as const, 'desc'),
      page: pageField,
      pageSize: pageSizeField(PAGE_SIZES[0]),
      request: optionalId({ keepsPage: true }),
    },
  });
export const staffListState = stateFor('pending');
export const requesterListState = stateFor('all');
export const useRequestListState = (staff: boolean) => useUrlState(staff ? staffListState : requesterListState);

/** The list request for a state, fields in a stable order (the early calls'). */
export function requestListQuery(state: RequestListState): StatusChangeListQuery {
  const query: StatusChangeListQuery = {};
  if (state.tab !== 'all') query.status = state.tab;
  if (state.kinds.length) query.kind = state.kinds.join(',');
  if (state.search.trim()) query.search = state.search.trim();
  Object.assign(query, { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize });
  return query;
}

/** What the Pending tab counts (only the total is read). */
export const PENDING_COUNT_QUERY: StatusChangeListQuery = { status: 'pending', sort: 'requestedAt', order: 'desc', page: 1, pageSize: 1 };

export const isFiltered = (state: RequestListState) => !!(state.search.trim() || state.kinds.length);

/** The filters cleared (the tab, sort, page size and open drawer stay). */
export const NO_FILTERS: Partial<RequestListState> = { search: '', kinds: [] };
