import { MAX_PAGE_SIZE, type PlacementListQuery } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import type { PlacementHealthQuery } from './components/placement-state';
import { placementKeys, type CampaignOptionsQuery, type CatalogueQuery, type DisapprovedQuery, type FitQuery, type RejectedQuery } from './query-keys';

// The placements area's data: the publisher's review and health of the ads on its slots, and the
// advertiser's slot choices.

export const usePlacementList = (query: PlacementListQuery) =>
  useContractQuery('placements.placementList', query, { queryKey: placementKeys.placementList(query), placeholderData: keepPreviousData });

export const usePlacementAdvertisers = () => useContractQuery('placements.placementAdvertisers', {}, { queryKey: placementKeys.placementAdvertisers });

export const usePlacementHealth = (query: PlacementHealthQuery) =>
  useContractQuery('placements.placementHealth', query, { queryKey: placementKeys.placementHealth(query), placeholderData: keepPreviousData });

export const useDecidePlacements = () => useContractMutation('placements.decidePlacements', { changes: ['placement'] });

/** Disapproving and approving slots changes the account's campaigns' reach: campaign writers only. */
export const useCanChooseSlots = (): boolean => useHasPower('campaign.write');

export const useSlotCatalogue = (query: CatalogueQuery) =>
  useContractQuery('placements.slotCatalogue', query, { queryKey: placementKeys.catalogue(query), placeholderData: keepPreviousData });

export const useSlotFit = (query: FitQuery) => useContractQuery('placements.slotFit', query, { queryKey: placementKeys.fit(query), placeholderData: keepPreviousData });

export const useDisapprovedSlots = (query: DisapprovedQuery) =>
  useContractQuery('placements.disapprovedSlots', query, { queryKey: placementKeys.disapproved(query), placeholderData: keepPreviousData });

export const useRejectedPlacements = (query: RejectedQuery) =>
  useContractQuery('placements.rejectedPlacements', query, { queryKey: placementKeys.rejected(query), placeholderData: keepPreviousData });

/** The campaigns whose ads may run (approved ones): the fit page's campaign filter. */
const CAMPAIGN_OPTIONS: CampaignOptionsQuery = { status: 'scheduled,active,paused', sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE };
export const useCampaignOptions = () => useContractQuery('campaigns.campaignList', CAMPAIGN_OPTIONS, { queryKey: placementKeys.campaignOptions(CAMPAIGN_OPTIONS) });

const choiceChanges = ['slotChoice', 'placement'] as const;

export const useDisapproveSlots = () => useContractMutation('placements.disapproveSlots', { changes: choiceChanges });
export const useRestoreSlots = () => useContractMutation('placements.restoreSlots', { changes: choiceChanges });
