import {
  AD_SLOT_STATUSES,
  CAMPAIGN_STATUSES,
  OVERVIEW_PERIODS,
  OVERVIEW_TOP,
  OVERVIEW_TREND_RANGE,
  dayIn,
  rangeDays,
  type AdvertiserOverview,
  type Daypart,
  type DeliveryFunnel,
  type IdleReason,
  type PacingState,
  type PublisherOverview,
  type ReportType,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { scopeFor, type Scope } from '../../kit/access';
import { jsonOf } from '../../kit/sql';
import type { Caller as AnyCaller } from '../../principal';
import { hoursOf, servingHoursOf } from '../delivery/rules';
import type { InsightsService } from '../insights/insights.service';
import * as repo from './overview.repository';

// The overview dashboards (docs/architecture.md, Overview dashboards): an account's own
// (/api/analytics) or, for staff, every account's (/api/platformanalytics). The figures are the
// reports' own (insights.figures); this module adds records by status, pacing, to-dos and queues.

type Caller = Pick<AnyCaller, 'accountId' | 'accountKind' | 'powers'>;

const DAY_MS = 86_400_000;
/** What each dashboard lists: its records' table, their key in the reports, and the money they rank by. */
const RECORDS = {
  advertiser: { table: 'campaigns', key: 'campaign', money: 'spend' },
  publisher: { table: 'ad_slots', key: 'slot', money: 'revenue' },
} as const;
/** A campaign spending under this share of its pace, or over its pace plus this share, is off pace. */
const PACE_MARGIN = 0.2;

const iso = (v: Date | string) => new Date(v).toISOString();

/** Why an active campaign is not delivering, from its funnel: the first failed check, else the step no slot passes. */
const idleReasonOf = (f: DeliveryFunnel): IdleReason => f.checks.find((c) => !c.passed)?.reason ?? f.steps.find((s) => s.count === 0)?.key ?? 'notWinning';

export const createOverviewService = (deps: {
  db: Db;
  insights: Pick<InsightsService, 'figures'>;
  /** "Why isn't it delivering?" for a campaign the caller may read (delivery's funnel). */
  funnel: (p: Caller, campaignId: number) => Promise<DeliveryFunnel>;
  now?: () => Date;
}) => {
  const { db, insights } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's own account, which must be of the dashboard's kind; or staff's every account. */
  const scopeOf = (p: Caller, type: ReportType, platform: boolean): Scope => {
    if (!platform) {
      if (p.accountKind !== type) throw forbidden();
      return { party: 'owner', accountId: p.accountId };
    }
    const scope = scopeFor(p, 'insights.platform');
    if (scope.party !== 'staff') throw forbidden();
    return scope;
  };
  const accountOf = (scope: Scope) => (scope.party === 'owner' ? scope.accountId : undefined);

  /**
   * The KPI cards (each named range against the period it compares with), the trend and the top
   * lists over the last 30 days, and the money's currency: the report's ranges and comparisons
   * (date-ranges.ts, insights.figures.compared), so the same range reads the same on both pages.
   */
  const figuresOf = async (type: ReportType, scope: Scope, timeZone: string, at: Date) => {
    const today = dayIn(at, timeZone);
    const days = OVERVIEW_PERIODS.map((key) => rangeDays(key, today));
    const trendDays = rangeDays(OVERVIEW_TREND_RANGE, today);
    const [kpis, trend, currency, trendRange] = await Promise.all([
      insights.figures.compared(type, scope, days, timeZone, at),
      insights.figures.daily(type, scope, trendDays.from, trendDays.to, timeZone),
      insights.figures.currency(type, scope),
      insights.figures.periodOf(trendDays.from, trendDays.to, timeZone),
    ]);
    // Staff: the accounts with the most money over the trend's days.
    const top = scope.party === 'staff' ? await insights.figures.top(type, scope, trendRange, type, RECORDS[type].money, OVERVIEW_TOP) : null;
    return {
      currency,
      timeZone,
      asOf: at.toISOString(),
      kpis: kpis.map((k, i) => ({ key: OVERVIEW_PERIODS[i]!, days: days[i]!, from: k.from.toISOString(), to: k.to.toISOString(), values: k.values, previous: k.previous })),
      trendDays,
      trend,
      topAccounts: top,
      trendRange: { from: trendRange.from, to: trendRange.to },
    };
  };

  const queuesOf = async (scope: Scope) => {
    if (scope.party !== 'staff') return null;
    const q = await repo.reviewQueues(db);
    return [
      { key: 'campaigns' as const, count: q.campaigns, route: 'advertiserCampaign' },
      { key: 'adSlots' as const, count: q.adSlots, route: 'adSlotManagement/review' },
      { key: 'placements' as const, count: q.placements, route: null },
    ];
  };

  /** Active campaigns' pace today: counts of every one, the furthest off pace first. */
  const pacingOf = async (accountId: number | undefined, at: Date): Promise<AdvertiserOverview['pacing']> => {
    const rows = await repo.pacingRows(db, accountId, new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS));
    const counts: Record<PacingState, number> = { onTrack: 0, under: 0, over: 0 };
    const judged = rows.map((r) => {
      const { total, gone } = servingHoursOf({ hours: hoursOf(jsonOf<Daypart[]>(r.dayparting)) }, at);
      const expected = total === 0 ? 0 : (r.dailyBudget * gone) / total;
      // The pacer may run one serving hour ahead: over only beyond that and the margin.
      const hour = total === 0 ? 0 : r.dailyBudget / total;
      const state: PacingState =
        r.spentToday > expected * (1 + PACE_MARGIN) + hour ? 'over' : gone >= 1 && r.spentToday < expected * (1 - PACE_MARGIN) ? 'under' : 'onTrack';
      counts[state] += 1;
      const off = expected > 0 ? Math.abs(r.spentToday - expected) / expected : 0;
      return { item: { id: Number(r.id), name: r.name, dailyBudget: r.dailyBudget, spentToday: r.spentToday, expectedByNow: Math.round(expected * 1000) / 1000, state }, off };
    });
    judged.sort((a, b) => Number(b.item.state !== 'onTrack') - Number(a.item.state !== 'onTrack') || b.off - a.off || a.item.id - b.item.id);
    return { counts, campaigns: judged.slice(0, OVERVIEW_TOP * 2).map((j) => j.item) };
  };

  /** Rejections, drafts, and active campaigns without an impression in the last 24 hours (with the funnel's reason). */
  const attentionOf = async (p: Caller, scope: Scope, at: Date): Promise<AdvertiserOverview['attention']> => {
    if (scope.party !== 'owner') return null;
    const [toAct, idle] = await Promise.all([repo.campaignsToAct(db, scope.accountId), repo.idleCampaigns(db, scope.accountId, new Date(at.getTime() - DAY_MS))]);
    const reasons = await Promise.all(idle.map(async (c) => idleReasonOf(await deps.funnel(p, Number(c.id)))));
    return [
      ...toAct.map((c) => ({ kind: c.kind, campaignId: Number(c.id), name: c.name, reason: c.reason, at: iso(c.at) })),
      ...idle.map((c, i) => ({ kind: 'idle' as const, campaignId: Number(c.id), name: c.name, reason: reasons[i]!, at: iso(c.at) })),
    ];
  };

  /**
   * The dashboard's records (campaigns, ad slots): the top few by money over the trend's days with
   * their status, every status's count, and whether the account has any at all.
   */
  const recordsOf = async <S extends string>(type: ReportType, scope: Scope, range: { from: Date; to: Date }, statuses: readonly S[]) => {
    const { table, key, money } = RECORDS[type];
    const [top, counts] = await Promise.all([insights.figures.top(type, scope, range, key, money, OVERVIEW_TOP), repo.statusCounts(db, table, accountOf(scope))]);
    const statusOf = await repo.statusesOf(db, table, top.map((r) => r.id));
    const countOf = new Map(counts.map((c) => [c.status, Number(c.count)]));
    return {
      top: top.map((r) => ({ ...r, status: statusOf.get(r.id) as S })),
      statusCounts: statuses.map((status) => ({ status, count: countOf.get(status) ?? 0 })),
      started: counts.length > 0,
    };
  };

  const advertiser = async (p: Caller, q: { timeZone: string }, platform: boolean): Promise<AdvertiserOverview> => {
    const scope = scopeOf(p, 'advertiser', platform);
    const at = now();
    const [{ trendRange, ...figures }, pacing, attention, reviewQueues] = await Promise.all([
      figuresOf('advertiser', scope, q.timeZone, at),
      pacingOf(accountOf(scope), at),
      attentionOf(p, scope, at),
      queuesOf(scope),
    ]);
    const records = await recordsOf('advertiser', scope, trendRange, CAMPAIGN_STATUSES);
    return { ...figures, started: records.started, reviewQueues, topCampaigns: records.top, statusCounts: records.statusCounts, pacing, attention };
  };

  const publisher = async (p: Caller, q: { timeZone: string }, platform: boolean): Promise<PublisherOverview> => {
    const scope = scopeOf(p, 'publisher', platform);
    const [{ trendRange, ...figures }, pending, reviewQueues] = await Promise.all([
      figuresOf('publisher', scope, q.timeZone, now()),
      repo.pendingPlacements(db, accountOf(scope)),
      queuesOf(scope),
    ]);
    const records = await recordsOf('publisher', scope, trendRange, AD_SLOT_STATUSES);
    return {
      ...figures,
      started: records.started,
      reviewQueues,
      topSlots: records.top,
      statusCounts: records.statusCounts,
      pendingPlacements: { count: pending.count, items: pending.items.map((i) => ({ ...i, id: Number(i.id), since: iso(i.since) })) },
    };
  };

  return { advertiser, publisher };
};
export type OverviewService = ReturnType<typeof createOverviewService>;
