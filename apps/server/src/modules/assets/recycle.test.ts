import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NOTIFICATION_TYPES, RECYCLE_RETENTION_DAYS } from '@ads/contracts';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { DEMO_PASSWORD, DEMO_USERS } from '../../demo/demo';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { Principal } from '../../principal';
import { makeWebm } from '../../test/test-media';

const DAY = 24 * 3600_000;

let colour = 0;
const makeImage = () => {
  colour++;
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: colour % 256, g: (colour * 5) % 256, b: 90 } } })
    .png()
    .toBuffer();
};

describe('recycle bin purge', () => {
  let t: TestApp;
  let caller: Principal;

  const upload = async (name: string, folderId?: number) =>
    t.services.assets.upload(caller, { fileName: name, stream: Readable.from([await makeImage()]), folderId });
  const filesOnDisk = () => {
    const dir = path.join(t.dataDir, 'files');
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.parentPath.includes('.tmp')).length
      : 0;
  };
  const reminders = () =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, NOTIFICATION_TYPES.reminder), like(notifications.eventKey, `recycle-expiry:${caller.accountId}:%`)));

  beforeAll(async () => {
    t = await buildTestApp();
    const { account } = await t.services.identity.createAccountWithUser({
      account: { name: 'Purge Test Co', kind: 'advertiser' },
      user: { email: 'purge@example.com', name: 'Pat Purge', password: DEMO_PASSWORD },
    });
    const { token } = await t.services.identity.login({ email: 'purge@example.com', password: DEMO_PASSWORD });
    caller = await t.services.identity.authenticate(token);
    expect(caller.accountId).toBe(account.id);
    // The purge spans every account: empty the demo advertiser's bin so only this test's items count.
    const demo = await t.services.identity.login({ email: DEMO_USERS.advertiser.email, password: DEMO_PASSWORD });
    await t.services.recycle.empty(await t.services.identity.authenticate(demo.token));
  });
  afterAll(() => t?.close());

  it('reminds the account three days before its first item expires, once', async () => {
    const old = await upload('old.png');
    await t.services.assets.deleteImages(caller, { ids: [old.id] });
    const folder = await t.services.assets.createFolder(caller, { name: 'Old campaign', parentId: null });
    await upload('in-folder.png', folder.id);
    await t.services.assets.deleteFolder(caller, folder.id);
    t.clock.advance((RECYCLE_RETENTION_DAYS - 4) * DAY);
    expect((await t.services.recycle.purgeExpired()).reminded).toBe(0);

    t.clock.advance(1.5 * DAY); // 2.5 days left
    const run = await t.services.recycle.purgeExpired();
    expect(run).toMatchObject({ ran: true, images: 0, reminded: 1 });
    expect((await t.services.recycle.purgeExpired()).reminded).toBe(0);
    const [reminder, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ type: 15, menuId: 108, messageKey: 'recycle.purgeSoon', params: { count: 2, days: 3 } });
  });

  it('removes expired items and their files exactly once with two purgers at the same time', async () => {
    const fresh = await upload('fresh.png');
    const before = filesOnDisk();

    t.clock.advance(3 * DAY); // old.png and the folder are now past 30 days
    await t.services.assets.deleteImages(caller, { ids: [fresh.id] });
    const deleted: string[] = [];
    const storage = t.services.storage;
    const original = storage.delete.bind(storage);
    storage.delete = async (key) => {
      deleted.push(key);
      return original(key);
    };
    try {
      const runs = await Promise.all([t.services.recycle.purgeExpired(), t.services.recycle.purgeExpired()]);
      const total = runs.reduce((n, r) => n + r.images, 0);
      expect(total).toBe(2);
      expect(runs.reduce((n, r) => n + r.folders, 0)).toBe(1);
      expect(new Set(deleted).size).toBe(deleted.length);
      expect(deleted).toHaveLength(4); // two images, each its file and thumbnail
      expect(filesOnDisk()).toBe(before - 4);
    } finally {
      storage.delete = original;
    }
    const bin = await t.services.recycle.list(caller, { page: 1, pageSize: 50 });
    expect(bin.items.map((i) => i.name)).toEqual(['fresh.png']);
    expect(bin.items[0]!.daysLeft).toBe(RECYCLE_RETENTION_DAYS);
  });

  it("leads a publisher's reminder to the video library, where its bin is", async () => {
    await t.services.identity.createAccountWithUser({
      account: { name: 'Purge Media', kind: 'publisher' },
      user: { email: 'purge-pub@example.com', name: 'Pia Purge', password: DEMO_PASSWORD },
    });
    const publisher = await t.services.identity.authenticate((await t.services.identity.login({ email: 'purge-pub@example.com', password: DEMO_PASSWORD })).token);
    const file = makeWebm({ blockBytes: 64 });
    const upload = await t.services.videos.startUpload(publisher, { name: 'old-clip.webm', bytes: file.length, seriesId: null });
    await t.services.videos.uploadChunk(publisher, { uploadId: upload.uploadId, offset: 0, stream: Readable.from([file]) });
    const video = await t.services.videos.completeUpload(publisher, upload.uploadId);
    await t.services.videos.deleteVideos(publisher, { ids: [video.id] });

    t.clock.advance((RECYCLE_RETENTION_DAYS - 2.5) * DAY);
    await t.services.recycle.purgeExpired();
    const theirs = await t.database.db.select().from(notifications).where(like(notifications.eventKey, `recycle-expiry:${publisher.accountId}:%`));
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ type: 15, menuId: 208 });
  });
});
