import { defineUrlState, optionalId, pageField, pageSizeField, searchField, useUrlState } from '../../../shared/list/url-state';
import type { ContentReviewQueueQuery } from '../query-keys';

// The review queue's view in the URL query (#/publisherContent/contentReview?q=cranes&request=7).

export const REVIEW_PAGE_SIZES = [20, 50, 100] as const;

export interface ReviewState {
  /** The video's, series' or account's name. */
  search: string;
  page: number;
  pageSize: number;
  /** The request whose videos are marked (the queue has no filter by request: they are highlighted). */
  request?: number;
}

export const reviewState = defineUrlState<ReviewState>({
  fields: { search: searchField, page: pageField, pageSize: pageSizeField(REVIEW_PAGE_SIZES[0]), request: optionalId({ keepsPage: true }) },
});
export const useReviewState = () => useUrlState(reviewState);

/** The queue request for a state, fields in a stable order (the early calls'). */
export function reviewQueueQuery(state: ReviewState): ContentReviewQueueQuery {
  const query: ContentReviewQueueQuery = {};
  if (state.search.trim()) query.search = state.search.trim();
  Object.assign(query, { page: state.page, pageSize: state.pageSize });
  return query;
}
