import fs from 'node:fs';
import path from 'node:path';
import { DEMO, expect, signIn, test } from './support';

// Publisher content end to end on the real server: the publisher puts two videos in a new series and
// submits it for publication from the video library; staff review the videos one by one, approving
// one and rejecting the other with a policy reason; the request ends rejected, with the reason shown
// to the publisher.

const clip = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../apps/server/src/demo/media', file));

test('the publisher submits a series; staff approve one video and reject the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const seriesName = `Shows ${stamp}`;
  const [first, second] = [`opening-${stamp}.webm`, `teaser-${stamp}.webm`];

  const publisher = await (await browser.newContext()).newPage();
  await signIn(publisher, DEMO.publisher);
  await publisher.goto('/#/videoLibrary');
  const seriesNav = publisher.getByRole('navigation', { name: 'Series' });
  await seriesNav.getByRole('button', { name: 'New series' }).click();
  const create = publisher.getByRole('dialog', { name: 'New series' });
  await create.getByLabel('Series name').fill(seriesName);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(seriesNav.getByRole('button', { name: new RegExp(`^${seriesName}`) })).toHaveAttribute('aria-current', 'true');
  const dropZone = publisher.locator('.video-dropzone input[type=file]');
  await dropZone.setInputFiles({ name: first, mimeType: 'video/webm', buffer: clip('store-opening.webm') });
  await expect(publisher.locator('.video-card', { hasText: first })).toBeVisible();
  await dropZone.setInputFiles({ name: second, mimeType: 'video/webm', buffer: clip('winter-blend-teaser.webm') });
  await expect(publisher.locator('.video-card', { hasText: second })).toBeVisible();

  await publisher.getByRole('button', { name: 'Submit for publication' }).first().click();
  const submit = publisher.getByRole('dialog', { name: `Submit for publication: ${seriesName}` });
  await expect(submit.getByText('2 videos to publish')).toBeVisible();
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(publisher.getByText(`Submitted for review: ${seriesName}`)).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto('/#/publisherContent/contentReview');
  const queue = staff.getByRole('list', { name: 'Videos to review' });
  const card = (name: string) => queue.getByRole('listitem', { name });
  // Each video plays in its card.
  await expect(card(first).getByLabel(`Video ${first}`)).toHaveAttribute('src', /sig=/);
  await card(first).getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`Approved: ${first}`)).toBeVisible();
  await expect(card(first)).toBeHidden();

  await card(second).getByRole('button', { name: 'Reject' }).click();
  const reject = staff.getByRole('dialog', { name: `Reject: ${second}` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByRole('alert')).toBeVisible();
  await reject.getByLabel('Policy reason').selectOption({ label: 'Poor quality (audio/video)' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(staff.getByText(`Rejected: ${second}`)).toBeVisible();
  await expect(card(second)).toBeHidden();

  // The publisher's request is rejected, the reason passed on.
  await publisher.goto('/#/publisherContent/requestApprovals');
  const row = publisher.getByRole('row').filter({ hasText: seriesName });
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: seriesName }).click();
  const drawer = publisher.getByRole('dialog', { name: `Publish series: ${seriesName}` });
  await expect(drawer.getByText('Reason: Poor quality (audio/video)')).toBeVisible();
});
