import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs as jobsTable } from '../../db/schema/jobs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { bearer, buildTestApp, loginAs, openTestDatabase, testConfig, type TestApp } from '../../test/test-app';
import { createJobs, type JobDefinition } from './jobs.service';

const MINUTE = 60_000;

/** A promise the test settles by hand: a run that lasts until the test says so. */
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('jobs registry', () => {
  let t: TestApp;
  const registries: ReturnType<typeof createJobs>[] = [];
  /** A registry as one process of a fleet would have: its own owner, the test clock. */
  const processOf = (name: string, now = () => t.clock.now) => {
    const registry = createJobs({ db: t.database.db, now, owner: name });
    registries.push(registry);
    return registry;
  };
  const rowOf = async (name: string) => (await t.database.db.select().from(jobsTable).where(eq(jobsTable.name, name)))[0];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await Promise.all(registries.map((r) => r.stop()));
    await t?.close();
  });

  it('runs a job once per interval however many processes race for it', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'test.race',
      intervalMs: 10 * MINUTE,
      firstAfterMs: 0,
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 20));
        return { round: runs };
      },
    };
    const fleet = Array.from({ length: 6 }, (_, i) => processOf(`race-${i}`));
    for (const registry of fleet) registry.register(job);

    for (let round = 1; round <= 3; round++) {
      const outcomes = await Promise.all(fleet.flatMap((r) => [r.runDue(job.name), r.runDue(job.name)]));
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      expect(runs).toBe(round);
      // Not due again before the interval, whoever asks.
      t.clock.advance(10 * MINUTE - 1_000);
      expect((await Promise.all(fleet.map((r) => r.runDue(job.name)))).some((o) => o.ran)).toBe(false);
      t.clock.advance(1_000);
    }
    const row = await rowOf(job.name);
    expect(row).toMatchObject({ lastResult: 'ok', lastMessage: 'round 3', runningBy: null, leaseUntil: null });
    expect(row!.lastRunBy).toMatch(/^race-\d$/);
  });

  it('keeps a running job to its process until its lease runs out, then lets another take it', async () => {
    const slow = deferred();
    let started = 0;
    const job: JobDefinition = {
      name: 'test.lease',
      intervalMs: MINUTE,
      firstAfterMs: 0,
      leaseMs: 10 * MINUTE,
      run: async () => {
        started++;
        if (started === 1) await slow.promise; // the first run hangs, as a crashed process's would
        return 'done';
      },
    };
    const a = processOf('lease-a');
    const b = processOf('lease-b');
    a.register(job);
    b.register(job);

    const first = a.runDue(job.name);
    await waitFor(() => started === 1);
    expect((await a.list()).find((j) => j.name === job.name)).toMatchObject({ running: true, runningBy: 'lease-a' });

    // Due again (the interval has passed) but held by a live lease.
    t.clock.advance(5 * MINUTE);
    expect(await b.runDue(job.name)).toEqual({ ran: false });
    // The lease ran out: the holder is taken for dead.
    t.clock.advance(5 * MINUTE + 1);
    expect(await b.runDue(job.name)).toEqual({ ran: true, result: 'ok', message: 'done' });

    // A third process takes the next run while the first, late, still holds on: the first one's finish
    // records itself but does not free a job it no longer holds.
    t.clock.advance(MINUTE);
    const third = deferred();
    let thirdStarted = false;
    const held = processOf('lease-c');
    held.register({ ...job, run: async () => ((thirdStarted = true), await third.promise, 'third') });
    const heldRun = held.runDue(job.name);
    await waitFor(() => thirdStarted);
    slow.resolve();
    await first;
    expect(await rowOf(job.name)).toMatchObject({ runningBy: 'lease-c', lastRunBy: 'lease-a' });
    third.resolve();
    await heldRun;
    expect(await rowOf(job.name)).toMatchObject({ runningBy: null, lastRunBy: 'lease-c', lastMessage: 'third' });
  });

  it('records a failure with its message and still waits the interval', async () => {
    const registry = processOf('fail');
    registry.register({
      name: 'test.fail',
      intervalMs: MINUTE,
      firstAfterMs: 0,
      run: async () => {
        throw new Error('disk on fire');
      },
    });
    expect(await registry.runDue('test.fail')).toEqual({ ran: true, result: 'failed', message: 'disk on fire' });
    expect((await registry.list()).find((j) => j.name === 'test.fail')).toMatchObject({
      lastResult: 'failed',
      lastMessage: 'disk on fire',
      running: false,
      intervalMs: MINUTE,
    });
    expect(await registry.runDue('test.fail')).toEqual({ ran: false });
  });

  it('runs an everyProcess job in every process', async () => {
    let runs = 0;
    const job: JobDefinition = { name: 'test.local', intervalMs: MINUTE, everyProcess: true, run: async () => void runs++ };
    const fleet = [processOf('local-a'), processOf('local-b'), processOf('local-c')];
    for (const registry of fleet) registry.register(job);
    await Promise.all(fleet.map((r) => r.runDue(job.name)));
    expect(runs).toBe(3);
  });

  it('treats interval 0 as off: nothing registered, no row', async () => {
    const registry = processOf('off');
    expect(registry.register({ name: 'test.off', intervalMs: 0, run: async () => 'never' })).toBe(false);
    await registry.start();
    expect(await rowOf('test.off')).toBeUndefined();
    expect(() => registry.runDue('test.off')).toThrow();
  });

  it('runs on its timers once started, and stop waits for the run in progress', async () => {
    // The real clock: timers and the row's times must agree.
    const registry = processOf('timers', () => new Date());
    let runs = 0;
    let finished = 0;
    registry.register({
      name: 'test.timers',
      intervalMs: 60,
      firstAfterMs: 0,
      run: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 40));
        finished++;
      },
    });
    await registry.start();
    await waitFor(() => runs >= 3);
    await waitFor(() => runs > finished); // stop while a run is in progress
    await registry.stop();
    expect(finished).toBe(runs);
    const after = runs;
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(after);
    expect(await rowOf('test.timers')).toMatchObject({ runningBy: null, lastResult: 'ok' });
  });

  it('shows job health to staff only', async () => {
    const registry = processOf('health');
    registry.register({ name: 'test.health', intervalMs: MINUTE, firstAfterMs: 0, run: async () => ({ files: 2 }) });
    await registry.runDue('test.health');

    for (const role of ['advertiser', 'publisher'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/Jobs/List', headers: bearer(await loginAs(t.app, role)) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/Jobs/List' })).statusCode).toBe(401);

    const res = await t.app.inject({ method: 'GET', url: '/api/Jobs/List', headers: bearer(await loginAs(t.app, 'staff')) });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { name: string }[];
    // The test app's own jobs are off (intervals 0): never registered, no rows.
    expect(items.map((j) => j.name)).not.toContain('recycle.purge');
    const item = items.find((j) => j.name === 'test.health');
    expect(item).toEqual({
      name: 'test.health',
      intervalMs: MINUTE,
      nextRunAt: new Date(t.clock.now.getTime() + MINUTE).toISOString(),
      running: false,
      runningBy: null,
      lastStartedAt: t.clock.now.toISOString(),
      lastFinishedAt: t.clock.now.toISOString(),
      lastResult: 'ok',
      lastMessage: 'files 2',
      lastRunBy: 'health',
    });
  });
});

