import { queryKeys } from '../../shared/data/query-keys';
import type { RequestOf } from '../../shared/data/call-endpoint';

export type ContentRequestListQuery = RequestOf<'publisherContent.contentRequestList'>;
export type ContentReviewQueueQuery = RequestOf<'publisherContent.contentReviewQueue'>;

/** Every query of publisher content, under the registry's scope. */
export const contentKeys = {
  /** Lists, details, the queue, previews and reasons: what every filing or decision makes stale. */
  all: queryKeys.publisherContent,
  list: (query: ContentRequestListQuery) => [...queryKeys.publisherContent, 'list', query] as const,
  detail: (id: number) => [...queryKeys.publisherContent, 'detail', id] as const,
  queue: (query: ContentReviewQueueQuery) => [...queryKeys.publisherContent, 'queue', query] as const,
  preview: (seriesId: number) => [...queryKeys.publisherContent, 'preview', seriesId] as const,
  reasons: (all: boolean) => [...queryKeys.publisherContent, 'reasons', all] as const,
};
