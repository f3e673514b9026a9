import {
  namedRangeDays,
  type adGroupList as adGroupListContract,
  type adList as adListContract,
  type CampaignFigures,
  type campaignList as campaignListContract,
  type EndpointInput,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { requireOwned, scopeFor } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import type { Caller } from '../../principal';
import { imageKind } from '../assets/assets.service';
import * as changes from './ad-changes.repository';
import * as repo from './campaigns.repository';
import { instantOf, toSummary, type CampaignRecords } from './campaigns-records';
import { withCreativeRejections, type StandingRejections } from './creative-rejections';

// Reading campaigns: the list, one campaign's detail, its ad groups, and ads across campaigns.

const A_DAY = 'Please use a date like 2026-11-23.';

/** The end of a `to` day; none past the last day the database holds. */
const dayAfter = (day: Date): Date | undefined => (day.getUTCFullYear() >= 9999 && day.getUTCMonth() === 11 && day.getUTCDate() === 31 ? undefined : new Date(day.getTime() + 86_400_000));

/** As the report rounds its figures: to a millionth. */
const rounded = (v: number) => Math.round(v * 1e6) / 1e6;

/** The figures of sums, each metric as the advertiser report defines it (insights.repository `derived`). */
const figuresOf = (s: repo.FigureSums | undefined): CampaignFigures => {
  const [impressions, clicks, spend, conversions, value] = s
    ? [s.impressions, s.clicks, s.spend, s.conversions, s.conversion_value].map(Number)
    : [0, 0, 0, 0, 0];
  return {
    impressions: impressions!,
    clicks: clicks!,
    ctr: impressions! > 0 ? rounded(clicks! / impressions!) : null,
    spend: rounded(spend!),
    conversions: conversions!,
    conversionRate: clicks! > 0 ? rounded(conversions! / clicks!) : null,
    costPerConversion: conversions! > 0 ? rounded(spend! / conversions!) : null,
    conversionValue: rounded(value!),
  };
};

export const createCampaignReads = ({ db, now, records, rejections }: { db: Db; now: () => Date; records: CampaignRecords; rejections: StandingRejections }) => {
  const { toAd, treeOf, detailOf, found } = records;

  const list = async (p: Caller, q: EndpointInput<typeof campaignListContract>) => {
    // The range's days as of now in the reader's time zone (date-ranges.ts, the reports' rule).
    const days = q.range ? { ...namedRangeDays(q.range, q.timeZone, now()), timeZone: q.timeZone } : undefined;
    const { items, total, totals } = await repo.listCampaigns(db, {
      scope: scopeFor(p, 'campaign.read', { accountId: q.accountId }),
      figures: days,
      search: q.search || undefined,
      statuses: q.status,
      from: q.from ? (instantOf(`${q.from}T00:00:00Z`, 'from', A_DAY) ?? undefined) : undefined,
      to: q.to ? dayAfter(instantOf(`${q.to}T00:00:00Z`, 'to', A_DAY)!) : undefined,
      queueFirst: q.queueFirst,
      adReview: q.adReview,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    const sums = days ? new Map((await repo.figuresOfCampaigns(db, items.map((r) => r.id), days)).map((r) => [r.id, r])) : null;
    return {
      ...pageAnswer(
        items.map((r) => ({ ...toSummary(r), figures: sums ? figuresOf(sums.get(r.id)) : null })),
        total,
        q,
      ),
      figures: days && totals ? { range: q.range!, from: days.from, to: days.to, timeZone: days.timeZone, totals: figuresOf(totals) } : null,
    };
  };

  const detail = async (p: Caller, id: number) => withCreativeRejections(await detailOf(db, await found(db, id, scopeFor(p, 'campaign.read'))), rejections);

  const adGroupList = async (p: Caller, q: EndpointInput<typeof adGroupListContract>) => {
    const row = await found(db, q.campaignId, scopeFor(p, 'campaign.read'));
    return { items: await treeOf(db, row.id) };
  };

  const adList = async (p: Caller, q: EndpointInput<typeof adListContract>) => {
    const scope = scopeFor(p, 'campaign.read', { accountId: q.accountId });
    // Naming a record outside the caller's reach answers 404, as everywhere.
    if (q.campaignId !== undefined) await found(db, q.campaignId, scope);
    if (q.adGroupId !== undefined && !(await repo.findGroup(db, q.adGroupId, scope))) throw notFound('The ad group');
    if (q.imageId !== undefined) await requireOwned(db, imageKind, [q.imageId], scopeFor(p, 'asset.read'), { live: false });
    const { items, total } = await repo.listAds(db, {
      scope,
      campaignId: q.campaignId,
      adGroupId: q.adGroupId,
      imageId: q.imageId,
      reviewOutcome: q.reviewOutcome,
      search: q.search || undefined,
      sort: q.sort,
      order: q.order,
      ...pageWindow(q),
    });
    const at = now();
    const proposed = new Map((await changes.changesOf(db, [...new Set(items.map((r) => r.campaignId))])).map((c) => [c.adId, c]));
    return pageAnswer(
      items.map((r) => ({
        ...toAd(r, at, proposed.get(r.id)),
        campaignName: r.campaignName,
        campaignStatus: r.campaignStatus,
        adGroupName: r.adGroupName,
        accountId: r.accountId,
      })),
      total,
      q,
    );
  };

  return { list, detail, adGroupList, adList };
};
