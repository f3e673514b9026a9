import type { Page } from '@playwright/test';
import { axeScan, clearOf, DEMO, expect, signIn, test } from './support';

// The campaign page, reached from the list as an advertiser does: its figures for "Last 30 days"
// (whole days, untouched by traffic arriving now) are the list's for the same range, its change
// history starts with the campaign's creation, and it passes axe at a phone's width and a desktop's
// without a console error.

const impressionsInList = async (page: Page, name: string) => {
  await page.goto('/#/campaign/list?range=last30');
  const row = page.getByRole('row', { name: new RegExp(name) });
  // Read once the table is drawn whole: the cell under the "Impressions" header.
  let shown = '';
  await expect
    .poll(async () => {
      const headers = await page.getByRole('columnheader').allInnerTexts();
      const column = headers.findIndex((text) => text.trim().startsWith('Impressions'));
      shown = column < 0 ? '' : (await row.getByRole('cell').nth(column).innerText()).trim();
      return shown;
    })
    .toMatch(/^\d[\d,]*$/);
  return shown;
};

test('the campaign page shows the list\'s figures for the same range, its change history, and passes axe', async ({ page }) => {
  // "Last 30 days" is read on the list and on the page: the same 30 days, clear of midnight.
  await clearOf('day');
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await signIn(page, DEMO.advertiser);
  const listed = await impressionsInList(page, 'Spring Blend Launch');

  await page.getByRole('link', { name: 'Open the page of “Spring Blend Launch”' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Blend Launch' })).toBeVisible();
  // The page opens on the last 30 days.
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue('last30');
  const totals = page.getByRole('list', { name: 'Totals for the range' });
  await expect(totals.getByRole('listitem').filter({ hasText: 'Impressions' }).locator('.campaign-kpi-value')).toHaveText(listed);

  await page.getByRole('tab', { name: 'Change history' }).click();
  const history = page.getByRole('tabpanel');
  await expect(history.getByText('Created', { exact: true })).toBeVisible();
  await expect(history.getByText('Approved', { exact: true }).first()).toBeVisible();

  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(viewport);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const { violations } = await axeScan(page);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  expect(problems).toEqual([]);
});
