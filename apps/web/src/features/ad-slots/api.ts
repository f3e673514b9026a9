import type { AdSlotListQuery } from '@ads/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../shared/data/call-endpoint';
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

const changes = [adSlotKeys.slots];

// The form waits on these: offline they fail and say so instead of pausing with the form open.
export const useSaveAdSlot = () => useContractMutation('adSlots.saveAdSlot', { invalidates: changes, networkMode: 'always' });
export const useSubmitAdSlot = () => useContractMutation('adSlots.submitAdSlot', { invalidates: changes, networkMode: 'always' });
export const useDeleteAdSlot = () => useContractMutation('adSlots.deleteAdSlot', { invalidates: changes });
export const useReviewAdSlot = () => useContractMutation('adSlots.reviewAdSlot', { invalidates: changes });
export const useValidateAdSlot = () => useContractMutation('adSlots.validateAdSlot', { invalidates: changes });
export const usePauseAdSlot = () => useContractMutation('adSlots.pauseAdSlot', { invalidates: changes });
export const useResumeAdSlot = () => useContractMutation('adSlots.resumeAdSlot', { invalidates: changes });

/** The slot as the server has it now, whatever the cache holds (the form's answer to a stale save). */
export function useFetchAdSlot() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => queryClient.fetchQuery({ queryKey: adSlotKeys.slotDetail(id), queryFn: ({ signal }) => callEndpoint('adSlots.adSlotDetail', { id }, { signal }), staleTime: 0 }),
    [queryClient],
  );
}
