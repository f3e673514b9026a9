import type { AdCreative, CampaignDetail, ImageRejection } from '@ads/contracts';

// A rejected image an advertiser shows again is flagged to staff in the campaign's review (and in a
// live campaign's proposed ad change): its approval would otherwise clear the earlier rejection
// without anyone having seen it.

/** The asset library's read of why images stand rejected (assets.standingRejections). */
export type StandingRejections = (imageIds: number[]) => Promise<Map<number, ImageRejection>>;

const rejectedImage = (creative: AdCreative | null | undefined) => (creative?.kind === 'image' && creative.reviewStatus === 'rejected' ? [creative.id] : []);

/** The detail with each rejected image creative's standing rejection, the ads' and their proposed changes'. */
export async function withCreativeRejections(detail: CampaignDetail, rejections: StandingRejections): Promise<CampaignDetail> {
  const ids = detail.adGroups.flatMap((group) => group.ads.flatMap((ad) => [...rejectedImage(ad.creative), ...rejectedImage(ad.change?.creative)]));
  if (ids.length === 0) return detail;
  const found = await rejections([...new Set(ids)]);
  const flagged = (creative: AdCreative | null): AdCreative | null =>
    creative?.kind === 'image' && found.has(creative.id) ? { ...creative, rejection: found.get(creative.id)! } : creative;
  return {
    ...detail,
    adGroups: detail.adGroups.map((group) => ({
      ...group,
      ads: group.ads.map((ad) => ({ ...ad, creative: flagged(ad.creative), change: ad.change && { ...ad.change, creative: flagged(ad.change.creative) } })),
    })),
  };
}
