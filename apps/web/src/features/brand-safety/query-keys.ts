import type { EndpointRequest, campaignList, disapprovedSlots, rejectedPlacements, slotCatalogue, slotFit } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

export type CatalogueQuery = EndpointRequest<typeof slotCatalogue>;
export type FitQuery = EndpointRequest<typeof slotFit>;
export type DisapprovedQuery = EndpointRequest<typeof disapprovedSlots>;
export type RejectedQuery = EndpointRequest<typeof rejectedPlacements>;
export type CampaignOptionsQuery = EndpointRequest<typeof campaignList>;

/** Every query of the advertiser's slot choices, under the registry's scope (a disapproval or restore makes all of them stale). */
export const brandSafetyKeys = {
  all: queryKeys.slotChoices,
  catalogue: (query: CatalogueQuery) => [...queryKeys.slotChoices, 'catalogue', query] as const,
  fit: (query: FitQuery) => [...queryKeys.slotChoices, 'fit', query] as const,
  disapproved: (query: DisapprovedQuery) => [...queryKeys.slotChoices, 'disapproved', query] as const,
  rejected: (query: RejectedQuery) => [...queryKeys.slotChoices, 'rejected', query] as const,
  // Campaigns' data: under their scope, so that a campaign's change (paused, ended) refreshes the filter too.
  campaignOptions: (query: CampaignOptionsQuery) => [...queryKeys.campaigns, 'options', query] as const,
};
