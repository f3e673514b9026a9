import type { CampaignListQuery, EndpointRequest, slotCatalogue } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the campaigns area, under the registry's scope. */
export const campaignKeys = {
  all: queryKeys.campaigns,
  lists: () => [...queryKeys.campaigns, 'list'] as const,
  list: (query: CampaignListQuery) => [...queryKeys.campaigns, 'list', query] as const,
  detail: (id: number) => [...queryKeys.campaigns, 'detail', id] as const,
  delivery: (id: number) => [...queryKeys.campaigns, 'delivery', id] as const,
  adGroups: (campaignId: number) => [...queryKeys.campaigns, 'adGroups', campaignId] as const,
  // Under the advertiser's slot choices' scope, not the campaigns': a slot disapproved or restored there
  // refreshes the slots the wizard offers.
  slotChoices: (query: EndpointRequest<typeof slotCatalogue>) => [...queryKeys.slotChoices, 'catalogue', query] as const,
};
