import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as contracts from '@ads/contracts';
import {
  createFolder,
  deleteFolder,
  deleteImages,
  folderTree,
  imageDetail,
  imageFile,
  imageList,
  imageStorageUsage,
  moveFolder,
  moveImages,
  recycleDeleteForever,
  recycleEmpty,
  recycleList,
  recycleRestore,
  rejectedImageList,
  renameFolder,
  renameImage,
  replaceRejectedImage,
  uploadImage,
} from '@ads/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { DEMO_USERS } from '../../demo/demo';
import { multipart } from '../../test/multipart';
import { endpointsTagged, foreign, proveForeignIdsAnswer404 } from '../../test/tenancy';
import { addTestAccount, buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller, Payload } from '../../test/typed-client';
import { contentDisposition } from '../../http/raw-route';
import { workflow } from '../../test/workflow';
import { tellStoppedAds } from '../placements/stopped-ads';
import { interlaced16BitPng } from '../../test/test-images';
import type { ImageUsage } from './assets.service';

// A stand-in for the campaigns module: which ads show which images.
let imageUsage: ImageUsage = async () => new Map();
const setImageUsage = (usage: ImageUsage) => (imageUsage = usage);

let colour = 0;
/** A real image, different every call. */
const makeImage = async (format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png', width = 64, height = 48) => {
  colour++;
  const background = { r: colour % 256, g: (colour * 7) % 256, b: (colour * 13) % 256 };
  const pixel = { input: Buffer.from([colour % 256, 0, 0]), raw: { width: 1, height: 1, channels: 3 as const }, left: colour % width, top: 0 };
  return sharp({ create: { width, height, channels: 3, background } }).composite([pixel]).toFormat(format).toBuffer();
};

/** A valid PNG whose header declares another size (a decompression bomb's shape). */
const pngDeclaring = (png: Buffer, width: number, height: number) => {
  const out = Buffer.from(png);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type + data.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
};

