import type { CampaignDetail, ImageRejection } from '@ads/contracts';

// A rejected image an advertiser shows again is flagged to staff in the campaign's review: its
// approval would otherwise clear the earlier rejection without anyone having seen it.

/** The asset library's read of why images stand rejected (assets.standingRejections). */
export type StandingRejections = (imageIds: number[]) => Promise<Map<number, ImageRejection>>;

/** The detail with each rejected image creative's standing rejection. */
export async function withCreativeRejections(detail: CampaignDetail, rejections: StandingRejections): Promise<CampaignDetail> {
  const ids = detail.adGroups.flatMap((group) => group.ads.flatMap((ad) => (ad.creative?.kind === 'image' && ad.creative.reviewStatus === 'rejected' ? [ad.creative.id] : [])));
  if (ids.length === 0) return detail;
  const found = await rejections([...new Set(ids)]);
  return {
    ...detail,
    adGroups: detail.adGroups.map((group) => ({
      ...group,
      ads: group.ads.map((ad) =>
        ad.creative?.kind === 'image' && found.has(ad.creative.id) ? { ...ad, creative: { ...ad.creative, rejection: found.get(ad.creative.id)! } } : ad,
      ),
    })),
  };
}
