import { MAX_PAGE_SIZE } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { brandSafetyKeys, type CampaignOptionsQuery, type CatalogueQuery, type DisapprovedQuery, type FitQuery, type RejectedQuery } from './query-keys';

// The advertiser's slot choices.

/** Disapproving and approving slots changes the account's campaigns' reach: campaign writers only. */
export const useCanChooseSlots = (): boolean => useHasPower('campaign.write');

export const useSlotCatalogue = (query: CatalogueQuery) =>
  useContractQuery('placements.slotCatalogue', query, { queryKey: brandSafetyKeys.catalogue(query), placeholderData: keepPreviousData });

export const useSlotFit = (query: FitQuery) => useContractQuery('placements.slotFit', query, { queryKey: brandSafetyKeys.fit(query), placeholderData: keepPreviousData });

export const useDisapprovedSlots = (query: DisapprovedQuery) =>
  useContractQuery('placements.disapprovedSlots', query, { queryKey: brandSafetyKeys.disapproved(query), placeholderData: keepPreviousData });

export const useRejectedPlacements = (query: RejectedQuery) =>
  useContractQuery('placements.rejectedPlacements', query, { queryKey: brandSafetyKeys.rejected(query), placeholderData: keepPreviousData });

/** The campaigns whose ads may run (approved ones): the fit page's campaign filter. */
const CAMPAIGN_OPTIONS: CampaignOptionsQuery = { status: 'scheduled,active,paused', sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE };
export const useCampaignOptions = () => useContractQuery('campaigns.campaignList', CAMPAIGN_OPTIONS, { queryKey: brandSafetyKeys.campaignOptions(CAMPAIGN_OPTIONS) });

const changes = [brandSafetyKeys.all];

export const useDisapproveSlots = () => useContractMutation('placements.disapproveSlots', { invalidates: changes });
export const useRestoreSlots = () => useContractMutation('placements.restoreSlots', { invalidates: changes });
