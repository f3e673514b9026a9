import type { AdSlotListQuery } from '@ads/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../shared/data/call-endpoint';
import type { EntityKind } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { adSlotKeys } from './query-keys';

// The ad slots area's data.

export const useCanWriteSlots = (): boolean => useHasPower('adslot.write');
export const useCanReviewSlots = (): boolean => useHasPower('adslot.review');

export const useAdSlotList = (query: AdSlotListQuery) =>
  useContractQuery('adSlots.adSlotList', query, { queryKey: adSlotKeys.slotList(query), placeholderData: keepPreviousData });

export const useAdSlotDetail = (id: number | undefined) =>
  useContractQuery('adSlots.adSlotDetail', { id: id ?? 0 }, { queryKey: adSlotKeys.slotDetail(id ?? 0), enabled: id !== undefined, retry: false });

// Every view showing slots refreshes: the slot lists and drawers, placements, the overview.
const changes: EntityKind[] = ['adSlot'];

// The form waits on these: offline they fail and say so instead of pausing with the form open.
export const useSaveAdSlot = () => useContractMutation('adSlots.saveAdSlot', { changes, networkMode: 'always' });
export const useSubmitAdSlot = () => useContractMutation('adSlots.submitAdSlot', { changes, networkMode: 'always' });
export const useDeleteAdSlot = () => useContractMutation('adSlots.deleteAdSlot', { changes });
export const useReviewAdSlot = () => useContractMutation('adSlots.reviewAdSlot', { changes });
export const useValidateAdSlot = () => useContractMutation('adSlots.validateAdSlot', { changes });
export const usePauseAdSlot = () => useContractMutation('adSlots.pauseAdSlot', { changes });
export const useResumeAdSlot = () => useContractMutation('adSlots.resumeAdSlot', { changes });

/** The slot as the server has it now, whatever the cache holds (the form's answer to a stale save). */
export function useFetchAdSlot() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => queryClient.fetchQuery({ queryKey: adSlotKeys.slotDetail(id), queryFn: ({ signal }) => callEndpoint('adSlots.adSlotDetail', { id }, { signal }), staleTime: 0 }),
    [queryClient],
  );
}
