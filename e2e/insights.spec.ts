import type { Locator, Page } from '@playwright/test';
import fs from 'node:fs';
import { clearOf, currentRoute, DEMO, expect, signIn, test } from './support';

// The dashboards and reports end to end, on the demo's sixty days of delivery: each role lands on
// its dashboard with figures and a trend, and yesterday's figures on the dashboard are the
// report's (another test may add traffic today, never yesterday). A test that reads a period in two
// places starts clear of midnight: both read the same "yesterday" (or "last month").

/** A number as the page writes it ("2,312", "$0.69", "9.13%"). */
const numberIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^0-9.-]/g, ''));

/** A KPI card's figure: today's (the big one) or an earlier period's. */
const kpi = (page: Page, metric: string, period: 'Today' | 'Yesterday' | 'Last 7 days') => {
  const card = page.getByRole('region', { name: 'Key figures' }).getByRole('listitem').filter({ has: page.locator('.overview-kpi-name', { hasText: new RegExp(`^${metric}$`) }) });
  return period === 'Today' ? card.locator('.overview-kpi-value') : card.locator('.overview-kpi-more > div', { hasText: period }).locator('.overview-kpi-figure');
};

/** A total of the report page. */
// The card whose title is the metric (another card's note may name it: "Impressions ÷ ad requests").
const reportTotal = (page: Page, metric: string) =>
  page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ has: page.getByText(metric, { exact: true }) }).locator('.insight-kpi-value');

const trendDrawn = async (page: Page, caption: string) => {
  // The chart (a canvas, hidden from screen readers) and its table of 30 days for them.
  await expect(page.locator('.trend-chart canvas').first()).toBeVisible();
  await expect(page.getByRole('table', { name: caption }).getByRole('row')).toHaveCount(31);
};

test('an advertiser lands on the dashboard: KPIs and the trend from the demo history, yesterday as the report counts it', async ({ page }) => {
  await clearOf('day');
  await signIn(page, DEMO.advertiser);
  await expect(page.getByRole('heading', { name: 'Advertiser Overview' })).toBeVisible();
  const yesterday = await numberIn(kpi(page, 'Impressions', 'Yesterday'));
  expect(yesterday).toBeGreaterThan(0);
  expect(await numberIn(kpi(page, 'Impressions', 'Last 7 days'))).toBeGreaterThan(yesterday);
  await trendDrawn(page, 'Spend, last 30 days');
  await expect(page.getByRole('region', { name: 'Top campaigns' }).getByRole('link', { name: 'Spring Blend Launch' })).toBeVisible();
  // The demo's rejected campaign, with the reviewer's reason.
  await expect(page.getByRole('region', { name: 'Needs attention' }).getByText('Rejected').first()).toBeVisible();

  const spend = (await kpi(page, 'Spend', 'Yesterday').innerText()).trim();
  await page.goto('/#/dataInsights/advertiser?range=yesterday');
  await expect(reportTotal(page, 'Impressions')).toHaveText(yesterday.toLocaleString('en-US'));
  await expect(reportTotal(page, 'Spend')).toHaveText(spend);
});

test('a publisher lands on the dashboard: revenue, requests and fill rate; yesterday as the report counts it', async ({ page }) => {
  await clearOf('day');
  await signIn(page, DEMO.publisher);
  await expect(page.getByRole('heading', { name: 'Publisher Overview' })).toBeVisible();
  const requests = await numberIn(kpi(page, 'Ad requests', 'Yesterday'));
  const impressions = await numberIn(kpi(page, 'Impressions', 'Yesterday'));
  expect(requests).toBeGreaterThan(impressions);
  expect(impressions).toBeGreaterThan(0);
  await trendDrawn(page, 'Revenue, last 30 days');
  await expect(page.getByRole('region', { name: 'Top ad slots' }).getByRole('link', { name: 'Home leaderboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Placements waiting for your review/ })).toBeVisible();

  await page.goto('/#/dataInsights/publisher?range=yesterday');
  await expect(reportTotal(page, 'Ad requests')).toHaveText(requests.toLocaleString('en-US'));
  await expect(reportTotal(page, 'Impressions')).toHaveText(impressions.toLocaleString('en-US'));
});

test("staff land on the platform's advertiser dashboard, with the review queues, and open the publishers' one", async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page.getByRole('heading', { name: 'Advertiser Overview' })).toBeVisible();
  await expect(page.getByText(/All accounts on the platform/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top advertisers' }).getByText('Contoso Coffee')).toBeVisible();
  const queues = page.getByRole('region', { name: 'Review queues' });
  await expect(queues.getByText('Campaigns waiting for review')).toBeVisible();
  expect(await numberIn(kpi(page, 'Impressions', 'Last 7 days'))).toBeGreaterThan(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Publisher Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Publisher Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top publishers' }).getByText('Fabrikam News')).toBeVisible();
  await trendDrawn(page, 'Revenue, last 30 days');
});

test('an advertiser builds a report by campaign, compares, exports the CSV the table shows, saves it and reopens it', async ({ page }) => {
  await clearOf('day');
  await signIn(page, DEMO.advertiser);
  // Last month: a period that has ended, so the table and the CSV read the same figures while another
  // spec's traffic (delivery.spec.ts) reaches Spring Blend today.
  await page.goto('/#/dataInsights/advertiser?range=lastMonth');
  await expect(page.getByRole('heading', { name: 'Advertiser Reports' })).toBeVisible();
  await page.getByRole('button', { name: /^Break down by/ }).click();
  await page.getByRole('group', { name: 'Break down by' }).getByRole('checkbox', { name: 'Campaign' }).check();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Compare with the previous period' }).click();
  await expect.poll(() => currentRoute(page)).toContain('compare=1');
  const table = page.locator('.insight-table');
  const spring = table.getByRole('row', { name: /Spring Blend Launch/ });
  await expect(spring).toBeVisible();
  const totalRow = table.getByRole('row', { name: /^Total/ });
  const shownImpressions = await numberIn(totalRow.locator('td').nth(1).locator('div').first());
  expect(shownImpressions).toBeGreaterThan(0);

  // The CSV: a row per campaign, then the totals, each metric with its previous value and change.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Campaign,Impressions,Impressions \(previous period\),Impressions change \(%\),Clicks/);
  expect(lines.some((l) => l.startsWith('Spring Blend Launch,'))).toBe(true);
  const totals = lines.at(-1)!.split(',');
  expect(totals[0]).toBe('Total');
  expect(Number(totals[1])).toBe(shownImpressions);

  // Saved, then reopened from another page: the same settings come back.
  const saved = currentRoute(page);
  await page.getByRole('button', { name: 'Save report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this report' });
  await dialog.getByLabel('Name').fill(`By campaign ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/#/dataInsights/advertiser');
  await expect(page.getByRole('heading', { name: 'Advertiser Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Saved reports' }).click();
  await page.getByRole('button', { name: /^Open “By campaign/ }).first().click();
  await expect.poll(() => currentRoute(page)).toBe(saved);
  await expect(spring).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Compare with the previous period' })).toBeChecked();
});