describe('the app\'s jobs', () => {
  it('registers the purge and the sweeps from their intervals, and runs the purge through the registry', async () => {
    const database = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-test-jobs-'));
    let clock = new Date();
    try {
      const { app, jobs } = await buildApp({
        config: testConfig({ DATA_DIR: dataDir, PURGE_INTERVAL_MINUTES: 60, SWEEP_INTERVAL_HOURS: 24 }),
        database,
        now: () => clock,
      });
      await app.ready();
      // Its first run comes 5 s after start, not sooner.
      expect(await jobs.runDue('recycle.purge')).toEqual({ ran: false });
      clock = new Date(clock.getTime() + 5_000);
      expect(await jobs.runDue('recycle.purge')).toMatchObject({
        ran: true,
        result: 'ok',
        message: expect.stringMatching(/^images \d+, folders \d+, videos \d+, reminded \d+$/),
      });
      await jobs.start();
      const listed = await jobs.list();
      expect(listed.map((j) => [j.name, j.intervalMs])).toEqual([
        ['conversions.attribute', 10_000],
        ['delivery.reconcile', 3_600_000],
        ['delivery.retention', 3_600_000],
        ['recycle.purge', 3_600_000],
        ['storage.sweep', 86_400_000],
        ['storage.sweep-spools', 86_400_000],
      ]);
      expect(listed.find((j) => j.name === 'recycle.purge')).toMatchObject({ lastResult: 'ok', running: false });
      await app.close();
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
