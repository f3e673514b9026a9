import { DEMO, expect, signIn, test } from './support';

// A live campaign's ad changed as an advertiser does it (issue 29): sent for review from the
// campaign page while the approved ad keeps its place; staff find it under "Ads to review" and
// approve it; the advertiser then reads the new headline on the ad and the step in the history.
// Weekday Mornings (paused) is used, so that the specs reading Spring Blend Launch stay as seeded.

test("a live campaign's changed ad waits for staff, then replaces the ad once approved", async ({ browser }) => {
  const advertiser = await (await browser.newContext()).newPage();
  await signIn(advertiser, DEMO.advertiser);
  await advertiser.goto('/#/campaign/list');
  await advertiser.getByRole('link', { name: 'Open the page of “Weekday Mornings”' }).click();
  await advertiser.getByRole('tab', { name: 'Ads' }).click();
  const ads = advertiser.getByRole('tabpanel');
  await expect(ads.getByText('Start your day right')).toBeVisible();
  await ads.getByRole('button', { name: /^(edit )?Edit$/ }).click();

  const dialog = advertiser.getByRole('dialog', { name: 'Edit ad' });
  await dialog.getByLabel('Headline').fill('Mornings, sorted');
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();
  await expect(ads.getByText('Change waiting for review')).toBeVisible();
  // The approved ad keeps its place until staff decide.
  await expect(ads.getByText('Start your day right')).toBeVisible();
  await expect(ads.getByText('Mornings, sorted')).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto('/#/advertiserCampaign');
  await staff.getByText('Ads to review', { exact: true }).click();
  await expect(staff.getByRole('radio', { name: /Ads to review/ })).toBeChecked();
  await staff.getByRole('button', { name: 'Weekday Mornings', exact: true }).click();
  await staff.getByRole('link', { name: 'Review the ads' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Weekday Mornings' })).toBeVisible();
  const toReview = staff.getByRole('tabpanel');
  await expect(toReview.getByText('Mornings, sorted')).toBeVisible();
  await toReview.getByRole('button', { name: /Approve/ }).click();
  await expect(toReview.getByText('Change waiting for review')).toBeHidden();

  await advertiser.reload();
  await expect(ads.getByText('Mornings, sorted')).toBeVisible();
  await expect(ads.getByText('Start your day right')).toBeHidden();
  await advertiser.getByRole('tab', { name: 'Change history' }).click();
  const history = advertiser.getByRole('tabpanel');
  await expect(history.getByText('Ad approved', { exact: true })).toBeVisible();
  await expect(history.getByText('Ad change sent', { exact: true })).toBeVisible();
});
