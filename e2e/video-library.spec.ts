import type { Page } from '@playwright/test';
import { axeScan, chooseOption, DEMO, expect, signIn, test } from './support';

// The video library end to end on the real server: a chunked upload with progress (duration and
// resolution read by the server), a poster taken from a chosen moment, a series, moving a video
// into it, a second upload straight into the series, and rearranging the series' order.

/** A real webm made in the page: a canvas animation recorded by MediaRecorder for `ms`. */
async function recordWebm(page: Page, label: string, ms = 2000): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ label, ms }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      let frame = 0;
      const draw = () => {
        context.fillStyle = `hsl(${(frame * 7) % 360} 70% 45%)`;
        context.fillRect(0, 0, 320, 240);
        context.fillStyle = '#fff';
        context.font = 'bold 28px sans-serif';
        context.fillText(`${label} ${frame++}`, 16, 130);
      };
      draw();
      const timer = setInterval(draw, 40);
      recorder.start(200);
      await new Promise((resolve) => setTimeout(resolve, ms));
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      return Array.from(new Uint8Array(await new Blob(parts).arrayBuffer()));
    },
    { label, ms },
  );
  return Buffer.from(bytes);
}

const seriesNav = (page: Page) => page.getByRole('navigation', { name: 'Series' });
const card = (page: Page, name: string) => page.locator('.video-card', { hasText: name });
const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const dropZone = (page: Page) => page.locator('.video-dropzone input[type=file]');

test('an advertiser uploads a video, picks its poster, files it in a series and rearranges the series', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now();
  const first = `e2e-${run}-first.webm`;
  const second = `e2e-${run}-second.webm`;
  const seriesName = `E2E series ${run}`;

  await signIn(page, DEMO.advertiser);
  await page.goto('/#/videoLibrary');
  await expect(page.getByRole('heading', { name: 'Video Library', level: 1 })).toBeVisible();
  const firstBytes = await recordWebm(page, `A${run % 1000}`);

  // The upload: its chunk waits until the progress row has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Video/UploadChunk**', async (route) => {
    await held;
    await route.continue();
  });
  await dropZone(page).setInputFiles({ name: first, mimeType: 'video/webm', buffer: firstBytes });
  await expect(uploads(page).getByRole('progressbar', { name: `Upload progress of ${first}` })).toBeVisible();
  await expect(uploads(page).getByText('Uploading 1 video…')).toBeVisible();
  release();
  await expect(uploads(page).getByText('1 of 1 uploaded')).toBeVisible();
  await page.unroute('**/api/Video/UploadChunk**');

  // The server read the duration and the size from the file.
  await expect(card(page, first)).toBeVisible();
  await expect(card(page, first).locator('.video-card-duration')).toHaveText('0:02');
  await expect(card(page, first).getByText('320×240')).toBeVisible();
  await expect(card(page, first).getByText('VP8')).toBeVisible();

  // The poster: a frame from a chosen moment.
  await card(page, first).getByRole('button', { name: `More actions for ${first}` }).click();
  await page.getByRole('menuitem', { name: 'Set poster' }).click();
  const player = page.getByRole('dialog', { name: first });
  await expect(player.getByText('No poster yet')).toBeVisible();
  const useFrame = player.getByRole('button', { name: 'Use this frame' });
  await expect(useFrame).toBeEnabled();
  const moment = player.getByRole('slider', { name: 'Moment for the poster' });
  await moment.focus();
  for (let i = 0; i < 10; i++) await moment.press('ArrowRight');
  await expect(player.getByText(/^0:01\.0 \//)).toBeVisible();
  await expect.poll(() => player.locator('.video-poster-capture video').evaluate((video: HTMLVideoElement) => Math.round(video.currentTime * 10))).toBe(10);
  await useFrame.click();
  await expect(page.getByText('Poster saved')).toBeVisible();
  await expect(player.getByRole('img', { name: `Poster of ${first}` })).toBeVisible();
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, first).locator('img.video-poster')).toBeVisible();

  // A series (creating it opens it: empty).
  await seriesNav(page).getByRole('button', { name: 'New series' }).click();
  const create = page.getByRole('dialog', { name: 'New series' });
  await create.getByLabel('Series name').fill(seriesName);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(seriesNav(page).getByRole('button', { name: new RegExp(`^${seriesName}`) })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('No videos in this series yet.', { exact: false })).toBeVisible();

  // Back to all videos: the first goes into the series.
  await seriesNav(page).getByRole('button', { name: 'All videos' }).click();
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  const bulk = page.getByRole('region', { name: 'Selected videos' });
  await bulk.getByRole('button', { name: 'Move to series…' }).click();
  const move = page.getByRole('dialog', { name: `Move “${first}” to a series` });
  await chooseOption(page, move.getByRole('combobox', { name: 'Series' }), seriesName);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(`Video moved to “${seriesName}”`)).toBeVisible();

  // Inside the series, a second upload goes straight to its end.
  await seriesNav(page).getByRole('button', { name: new RegExp(`^${seriesName}`) }).click();
  await expect(card(page, first)).toBeVisible();
  const secondBytes = await recordWebm(page, `B${run % 1000}`, 1200);
  await dropZone(page).setInputFiles({ name: second, mimeType: 'video/webm', buffer: secondBytes });
  await expect(uploads(page).locator('[data-status="done"]')).toHaveCount(2);
  await expect(card(page, second)).toBeVisible();
  await expect(card(page, second).locator('.video-card-position')).toHaveText('#2');

  // The accessibility scan (no serious or critical violations).
  const { violations } = await axeScan(page, { include: '.video-library' });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

  // Rearrange: the second goes first, and stays first after a reload.
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Arrange').click();
  const order = page.getByRole('list', { name: `Order of ${seriesName}` });
  await expect(order.locator('.series-order-name')).toHaveText([first, second]);
  await order.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(order.locator('.series-order-name')).toHaveText([second, first]);
  await expect(page.getByText(`${second} moved to position 1 of 2`)).toBeAttached();
  await page.reload();
  await expect(page.getByRole('list', { name: `Order of ${seriesName}` }).locator('.series-order-name')).toHaveText([second, first]);

  const arrange = await axeScan(page, { include: '.video-library' });
  const seriousArrange = arrange.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(seriousArrange, JSON.stringify(seriousArrange, null, 2)).toEqual([]);
});

test('a publisher deletes a video and restores it from the library’s own recycle bin', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `e2e-${Date.now()}-pub.webm`;

  await signIn(page, DEMO.publisher);
  await page.goto('/#/videoLibrary');
  await expect(page.getByRole('heading', { name: 'Video Library', level: 1 })).toBeVisible();
  await dropZone(page).setInputFiles({ name, mimeType: 'video/webm', buffer: await recordWebm(page, 'P', 1000) });
  await expect(card(page, name)).toBeVisible();

  await card(page, name).getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete “${name}”?` }).getByRole('button', { name: 'Move to recycle bin' }).click();
  await expect(page.getByText('Video moved to the recycle bin')).toBeVisible();
  await expect(card(page, name)).toBeHidden();

  // A publisher's menu has no Recycle Bin: the library keeps its own.
  await seriesNav(page).getByRole('button', { name: 'Recycle bin' }).click();
  const row = page.getByRole('row', { name: new RegExp(name.replace(/\./g, '\\.')) });
  await expect(row.getByText('Not in a series')).toBeVisible();
  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText(`“${name}” is back in the video library, outside any series.`)).toBeVisible();
  await expect(row).toBeHidden();

  await seriesNav(page).getByRole('button', { name: 'All videos' }).click();
  await expect(card(page, name)).toBeVisible();
});
