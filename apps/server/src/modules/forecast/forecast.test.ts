import * as contracts from '@ads/contracts';
import { campaignForecast, campaignList, type CampaignForecast, type Device, type ForecastRequest } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, DEVICE_MIX, REGION_MIX, seeded, SHOWN, weighted } from '../../demo/traffic';
import { rowsOf } from '../../kit/sql';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';
import { percentile, rangeOf } from './forecast.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('forecast', () => {
  let t: TestApp;
  let adv: Caller;
  let stranger: Caller;
  let wf: ReturnType<typeof workflow>;
  /** The demo's home leaderboard: live for two months, auto-approving, 728 × 90, floor 120. */
  let slot: { id: number; tagKey: string; width: number; height: number; format: 'banner'; propertyId: string };
  let imageId: number;

  const doc = (over: Partial<ForecastRequest> = {}, group: Partial<NonNullable<ForecastRequest['adGroups']>[number]> = {}): ForecastRequest => ({
    dailyBudgetMinor: 100_000,
    totalBudgetMinor: 1_000_000,
    bidStrategy: 'cpm',
    maxBidMinor: 9_000,
    ...over,
    adGroups: [{ name: 'Group', slotMode: 'chosen', slotIds: [slot.id], ads: [{ format: 'image', imageId }], ...group }],
  });
  const codes = (f: CampaignForecast) => f.warnings.map((w) => w.code);

  beforeAll(async () => {
    t = await buildTestApp();
    const staff = t.as('staff');
    adv = t.as('advertiser');
    const other = await addTestAccount(t, 'advertiser', 'Forecast Rival');
    stranger = t.as(other.user);
    wf = workflow(t, staff, { width: 728, height: 90 });
    slot = rowsOf<typeof slot>(
      await t.database.db.execute(sql`select id, tag_key as "tagKey", width, height, format, property_id as "propertyId" from ad_slots where code = 'home-leaderboard'`),
    )[0]!;
    imageId = (await wf.upload(adv)).id;
  }, 60_000);
  afterAll(() => t?.close());

  it('ranges are the mean and the 10th–90th percentile of the days', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.1)).toBe(2);
    expect(rangeOf([10, 0, 20])).toEqual({ low: 2, expected: 10, high: 18 });
  });

  it("forecasts a day on a live slot from its history, and says what limits it", async () => {
    const f = await adv.ok(campaignForecast, doc());
    expect(f.currency).toBe('USD');
    expect(f.days).toBe(14);
    expect(f.eligibleSlots).toBe(1);
    expect(f.dailyRequests).toBeGreaterThan(50);
    expect(f.impressions.low).toBeLessThanOrEqual(f.impressions.expected);
    expect(f.impressions.expected).toBeLessThanOrEqual(f.impressions.high);
    expect(f.impressions.expected).toBeGreaterThan(0);
    expect(f.impressions.expected).toBeLessThanOrEqual(f.dailyRequests);
    // CPM 90.00: each impression costs 9 cents.
    expect(f.spendMinor.expected).toBeCloseTo((f.impressions.expected * 9_000) / 1000, -1);
    expect(f.clicks.expected).toBeGreaterThan(0);
    expect(codes(f)).toEqual([]);

    // Only mobile, and only nine to five on weekdays: fewer requests.
    const narrow = await adv.ok(
      campaignForecast,
      doc({ dayparting: [1, 2, 3, 4, 5].map((day) => ({ day, fromHour: 9, toHour: 17 })) }, { devices: ['mobile'] }),
    );
    expect(narrow.dailyRequests).toBeLessThan(f.dailyRequests / 2);

    // A budget of 10 cents buys about a dozen impressions at CPM 9.00.
    const limited = await adv.ok(campaignForecast, doc({ dailyBudgetMinor: 10, maxBidMinor: 900 }));
    expect(limited.impressions.expected).toBeCloseTo(11, -1);
    expect(limited.spendMinor.high).toBeLessThanOrEqual(10);
    const warning = limited.warnings.find((w) => w.code === 'budgetLimited');
    expect(warning?.moreImpressions).toBeGreaterThan(0);
    expect(warning?.budgetNeededMinor).toBeGreaterThan(10);
  });

  it('forecasts the flight: the days from the start to the end date, within the total budget', async () => {
    const at = (days: number) => new Date(t.clock.now.getTime() + days * DAY).toISOString();
    const day = await adv.ok(campaignForecast, doc());
    expect(day.spendMinor.expected).toBeGreaterThan(0);
    // Ten days, from tomorrow: each day's figures ten times, the budget far from spent.
    const ten = await adv.ok(campaignForecast, doc({ startAt: at(1), endAt: at(11), totalBudgetMinor: 100_000_000 }));
    expect(ten.impressions).toEqual(day.impressions);
    expect(ten.flight).toMatchObject({ days: 10, impressions: { expected: day.impressions.expected * 10, high: day.impressions.high * 10 } });
    expect(ten.flight!.spendMinor.expected).toBeCloseTo(day.spendMinor.expected * 10, -1);
    expect(codes(ten)).toEqual([]);

    // A total budget of three days' spend: it runs out on the third day, and the flight spends no more.
    const total = day.spendMinor.expected * 3;
    const short = await adv.ok(campaignForecast, doc({ startAt: at(1), endAt: at(11), totalBudgetMinor: total }));
    expect(short.flight!.fundedDays).toBe(3);
    expect(short.warnings).toContainEqual({ code: 'totalBudgetEndsEarly', fundedDays: 3 });
    expect(short.flight!.spendMinor.high).toBeLessThanOrEqual(total);
    expect(short.flight!.impressions.expected).toBeCloseTo(day.impressions.expected * 3, -1);

    // No end date: the flight lasts as long as the total budget.
    const open = await adv.ok(campaignForecast, doc({ startAt: at(1), totalBudgetMinor: total }));
    expect(open.flight).toMatchObject({ days: null, fundedDays: 3 });
    expect(codes(open)).toEqual([]);
    // Started already: the days left from now.
    const running = await adv.ok(campaignForecast, doc({ startAt: at(-5), endAt: at(2), totalBudgetMinor: 100_000_000 }));
    expect(running.flight!.days).toBe(2);
  });

  it('says a bid below every floor, a budget below one impression, and no slot that fits', async () => {
    const low = await adv.ok(campaignForecast, doc({ maxBidMinor: 50 }));
    expect(codes(low)).toEqual(['bidBelowFloor']);
    expect(low.warnings[0]!.minBidMinor).toBe(120);
    expect(low.impressions).toEqual({ low: 0, expected: 0, high: 0 });
    expect(low.eligibleSlots).toBe(0);
    expect(low.matchingSlots).toBe(1);

    const tiny = await adv.ok(campaignForecast, doc({ dailyBudgetMinor: 1 }));
    expect(codes(tiny)).toEqual(['budgetTooLow']);
    expect(tiny.impressions.expected).toBe(0);

    const odd = await wf.upload(adv, 123, 45);
    const none = await adv.ok(campaignForecast, doc({}, { slotMode: 'all', slotIds: [], ads: [{ format: 'image', imageId: odd.id }] }));
    expect(codes(none)).toEqual(['noEligibleSlot']);
  });

  it('refuses bad input by field, other kinds of account, and other accounts\' creatives and campaigns', async () => {
    const bad = await adv.callUnchecked(campaignForecast, { ...doc(), bidStrategy: 'cpa', maxBidMinor: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error.fields ?? {})).toEqual(expect.arrayContaining(['bidStrategy', 'maxBidMinor']));
    expect((await t.as('publisher').call(campaignForecast, doc())).status).toBe(403);
    expect((await t.as('staff').call(campaignForecast, doc())).status).toBe(403);

    const campaignId = (await adv.ok(campaignList, { pageSize: 1 })).items[0]!.id;
    await proveForeignIdsAnswer404({
      stranger,
      module: endpointsTagged(contracts, 'Forecast'),
      calls: [
        foreign(campaignForecast, doc(), { label: "the owner's image" }),
        foreign(campaignForecast, { ...doc(), adGroups: [{ ads: [{ format: 'video', videoId: 1 }] }] }, { label: "the owner's video" }),
        foreign(campaignForecast, { ...doc({ campaignId }), adGroups: [] }, { label: "the owner's campaign" }),
      ],
      unchanged: () => adv.ok(campaignList, { pageSize: 100 }),
    });
  });

  it('agrees with delivery: a simulated day shaped like the slot\'s history lands within the range', async () => {
    const f = await adv.ok(campaignForecast, doc());
    // The slot's valid requests by UTC hour over the forecast's days: the day to simulate.
    const today = Math.floor(t.clock.now.getTime() / DAY) * DAY;
    const shape = rowsOf<{ h: number; n: string }>(
      await t.database.db.execute(sql`
        select extract(hour from hour at time zone 'UTC')::int as h, sum(requests) as n from slot_hourly
        where slot_id = ${slot.id} and hour >= ${new Date(today - 14 * DAY)} and hour < ${new Date(today)} group by 1`),
    );
    const perHour = new Map(shape.map((r) => [r.h, Number(r.n) / 14]));

    const campaign = await wf.approvedCampaign(adv, [imageId], [slot.id], { maxBidMinor: 9_000, dailyBudgetMinor: 100_000, totalBudgetMinor: 1_000_000 });
    const day = today + DAY;
    t.clock.now = new Date(day);
    await t.services.placements.drain();
    await t.services.delivery.reload();
    await t.services.delivery.pacingIdle();

    const { delivery } = t.services;
    const rand = seeded(29);
    for (let h = 0; h < 24; h++) {
      const n = Math.round((perHour.get(h) ?? 0) * (0.9 + 0.2 * rand()));
      const times = Array.from({ length: n }, () => day + h * HOUR + Math.floor(rand() * HOUR)).sort((a, b) => a - b);
      for (const at of times) {
        t.clock.now = new Date(at);
        const device: Device = weighted(rand, DEVICE_MIX);
        const answer = await delivery.adRequest({
          slot: slot.tagKey,
          w: slot.width,
          h: slot.height,
          f: slot.format,
          host: `www.${slot.propertyId}`,
          region: weighted(rand, REGION_MIX),
          visitor: `forecast-visitor-${Math.floor(rand() * 3000)}`,
          userAgent: AGENTS[device],
        });
        await delivery.pacingIdle();
        const ad = answer?.ad;
        if (ad && rand() <= SHOWN) {
          const token = new URLSearchParams(ad.impressionUrl.slice(ad.impressionUrl.indexOf('?') + 1)).get('t')!;
          await delivery.impression(token, { userAgent: AGENTS[device], address: undefined });
        }
      }
    }
    await delivery.flush();
    const delivered = Number(
      rowsOf<{ n: string | null }>(
        await t.database.db.execute(sql`
          select sum(h.impressions) as n from placement_hourly h join placements p on p.id = h.placement_id
          where p.campaign_id = ${campaign.id} and h.hour >= ${new Date(day)} and h.hour < ${new Date(day + DAY)}`),
      )[0]!.n ?? 0,
    );
    expect(delivered, JSON.stringify(f.impressions)).toBeGreaterThanOrEqual(f.impressions.low);
    expect(delivered, JSON.stringify(f.impressions)).toBeLessThanOrEqual(f.impressions.high);
  }, 30_000);
});
