import type { Page } from '@playwright/test';
import { axeScan, chooseOption, currentRoute, DEMO, expect, signIn, test } from './support';

const bell = (page: Page) => page.getByRole('button', { name: 'Action Center' });
const popup = (page: Page) => page.getByRole('region', { name: 'Action Center' });
/** Cards of the tab on show (antd keeps visited tabs' panels, hidden). */
const shown = (page: Page) => popup(page).getByRole('tabpanel');
const card = (page: Page, title: string) => shown(page).locator('.notification-card', { hasText: title });
/** The unread count the bell's badge shows (0 when it shows none). */
const bellCount = async (page: Page) => {
  const badge = bell(page).locator('.bell-count');
  return (await badge.count()) ? Number(await badge.getAttribute('title')) : 0;
};

test('a staff announcement reaches the advertiser, who reads, follows, marks all read and dismisses', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Planned maintenance ${Date.now()}`;

  // The advertiser's console is open before the announcement exists; its clock is ours to move.
  const advertiserContext = await browser.newContext();
  const advertiser = await advertiserContext.newPage();
  await advertiser.clock.install();
  await signIn(advertiser, DEMO.advertiser);
  await expect.poll(() => bellCount(advertiser)).toBeGreaterThan(0);
  const before = await bellCount(advertiser);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, DEMO.staff);
  await bell(staff).click();
  await popup(staff).getByRole('button', { name: 'New announcement' }).click();
  const form = staff.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('The console is read-only from 02:00 to 03:00 UTC.');
  await form.getByRole('radio', { name: 'A role' }).check();
  await chooseOption(staff, form.getByRole('combobox', { name: 'Role' }), 'Advertisers');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByText(/Announcement published to \d+ users?/)).toBeVisible();
  await expect(form).toBeHidden();
  await staffContext.close();

  // One poll later (60 s), without a reload, the bell counts it.
  await advertiser.clock.fastForward(60_000);
  await expect.poll(() => bellCount(advertiser)).toBe(before + 1);

  await bell(advertiser).click();
  await popup(advertiser).getByRole('tab', { name: /Notifications/ }).click();
  const announcement = card(advertiser, title);
  await expect(announcement).toHaveAttribute('data-read', 'false');
  await expect(announcement).toHaveAttribute('data-kind', 'info');
  const { violations } = await axeScan(advertiser, { include: '.action-center-body' });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

  // Opening an unread card reads it: its dot gives way to a delete button.
  await announcement.getByRole('button', { name: title }).click();
  await expect(announcement).toHaveAttribute('data-read', 'true');
  await expect(announcement.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect.poll(() => bellCount(advertiser)).toBe(before);

  // Following a link reads the message, navigates and closes the popup.
  const reminder = card(advertiser, 'Recycle bin: removed for good in 3 days');
  await expect(reminder).toHaveAttribute('data-read', 'false');
  await reminder.getByRole('link', { name: 'Recycle Bin' }).click();
  await expect.poll(() => currentRoute(advertiser)).toBe('assetLibrary/recycleBin');
  await expect(popup(advertiser)).toBeHidden();
  await expect.poll(() => bellCount(advertiser)).toBe(before - 1);

  // Mark All as Read leaves nothing unread on the Notifications tab; its tooltip then says so.
  await bell(advertiser).click();
  await popup(advertiser).getByRole('tab', { name: /Notifications/ }).click();
  const markAll = popup(advertiser).getByRole('button', { name: 'Mark All as Read' });
  await markAll.click();
  await expect(shown(advertiser).locator('.notification-card[data-read="false"]')).toHaveCount(0);
  await markAll.hover({ force: true });
  await expect(advertiser.getByRole('tooltip', { name: 'All Read' })).toBeVisible();

  // Dismissing a read card removes it at once.
  await card(advertiser, title).getByRole('button', { name: 'Delete' }).click();
  await expect(card(advertiser, title)).toHaveCount(0);

  // The server kept all of it.
  await advertiser.reload();
  await bell(advertiser).click();
  await popup(advertiser).getByRole('tab', { name: /Notifications/ }).click();
  await expect(card(advertiser, 'Recycle bin: removed for good in 3 days')).toHaveAttribute('data-read', 'true');
  await expect(shown(advertiser).locator('.notification-card[data-read="false"]')).toHaveCount(0);
  await expect(card(advertiser, title)).toHaveCount(0);
  // Actions are read only by their link: the advertiser's unread action is still unread.
  await popup(advertiser).getByRole('tab', { name: /Actions/ }).click();
  await expect(card(advertiser, 'Image rejected: leaderboard-728x90.png')).toHaveAttribute('data-read', 'false');
  await advertiserContext.close();
});
