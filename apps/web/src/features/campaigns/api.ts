import type { advertiserReport, CampaignListQuery, campaignForecast, campaignListColumns, EndpointRequest, EndpointResponse } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import type { EntityKind } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { campaignKeys } from './query-keys';

// The campaigns area's data.

export const useCanWriteCampaigns = (): boolean => useHasPower('campaign.write');
export const useCanReviewCampaigns = (): boolean => useHasPower('campaign.review');

export const useCampaignList = (query: CampaignListQuery, enabled = true) =>
  useContractQuery('campaigns.campaignList', query, { queryKey: campaignKeys.list(query), placeholderData: keepPreviousData, enabled });

/** The user's columns of the list, as saved on the server (null: never chosen). */
export const useCampaignListColumns = () =>
  useContractQuery('campaigns.campaignListColumns', {}, { queryKey: campaignKeys.listColumns(), staleTime: Infinity, retry: false });

type ListColumns = EndpointResponse<typeof campaignListColumns>;

/** Saves the columns; the list shows the choice at once (and the server's answer after). */
export const useSaveCampaignListColumns = () =>
  useContractMutation('campaigns.saveCampaignListColumns', {
    invalidates: [campaignKeys.listColumns()],
    optimistic: {
      queryKey: campaignKeys.listColumns(),
      update: (data: ListColumns | undefined, { columns }) => ({ columns: [...columns], version: data?.version ?? 0 }),
    },
  });

export const useCampaignDetail = (id: number | undefined) =>
  useContractQuery('campaigns.campaignDetail', { id: id ?? 0 }, { queryKey: campaignKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

/** Why a campaign is or isn't delivering; refreshed each minute while the drawer shows it. */
export const useCampaignDelivery = (id: number) =>
  useContractQuery('delivery.campaignDelivery', { id }, { queryKey: campaignKeys.delivery(id), refetchInterval: 60_000 });

export const useAdGroups = (campaignId: number | undefined) =>
  useContractQuery('campaigns.adGroupList', { campaignId: campaignId ?? 0 }, { queryKey: campaignKeys.adGroups(campaignId ?? 0), enabled: campaignId !== undefined });

/** A campaign's change history (newest first), a page at a time. */
export const useCampaignHistory = (id: number, page: number, pageSize = 20) =>
  useContractQuery('campaigns.campaignHistory', { id, page, pageSize }, { queryKey: campaignKeys.history(id, page), placeholderData: keepPreviousData });

/** The advertiser report for one campaign (the campaign page's figures: the same rollups as Data Insights). */
export const useCampaignReport = (query: EndpointRequest<typeof advertiserReport>, enabled = true) =>
  useContractQuery('insights.advertiserReport', query, { queryKey: campaignKeys.report(query), placeholderData: keepPreviousData, enabled });

/** The forecast of a campaign as the form holds it (none asked while `request` is undefined); the last answer stays while the next comes. */
export const useCampaignForecast = (request: EndpointRequest<typeof campaignForecast> | undefined) =>
  useContractQuery('forecast.campaignForecast', request!, {
    queryKey: campaignKeys.forecast(request!),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

/** The most slots one search offers: more is a longer list than anyone reads, so people narrow it. */
const SLOT_CHOICES_PAGE = 50;

/** Live slots an ad group may target (none its account disapproved), by name, site or publisher. */
export const useSlotChoices = (search: string, enabled = true) => {
  const query = { search: search || undefined, state: 'allowed', pageSize: SLOT_CHOICES_PAGE } as const;
  return useContractQuery('placements.slotCatalogue', query, { queryKey: campaignKeys.slotChoices(query), placeholderData: keepPreviousData, enabled });
};

// Every view showing campaigns refreshes (lists, drawers, the gallery's usage, overview, reports).
const changes: EntityKind[] = ['campaign'];

// The wizard waits on these (its leave prompt too): offline they fail and say so instead of pausing.
export const useSaveDraft = () => useContractMutation('campaigns.saveCampaignDraft', { changes, networkMode: 'always' });
export const useUpdateCampaignSettings = () => useContractMutation('campaigns.updateCampaignSettings', { changes, networkMode: 'always' });
export const useSubmitCampaign = () => useContractMutation('campaigns.submitCampaign', { changes, networkMode: 'always' });
export const useDuplicateCampaign = () => useContractMutation('campaigns.duplicateCampaign', { changes });
export const usePauseCampaign = () => useContractMutation('campaigns.pauseCampaign', { changes });
export const useResumeCampaign = () => useContractMutation('campaigns.resumeCampaign', { changes });
export const useBulkCampaignStatus = () => useContractMutation('campaigns.bulkCampaignStatus', { changes });
export const useDeleteCampaign = () => useContractMutation('campaigns.deleteCampaign', { changes });
// A live campaign's ads: a new ad or a change waits for staff; their decision approves images too.
export const useSaveLiveAd = () => useContractMutation('campaigns.saveLiveAd', { changes, networkMode: 'always' });
export const useWithdrawAdChange = () => useContractMutation('campaigns.withdrawAdChange', { changes });
export const useReviewAds = () => useContractMutation('campaigns.reviewAds', { changes: ['campaign', 'image', 'video'] });
// A review records image reviews: the rejected images and the gallery change with it.
export const useReviewCampaign = () => useContractMutation('campaigns.reviewCampaign', { changes: ['campaign', 'image', 'video'] });
