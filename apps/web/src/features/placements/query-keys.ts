import type { EndpointRequest, PlacementListQuery, campaignList, disapprovedSlots, rejectedPlacements, slotCatalogue, slotFit } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';
import type { PlacementHealthQuery } from './components/placement-state';

export type CatalogueQuery = EndpointRequest<typeof slotCatalogue>;
export type FitQuery = EndpointRequest<typeof slotFit>;
export type DisapprovedQuery = EndpointRequest<typeof disapprovedSlots>;
export type RejectedQuery = EndpointRequest<typeof rejectedPlacements>;
export type CampaignOptionsQuery = EndpointRequest<typeof campaignList>;

/** Every query of the placements area, under the registry's scopes. */
export const placementKeys = {
  /** The publisher's placements (review list, advertisers, health): what a decision makes stale. */
  placements: queryKeys.placements,
  placementList: (query: PlacementListQuery) => [...queryKeys.placements, 'list', query] as const,
  placementAdvertisers: [...queryKeys.placements, 'advertisers'] as const,
  placementHealth: (query: PlacementHealthQuery) => [...queryKeys.placements, 'health', query] as const,
  /** The advertiser's slot choices: a disapproval or restore makes all of them stale. */
  choices: queryKeys.slotChoices,
  catalogue: (query: CatalogueQuery) => [...queryKeys.slotChoices, 'catalogue', query] as const,
  fit: (query: FitQuery) => [...queryKeys.slotChoices, 'fit', query] as const,
  disapproved: (query: DisapprovedQuery) => [...queryKeys.slotChoices, 'disapproved', query] as const,
  rejected: (query: RejectedQuery) => [...queryKeys.slotChoices, 'rejected', query] as const,
  // Campaigns' data: under their scope, so that a campaign's change (paused, ended) refreshes the filter too.
  campaignOptions: (query: CampaignOptionsQuery) => [...queryKeys.campaigns, 'options', query] as const,
};
