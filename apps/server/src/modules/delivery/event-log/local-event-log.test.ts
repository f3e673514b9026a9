import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { BatchOrigin, EventLog } from './event-log';
import { createLocalEventLog, encodeLine, parseLines, type LocalEventLogOptions } from './local-event-log';
import { runSource } from '../../../test/run-process';
import { deferred, printedIds, steadyTraffic, untilLines } from './test-support';

interface Ev {
  id: number;
}
const codec = { encode: (e: Ev) => JSON.stringify(e), decode: (s: string) => JSON.parse(s) as Ev };
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('the local event log', () => {
  let dir: string;
  let logs: EventLog<Ev>[];
  let errors: unknown[];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-event-log-'));
    logs = [];
    errors = [];
  });
  afterEach(async () => {
    await Promise.all(logs.map((l) => l.stop().catch(() => {})));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = (o: Partial<LocalEventLogOptions<Ev>> = {}) => {
    const log = createLocalEventLog<Ev>({ dir, codec, batchSize: 100, intervalMs: 0, retryMs: 5, onError: (err) => errors.push(err), ...o });
    logs.push(log);
    return log;
  };
  /** A `write` that records its batches. */
  const recorder = () => {
    const batches: Ev[][] = [];
    const write = async (batch: Ev[]) => void batches.push(batch);
    return { batches, write, all: () => batches.flat().map((e) => e.id) };
  };
  const segments = () => fs.readdirSync(dir).filter((f) => f.endsWith('.events'));

  it('writes what was appended, in order, in batches of at most batchSize', async () => {
    const log = open({ batchSize: 100 });
    const r = recorder();
    await log.start(r.write);
    // Concurrent small appends (one group commit) and a large one.
    await Promise.all(ids(250).map((e) => log.append([e])));
    await log.append(ids(300, 250));
    await log.flush();
    expect(r.all()).toEqual(ids(550).map((e) => e.id));
    expect(r.batches.every((b) => b.length <= 100)).toBe(true);
    expect(r.batches.slice(0, -1).every((b) => b.length === 100)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('hands a full batch without flush, and a partial one every intervalMs', async () => {
    const full = deferred<Ev[]>();
    const log = open({ batchSize: 50 });
    await log.start(async (b) => full.resolve(b));
    await log.append(ids(49));
    await log.append(ids(1, 49));
    expect((await full.promise).length).toBe(50);
    await log.stop();

    fs.rmSync(dir, { recursive: true, force: true });
    const partial = deferred<Ev[]>();
    const timed = open({ batchSize: 1000, intervalMs: 10 });
    await timed.start(async (b) => partial.resolve(b));
    await timed.append(ids(3));
    expect((await partial.promise).map((e) => e.id)).toEqual([0, 1, 2]);
  });

  it('under steady appends hands a partial batch once per interval, not one after every write', async () => {
    const { ids: appended, batches, intervals } = await steadyTraffic(open({ batchSize: 100_000, intervalMs: 100 }), 100);
    expect(batches.flat().map((e) => e.id)).toEqual(appended);
    // A batch per interval passed, and the flush's. Before, once an interval passed, every write
    // took the few events that came in during the one before: hundreds here.
    expect(batches.length).toBeLessThanOrEqual(intervals + 3);
  });

  it('retries a failed write, keeping the order, and loses nothing', async () => {
    const log = open({ batchSize: 10 });
    const r = recorder();
    let failures = 0;
    await log.start(async (b) => {
      if (failures < 3) {
        failures++;
        throw new Error('database down');
      }
      await r.write(b);
    });
    await log.append(ids(35));
    await log.flush();
    expect(r.all()).toEqual(ids(35).map((e) => e.id));
    expect(errors.map((e) => (e as Error).message)).toEqual(['database down', 'database down', 'database down']);
  });

  it('keeps a segment until every event in it was written, then deletes it', async () => {
    // A segment per group (segmentBytes 1): three appends, three segments.
    const log = open({ segmentBytes: 1, batchSize: 2 });
    const gate = deferred();
    const written: number[] = [];
    await log.start(async (b) => {
      await gate.promise;
      written.push(...b.map((e) => e.id));
    });
    for (let i = 0; i < 3; i++) await log.append(ids(2, i * 2));
    expect(segments()).toHaveLength(3);
    gate.resolve();
    await log.flush();
    expect(written).toEqual([0, 1, 2, 3, 4, 5]);
    // Written: the closed ones are gone, the open one goes on stop.
    expect(segments()).toHaveLength(1);
    await log.stop();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('replays what a previous run left, skipping a torn last line, before it serves', async () => {
    fs.writeFileSync(path.join(dir, '000000000007.events'), ids(3).map((e) => encodeLine(codec.encode(e))).join(''));
    // The crash tore the last line of the next segment: no newline, half its bytes.
    const torn = encodeLine(codec.encode({ id: 99 }));
    fs.writeFileSync(path.join(dir, '000000000008.events'), encodeLine(codec.encode({ id: 3 })) + torn.slice(0, 10));
    const log = open({ batchSize: 2 });
    const r = recorder();
    await log.start(r.write);
    // Leftovers are written by the time start resolves; new events follow them.
    expect(r.all()).toEqual([0, 1, 2, 3]);
    expect(segments()).toEqual([]);
    await log.append(ids(2, 4));
    await log.flush();
    expect(r.all()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(errors).toEqual([]);
  });

  it('skips and reports a corrupt line in the middle of a segment', async () => {
    const lines = ids(3).map((e) => encodeLine(codec.encode(e)));
    lines[1] = lines[1]!.replace('"id":1', '"id":7'); // the CRC no longer matches
    fs.writeFileSync(path.join(dir, '000000000001.events'), lines.join(''));
    expect(parseLines(fs.readFileSync(path.join(dir, '000000000001.events')))).toEqual({ lines: ['{"id":0}', '{"id":2}'], corrupt: 1 });
    const r = recorder();
    await open().start(r.write);
    expect(r.all()).toEqual([0, 2]);
    expect(String(errors[0])).toMatch(/1 corrupt events skipped/);
  });

  it('keeps events past maxBuffered on disk only and writes them all once the writer catches up', async () => {
    const log = open({ batchSize: 7, maxBuffered: 20, segmentBytes: 300 });
    const gate = deferred();
    const r = recorder();
    await log.start(async (b) => {
      await gate.promise;
      await r.write(b);
    });
    // The database is down: far more than maxBuffered arrive, in small and larger appends.
    for (let i = 0; i < 50; i++) await log.append(ids(1, i));
    await Promise.all([log.append(ids(100, 50)), ...ids(50, 150).map((e) => log.append([e]))]);
    gate.resolve();
    await log.flush();
    expect(r.all()).toEqual(ids(200).map((e) => e.id));
    expect(r.batches.every((b) => b.length <= 7)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('gives up on a failing write when stopping; the next start writes those events', async () => {
    const log = open({ batchSize: 10 });
    await log.start(async () => {
      throw new Error('database down');
    });
    await log.append(ids(25));
    await log.stop();
    expect(segments().length).toBeGreaterThan(0);
    await expect(log.append(ids(1))).rejects.toThrow(/stopped/);
    const r = recorder();
    await open({ batchSize: 10 }).start(r.write);
    expect(r.all()).toEqual(ids(25).map((e) => e.id));
    expect(segments()).toEqual([]);
  });

  it('gives each event a position that a restart hands again unchanged, growing from batch to batch', async () => {
    /** Each handed event's log and position, and whether positions only grew. */
    const positions = () => {
      const at = new Map<number, string>();
      let last: [number, number] = [-1, -1];
      let growing = true;
      const take = (batch: Ev[], origin: BatchOrigin) => {
        let i = 0;
        for (const part of origin.parts) {
          for (let line = part.first; line < part.first + part.count; line++) {
            growing &&= part.segment > last[0] || (part.segment === last[0] && line > last[1]);
            last = [part.segment, line];
            at.set(batch[i++]!.id, `${origin.log} ${part.segment}:${line}`);
          }
        }
        expect(i).toBe(batch.length);
      };
      return { at, take, growing: () => growing, reset: () => (last = [-1, -1]) };
    };
    // Small segments, so that batches span several; the database fails after two batches.
    const first = positions();
    let writes = 0;
    const log = open({ batchSize: 7, segmentBytes: 60 });
    await log.start(async (batch, origin) => {
      first.take(batch, origin!);
      first.reset(); // a failed batch is handed again
      if (++writes > 2) throw new Error('database down');
    });
    for (let i = 0; i < 30; i++) await log.append(ids(1, i));
    await log.stop();
    expect(segments().length).toBeGreaterThan(1);

    const second = positions();
    await open({ batchSize: 7, segmentBytes: 60 }).start(async (batch, origin) => second.take(batch, origin!));
    expect(second.growing()).toBe(true);
    // The replay hands what the dead run left at the positions it had, and the same log name.
    expect(second.at.size).toBeGreaterThan(0);
    expect([...second.at.keys()].some((id) => first.at.has(id))).toBe(true);
    for (const [id, where] of second.at) if (first.at.has(id)) expect(where).toBe(first.at.get(id));
    await logs.at(-1)!.stop();
    expect(fs.readdirSync(dir)).toEqual([]);

    // Started empty: a new name (segment ids start again).
    const third = positions();
    const fresh = open({ batchSize: 7 });
    await fresh.start(async (batch, origin) => third.take(batch, origin!));
    await fresh.append(ids(3));
    await fresh.flush();
    const names = (m: Map<number, string>) => new Set([...m.values()].map((w) => w.split(' ')[0]));
    expect(names(third.at).size).toBe(1);
    expect([...names(third.at)][0]).not.toBe([...names(second.at)][0]);
  });

  it('refuses a second log on the same directory, in this process and in another', async () => {
    await open().start(async () => {});
    await expect(open().start(async () => {})).rejects.toThrow(/event log directory .* is in use by the delivery event log \(pid \d+/);

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-event-log-other-'));
    onTestFinished(() => fs.rmSync(other, { recursive: true, force: true }));
    const child = runSource(['src/modules/delivery/event-log/local-crash-child.ts'], { EVENT_LOG_DIR: other, APPENDERS: '0' });
    onTestFinished(() => void child.child.kill('SIGKILL'));
    await child.waitFor(/^ready\n/m);
    const mine = createLocalEventLog<Ev>({ dir: other, codec, batchSize: 10, intervalMs: 0, onError: () => {} });
    await expect(mine.start(async () => {})).rejects.toThrow(new RegExp(`in use by the delivery event log \\(pid ${child.child.pid}`));
    child.child.kill('SIGKILL');
    await child.exited;
    // Its owner is dead: taken over.
    const next = createLocalEventLog<Ev>({ dir: other, codec, batchSize: 10, intervalMs: 0, onError: () => {} });
    await next.start(async () => {});
    await next.stop();
  });

  it('rejects an event that encodes to more than one line, and appends before start', async () => {
    const log = createLocalEventLog<string>({ dir, codec: { encode: (s) => s, decode: (s) => s }, batchSize: 10, intervalMs: 0, onError: () => {} });
    await expect(log.append(['x'])).rejects.toThrow(/not started/);
    await log.start(async () => {});
    onTestFinished(() => log.stop());
    await expect(log.append(['a\nb'])).rejects.toThrow(/newline/);
  });
});

describe('the local event log after kill -9', () => {
  it('replays every event whose append was answered', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-event-log-crash-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const logDir = path.join(dir, 'log');
    const writtenFile = path.join(dir, 'written');
    const child = runSource(['src/modules/delivery/event-log/local-crash-child.ts'], { EVENT_LOG_DIR: logDir, WRITTEN_FILE: writtenFile, APPENDERS: '200', WRITE_BATCHES: '3' });
    onTestFinished(() => void child.child.kill('SIGKILL'));
    // Mid-burst: once many appends were answered (and some batches written and their segments deleted).
    await untilLines(child.child.stdout!, 30_001); // `ready`, then 30,000 answered ids
    child.child.kill('SIGKILL');
    const { stdout } = await child.exited;

    const answered = printedIds(stdout);
    const childWrote = fs.existsSync(writtenFile) ? fs.readFileSync(writtenFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
    const replayed: number[] = [];
    const errors: unknown[] = [];
    const log = createLocalEventLog<Ev>({ dir: logDir, codec, batchSize: 1000, intervalMs: 0, onError: (err) => errors.push(err) });
    await log.start(async (b) => void replayed.push(...b.map((e) => e.id)));
    await log.stop();
    expect(errors).toEqual([]);

    expect(answered.length).toBeGreaterThanOrEqual(30_000);
    // The child wrote 3 batches of 5,000 (deleting the segments they emptied), then its database hung.
    expect(childWrote.length).toBe(15_000);
    expect(replayed.length).toBeGreaterThanOrEqual(answered.length - 15_000);
    // Every answered event is in the database: written by the child before the crash, or replayed now.
    const inDatabase = new Set([...childWrote, ...replayed]);
    expect(answered.filter((id) => !inDatabase.has(id))).toEqual([]);
    // Replayed once each. An event both written by the child and replayed is one the child wrote
    // but whose segment it had not deleted yet: written twice, which the writer's idempotence absorbs.
    expect(new Set(replayed).size).toBe(replayed.length);
    expect(fs.readdirSync(logDir)).toEqual([]);
  }, 60_000);
});

