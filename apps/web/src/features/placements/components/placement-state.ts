import {
  MAX_PAGE_SIZE,
  MAX_PLACEMENT_BATCH,
  PLACEMENT_STATUSES,
  type AdSlotListQuery,
  type EndpointRequest,
  type placementHealth,
  type PlacementListQuery,
  type PlacementStatus,
} from '@ads/contracts';
import { defineUrlState, optionalChoice, optionalId, pageField, pageSizeField, searchField, useUrlState, type Field } from '../../../shared/list/url-state';

// The placement pages' views in the URL query: #/adPlacementManagement/review?status=pending&slot=7
// (the notifications link there with ?slot=) and #/adPlacementManagement/validation?slot=7&flagged=true.

export const PLACEMENT_PAGE_SIZES = [20, 50, 100] as const;

const basePageSize = pageSizeField(PLACEMENT_PAGE_SIZES[0]);
/** Never more rows than one decision takes, so a whole selected page can always be decided at once. */
const batchPageSize: Field<number> = { ...basePageSize, read: (raw) => Math.min(basePageSize.read(raw), MAX_PLACEMENT_BATCH) };

export interface PlacementReviewState {
  /** Headline, campaign or advertiser. */
  search: string;
  /** Absent: every status (the All tab). */
  status?: PlacementStatus;
  slot?: number;
  advertiser?: number;
  page: number;
  pageSize: number;
}

const reviewState = defineUrlState<PlacementReviewState>({
  fields: {
    search: searchField,
    status: optionalChoice(PLACEMENT_STATUSES),
    slot: optionalId(),
    advertiser: optionalId(),
    page: pageField,
    pageSize: batchPageSize,
  },
});
export const usePlacementReviewState = () => useUrlState(reviewState);

/** The list request for a state, newest first. */
export function placementListQuery(state: PlacementReviewState): PlacementListQuery {
  const query: PlacementListQuery = { sort: 'createdAt', order: 'desc', page: state.page, pageSize: state.pageSize };
  if (state.search.trim()) query.search = state.search.trim();
  if (state.status) query.status = state.status;
  if (state.slot) query.slot = state.slot;
  if (state.advertiser) query.advertiser = state.advertiser;
  return query;
}

/** What the Waiting tab's badge counts: only the total is read. */
export const WAITING_PLACEMENTS: PlacementListQuery = { status: 'pending', sort: 'createdAt', order: 'desc', page: 1, pageSize: 1 };

/** Narrowed by search, slot or advertiser (the status tab is a view of its own, with its own empty text). */
export const isReviewFiltered = (state: PlacementReviewState) => !!(state.search.trim() || state.slot || state.advertiser);

export const NO_REVIEW_FILTERS: Partial<PlacementReviewState> = { search: '', slot: undefined, advertiser: undefined };

export type PlacementHealthQuery = EndpointRequest<typeof placementHealth>;

export interface PlacementHealthState {
  slot?: number;
  flagged: boolean;
  page: number;
  pageSize: number;
}

const flaggedField: Field<boolean> = { read: (raw) => raw === 'true', write: (value) => (value ? 'true' : undefined) };

const healthState = defineUrlState<PlacementHealthState>({
  fields: { slot: optionalId(), flagged: flaggedField, page: pageField, pageSize: pageSizeField(PLACEMENT_PAGE_SIZES[0]) },
});
export const usePlacementHealthState = () => useUrlState(healthState);

export function placementHealthQuery(state: PlacementHealthState): PlacementHealthQuery {
  const query: PlacementHealthQuery = { page: state.page, pageSize: state.pageSize };
  if (state.slot) query.slot = state.slot;
  if (state.flagged) query.flagged = 'true';
  return query;
}

/** The slot filter's options: the publisher's slots that can hold placements. */
export const SLOT_OPTIONS_QUERY: AdSlotListQuery = { status: 'live,paused', sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE };
