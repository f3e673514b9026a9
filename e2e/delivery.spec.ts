import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adSlotList, adSlotTag, campaignList, CONVERSION_PIXEL_PATH, CONVERSION_SCRIPT_PATH, conversionList, conversionTag, IMPRESSION_PATH, placementHealth } from '@ads/contracts';
import type { APIRequestContext } from '@playwright/test';
import { simulate } from '../bench/simulate';
import { clearOf, DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// Delivery end to end: the simulator sends a minute of traffic over HTTP to the demo's live slots,
// where Spring Blend Launch (approved, active) serves on the home leaderboard. What the campaigns
// were charged for (the campaign list) equals what the placements' hourly rollups counted
// (placement health) and what the simulator's visitors saw. Contoso's site reports the conversions of
// some clicks (its tag): each report is kept once, and today's count is the same on the dashboard and
// in the report. The drawer explains a paused campaign, and one whose daily budget was lowered below
// today's spend from its live settings.

const tokenOf = async (request: APIRequestContext, email: string) => {
  const res = await request.post('/api/User/Login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
};

/** The advertiser's campaigns' impressions in all, and each one's row. */
const campaignFigures = async (request: APIRequestContext, token: string) => {
  const res = await request.get(`${campaignList.path}?pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const body = campaignList.response.parse(await res.json());
  return { total: body.items.reduce((sum, c) => sum + c.impressions, 0), spring: body.items.find((c) => c.name === 'Spring Blend Launch')! };
};

/** The list's figures for "Today" in the browser's time zone (this machine's): Spring Blend's row and the totals. */
const todayFigures = async (request: APIRequestContext, token: string) => {
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await request.get(`${campaignList.path}?pageSize=100&range=today&timeZone=${zone}`, { headers: { authorization: `Bearer ${token}` } });
  const { items, figures } = campaignList.response.parse(await res.json());
  return { spring: items.find((c) => c.name === 'Spring Blend Launch')!.figures!, totals: figures!.totals };
};

/** The impressions of the last 24 hours on the publisher's placements, from the hourly rollups. */
const rolledUp = async (request: APIRequestContext, token: string) => {
  const res = await request.get(`${placementHealth.path}?pageSize=200`, { headers: { authorization: `Bearer ${token}` } });
  const body = placementHealth.response.parse(await res.json());
  return body.items.reduce((sum, p) => sum + p.impressions, 0);
};

test('half a minute of simulated traffic: the list and the rollups count what visitors saw, conversions agree on dashboard and report, the drawer explains a paused campaign and a lowered budget', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  // Placement health counts the last 24 whole hours: when an hour ends between its two readings (half
  // a minute of traffic and its writing apart: within 150 s on a loaded machine), the oldest hour (the
  // demo's history) leaves the second one. "Today" (the list, the dashboard, the report) and today's
  // spend against the daily budget are read until the test's end: no day may end before it.
  await clearOf('hour', 150_000);
  await clearOf('day');
  const advertiser = await tokenOf(request, DEMO.advertiser);
  const publisher = await tokenOf(request, DEMO.publisher);
  const before = { campaigns: await campaignFigures(request, advertiser), rollups: await rolledUp(request, publisher), today: await todayFigures(request, advertiser) };
  expect(before.campaigns.spring.impressions).toBeGreaterThan(0); // the demo's sixty days of history

  // Contoso's site carries its conversion tag: the simulator's visitors who click may buy.
  const auth = { authorization: `Bearer ${advertiser}` };
  const { tagId } = conversionTag.response.parse(await (await request.get(conversionTag.path, { headers: auth })).json());
  const reported = async () => conversionList.response.parse(await (await request.get(`${conversionList.path}?pageSize=1`, { headers: auth })).json()).total;
  const reportedBefore = await reported();

  const sent = await simulate({ url: baseURL!, minutes: 0.5, rate: 24, bots: 0.05, email: DEMO.staff, password: DEMO_PASSWORD, seed: 7, conversionTag: tagId });
  expect(sent.errors).toBe(0);
  // Every report is kept once (counted, or not with its reason), whatever its click was.
  expect((await reported()) - reportedBefore).toBe(sent.conversions);
  expect(sent.impressions).toBeGreaterThan(0);

  // The server writes its batches every second (a busy machine takes longer).
  await expect
    .poll(async () => (await campaignFigures(request, advertiser)).total - before.campaigns.total, { timeout: 30_000 })
    .toBe(sent.impressions);
  expect((await rolledUp(request, publisher)) - before.rollups).toBe(sent.impressions);
  const spring = (await campaignFigures(request, advertiser)).spring;
  expect(spring.spentMinor).toBeGreaterThanOrEqual(before.campaigns.spring.spentMinor);

  // The campaign list's "Today" counts the same traffic, in its rows and its totals row.
  const today = await todayFigures(request, advertiser);
  expect(today.totals.impressions - before.today.totals.impressions).toBe(sent.impressions);
  await signIn(page, DEMO.advertiser);
  await page.goto('/#/campaign/list?range=today');
  const row = page.getByRole('row', { name: /Spring Blend Launch/ });
  await expect(row).toContainText(today.spring.impressions.toLocaleString('en-US'));
  await expect(row).toContainText(`$${(today.spring.spend / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText(today.totals.impressions.toLocaleString('en-US'));

  // Today's conversions: the dashboard and the report count the same, once none waits for its click.
  const pending = async () => conversionList.response.parse(await (await request.get(`${conversionList.path}?status=pending&pageSize=1`, { headers: auth })).json()).total;
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);
  await page.goto('/#/advertiserOverview');
  const card = page.locator('.overview-kpi').filter({ has: page.getByText('Conversions', { exact: true }) });
  const onDashboard = (await card.locator('.overview-kpi-value').first().innerText()).trim();
  await page.goto('/#/dataInsights/advertiser?range=today');
  const total = page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ has: page.getByText('Conversions', { exact: true }) });
  await expect(total.locator('.insight-kpi-value')).toHaveText(onDashboard);
  // And the campaign list's totals for Today.
  expect((await todayFigures(request, advertiser)).totals.conversions.toLocaleString('en-US')).toBe(onDashboard);
  await page.goto('/#/campaign/list');

  // Weekday Mornings is paused: its drawer says so, and why nothing serves.
  await page.getByRole('button', { name: 'Weekday Mornings', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Weekday Mornings' });
  const delivery = drawer.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByText('Not delivering now')).toBeVisible();
  await expect(delivery.getByText('The campaign is Paused: it serves only while active.').first()).toBeVisible();
  await expect(delivery.getByRole('table')).toContainText('Targeted');
  await page.keyboard.press('Escape');

  // Spring Blend's daily budget lowered below today's spend: it stops at once, and its drawer says why.
  const editSpring = async (dailyBudget: string) => {
    await page.getByRole('button', { name: 'Spring Blend Launch', exact: true }).click();
    await page.getByRole('dialog', { name: 'Spring Blend Launch' }).getByRole('button', { name: 'Edit settings' }).click();
    await page.getByLabel(/Daily budget/).fill(dailyBudget);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const saved = page.getByText('Changes saved: delivery uses them now.');
    await expect(saved).toBeVisible();
    // Gone before the next save, so that its message is the one seen (the same words).
    await expect(saved).toBeHidden();
    await page.goto('/#/campaign/list');
  };
  await editSpring('0.01');
  await page.getByRole('button', { name: 'Spring Blend Launch', exact: true }).click();
  const springDelivery = page.getByRole('dialog', { name: 'Spring Blend Launch' }).getByRole('region', { name: 'Delivery' });
  await expect(springDelivery.getByText('Not delivering now')).toBeVisible();
  await expect(springDelivery.getByText(/Today's spend has reached the new daily budget/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  // As it was, for whatever runs next on this server.
  await editSpring('200');
});

/** A phone's Chrome (Spring Blend targets phones in the US): headless Chromium says "HeadlessChrome", which delivery takes for a bot. */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test("an order from a browser that saw Contoso's ad without clicking counts once the advertiser turns view-through on", async ({ browser, page, request, baseURL }) => {
  // A dozen steps of two browsers, each within its expectation's limit (10 s; 30 s for the write of
  // the impression): 10 s alone, over the default 30 s in all on a loaded two-core machine.
  test.setTimeout(120_000);
  const advertiser = await tokenOf(request, DEMO.advertiser);
  const publisher = await tokenOf(request, DEMO.publisher);
  const { tagId } = conversionTag.response.parse(await (await request.get(conversionTag.path, { headers: { authorization: `Bearer ${advertiser}` } })).json());
  const slots = adSlotList.response.parse(
    await (await request.get(`${adSlotList.path}?status=live&pageSize=50`, { headers: { authorization: `Bearer ${publisher}` } })).json(),
  );
  const leaderboard = slots.items.find((s) => s.name === 'Home leaderboard')!;
  const order = `VT-${Date.now()}`;

  // The publisher's and the advertiser's sites, as a person's browser reaches them: pages from another
  // server on this machine (the same site as the ad server, so its cookie goes along over plain HTTP).
  const pages: Record<string, string> = {
    '/news.html': `<!doctype html><title>Fabrikam News</title><h1>Today's news</h1>${adSlotTag(baseURL!, leaderboard)}`,
    '/thanks.html': `<!doctype html><title>Thank you</title><h1>Thank you for your order</h1>
      <script src="${baseURL}${CONVERSION_SCRIPT_PATH}?tag=${tagId}"></script>
      <script>adsConversion({ order: '${order}', value: 4200 });</script>`,
  };
  const sites = http.createServer((req, res) => {
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? '');
  });
  await new Promise<void>((resolve) => sites.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(sites.address() as AddressInfo).port}`;

  // Contoso turns view-through on: seven days.
  await signIn(page, DEMO.advertiser);
  await page.goto('/#/campaign/list');
  await page.getByRole('button', { name: 'Conversion tracking' }).click();
  const drawer = page.getByRole('dialog', { name: 'Conversion tracking' });
  await drawer.getByRole('tab', { name: 'Settings' }).click();
  await drawer.getByLabel('View-through window').fill('7');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The conversion settings are saved.')).toBeVisible();

  // A reader of the publisher's page sees the ad (its impression goes with the ad server's cookie) and does not click.
  const reader = await browser.newContext({ userAgent: PHONE, viewport: { width: 412, height: 915 } });
  // The visitor's country, as the CDN in front of the ad server tells it (a header no page can set).
  await reader.route(`${baseURL}/serve/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': 'US' } }));
  try {
    const tab = await reader.newPage();
    const shownBefore = (await campaignFigures(request, advertiser)).spring.impressions;
    const seen = tab.waitForResponse((r) => r.url().startsWith(`${baseURL}${IMPRESSION_PATH}?`));
    await tab.goto(`${site}/news.html`);
    await expect(tab.locator('ins.ads-console-slot img')).toBeVisible();
    expect((await seen).status()).toBe(200);
    expect((await reader.cookies(`${baseURL}${CONVERSION_PIXEL_PATH}`)).map((c) => c.name)).toContain('ads_vid');

    // Later (once the impression is written: the server writes its batches every second, later on a
    // busy machine), on Contoso's site, the same browser places an order: the pixel carries no click id.
    await expect.poll(async () => (await campaignFigures(request, advertiser)).spring.impressions, { timeout: 30_000 }).toBeGreaterThan(shownBefore);
    const reported = tab.waitForResponse((r) => r.url().startsWith(`${baseURL}${CONVERSION_PIXEL_PATH}?`));
    await tab.goto(`${site}/thanks.html`);
    const pixel = await reported;
    expect(pixel.status()).toBe(200);
    expect(new URL(pixel.url()).searchParams.get('clid')).toBeNull();
  } finally {
    await reader.close();
    sites.close();
  }

  // The Conversions tab counts it, credited to the ad that browser saw.
  await drawer.getByRole('tab', { name: 'Conversions' }).click();
  const row = drawer.getByRole('row').filter({ hasText: order });
  await expect(row).toContainText('Counted');
  await expect(row).toContainText('Spring Blend Launch');
  await expect(row).toContainText('View-through, ad seen:');

  // As it was, for whatever runs next on this server.
  await drawer.getByRole('tab', { name: 'Settings' }).click();
  await drawer.getByLabel('View-through window').fill('0');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The conversion settings are saved.')).toBeVisible();
});
