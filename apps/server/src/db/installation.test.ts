import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../storage/s3-storage';
import { startS3TestServer, type S3TestServer } from '../storage/s3-test-server';
import { openTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { checkInstallation, dataDirPlace, INSTALLATION_FILE, readInstallation, storePlace } from './installation';

// The demo every test starts from was seeded by an earlier version's way (no installation row): a
// database in use from before ids, which adopts its places as they are.
describe('the installation record', () => {
  let database: Database;
  const dirs: string[] = [];
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-installation-'));
    dirs.push(d);
    return d;
  };
  const NAME = 'DATABASE_URL=postgres://db.example/ads';
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const recordOf = (d: string) => JSON.parse(fs.readFileSync(path.join(d, INSTALLATION_FILE), 'utf8')) as { id: string; database: string };
  const refusal = async (places: Parameters<typeof checkInstallation>[1]) => {
    try {
      await checkInstallation(database.db, places, NAME);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('checkInstallation accepted it');
  };

  it('gives a database in use from before ids one, and records it in its DATA_DIR, files and all', async () => {
    const data = dir();
    fs.mkdirSync(path.join(data, 'files', 'images'), { recursive: true });
    fs.writeFileSync(path.join(data, 'files', 'images', 'a'), 'x');
    expect(await readInstallation(database.db)).toBeUndefined();
    const id = await checkInstallation(database.db, [dataDirPlace(data, false)], NAME);
    expect((await readInstallation(database.db))?.id).toBe(id);
    expect(recordOf(data)).toMatchObject({ id, database: NAME });
    // Again: the same id, nothing changes.
    expect(await checkInstallation(database.db, [dataDirPlace(data, false)], NAME)).toBe(id);
  });

  it('lets a fresh DATA_DIR adopt the database', async () => {
    const fresh = dir();
    const id = await checkInstallation(database.db, [dataDirPlace(fresh, false)], NAME);
    expect(recordOf(fresh).id).toBe(id);
  });

  it("refuses a DATA_DIR of another database, naming DATA_DIR and the database, and touches nothing", async () => {
    const other = dir();
    const otherId = randomUUID();
    const record = `${JSON.stringify({ id: otherId, database: 'the embedded database in /srv/demo/db (DATABASE_URL unset)' })}\n`;
    fs.writeFileSync(path.join(other, INSTALLATION_FILE), record);
    const message = await refusal([dataDirPlace(other, false)]);
    expect(message).toContain(`Cannot start: the data directory ${other} (DATA_DIR) belongs to another database.`);
    expect(message).toContain(`DATA_DIR: installation ${otherId.slice(0, 8)}, first used with the embedded database in /srv/demo/db`);
    expect(message).toContain(`${NAME}: installation `);
    expect(message).toContain('Give this database a DATA_DIR of its own');
    expect(fs.readFileSync(path.join(other, INSTALLATION_FILE), 'utf8')).toBe(record);
  });

  it('refuses a DATA_DIR that holds files but no record, or an embedded database beside DATABASE_URL', async () => {
    const unrecorded = dir();
    fs.mkdirSync(path.join(unrecorded, 'files', 'videos'), { recursive: true });
    fs.writeFileSync(path.join(unrecorded, 'files', 'videos', 'v'), 'x');
    const message = await refusal([dataDirPlace(unrecorded, false)]);
    expect(message).toContain(`the data directory ${unrecorded} (DATA_DIR) holds another database's data: stored images and videos (files/)`);
    expect(message).toMatch(/write \{"id": "[0-9a-f-]{36}"\} to installation\.json there/);
    expect(fs.existsSync(path.join(unrecorded, INSTALLATION_FILE))).toBe(false);

    // Its own embedded database is no other database's.
    const embedded = dir();
    fs.mkdirSync(path.join(embedded, 'db'));
    fs.writeFileSync(path.join(embedded, 'db', 'PG_VERSION'), '17');
    expect(await dataDirPlace(embedded, true).holdings()).toEqual([]);
    expect(await dataDirPlace(embedded, false).holdings()).toEqual([{ what: 'an embedded database (db/)', database: true }]);
  });

  describe('on an S3 store', () => {
    let server: S3TestServer;
    beforeAll(async () => {
      server = await startS3TestServer();
    });
    afterAll(async () => {
      await server?.stop();
    });
    const store = (prefix: string) =>
      createS3Storage({ bucket: server.bucket, region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: server.credentials, prefix });

    it('records the database in its prefix, and refuses a prefix of another database', async () => {
      const own = store('mine');
      const id = await checkInstallation(database.db, [dataDirPlace(dir(), false), storePlace(own, server.bucket, 'mine')], NAME);
      const place = storePlace(own, server.bucket, 'mine');
      expect((await place.read())?.id).toBe(id);

      const theirs = store('theirs');
      await theirs.put(INSTALLATION_FILE, Buffer.from(JSON.stringify({ id: randomUUID() })), { contentType: 'application/json' });
      await theirs.put('images/ab/cd', Buffer.from('x'), { contentType: 'image/png' });
      const message = await refusal([dataDirPlace(dir(), false), storePlace(theirs, server.bucket, 'theirs')]);
      expect(message).toContain(`the S3 file store s3://${server.bucket}/theirs/ (S3_BUCKET, S3_PREFIX) belongs to another database`);
      expect(message).toContain('Give this database an S3_PREFIX of its own');

      // Files without a record: another installation's, or one from before records.
      const unrecorded = store('unrecorded');
      await unrecorded.put('images/ab/ef', Buffer.from('x'), { contentType: 'image/png' });
      expect(await refusal([storePlace(unrecorded, server.bucket, 'unrecorded')])).toContain('holds another database\'s data: stored images and videos');
      const kept = await unrecorded.get('images/ab/ef');
      expect(kept).toBeDefined();
      kept?.stream.destroy();
    });
  });
});
