import type { Browser } from '@playwright/test';
import { chooseOption, currentRoute, DEMO, expect, signIn, test } from './support';

// Ad slots end to end on the real server: a publisher creates a slot and submits it, staff approve
// it, the slot's tag calls from the publisher's site, and validation takes the slot live; the
// approved campaign's ad is placed there, the publisher rejects it and the advertiser sees why;
// the advertiser disapproves another slot and restores it.

const newPage = async (browser: Browser, email: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
};

test('a slot goes live, the approved campaign is placed on it and rejected; the advertiser sees it and disapproves and restores a slot', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `E2E slot ${stamp}`;
  const code = `e2e-${stamp}`;

  const publisher = await newPage(browser, DEMO.publisher);
  await publisher.goto('/#/adSlotManagement/review');
  await publisher.getByRole('button', { name: /New ad slot/ }).click();
  const form = publisher.getByRole('dialog', { name: 'New ad slot' });
  await form.getByLabel('Site name').fill('E2E News');
  await form.getByLabel('Domain').fill('news.e2e.example');
  await form.getByLabel('Slot name').fill(name);
  await form.getByLabel('Code').fill(code);
  await chooseOption(publisher, form.getByLabel('Position'), 'Header');
  await chooseOption(publisher, form.getByLabel('Size'), '728×90');
  await form.getByLabel(/Floor CPM/).fill('1.25');
  await form.getByRole('button', { name: 'Save and submit' }).click();
  await expect(publisher.getByText(`“${name}” was sent for review`)).toBeVisible();
  await expect.poll(() => currentRoute(publisher)).toMatch(/^adSlotManagement\/review\?.*slot=\d+/);
  const slotId = Number(new URLSearchParams(currentRoute(publisher).split('?')[1]).get('slot'));

  // Staff: the Action Center's item opens the slot; approve it.
  const staff = await newPage(browser, DEMO.staff);
  await staff.goto(`/#/adSlotManagement/review?slot=${slotId}`);
  const review = staff.getByRole('region', { name: /Review/ });
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`“${name}” approved`)).toBeVisible();
  await staff.context().close();

  // The publisher's validation page: not live until the tag calls.
  await publisher.goto('/#/adSlotManagement/validation');
  const card = publisher.locator('section.slot-validation-card', { has: publisher.getByRole('heading', { name: new RegExp(name) }) });
  await expect(card).toBeVisible();
  const snippet = await card.getByLabel('Tag').textContent();
  const tagKey = /data-slot="([^"]+)"/.exec(snippet ?? '')?.[1];
  expect(tagKey).toBeTruthy();
  await card.getByRole('button', { name: /Validate now/ }).click();
  await expect(card.getByRole('img', { name: 'Failed' })).toHaveCount(3);

  // The tag's ad request, as the publisher's page on its site makes it: no ad yet, but seen.
  const answer = await publisher.request.get(`/serve/ad?slot=${tagKey}&w=728&h=90&f=banner`, { headers: { origin: 'https://www.news.e2e.example' } });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ ad: null });
  await card.getByRole('button', { name: /Validate now/ }).click();
  await expect(publisher.getByText(`“${name}” is live`)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Passed' })).toHaveCount(3);
  await expect(card.getByText('Live', { exact: true })).toBeVisible();

  // Spring Blend (the demo's approved campaign) has a 728×90 ad: once the slot is live, the server
  // places it there, and it waits in Placement Review (or is approved at once by the auto policy).
  await publisher.goto(`/#/adPlacementManagement/review?slot=${slotId}`);
  const placement = publisher.getByRole('row').filter({ hasText: 'Spring Blend is here' });
  await expect
    .poll(
      async () => {
        await publisher.reload();
        await publisher.getByRole('heading', { name: 'Placement Review' }).waitFor();
        await publisher.getByText(/\d+ placements?$/).first().waitFor();
        return placement.count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(placement.getByText(name)).toBeVisible();
  await placement.getByRole('button', { name: `Reject “Spring Blend is here” on ${name}` }).click();
  const reject = publisher.getByRole('dialog', { name: 'Reject this placement' });
  const reason = `Not on our new ${stamp} page yet.`;
  await reject.getByLabel('Reason for the advertiser').fill(reason);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(publisher.getByText('“Spring Blend is here” rejected; its advertiser has been told why')).toBeVisible();
  await publisher.context().close();

  // The advertiser sees the rejection, with its reason, under Disapproved Placements.
  const advertiser = await newPage(browser, DEMO.advertiser);
  await advertiser.goto('/#/advAdSlotManagement/disapprovedPlacement');
  const rejected = advertiser.getByRole('row').filter({ hasText: name });
  await expect(rejected).toContainText('Spring Blend is here');
  await expect(rejected).toContainText(reason);
  await expect(rejected).toContainText('Parker Publisher');

  // It disapproves another slot in the catalogue, finds it among its disapprovals, and restores it.
  await advertiser.goto('/#/advAdSlotManagement/review');
  const leaderboard = advertiser.getByRole('row').filter({ hasText: 'Home leaderboard' });
  await leaderboard.getByRole('button', { name: 'More actions for Home leaderboard' }).click();
  await advertiser.getByRole('menuitem', { name: 'Disapprove…' }).click();
  const disapprove = advertiser.getByRole('dialog', { name: 'Disapprove “Home leaderboard”?' });
  await disapprove.getByLabel('Reason').fill(`Testing ${stamp}`);
  await disapprove.getByRole('button', { name: 'Disapprove' }).click();
  await expect(leaderboard).toContainText('Disapproved');
  await advertiser.goto('/#/advAdSlotManagement/disapprovedPlacement?tab=slots');
  const mine = advertiser.getByRole('row').filter({ hasText: 'Home leaderboard' });
  await expect(mine).toContainText(`Testing ${stamp}`);
  await mine.getByRole('button', { name: /^Approve/ }).click();
  await expect(mine).toHaveCount(0);
  await advertiser.goto('/#/advAdSlotManagement/review');
  await expect(leaderboard).toContainText('Allowed');
  await advertiser.context().close();
});
