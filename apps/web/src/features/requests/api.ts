import type { StatusChange, StatusChangeEntity, StatusChangeListQuery } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { requestKeys } from './query-keys';

// Request management's data: requesters file and cancel, staff approve or reject.

/** Staff: they decide requests, and their own changes apply at once. */
export const useCanReviewRequests = (): boolean => useHasPower('request.review');
export const useCanRequest = (): boolean => useHasPower('request.create');

export const useStatusChangeList = (query: StatusChangeListQuery, enabled = true) =>
  useContractQuery('statusChanges.statusChangeList', query, { queryKey: requestKeys.list(query), placeholderData: keepPreviousData, enabled });

export const useStatusChangeDetail = (id: number | undefined) =>
  useContractQuery('statusChanges.statusChangeDetail', { id: id ?? 0 }, { queryKey: requestKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

/** The pending request of one kind's entity, if any (a drawer shows it and offers no second one). */
export const pendingQuery = (entity: StatusChangeEntity, entityId: number): StatusChangeListQuery => ({
  status: 'pending',
  entity,
  entityId,
  sort: 'requestedAt',
  order: 'desc',
  page: 1,
  pageSize: 20,
});

// A change applied (a staff member's own, or an approval) changes the campaign, slot or account it
// names: their scope in the registry (campaignKeys.all, adSlotKeys.all, accountKeys.all) and the
// dashboards' figures are refetched with the requests.
const ENTITY_SCOPES = { campaign: queryKeys.campaigns, adSlot: queryKeys.adSlots, account: queryKeys.accounts } as const;
const applied = (result: StatusChange) => [requestKeys.all, ...(result.status === 'approved' ? [ENTITY_SCOPES[result.entity], queryKeys.overview] : [])];
// People wait on these answers: offline they fail and say so.
const waited = { invalidates: applied, networkMode: 'always' } as const;

export const useCreateStatusChange = () => useContractMutation('statusChanges.createStatusChange', waited);
export const useCancelStatusChange = () => useContractMutation('statusChanges.cancelStatusChange', waited);
export const useApproveStatusChange = () => useContractMutation('statusChanges.approveStatusChange', waited);
export const useRejectStatusChange = () => useContractMutation('statusChanges.rejectStatusChange', waited);
