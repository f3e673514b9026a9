import { campaignDelivery, updateCampaignSettings } from '@ads/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../kit/sql';
import { secondDeliveryProcess } from '../../test/delivery-process';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';
import { workflow } from '../../test/workflow';
import type { DeliveryService } from './delivery.service';
import { reconcile } from './ledger.repository';

// A live campaign's budget changes at once on every process (issue 29): two delivery processes
// over one database, each told by the database (NOTIFY delivery_changed), never reloaded by hand.
// A daily budget lowered below today's spend stops delivery for today, nothing more is charged
// (not even for links decided before), the funnel says why; raised again, it serves again; the
// books balance throughout.

const W = 320;
const H = 100;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('a live budget change', () => {
  let t: TestApp;
  let adv: Caller;
  let processes: DeliveryService[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
    adv = t.as('advertiser');
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await t?.close();
  });

  it('lowered below today’s spend stops delivery on both processes, charges nothing more and says so; raised, it serves again', async () => {
    const wf = workflow(t, t.as('staff'), { width: W, height: H });
    const slot = await wf.liveSlot(t.as('publisher'), { placementPolicy: 'auto' });
    const image = await wf.upload(adv);
    // A CPM of 1,000: one minor unit an impression; 100 a day, of which noon's pace lets 54 out.
    const campaign = await wf.approvedCampaign(adv, [image.id], [slot.id], { dailyBudgetMinor: 100, totalBudgetMinor: 10_000, maxBidMinor: 1_000 });
    await t.services.placements.drain();
    processes = [secondDeliveryProcess(t), secondDeliveryProcess(t)];
    await Promise.all(processes.map((p) => p.start()));

    const request = (p: DeliveryService) => p.adRequest({ slot: slot.tagKey, w: W, h: H, f: 'banner', host: null, region: '', userAgent: BROWSER });
    const token = (url: string) => new URL(url, 'http://x').searchParams.get('t')!;
    const client = { userAgent: BROWSER, address: '198.51.100.7' };
    const flush = () => Promise.all(processes.map((p) => p.flush()));
    const spent = async () =>
      Number(rowsOf<{ spent: string }>(await t.database.db.execute(sql`select spent_milli::text as spent from campaigns where id = ${campaign.id}`))[0]!.spent);
    // What the processes hold of today's budget: each gives its slices back when it learns of a new budget.
    const heldSlices = async () =>
      Number(rowsOf<{ held: string }>(await t.database.db.execute(sql`select held_milli::text as held from campaign_pacing where campaign_id = ${campaign.id}`))[0]!.held);
    const serves = async (p: DeliveryService) => {
      // A refused slice is asked for again a moment later: a few requests find out.
      for (let i = 0; i < 5; i++) {
        if ((await request(p))?.ad) return true;
        await p.pacingIdle();
      }
      return false;
    };

    // 30 impressions shown, from both processes; 5 more decided but not yet shown.
    let shown = 0;
    const held: string[] = [];
    for (let i = 0; shown < 30; i++) {
      const p = processes[i % 2]!;
      const answer = await request(p);
      if (!answer?.ad) {
        await p.pacingIdle();
        continue;
      }
      expect(await p.impression(token(answer.ad.impressionUrl), client)).toBe('ok');
      shown++;
    }
    for (const p of processes)
      for (let i = 0; i < 3; i++) {
        const answer = await request(p);
        if (answer?.ad) held.push(token(answer.ad.impressionUrl));
      }
    await flush();
    expect(await spent()).toBe(30_000);

    // Lowered to 20: below the 30 spent today.
    const lowered = await adv.ok(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 20 });
    // Both still held unused slices of the old budget: both give them back at once, unasked.
    expect(await heldSlices()).toBeGreaterThan(36_000);
    await expect.poll(heldSlices, { timeout: 10_000 }).toBe(0);
    for (const p of processes) expect(await serves(p)).toBe(false);
    // Links decided before the change: shown now, counted, charged nothing.
    for (const [i, link] of held.entries()) expect(await processes[i % 2]!.impression(link, client)).toBe('ok');
    await flush();
    expect(await spent()).toBe(30_000);
    expect(await reconcile(t.database.db)).toEqual([]);
    const funnel = await adv.ok(campaignDelivery, { id: campaign.id });
    expect(funnel.checks.find((c) => c.key === 'dailyBudget')).toEqual({ key: 'dailyBudget', passed: false, reason: 'newBudgetReached', at: null });
    expect(funnel.serving).toBe(false);

    // Raised to 100 (noon's pace lets 54 out; 60 would let out 32.5, less than what today took):
    // delivery serves again, within the new budget.
    await adv.ok(updateCampaignSettings, { id: campaign.id, version: lowered.version, dailyBudgetMinor: 100 });
    // The room left goes in slices to whichever process asks first.
    await expect.poll(async () => (await serves(processes[0]!)) || (await serves(processes[1]!)), { timeout: 10_000 }).toBe(true);
    for (let i = 0; i < 80; i++) {
      const p = processes[i % 2]!;
      const answer = await request(p);
      if (answer?.ad) await p.impression(token(answer.ad.impressionUrl), client);
      else await p.pacingIdle();
    }
    await flush();
    const after = await spent();
    expect(after).toBeGreaterThan(30_000);
    expect(after).toBeLessThanOrEqual(54_000);
    expect(await reconcile(t.database.db)).toEqual([]);
    const check = (await adv.ok(campaignDelivery, { id: campaign.id })).checks.find((c) => c.key === 'dailyBudget');
    expect(check?.reason).not.toBe('newBudgetReached');
  });

  it('the books hold a past day to the budget it had, not to a lower one set since', async () => {
    const wf = workflow(t, t.as('staff'), { width: W, height: H });
    const image = await wf.upload(adv);
    const campaign = await wf.approvedCampaign(adv, [image.id], undefined, { dailyBudgetMinor: 100, totalBudgetMinor: 10_000, maxBidMinor: 1_000 });
    // Yesterday spent 90 under a budget of 100 (as the writer would have recorded it).
    const yesterday = new Date(t.clock.now.getTime() - 86_400_000);
    const hour = new Date(Math.floor(yesterday.getTime() / 3_600_000) * 3_600_000);
    await t.database.db.execute(sql`
      insert into campaign_hourly (campaign_id, advertiser_id, hour, spend_milli) values (${campaign.id}, ${campaign.accountId}, ${hour}, 90000)
      on conflict (campaign_id, hour) do update set spend_milli = excluded.spend_milli`);
    const dailyBudget = (rows: Awaited<ReturnType<typeof reconcile>>) => rows.filter((r) => r.check === 'dailyBudget' && r.subject.startsWith(`campaign ${campaign.id} `));
    expect(dailyBudget(await reconcile(t.database.db))).toEqual([]);
    await adv.ok(updateCampaignSettings, { id: campaign.id, version: campaign.version, dailyBudgetMinor: 50 });
    expect(dailyBudget(await reconcile(t.database.db))).toEqual([]);
  });
});
