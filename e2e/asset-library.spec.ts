import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { axeScan, chooseOption, DEMO, expect, signIn, test } from './support';

// The image library end to end: upload with progress, a folder, a bulk move, delete to the bin and
// restore from it, on the real server.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A small striped RGB PNG; the seed makes its bytes (and so its hash) differ from any other run's. */
function png(width: number, height: number, seed: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * stride + 1 + x * 3;
      raw[i] = (seed * 37 + x) & 0xff;
      raw[i + 1] = (seed * 11 + y) & 0xff;
      raw[i + 2] = (seed >> 8) & 0xff;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const card = (page: Page, name: string) => page.locator('.image-card', { hasText: name });

test('an advertiser uploads, files, deletes and restores images', async ({ page }) => {
  test.setTimeout(90_000);
  const run = Date.now();
  const names = ['a', 'b', 'c'].map((letter) => `e2e-${run}-${letter}.png`);
  const folderName = `E2E ${run}`;

  await signIn(page, DEMO.advertiser);
  await page.goto('/#/assetLibrary/imageGallery');
  await expect(page.getByRole('heading', { name: 'Image Gallery', level: 1 })).toBeVisible();

  // Three uploads at once; the server's answers wait until the progress rows have been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Image/Upload**', async (route) => {
    await held;
    await route.continue();
  });
  await page.locator('.upload-dropzone input[type=file]').setInputFiles(
    names.map((name, index) => ({ name, mimeType: 'image/png', buffer: png(120 + index * 40, 90, run % 100_000 + index) })),
  );
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('progressbar')).toHaveCount(3);
  await expect(uploads.getByText('Uploading 3 files…')).toBeVisible();
  release();
  await expect(uploads.getByText('3 of 3 uploaded')).toBeVisible();
  await expect(uploads.locator('[data-status="done"]')).toHaveCount(3);
  await page.unroute('**/api/Image/Upload**');
  for (const name of names) await expect(card(page, name)).toBeVisible();

  // A new folder (creating it opens it: empty), then back to the root where the uploads went.
  await folders(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByLabel('Folder name').fill(folderName);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(folders(page).getByRole('button', { name: folderName, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('No images here yet.')).toBeVisible();
  await folders(page).getByRole('button', { name: 'Root', exact: true }).click();

  // Select the three and move them into the folder.
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bulk = page.getByRole('region', { name: 'Selected items' });
  await expect(bulk.getByText('3 selected')).toBeVisible();
  await bulk.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 3 images' });
  await chooseOption(page, move.getByRole('combobox', { name: 'Destination folder' }), folderName);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('3 images moved')).toBeVisible();
  for (const name of names) await expect(card(page, name)).toBeHidden();

  await folders(page).getByRole('button', { name: folderName, exact: true }).click();
  for (const name of names) await expect(card(page, name)).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^${folderName}\\s*3 images$`) })).toBeVisible();

  // The gallery passes an accessibility scan (no serious or critical violations).
  const { violations } = await axeScan(page, { include: '.asset-library' });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

  // Delete one: it goes to the recycle bin.
  const victim = names[1]!;
  await card(page, victim).getByRole('button', { name: `More actions for ${victim}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete “${victim}”?` }).getByRole('button', { name: 'Move to recycle bin' }).click();
  await expect(page.getByText('Image moved to the recycle bin')).toBeVisible();
  await expect(card(page, victim)).toBeHidden();
  const folderUrl = page.url();

  await page.goto('/#/assetLibrary/recycleBin');
  const row = page.getByRole('row', { name: new RegExp(victim) });
  await expect(row).toBeVisible();
  await expect(row.getByText(folderName)).toBeVisible();
  await expect(row.getByText('30 days')).toBeVisible();
  await row.getByRole('button', { name: `Restore ${victim}` }).click();
  await expect(page.getByText(`“${victim}” is back in ${folderName}.`)).toBeVisible();
  await expect(row).toBeHidden();

  // Back in its folder, with the other two.
  await page.goto(folderUrl);
  for (const name of names) await expect(card(page, name)).toBeVisible();
});
