import { choice, defineUrlState, optionalId, pageField, pageSizeField, searchField, useUrlState } from '../../../shared/list/url-state';
import type { ContentRequestListQuery } from '../query-keys';

// The request list's view in the URL query (#/publisherContent/requestApprovals?tab=all&q=cranes&request=7).

export const PAGE_SIZES = [20, 50, 100] as const;

/** A tab: one state of the requests, or all of them. */
export const TABS = ['pending', 'all', 'approved', 'rejected', 'cancelled'] as const;
export type ContentTab = (typeof TABS)[number];
export type ContentSortField = 'submittedAt' | 'decidedAt';

export interface ContentListState {
  tab: ContentTab;
  /** The series' or the account's name. */
  search: string;
  sort: ContentSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The request whose drawer is open (notifications link here). */
  request?: number;
}

// Staff open on what waits for them; publishers on everything they asked.
const stateFor = (firstTab: ContentTab) =>
  defineUrlState<ContentListState>({
    fields: {
      tab: choice(TABS, firstTab),
      search: searchField,
      sort: choice(['submittedAt', 'decidedAt'] as const, 'submittedAt'),
      order: choice(['asc', 'desc'] as const, 'desc'),
      page: pageField,
      pageSize: pageSizeField(PAGE_SIZES[0]),
      request: optionalId({ keepsPage: true }),
    },
  });
export const staffListState = stateFor('pending');
export const publisherListState = stateFor('all');
export const useContentListState = (staff: boolean) => useUrlState(staff ? staffListState : publisherListState);

/** The list request for a state, fields in a stable order (the early calls'). */
export function contentListQuery(state: ContentListState): ContentRequestListQuery {
  const query: ContentRequestListQuery = {};
  if (state.tab !== 'all') query.status = state.tab;
  if (state.search.trim()) query.search = state.search.trim();
  Object.assign(query, { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize });
  return query;
}

/** What the Pending tab counts (only the total is read). */
export const PENDING_COUNT_QUERY: ContentRequestListQuery = { status: 'pending', sort: 'submittedAt', order: 'desc', page: 1, pageSize: 1 };

export const isFiltered = (state: ContentListState) => !!state.search.trim();
