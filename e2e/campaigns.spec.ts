import type { Browser, Page } from '@playwright/test';
import { currentRoute, DEMO, expect, signIn, test } from './support';

// Campaigns end to end on the real server: the wizard with its unsaved-changes prompt, the list,
// staff's review (reject with reasons, then approve) and what the advertiser is told.

/**
 * A date `days` from today as the wizard's date inputs take it (YYYY-MM-DD, local time): counted in
 * calendar days (a week that changes the clocks has a day of 23 or 25 hours).
 */
const inDays = (days: number) => {
  const today = new Date();
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const nav = (page: Page) => page.getByRole('navigation');
/** Follows a side-menu entry under "Campaign" as a user does (the submenu opens first when closed). */
const menu = async (page: Page, name: string) => {
  const item = nav(page).getByRole('link', { name, exact: true });
  if (!(await item.isVisible())) await nav(page).getByText('Campaign', { exact: true }).click();
  await item.click();
};
const leavePrompt = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' });
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
const drawer = (page: Page) => page.locator('.campaign-drawer');
const bell = (page: Page) => page.getByRole('button', { name: 'Action Center' });
const popup = (page: Page) => page.getByRole('region', { name: 'Action Center' });
const notice = (page: Page, title: string) => popup(page).getByRole('tabpanel').locator('.notification-card', { hasText: title });

const openActionCenterTab = async (page: Page, tab: 'Actions' | 'Notifications') => {
  if (!(await popup(page).isVisible())) await bell(page).click();
  await popup(page).getByRole('tab', { name: new RegExp(tab) }).click();
};

/** The campaign's row on the advertiser's list (searched by its name: other tests add campaigns). */
const findOnList = async (page: Page, name: string) => {
  await page.getByLabel('Search campaigns by name').fill(name);
  // The list follows the box after a pause; what it shows then is the search's answer.
  await expect.poll(() => new URLSearchParams(currentRoute(page).split('?')[1]).get('q')).toBe(name);
  await expect(row(page, name)).toBeVisible();
  return row(page, name);
};

const newPage = async (browser: Browser, email: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
};

test('an advertiser drafts a campaign halfway, finishes it, is rejected, fixes it and is approved', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `E2E campaign ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const headline = 'Coffee for the whole team';
  const firstImage = 'rectangle-300x250.png';
  const secondImage = 'logo-mark.png';

  const advertiser = await newPage(browser, DEMO.advertiser);
  await menu(advertiser, 'Create Campaign');
  await expect.poll(() => currentRoute(advertiser)).toBe('campaign/create');
  await expect(advertiser.getByRole('heading', { name: 'Create campaign', level: 1 })).toBeVisible();

  // Basics.
  await advertiser.getByLabel('Campaign name').fill(name);
  await advertiser.getByRole('radio', { name: /Traffic/ }).check();
  await expect(advertiser.getByText('Unsaved changes')).toBeVisible();
  await advertiser.getByRole('button', { name: 'Next' }).click();

  // Budget & schedule: a start a week ahead (approval then schedules it), the same date when read
  // back whatever midnight passes meanwhile.
  const start = inDays(7);
  await advertiser.getByLabel(/Daily budget/).fill('50');
  await advertiser.getByLabel(/Total budget/).fill('1000');
  await advertiser.getByLabel('Start date').fill(start);
  await advertiser.getByRole('radio', { name: /CPC/ }).check();
  await advertiser.getByLabel(/Maximum bid/).fill('1.50');
  await advertiser.getByRole('button', { name: 'Next' }).click();

  // Targeting: one ad group.
  await advertiser.getByLabel('Ad group name').fill('Office managers');
  await advertiser.getByRole('checkbox', { name: 'Desktop' }).check();
  await advertiser.getByRole('button', { name: 'Next' }).click();

  // Ads: a library image, the rest left for later.
  await advertiser.getByRole('button', { name: 'Choose from image library' }).click();
  const picker = advertiser.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByRole('button', { name: firstImage, exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(advertiser.locator('.wizard-creative-name')).toHaveText(firstImage);

  // Halfway, the side menu: the prompt asks, Save as Draft saves and goes on.
  await menu(advertiser, 'Campaign List');
  const prompt = leavePrompt(advertiser);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Do you want to save this campaign as a draft before leaving, or just leave without saving?')).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Leave without saving' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Save as Draft' }).click();
  await expect.poll(() => currentRoute(advertiser)).toBe('campaign/list');
  await expect(prompt).toBeHidden();
  let listed = await findOnList(advertiser, name);
  await expect(listed.getByText('Draft', { exact: true })).toBeVisible();

  // Reopened, the wizard holds what was saved; the ad is finished and the campaign submitted.
  await listed.getByRole('button', { name: `More actions for ${name}` }).click();
  await advertiser.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(advertiser.getByRole('heading', { name: 'Edit campaign', level: 1 })).toBeVisible();
  await expect(advertiser.getByLabel('Campaign name')).toHaveValue(name);
  await expect(advertiser.getByRole('radio', { name: /Traffic/ })).toBeChecked();
  await advertiser.getByRole('button', { name: 'Next' }).click();
  await expect(advertiser.getByLabel('Start date')).toHaveValue(start);
  await expect(advertiser.getByLabel(/Maximum bid/)).toHaveValue('1.50');
  await advertiser.getByRole('button', { name: 'Next' }).click();
  await expect(advertiser.getByLabel('Ad group name')).toHaveValue('Office managers');
  await expect(advertiser.getByRole('checkbox', { name: 'Desktop' })).toBeChecked();
  await advertiser.getByRole('button', { name: 'Next' }).click();
  await expect(advertiser.locator('.wizard-creative-name')).toHaveText(firstImage);
  await advertiser.getByLabel('Headline').fill('FREE COFFEE!!!');
  await advertiser.getByLabel('Description').fill('Beans for the office, delivered every Monday.');
  await advertiser.getByLabel('Landing page URL').fill('https://www.example.com/office');
  await advertiser.getByRole('button', { name: 'Next' }).click();
  await expect(advertiser.getByText('Nothing blocks submission: the campaign is ready for review.')).toBeVisible();
  await advertiser.getByRole('button', { name: 'Submit for review' }).click();
  await expect.poll(() => currentRoute(advertiser)).toBe('campaign/list');
  listed = await findOnList(advertiser, name);
  await expect(listed.getByText('In review')).toBeVisible();

  // Staff: the submission waits in the Actions tab; its link opens the campaign's review.
  const staff = await newPage(browser, DEMO.staff);
  await openActionCenterTab(staff, 'Actions');
  const submitted = notice(staff, `Campaign to review: ${name}`);
  await expect(submitted).toHaveAttribute('data-kind', 'warning');
  await submitted.getByRole('link', { name: 'Advertiser Campaigns' }).click();
  await expect.poll(() => currentRoute(staff)).toMatch(/^advertiserCampaign/);
  // The link opens the campaign; closed, the queue lists it and opens it again.
  await expect(drawer(staff).getByRole('region', { name: 'Review', exact: true })).toBeVisible();
  await drawer(staff).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(staff.getByRole('radio', { name: /Waiting for review/ })).toBeChecked();
  await staff.getByRole('button', { name, exact: true }).click();
  const review = drawer(staff).getByRole('region', { name: 'Review', exact: true });
  await review.getByRole('button', { name: 'Reject…' }).click();
  await review.getByLabel('Reason for the advertiser').fill('Claims in the ad break the policy.');
  await review.getByRole('checkbox', { name: 'Reject the ad “FREE COFFEE!!!”' }).check();
  await review.getByLabel('Reason for the ad “FREE COFFEE!!!”').fill('No shouting: drop the capitals and the exclamation marks.');
  await review.getByRole('checkbox', { name: `Reject the image “${firstImage}”` }).check();
  await review.getByLabel(`Reason for the image “${firstImage}”`).fill('The text on the image is unreadable.');
  await review.getByRole('button', { name: 'Reject campaign' }).click();
  await expect(staff.getByText(`“${name}” rejected; the advertiser has been told why`)).toBeVisible();

  // The advertiser sees the rejection: status, reasons in the drawer, the Action Center, the gallery.
  await advertiser.reload();
  listed = await findOnList(advertiser, name);
  await expect(listed.getByText('Rejected').first()).toBeVisible();
  await listed.getByRole('button', { name, exact: true }).click();
  const rejectedDrawer = drawer(advertiser);
  await expect(rejectedDrawer.getByText('The review rejected this campaign')).toBeVisible();
  await expect(rejectedDrawer.getByText('Claims in the ad break the policy.').first()).toBeVisible();
  await expect(rejectedDrawer.getByText('Rejected: No shouting: drop the capitals and the exclamation marks.')).toBeVisible();
  await expect(rejectedDrawer.getByText(`Image “${firstImage}”: The text on the image is unreadable.`)).toBeVisible();
  await rejectedDrawer.getByRole('button', { name: 'Close', exact: true }).click();

  await openActionCenterTab(advertiser, 'Actions');
  await expect(notice(advertiser, `Campaign rejected: ${name}`)).toBeVisible();
  await expect(notice(advertiser, `Campaign rejected: ${name}`)).toContainText('Claims in the ad break the policy.');
  await bell(advertiser).click();
  await expect(popup(advertiser)).toBeHidden();

  await advertiser.goto('/#/assetLibrary/imageGallery');
  await advertiser.getByRole('radiogroup', { name: 'Sections' }).getByText('Rejected', { exact: true }).click();
  await expect(advertiser.getByRole('heading', { name: 'Rejected images' })).toBeVisible();
  await expect(advertiser.getByText(firstImage, { exact: true }).first()).toBeVisible();
  await expect(advertiser.getByText('The text on the image is unreadable.')).toBeVisible();

  // The advertiser fixes the ad, picks another image and submits again.
  await menu(advertiser, 'Campaign List');
  listed = await findOnList(advertiser, name);
  await listed.getByRole('button', { name: `More actions for ${name}` }).click();
  await advertiser.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(advertiser.getByText('This campaign was rejected: Claims in the ad break the policy.')).toBeVisible();
  await advertiser.getByRole('button', { name: 'Ads', exact: true }).click();
  await expect(advertiser.getByText('Rejected in review: No shouting: drop the capitals and the exclamation marks.')).toBeVisible();
  await advertiser.getByLabel('Headline').fill(headline);
  await advertiser.getByRole('button', { name: 'Choose from image library' }).click();
  await picker.getByRole('button', { name: secondImage }).click();
  await expect(advertiser.locator('.wizard-creative-name')).toHaveText(secondImage);
  await advertiser.getByRole('button', { name: 'Next' }).click();
  await advertiser.getByRole('button', { name: 'Submit for review' }).click();
  await expect.poll(() => currentRoute(advertiser)).toBe('campaign/list');
  listed = await findOnList(advertiser, name);
  await expect(listed.getByText('In review')).toBeVisible();

  // Staff, back on the queue (reloaded: the list was fetched before the resubmission), approves.
  await staff.reload();
  await staff.getByRole('button', { name, exact: true }).click();
  await drawer(staff).getByRole('region', { name: 'Review', exact: true }).getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`“${name}” approved`)).toBeVisible();
  await staff.context().close();

  // The advertiser is told, and the list shows the campaign scheduled (it starts next week).
  await advertiser.reload();
  await openActionCenterTab(advertiser, 'Notifications');
  const approved = notice(advertiser, `Campaign approved: ${name}`);
  await expect(approved).toHaveAttribute('data-kind', 'success');
  // Its link opens the campaign on the list.
  await approved.getByRole('link', { name: 'Campaign List' }).click();
  await expect.poll(() => currentRoute(advertiser)).toMatch(/^campaign\/list\?campaign=\d+$/);
  await expect(drawer(advertiser).getByText(name, { exact: true })).toBeVisible();
  await expect(drawer(advertiser).getByText('Scheduled', { exact: true })).toBeVisible();
  await drawer(advertiser).getByRole('button', { name: 'Close', exact: true }).click();
  listed = await findOnList(advertiser, name);
  await expect(listed.getByText('Scheduled')).toBeVisible();
  await advertiser.context().close();
});

test('leaving the wizard without saving keeps nothing; a failed save keeps the user and the work', async ({ page, context }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const discarded = `E2E discarded ${stamp}`;
  const kept = `E2E kept ${stamp}`;

  await signIn(page, DEMO.advertiser);
  await page.goto('/#/campaign/create');
  await page.getByLabel('Campaign name').fill(discarded);
  await menu(page, 'Campaign List');
  await leavePrompt(page).getByRole('button', { name: 'Leave without saving' }).click();
  await expect.poll(() => currentRoute(page)).toBe('campaign/list');
  await page.getByLabel('Search campaigns by name').fill(discarded);
  await expect(page.getByText('No campaigns match these filters.')).toBeVisible();

  // Offline, Save as Draft fails: the user stays on the wizard, told why, with the name still typed.
  await menu(page, 'Create Campaign');
  // What was left without saving is not offered back either.
  await expect(page.getByLabel('Campaign name')).toHaveValue('');
  await expect(page.getByText(/^Unsaved work from/)).toHaveCount(0);
  await page.getByLabel('Campaign name').fill(kept);
  await context.setOffline(true);
  await menu(page, 'Campaign List');
  await leavePrompt(page).getByRole('button', { name: 'Save as Draft' }).click();
  // The wizard's banner (a toast may say it too, for a moment, outside the page's root).
  await expect(page.locator('#root').getByRole('alert').filter({ hasText: 'The campaign could not be saved' })).toBeVisible();
  await expect(leavePrompt(page)).toBeHidden();
  expect(currentRoute(page)).toBe('campaign/create');
  await expect(page.getByLabel('Campaign name')).toHaveValue(kept);

  // Back online, it saves and goes on.
  await context.setOffline(false);
  await menu(page, 'Campaign List');
  await leavePrompt(page).getByRole('button', { name: 'Save as Draft' }).click();
  await expect.poll(() => currentRoute(page)).toBe('campaign/list');
  await page.getByLabel('Search campaigns by name').fill(kept);
  await expect(row(page, kept).getByText('Draft', { exact: true })).toBeVisible();

  // Reloading with unsaved changes asks the browser's own question; dismissed, the work stays.
  const typed = `E2E reload ${stamp}`;
  await menu(page, 'Create Campaign');
  await page.getByLabel('Campaign name').fill(typed);
  const asked = page.waitForEvent('dialog');
  // The page reloads itself (as F5 does): Chromium runs beforeunload for it, not for a reload
  // driven from outside.
  void page.evaluate(() => window.location.reload()).catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel('Campaign name')).toHaveValue(typed);
});
