import type { advertiserReport, CampaignListQuery, campaignForecast, EndpointRequest, slotCatalogue } from '@ads/contracts';
import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the campaigns area, under the registry's scope. */
export const campaignKeys = {
  all: queryKeys.campaigns,
  lists: () => [...queryKeys.campaigns, 'list'] as const,
  list: (query: CampaignListQuery) => [...queryKeys.campaigns, 'list', query] as const,
  /** The signed-in user's columns of the list (not under 'list': a list's refetch leaves them be). */
  listColumns: () => [...queryKeys.campaigns, 'listColumns'] as const,
  detail: (id: number) => [...queryKeys.campaigns, 'detail', id] as const,
  delivery: (id: number) => [...queryKeys.campaigns, 'delivery', id] as const,
  adGroups: (campaignId: number) => [...queryKeys.campaigns, 'adGroups', campaignId] as const,
  /** A campaign's change history, page by page (campaign page). */
  history: (id: number, page: number) => [...queryKeys.campaigns, 'history', id, page] as const,
  /** A campaign's figures over a range (the advertiser report filtered to it: the campaign page). */
  report: (query: EndpointRequest<typeof advertiserReport>) => [...queryKeys.campaigns, 'report', query] as const,
  /** The wizard's forecast for a campaign as the form holds it. */
  forecast: (request: EndpointRequest<typeof campaignForecast>) => [...queryKeys.campaigns, 'forecast', request] as const,
  // Under the advertiser's slot choices' scope, not the campaigns': a slot disapproved or restored there
  // refreshes the slots the wizard offers.
  slotChoices: (query: EndpointRequest<typeof slotCatalogue>) => [...queryKeys.slotChoices, 'catalogue', query] as const,
};
