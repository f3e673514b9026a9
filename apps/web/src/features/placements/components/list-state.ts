import { AD_SLOT_FORMATS, CATALOGUE_SORT_FIELDS, MAX_PLACEMENT_BATCH, STANDARD_AD_SIZES, type AdSlotFormat } from '@ads/contracts';
import { choice, defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, searchField, useUrlState, type Field } from '../../../shared/list/url-state';
import type { CatalogueQuery, FitQuery } from '../query-keys';

// The three pages' views in the URL query (#/advAdSlotManagement/review?format=banner&state=disapproved).

/** The largest page is one decision's batch: a selection (one page's rows) always fits one call. */
export const PAGE_SIZES = [20, 50, MAX_PLACEMENT_BATCH] as const;
/** The fit page's cards are tall: fewer a page. */
export const FIT_PAGE_SIZES = [10, 20, 50] as const;

export type CatalogueSort = (typeof CATALOGUE_SORT_FIELDS)[number];
export type SlotSize = (typeof STANDARD_AD_SIZES)[number];
export const SLOT_STATES = ['allowed', 'disapproved'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

export interface CatalogueState {
  /** Slot, site or app, or publisher. */
  search: string;
  format?: AdSlotFormat;
  /** `728x90` */
  size?: SlotSize;
  state?: SlotState;
  sort: CatalogueSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const catalogueState = defineUrlState<CatalogueState>({
  fields: {
    search: searchField,
    format: optionalChoice(AD_SLOT_FORMATS),
    size: optionalChoice(STANDARD_AD_SIZES),
    state: optionalChoice(SLOT_STATES),
    sort: choice(CATALOGUE_SORT_FIELDS, 'name'),
    order: choice(['asc', 'desc'] as const, 'asc'),
    page: pageField,
    pageSize: pageSizeField(PAGE_SIZES[0]),
  },
});
export const useCatalogueState = () => useUrlState(catalogueState);

/** The catalogue's request for a state, fields in a stable order. */
export function catalogueQuery(state: CatalogueState): CatalogueQuery {
  const query: CatalogueQuery = { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize };
  if (state.search.trim()) query.search = state.search.trim();
  if (state.format) query.format = state.format;
  if (state.size) query.size = state.size;
  if (state.state) query.state = state.state;
  return query;
}

export const isCatalogueFiltered = (state: CatalogueState) => !!(state.search.trim() || state.format || state.size || state.state);
export const NO_CATALOGUE_FILTERS: Partial<CatalogueState> = { search: '', format: undefined, size: undefined, state: undefined };

export interface FitState {
  /** Only the ads that fit (true), only those that do not (false), or all. */
  fits?: boolean;
  campaign?: number;
  slot?: number;
  page: number;
  pageSize: number;
}

const fitsField: Field<boolean | undefined> = {
  read: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  write: (value) => (value === undefined ? undefined : String(value)),
};

const fitState = defineUrlState<FitState>({
  fields: { fits: fitsField, campaign: optionalId(), slot: optionalId(), page: pageField, pageSize: pageSizeField(FIT_PAGE_SIZES[0]) },
});
export const useFitState = () => useUrlState(fitState);

export function fitQuery(state: FitState): FitQuery {
  const query: FitQuery = { page: state.page, pageSize: state.pageSize };
  if (state.fits !== undefined) query.fits = state.fits ? 'true' : 'false';
  if (state.campaign) query.campaign = state.campaign;
  if (state.slot) query.slot = state.slot;
  return query;
}

export const NO_FIT_FILTERS: Partial<FitState> = { fits: undefined, campaign: undefined, slot: undefined };

export const DISAPPROVED_TABS = ['placements', 'slots'] as const;
export type DisapprovedTab = (typeof DISAPPROVED_TABS)[number];

export interface DisapprovedState {
  /** Rejections' notifications link here without a tab: the publishers' rejections come first. */
  tab: DisapprovedTab;
  page: number;
  pageSize: number;
}

const disapprovedState = defineUrlState<DisapprovedState>({
  fields: { tab: choice(DISAPPROVED_TABS, 'placements'), page: pageField, pageSize: pageSizeField(PAGE_SIZES[0]) },
});
export const useDisapprovedState = () => useUrlState(disapprovedState);

/** The disapproved page's lists come newest first: no column sorts them. */
export const unsorted = () => {};
