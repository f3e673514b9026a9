import { keepPreviousData } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { contentKeys, type ContentRequestListQuery, type ContentReviewQueueQuery } from './query-keys';

// Publisher content's data: publishers submit and cancel requests, staff decide requests and videos.

/** Staff: they review content and keep the policy reasons. */
export const useCanReviewContent = (): boolean => useHasPower('content.review');
export const useCanRequestContent = (): boolean => useHasPower('content.request');

export const useContentRequestList = (query: ContentRequestListQuery, enabled = true) =>
  useContractQuery('publisherContent.contentRequestList', query, { queryKey: contentKeys.list(query), placeholderData: keepPreviousData, enabled });

export const useContentRequestDetail = (id: number | undefined) =>
  useContractQuery('publisherContent.contentRequestDetail', { id: id ?? 0 }, { queryKey: contentKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

export const useContentReviewQueue = (query: ContentReviewQueueQuery) =>
  useContractQuery('publisherContent.contentReviewQueue', query, { queryKey: contentKeys.queue(query), placeholderData: keepPreviousData });

/** What submitting a series would ask for now; asked afresh each time it is shown. */
export const useContentPreview = (seriesId: number | undefined) =>
  useContractQuery('publisherContent.contentPreview', { seriesId: seriesId ?? 0 }, {
    queryKey: contentKeys.preview(seriesId ?? 0),
    enabled: seriesId !== undefined,
    retry: false,
    staleTime: 0,
  });

/** The policy reasons: the active ones (to reject with), or all of them (to keep the list). */
export const usePolicyReasons = (all = false, enabled = true) =>
  useContractQuery('publisherContent.policyReasons', all ? { all: 'true' } : {}, { queryKey: contentKeys.reasons(all), enabled });

// A filing changes the series' pending request in the video library; a decision may publish a
// series and its videos (the library's marks) — both refetch the library with the requests.
const filed = [contentKeys.all, queryKeys.series] as const;
const decided = [contentKeys.all, queryKeys.videos] as const;
// People wait on these answers: offline they fail and say so.
export const useSubmitContentRequest = () => useContractMutation('publisherContent.submitContentRequest', { invalidates: filed, networkMode: 'always' });
export const useCancelContentRequest = () => useContractMutation('publisherContent.cancelContentRequest', { invalidates: filed, networkMode: 'always' });
export const useDecideContentRequest = () => useContractMutation('publisherContent.decideContentRequest', { invalidates: decided, networkMode: 'always' });
export const useDecideContentItem = () => useContractMutation('publisherContent.decideContentItem', { invalidates: decided, networkMode: 'always' });
export const useSavePolicyReason = () => useContractMutation('publisherContent.savePolicyReason', { invalidates: [contentKeys.all], networkMode: 'always' });