describe('asset library', () => {
  let t: TestApp;
  let adv: Caller;
  let other: Caller;
  let staff: Caller;

  const upload = (caller: Caller, file: Buffer, filename = 'photo.png', query: Payload<typeof uploadImage> = {}) =>
    caller.send(uploadImage, query, multipart(file, filename));
  const uploadOk = async (caller: Caller, filename = 'photo.png', query: Payload<typeof uploadImage> = {}, file?: Buffer) => {
    const res = await upload(caller, file ?? (await makeImage()), filename, query);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** A signed link is all it takes: no Authorization header (that is what <img src> sends). */
  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });
  const folder = async (caller: Caller, name: string, parentId: number | null = null) => {
    const res = await caller.call(createFolder, { name, parentId });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const list = async (caller: Caller, query: Payload<typeof imageList> = {}) => {
    const res = await caller.call(imageList, query);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const bin = async (caller: Caller) => {
    const res = await caller.call(recycleList, { pageSize: 200 });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const filesOnDisk = () => {
    const dir = path.join(t.dataDir, 'files', 'images');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };

  beforeAll(async () => {
    t = await buildTestApp({ imageUsage: (db, ids) => imageUsage(db, ids) });
    adv = t.as('advertiser');
    staff = t.as('staff');
    other = t.as((await addTestAccount(t, 'advertiser', 'Other Advertiser')).user);
    // Signed in now, as before: a session made later would start on a moved clock.
    await Promise.all([adv.token(), staff.token(), other.token()]);
  });
  afterAll(() => t?.close());

  describe('upload', () => {
    it.each(['png', 'jpeg', 'gif', 'webp'] as const)('accepts %s judged from the bytes, with its metadata', async (format) => {
      // The name says nothing: the bytes decide.
      const file = await makeImage(format, 40, 30);
      const image = await uploadOk(adv, `creative-${format}.bin`, {}, file);
      expect(image).toMatchObject({ format, width: 40, height: 30, bytes: file.length, reviewStatus: 'unreviewed', folderId: null });
      expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('refuses a text file, an SVG and an executable named .png', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]);
      for (const [file, name] of [
        [Buffer.from('just some text, not an image'), 'notes.png'],
        [svg, 'logo.svg'],
        [svg, 'logo.png'],
        [exe, 'setup.png'],
      ] as const) {
        const res = await upload(adv, file, name);
        expect(res.status, name).toBe(400);
        expect(res.error.errorCode).toBe('IMAGE_TYPE_NOT_ALLOWED');
      }
    });

    it('refuses more than 5 MB with 413 and stores nothing', async () => {
      const before = filesOnDisk();
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
      (await makeImage()).copy(big);
      const res = await upload(adv, big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.error.errorCode).toBe('PAYLOAD_TOO_LARGE');
      expect(filesOnDisk()).toBe(before);
    });

    it('refuses a small PNG declaring a huge size without decoding it', async () => {
      const bomb = pngDeclaring(await makeImage('png', 8, 8), 100_000, 100_000);
      const res = await upload(adv, bomb, 'bomb.png');
      expect(res.status).toBe(400);
      expect(res.error.errorCode).toBe('IMAGE_TOO_LARGE_PIXELS');
    });

    it('refuses a small interlaced 16-bit PNG that would need too much memory to decode, and stores nothing', async () => {
      // 7000 × 7000 is under the 50 MP limit, but 16-bit RGB decoded is 294 MB.
      const before = filesOnDisk();
      const res = await upload(adv, await interlaced16BitPng(7000, 7000), 'deep.png');
      expect(res.status, res.text).toBe(400);
      expect(res.error).toMatchObject({ errorCode: 'IMAGE_TOO_LARGE_DECODED', error: expect.stringMatching(/memory.*8 bits per channel/) });
      expect(filesOnDisk()).toBe(before);
      // A 16-bit interlaced image within the bound is an ordinary upload.
      const fine = await uploadOk(adv, 'deep-small.png', {}, await interlaced16BitPng(1200, 900, 4, 'fine'));
      expect(fine).toMatchObject({ format: 'png', width: 1200, height: 900 });
    });

    it('answers 409 with the existing image for an exact duplicate, and stores no second copy', async () => {
      const file = await makeImage();
      const first = await uploadOk(adv, 'original.png', {}, file);
      const res = await upload(adv, file, 'copy.png');
      expect(res.status).toBe(409);
      expect(res.error).toMatchObject({
        errorCode: 'IMAGE_DUPLICATE',
        existing: { id: first.id, name: 'original.png', inRecycleBin: false },
      });
      expect((await list(adv, { search: 'copy' })).total).toBe(0);
      // Another account may hold the same bytes.
      expect((await upload(other, file, 'mine.png')).status).toBe(200);
    });

    it('makes a thumbnail and serves both files with safe headers', async () => {
      const image = await uploadOk(adv, 'résumé final (2).png', {}, await makeImage('png', 1000, 500));
      const thumb = await fetchLink(image.thumbnailUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['x-content-type-options']).toBe('nosniff');
      expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });

      const original = await fetchLink(image.downloadUrl);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.rawPayload.length).toBe(image.bytes);
      expect(original.headers['content-disposition']).toBe(
        `attachment; filename="r_sum_ final (2).png"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final%20%282%29.png`,
      );
      const inline = await fetchLink(image.url);
      expect(inline.headers['content-disposition']).toMatch(/^inline; /);
      // Staff read any account's images (campaign review), links included.
      const detail = await staff.call(imageDetail, { id: image.id });
      expect(detail.status).toBe(200);
      expect((await fetchLink(detail.body.thumbnailUrl)).statusCode).toBe(200);
    });

    it('serves files only through valid, unexpired links made for that file', async () => {
      const image = await uploadOk(adv, 'linked.png');
      const second = await uploadOk(adv, 'second.png');
      // Stable within its period, so the browser's cache holds.
      expect((await adv.call(imageDetail, { id: image.id })).body.thumbnailUrl).toBe(image.thumbnailUrl);
      const forged = [
        image.thumbnailUrl.replace(`id=${image.id}`, `id=${second.id}`),
        image.thumbnailUrl.replace('variant=thumbnail', 'variant=original'),
        image.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAA'),
        image.url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 3600}`),
        `/api/Image/File?id=${image.id}`,
      ];
      for (const url of forged) expect((await fetchLink(url)).statusCode, url).toBeGreaterThanOrEqual(400);
      for (const url of forged.slice(0, 4)) expect((await fetchLink(url)).statusCode, url).toBe(404);
      // A day later the link has expired (the clock goes back after, for the sessions of later tests).
      t.clock.advance(25 * 3600_000);
      const expired = await fetchLink(image.thumbnailUrl);
      t.clock.advance(-25 * 3600_000);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().errorCode).toBe('FILE_LINK_EXPIRED');
    });

    it('uploads into a folder of the account only', async () => {
      const f = await folder(adv, 'Upload target');
      const image = await uploadOk(adv, 'in-folder.png', { folderId: f.id });
      expect(image.folderId).toBe(f.id);
      const foreign = await folder(other, 'Not yours');
      const res = await upload(adv, await makeImage(), 'x.png', { folderId: foreign.id });
      expect(res.status).toBe(404);
    });
  });

  describe('folders', () => {
    it('keeps names unique among siblings, case-insensitively, trimmed', async () => {
      const parent = await folder(adv, 'Brand A');
      await folder(adv, 'Summer', parent.id);
      const clash = await adv.call(createFolder, { name: '  summer ', parentId: parent.id });
      expect(clash.status).toBe(409);
      expect(clash.error.fields?.name).toBeTruthy();
      // Elsewhere in the tree the name is free.
      expect((await folder(adv, 'Summer')).name).toBe('Summer');
      const empty = await adv.call(createFolder, { name: '   ', parentId: null });
      expect(empty.status).toBe(400);
      expect((await adv.call(createFolder, { name: 'x'.repeat(101), parentId: null })).status).toBe(400);
    });

    it('renames and moves with the version; a stale one answers 409', async () => {
      const a = await folder(adv, 'Versioned');
      const renamed = await adv.call(renameFolder, { id: a.id, version: a.version, name: 'Versioned 2' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Versioned 2', version: a.version + 1 });
      const stale = await adv.call(renameFolder, { id: a.id, version: a.version, name: 'Other' });
      expect(stale.status).toBe(409);
      expect(stale.error.errorCode).toBe('STALE_VERSION');
      const target = await folder(adv, 'Move target');
      const moved = await adv.call(moveFolder, { id: a.id, version: a.version + 1, parentId: target.id });
      expect(moved.status).toBe(200);
      expect(moved.body.parentId).toBe(target.id);
      const tree = (await adv.call(folderTree)).body;
      expect(tree.items.find((f) => f.id === a.id)?.parentId).toBe(target.id);
    });

    it('refuses moving a folder into itself or a descendant', async () => {
      const top = await folder(adv, 'Top');
      const mid = await folder(adv, 'Mid', top.id);
      const leaf = await folder(adv, 'Leaf', mid.id);
      for (const parentId of [top.id, leaf.id, mid.id]) {
        const res = await adv.call(moveFolder, { id: top.id, version: top.version, parentId });
        expect(res.status).toBe(409);
        expect(res.error.errorCode).toBe('FOLDER_MOVE_INVALID');
        expect(res.error.error).toMatch(/cannot be moved into/);
      }
    });

    it('refuses a move that makes a sibling name clash', async () => {
      const p = await folder(adv, 'Clash parent');
      await folder(adv, 'Dup', p.id);
      const d = await folder(adv, 'Dup');
      const res = await adv.call(moveFolder, { id: d.id, version: d.version, parentId: p.id });
      expect(res.status).toBe(409);
      expect(res.error.fields?.name).toBeTruthy();
    });
  });

  describe('images', () => {
    it('lists with filters, sort and paging', async () => {
      const f = await folder(adv, 'Listing');
      const small = await uploadOk(adv, 'zeta small.png', { folderId: f.id }, await makeImage('png', 10, 10));
      const big = await uploadOk(adv, 'alpha big.jpg', { folderId: f.id }, await makeImage('jpeg', 600, 400));
      const mid = await uploadOk(adv, 'Mid one.webp', { folderId: f.id }, await makeImage('webp', 200, 100));

      const byName = await list(adv, { folderId: f.id, sort: 'name', order: 'asc' });
      expect(byName.items.map((i) => i.id)).toEqual([big.id, mid.id, small.id]);
      expect(byName).toMatchObject({ total: 3, page: 1, pageSize: 50 });
      const bySize = await list(adv, { folderId: f.id, sort: 'bytes', order: 'desc' });
      expect(bySize.items.map((i) => i.bytes)).toEqual([...bySize.items.map((i) => i.bytes)].sort((a, b) => b - a));
      expect((await list(adv, { folderId: f.id, format: 'jpeg' })).items.map((i) => i.id)).toEqual([big.id]);
      expect((await list(adv, { folderId: f.id, search: 'MID' })).items.map((i) => i.id)).toEqual([mid.id]);
      const ranged = await list(adv, { folderId: f.id, minBytes: small.bytes + 1 });
      expect(ranged.items.map((i) => i.id)).not.toContain(small.id);
      expect((await list(adv, { folderId: f.id, maxBytes: small.bytes })).items.map((i) => i.id)).toEqual([small.id]);
      expect((await list(adv, { folderId: f.id, reviewStatus: 'approved' })).total).toBe(0);
      const page2 = await list(adv, { folderId: f.id, sort: 'name', order: 'asc', page: 2, pageSize: 2 });
      expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page2.items.map((i) => i.id)).toEqual([small.id]);
      expect((await adv.call(imageList, { pageSize: 201 })).status).toBe(400);
      expect((await adv.callUnchecked(imageList, { sort: 'sha256' })).status).toBe(400);
      expect((await list(adv, { root: 'true' })).items.every((i) => i.folderId === null)).toBe(true);
    });

    it('keeps image names unique in a folder, case-insensitively, as folders do', async () => {
      const f = await folder(adv, 'Unique names');
      const first = await uploadOk(adv, 'Logo.png', { folderId: f.id });
      const second = await uploadOk(adv, 'other.png', { folderId: f.id });
      // Rename: 409 with a field error, nothing changes.
      const clash = await adv.call(renameImage, { id: second.id, version: second.version, name: ' logo.PNG ' });
      expect(clash.status, clash.text).toBe(409);
      expect(clash.error).toMatchObject({ errorCode: 'NAME_TAKEN', fields: { name: expect.any(String) } });
      // Its own name in another case is fine.
      expect((await adv.call(renameImage, { id: first.id, version: first.version, name: 'LOGO.png' })).status).toBe(200);
      // Uploads get the suffix restore gives.
      expect((await uploadOk(adv, 'logo.png', { folderId: f.id })).name).toBe('logo (1).png');
      expect((await uploadOk(adv, 'logo.png', { folderId: f.id })).name).toBe('logo (2).png');
      // Another folder, or the root, may hold the same name; moving it here may not.
      const elsewhere = await uploadOk(adv, 'Logo.png');
      expect(elsewhere.name).toBe('Logo.png');
      const move = await adv.call(moveImages, { ids: [elsewhere.id], folderId: f.id });
      expect(move.status, move.text).toBe(409);
      expect(move.error.errorCode).toBe('NAME_TAKEN');
      expect((await adv.call(imageDetail, { id: elsewhere.id })).body.folderId).toBeNull();
      // A deleted image's name is free again.
      expect((await adv.call(deleteImages, { ids: [second.id] })).status).toBe(200);
      expect((await adv.call(renameImage, { id: first.id, version: first.version + 1, name: 'other.png' })).status).toBe(200);
    });

    it('renames with the version, moves and deletes in bulk', async () => {
      const a = await uploadOk(adv, 'bulk-a.png');
      const b = await uploadOk(adv, 'bulk-b.png');
      const renamed = await adv.call(renameImage, { id: a.id, version: a.version, name: ' hero.png ' });
      expect(renamed.body).toMatchObject({ name: 'hero.png', version: a.version + 1 });
      expect((await adv.call(renameImage, { id: a.id, version: a.version, name: 'x.png' })).status).toBe(409);
      const f = await folder(adv, 'Bulk');
      const moved = await adv.call(moveImages, { ids: [a.id, b.id], folderId: f.id });
      expect(moved.body).toEqual({ ok: true, changed: 2 });
      expect((await list(adv, { folderId: f.id })).total).toBe(2);
      const back = await adv.call(moveImages, { ids: [a.id], folderId: null });
      expect(back.body.changed).toBe(1);
      const deleted = await adv.call(deleteImages, { ids: [a.id, b.id] });
      expect(deleted.body).toEqual({ ok: true, changed: 2 });
      expect((await adv.call(imageDetail, { id: a.id })).body.inRecycleBin).toBe(true);
      const items = (await bin(adv)).items;
      expect(items.filter((i) => i.kind === 'image' && [a.id, b.id].includes(i.id)).map((i) => i.daysLeft)).toEqual([30, 30]);
    });
  });

  describe('recycle bin', () => {
    it('deletes a folder with its subfolders and images, and restores them together', async () => {
      const top = await folder(adv, 'Campaign X');
      const sub = await folder(adv, 'Banners', top.id);
      const i1 = await uploadOk(adv, 'x1.png', { folderId: top.id });
      const i2 = await uploadOk(adv, 'x2.png', { folderId: sub.id });
      const res = await adv.call(deleteFolder, { id: top.id });
      expect(res.body).toEqual({ ok: true, folders: 2, images: 2 });
      const tree = (await adv.call(folderTree)).body;
      expect(tree.items.map((f) => f.id)).not.toContain(sub.id);
      expect((await adv.call(imageDetail, { id: i2.id })).body.inRecycleBin).toBe(true);
      const row = (await bin(adv)).items.find((i) => i.kind === 'folder' && i.id === top.id);
      expect(row).toMatchObject({ name: 'Campaign X', contains: { folders: 1, images: 2 }, daysLeft: 30 });
      // Only the folder is a row of the bin: its content travels with it.
      expect((await bin(adv)).items.find((i) => i.kind === 'image' && i.id === i1.id)).toBeUndefined();

      const restored = await adv.call(recycleRestore, { items: [{ kind: 'folder', id: top.id }] });
      expect(restored.status, restored.text).toBe(200);
      expect((await list(adv, { folderId: sub.id })).items.map((i) => i.id)).toEqual([i2.id]);
      expect((await list(adv, { folderId: top.id })).items.map((i) => i.id)).toEqual([i1.id]);
    });

    it("shows where an image returns and brings its folder chain back from the bin with it", async () => {
      const top = await folder(adv, 'Season');
      const sub = await folder(adv, 'Week 1', top.id);
      const img = await uploadOk(adv, 'alone.png', { folderId: sub.id });
      const sibling = await uploadOk(adv, 'sibling.png', { folderId: top.id });
      await adv.call(deleteImages, { ids: [img.id] });
      await adv.call(deleteFolder, { id: top.id });
      await folder(adv, 'season'); // takes the name meanwhile
      const row = (await bin(adv)).items.find((i) => i.kind === 'image' && i.id === img.id);
      expect(row).toMatchObject({
        originalFolderId: sub.id,
        originalFolderName: 'Week 1',
        returnsTo: [
          { id: top.id, name: 'Season', inRecycleBin: true },
          { id: sub.id, name: 'Week 1', inRecycleBin: true },
        ],
      });

      const res = await adv.call(recycleRestore, { items: [{ kind: 'image', id: img.id }] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.restored).toEqual([{ kind: 'image', id: img.id, name: 'alone.png', folderId: sub.id }]);
      const tree = ((await adv.call(folderTree)).body).items;
      expect(tree.find((f) => f.id === top.id)).toMatchObject({ name: 'Season (1)', parentId: null });
      expect(tree.find((f) => f.id === sub.id)).toMatchObject({ name: 'Week 1', parentId: top.id });
      // What was deleted with the folder stays in the bin, now an item of its own that returns there.
      const items = (await bin(adv)).items;
      expect(items.find((i) => i.kind === 'folder' && i.id === top.id)).toBeUndefined();
      expect(items.find((i) => i.kind === 'image' && i.id === sibling.id)).toMatchObject({
        returnsTo: [{ id: top.id, name: 'Season (1)', inRecycleBin: false }],
      });
      const back = await adv.call(recycleRestore, { items: [{ kind: 'image', id: sibling.id }] });
      expect(back.body.restored).toEqual([{ kind: 'image', id: sibling.id, name: 'sibling.png', folderId: top.id }]);
    });

    it('restores to the root when the original folder is gone for good, with a suffix on a name clash', async () => {
      const f = await folder(adv, 'Temporary');
      const img = await uploadOk(adv, 'lonely.png', { folderId: f.id });
      await adv.call(deleteImages, { ids: [img.id] });
      await adv.call(deleteFolder, { id: f.id });
      expect((await adv.call(recycleDeleteForever, { items: [{ kind: 'folder', id: f.id }] })).status).toBe(200);
      expect((await bin(adv)).items.find((i) => i.kind === 'image' && i.id === img.id)).toMatchObject({ originalFolderId: null, returnsTo: [] });
      await uploadOk(adv, 'lonely.png'); // the same name, now at the root
      const res = await adv.call(recycleRestore, { items: [{ kind: 'image', id: img.id }] });
      expect(res.body.restored).toEqual([{ kind: 'image', id: img.id, name: 'lonely (1).png', folderId: null }]);

      const a = await folder(adv, 'Reports');
      await adv.call(deleteFolder, { id: a.id });
      await folder(adv, 'reports');
      const again = await adv.call(recycleRestore, { items: [{ kind: 'folder', id: a.id }] });
      expect(again.body.restored[0]).toMatchObject({ name: 'Reports (1)', folderId: null });
    });

    it('deletes forever and empties the bin, removing files no other image uses', async () => {
      const shared = await makeImage();
      const mine = await uploadOk(adv, 'shared.png', {}, shared);
      const theirs = await uploadOk(other, 'shared.png', {}, shared);
      const lone = await uploadOk(adv, 'lone.png');
      await adv.call(deleteImages, { ids: [mine.id, lone.id] });
      const f = await folder(adv, 'To purge');
      await uploadOk(adv, 'in-purged.png', { folderId: f.id });
      await adv.call(deleteFolder, { id: f.id });
      const before = filesOnDisk();

      const forever = await adv.call(recycleDeleteForever, { items: [{ kind: 'image', id: lone.id }] });
      expect(forever.body).toEqual({ ok: true, folders: 0, images: 1, videos: 0 });
      expect(filesOnDisk()).toBe(before - 1);

      const emptied = await adv.call(recycleEmpty);
      expect(emptied.status).toBe(200);
      expect(emptied.body.folders).toBeGreaterThanOrEqual(1);
      expect((await bin(adv)).total).toBe(0);
      // The shared bytes are still another account's image; the folder's image is gone.
      expect(filesOnDisk()).toBeLessThan(before - 1);
      const file = await fetchLink(theirs.url);
      expect(file.statusCode).toBe(200);
      // A purged image's links die with it.
      expect((await fetchLink(mine.thumbnailUrl)).statusCode).toBe(404);
      expect((await adv.call(recycleRestore, { items: [{ kind: 'image', id: mine.id }] })).status).toBe(404);
    });
  });

  describe('deleting what live ads show', () => {
    const creativesBinned = async () => {
      const inbox = await adv.ok(contracts.notificationsList, { pageSize: 200 });
      if (inbox.unchanged) throw new Error('unexpected unchanged answer');
      return { infos: inbox.infos.filter((i) => i.messageKey === 'campaign.creativesBinned'), menus: inbox.menus };
    };

    it("tells the account once per campaign and deletion when an active campaign's ads stop, leading to the campaign", async () => {
      const wf = workflow(t, staff, { width: 64, height: 48 });
      const hero = await uploadOk(adv, 'hero.png');
      const spare = await uploadOk(adv, 'spare.png');
      const live = await wf.approvedCampaign(adv, [hero.id, hero.id, spare.id]);
      expect(live.status).toBe('active');
      // A paused campaign serves nothing: nothing stops.
      const resting = await wf.approvedCampaign(adv, [hero.id]);
      await adv.ok(contracts.pauseCampaign, { id: resting.id, version: resting.version });
      const before = (await creativesBinned()).infos.length;

      const deletedAt = t.clock.now;
      expect((await adv.call(deleteImages, { ids: [hero.id], confirmInUse: true })).body).toEqual({ ok: true, changed: 1 });
      const { infos, menus } = await creativesBinned();
      expect(infos).toHaveLength(before + 1);
      const told = infos[0]!;
      expect(told).toMatchObject({ type: contracts.NOTIFICATION_TYPES.event, menuId: 105, params: { campaignId: live.id, name: live.name, count: 2, creatives: 'hero.png' } });
      // It leads to the Campaign List, which opens the campaign (?campaign=…) with its delivery panel.
      expect(menus['105']!.url).toBe('campaign/list');
      expect(contracts.MENU_GUARDED_ROUTES).toContain(menus['105']!.url);
      expect((await adv.ok(contracts.campaignDetail, { id: live.id })).id).toBe(live.id);

      // The same deletion told again (a retried hand-over) writes nothing; deleting it again is a 404.
      await t.database.db.transaction((tx) => tellStoppedAds(tx, t.services.notifications, { kind: 'image', ids: [hero.id] }, deletedAt));
      expect((await adv.call(deleteImages, { ids: [hero.id], confirmInUse: true })).status).toBe(404);
      expect((await creativesBinned()).infos).toHaveLength(before + 1);

      // Restored and deleted again later: a new event.
      await adv.ok(recycleRestore, { items: [{ kind: 'image', id: hero.id }] });
      t.clock.advance(60_000);
      await adv.ok(deleteImages, { ids: [hero.id, spare.id], confirmInUse: true });
      const again = (await creativesBinned()).infos;
      expect(again).toHaveLength(before + 2);
      expect(again[0]!.params).toMatchObject({ campaignId: live.id, count: 3, creatives: 'hero.png, spare.png' });
      expect(again.filter((i) => i.params?.campaignId === resting.id)).toEqual([]);
    });

    it('tells it when a deleted folder takes an image an active campaign shows', async () => {
      const wf = workflow(t, staff, { width: 64, height: 48 });
      const top = await folder(adv, 'Ads to retire');
      const sub = await folder(adv, 'Banners', top.id);
      const nested = await uploadOk(adv, 'nested.png', { folderId: sub.id });
      const live = await wf.approvedCampaign(adv, [nested.id]);
      const before = (await creativesBinned()).infos.length;
      await adv.ok(deleteFolder, { id: top.id });
      const { infos } = await creativesBinned();
      expect(infos).toHaveLength(before + 1);
      expect(infos[0]!.params).toMatchObject({ campaignId: live.id, count: 1, creatives: 'nested.png' });
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another account's image, folder and file on every endpoint, and changes nothing", async () => {
      const img = await uploadOk(adv, 'private.png');
      const f = await folder(adv, 'Private folder');
      const binned = await uploadOk(adv, 'binned.png');
      expect((await adv.call(deleteImages, { ids: [binned.id] })).status).toBe(200);
      const theirs = await folder(other, 'Theirs');
      const mineOwn = await uploadOk(other, 'theirs.png');
      // Their own link's signature does not open another image.
      const forgedLink = Object.fromEntries(new URL(mineOwn.thumbnailUrl.replace(`id=${mineOwn.id}`, `id=${img.id}`), 'http://test').searchParams);

      await proveForeignIdsAnswer404({
        stranger: other,
        module: endpointsTagged(contracts, 'Image', 'Folder', 'Recycle', 'RejectedImage'),
        calls: [
          foreign(imageDetail, { id: img.id }),
          { contract: imageFile, payload: forgedLink },
          foreign(replaceRejectedImage, { id: img.id, version: img.version }, { body: multipart(Buffer.from('x'), 'x.png') }),
          foreign(uploadImage, { folderId: f.id }, { body: multipart(await makeImage(), 'x.png') }),
          foreign(renameImage, { id: img.id, version: img.version, name: 'mine.png' }),
          foreign(moveImages, { ids: [img.id], folderId: null }),
          foreign(deleteImages, { ids: [img.id] }),
          foreign(imageStorageUsage, { accountId: img.accountId }),
          foreign(renameFolder, { id: f.id, version: f.version, name: 'Mine' }),
          foreign(moveFolder, { id: f.id, version: f.version, parentId: null }),
          foreign(deleteFolder, { id: f.id }),
          foreign(createFolder, { name: 'Inside', parentId: f.id }),
          // Moving one's own things into another account's folder.
          foreign(moveImages, { ids: [mineOwn.id], folderId: f.id }, { label: 'into their folder' }),
          foreign(moveFolder, { id: theirs.id, version: theirs.version, parentId: f.id }, { label: 'into their folder' }),
          foreign(recycleRestore, { items: [{ kind: 'folder', id: f.id }] }),
          foreign(recycleRestore, { items: [{ kind: 'image', id: binned.id }] }, { label: 'a binned image' }),
          foreign(recycleDeleteForever, { items: [{ kind: 'image', id: binned.id }] }),
        ],
        exempt: {
          // Checked below: filters narrow the caller's own images, so a foreign folder lists nothing.
          'GET /api/Image/List': "a list's folderId and accountId (staff only) narrow the caller's own images",
        },
        unchanged: async () => ({
          image: (await adv.call(imageDetail, { id: img.id })).body,
          binned: (await adv.call(imageDetail, { id: binned.id })).body,
          tree: (await adv.call(folderTree)).body,
          bin: await bin(adv),
        }),
      });
      expect((await other.call(imageDetail, { id: 999999 })).status).toBe(404);
      expect((await list(other, { pageSize: 200 })).items.map((i) => i.id)).not.toContain(img.id);
      expect((await list(other, { folderId: f.id })).total).toBe(0);
      expect((await list(other, { accountId: img.accountId })).items.map((i) => i.id)).not.toContain(img.id);
      const tree = (await other.call(folderTree)).body;
      expect(tree.items.map((x) => x.id)).not.toContain(f.id);
      expect((await adv.call(imageDetail, { id: img.id })).body.name).toBe('private.png');
    });

    it('refuses callers without the asset powers', async () => {
      const publisher = t.as('publisher');
      expect((await publisher.call(imageList)).status).toBe(403);
      expect((await upload(publisher, await makeImage(), 'p.png')).status).toBe(403);
      expect((await staff.call(createFolder, { name: 'Staff', parentId: null })).status).toBe(403);
      expect((await publisher.call(rejectedImageList)).status).toBe(403);
    });
  });

  describe('reviews and rejected images', () => {
    it('lists rejected images with reason, reviewer and campaign; replacing resolves the rejection', async () => {
      const image = await uploadOk(adv, 'banner.png');
      const [reviewer] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.staff.email));
      await t.services.assets.recordReview({
        imageId: image.id,
        decision: 'rejected',
        reason: 'Text covers more than 20% of the image',
        reviewerId: reviewer!.id,
        campaign: { id: 77, name: 'Winter sale' },
      });
      const rejected = await adv.call(rejectedImageList);
      expect(rejected.status, rejected.text).toBe(200);
      const row = rejected.body.items.find((r) => r.image.id === image.id)!;
      expect(row.image).toMatchObject({ id: image.id, reviewStatus: 'rejected' });
      expect(row.review).toMatchObject({ reviewer: { name: DEMO_USERS.staff.name }, decision: 'rejected', reason: 'Text covers more than 20% of the image', campaign: { id: 77, name: 'Winter sale' }, resolvedAt: null });
      expect((await list(adv, { reviewStatus: 'rejected', search: 'banner' })).items.map((i) => i.id)).toEqual([image.id]);
      // Another account sees none of it.
      expect((await other.call(rejectedImageList)).body.total).toBe(0);

      const current = (await adv.call(imageDetail, { id: image.id })).body;
      expect(current.reviews).toHaveLength(1);
      const replacement = await makeImage('jpeg', 64, 48);
      const form = multipart(replacement, 'fixed.jpg');
      const stale = await adv.send(replaceRejectedImage, { id: image.id, version: image.version }, form);
      expect(stale.status).toBe(409);
      const replaced = await adv.send(replaceRejectedImage, { id: image.id, version: current.version }, form);
      expect(replaced.status, replaced.text).toBe(200);
      expect(replaced.body).toMatchObject({ id: image.id, name: 'fixed.jpg', format: 'jpeg', width: 64, height: 48, reviewStatus: 'unreviewed' });
      expect((await adv.call(rejectedImageList, { search: 'banner' })).body.total).toBe(0);
      const detail = (await adv.call(imageDetail, { id: image.id })).body;
      expect(detail.reviews[0]!.resolvedAt).not.toBeNull();
      expect((await fetchLink(detail.url)).headers['content-type']).toBe('image/jpeg');
      // Only a rejected image can be replaced.
      const again = await adv.send(replaceRejectedImage, { id: image.id, version: detail.version }, multipart(Buffer.from('x'), 'x.png'));
      expect(again.status).toBe(409);
      expect(again.error.errorCode).toBe('IMAGE_NOT_REJECTED');
    });

    const reject = async (imageId: number) => {
      await t.services.assets.recordReview({ imageId, decision: 'rejected', reason: 'Too much text', reviewerId: null });
      return (await adv.call(imageDetail, { id: imageId })).body;
    };
    const replace = (image: { id: number; version: number }, file: Buffer, name: string, confirm = false) =>
      adv.send(replaceRejectedImage, { id: image.id, version: image.version, ...(confirm ? { confirmDimensions: '1' as const } : {}) }, multipart(file, name));

    it('asks before a replacement of other dimensions, naming the ads it will no longer fit; takes its name and date; keeps both in the history', async () => {
      const uploaded = await uploadOk(adv, 'leaderboard.png', {}, await makeImage('png', 728, 90));
      setImageUsage(async (_db, ids) =>
        new Map(ids.filter((id) => id === uploaded.id).map((id) => [id, [{ kind: 'ad', id: 9, name: 'Top banner', status: 'draft', campaignName: 'Spring' }]])),
      );
      try {
        const image = await reject(uploaded.id);
        t.clock.advance(3_600_000);
        const files = filesOnDisk();
        const square = await makeImage('png', 200, 200);
        const asked = await replace(image, square, 'square.png');
        expect(asked.status, asked.text).toBe(409);
        expect(asked.error).toMatchObject({ errorCode: 'IMAGE_DIMENSIONS_CHANGED', uses: [{ name: 'Top banner' }] });
        expect(asked.error.error).toMatch(/200 × 200.*728 × 90.*Top banner/);
        // Nothing changed, nothing stored.
        expect((await adv.call(imageDetail, { id: image.id })).body).toMatchObject({ width: 728, version: image.version, reviewStatus: 'rejected' });
        expect(filesOnDisk()).toBe(files);

        const confirmed = await replace(image, square, 'square.png', true);
        expect(confirmed.status, confirmed.text).toBe(200);
        expect(confirmed.body).toMatchObject({ id: image.id, name: 'square.png', width: 200, height: 200, reviewStatus: 'unreviewed' });
        expect(Date.parse(confirmed.body.createdAt)).toBeGreaterThan(Date.parse(image.createdAt));
        const detail = (await adv.call(imageDetail, { id: image.id })).body;
        expect(detail.replacements).toEqual([
          expect.objectContaining({ name: 'leaderboard.png', width: 728, height: 90, uploadedAt: image.createdAt, replacedAt: confirmed.body.createdAt }),
        ]);
        expect(detail.reviews).toEqual([expect.objectContaining({ decision: 'rejected', resolvedAt: confirmed.body.createdAt })]);
      } finally {
        t.clock.advance(-3_600_000);
        setImageUsage(async () => new Map());
      }
    });

    it("keeps the rejected image's name when the replacement's clashes with another image of the folder", async () => {
      const f = await folder(adv, 'Replace names');
      await uploadOk(adv, 'taken.png', { folderId: f.id });
      const image = await reject((await uploadOk(adv, 'old-name.png', { folderId: f.id })).id);
      const res = await replace(image, await makeImage(), 'TAKEN.png');
      expect(res.status, res.text).toBe(200);
      expect(res.body.name).toBe('old-name.png');
    });

    it('warns before deleting an image a draft or live ad uses, and deletes once confirmed', async () => {
      const used = await uploadOk(adv, 'hero.png');
      const free = await uploadOk(adv, 'spare.png');
      setImageUsage(async (_db, ids) =>
        new Map(ids.filter((id) => id === used.id).map((id) => [id, [{ kind: 'ad', id: 5, name: 'Hero ad', status: 'active', campaignName: 'Winter sale' }]])),
      );
      try {
        const warned = await adv.call(deleteImages, { ids: [used.id, free.id] });
        expect(warned.status).toBe(409);
        expect(warned.error).toMatchObject({ errorCode: 'IMAGE_IN_USE', uses: [{ name: 'Hero ad', campaignName: 'Winter sale' }] });
        expect(warned.error.error).toContain('hero.png');
        expect((await list(adv, { search: 'spare' })).total).toBe(1);
        expect((await adv.call(imageDetail, { id: used.id })).body.usedBy).toHaveLength(1);
        const confirmed = await adv.call(deleteImages, { ids: [used.id, free.id], confirmInUse: true });
        expect(confirmed.body).toEqual({ ok: true, changed: 2 });
      } finally {
        setImageUsage(async () => new Map());
      }
    });
  });

  it('encodes download names safely', () => {
    expect(contentDisposition('attachment', 'a;b\r\n.png')).toBe(`attachment; filename="a_b__.png"; filename*=UTF-8''a%3Bb%0D%0A.png`);
  });
});
