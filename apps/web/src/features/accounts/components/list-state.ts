import { ACCOUNT_SORT_FIELDS, ACCOUNT_STATUSES, type AccountKind, type AccountListQuery, type AccountSortField, type AccountStatus } from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, searchField, useUrlState } from '../../../shared/list/url-state';

// An account list's view in the URL query (#/accountManagement/advertiser?q=acme&status=suspended&account=7).

export const PAGE_SIZES = [20, 50, 100] as const;

export interface AccountListState {
  /** Name, code or contact email; or a user's email. */
  search: string;
  status?: AccountStatus;
  sort: AccountSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The account whose drawer is open. */
  account?: number;
}

export const accountListState = defineUrlState<AccountListState>({
  fields: {
    search: searchField,
    status: optionalChoice(ACCOUNT_STATUSES),
    sort: choice(ACCOUNT_SORT_FIELDS, 'name'),
    order: choice(['asc', 'desc'] as const, 'asc'),
    page: pageField,
    pageSize: pageSizeField(PAGE_SIZES[0]),
    account: optionalId({ keepsPage: true }),
  },
});
export const useAccountListState = () => useUrlState(accountListState);

/** The list request for a kind and a state, fields in a stable order (the early call's). */
export function accountListQuery(kind: AccountKind, state: AccountListState): AccountListQuery {
  const query: AccountListQuery = { kind, sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize };
  if (state.search.trim()) query.search = state.search.trim();
  if (state.status) query.status = state.status;
  return query;
}

export const isFiltered = (state: AccountListState) => !!(state.search.trim() || state.status);

/** The filters cleared (the sort, page size and open drawer stay). */
export const NO_FILTERS: Partial<AccountListState> = { search: '', status: undefined };
