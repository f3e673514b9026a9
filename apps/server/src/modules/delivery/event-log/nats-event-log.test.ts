import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { runSource } from '../../../test/run-process';
import type { EventLog } from './event-log';
import { createNatsEventLog, type NatsEventLogOptions } from './nats-event-log';
import { deferred, printedIds, steadyTraffic, untilLines } from './test-support';

// Needs a NATS server with JetStream: CI's PostgreSQL pass sets TEST_EVENTS_URL=nats://127.0.0.1:4222.
const url = process.env.TEST_EVENTS_URL;

interface Ev {
  id: number;
}
const codec = { encode: (e: Ev) => JSON.stringify(e), decode: (s: string) => JSON.parse(s) as Ev };
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: from + i }));
const range = (n: number, from = 0) => ids(n, from).map((e) => e.id);

describe.runIf(url)('the JetStream event log', () => {
  // A stream of their own per test (and per run): runs never see each other's events.
  const run = randomBytes(4).toString('hex');
  let count = 0;
  const streams: string[] = [];
  const names = () => {
    const key = `${run}_${++count}`;
    streams.push(`ADS_EVENTS_TEST_${key}`);
    return { stream: `ADS_EVENTS_TEST_${key}`, subject: `ads.test.${key}`, durable: `writer_${key}` };
  };
  let logs: EventLog<Ev>[] = [];
  let errors: unknown[] = [];

  afterEach(async () => {
    await Promise.all(logs.map((l) => l.stop().catch(() => {})));
    logs = [];
    errors = [];
  });
  afterAll(async () => {
    const nc = await connect({ servers: url });
    const jsm = await jetstreamManager(nc);
    for (const s of streams) await jsm.streams.delete(s).catch(() => {});
    await nc.close();
  });

  const open = (where: ReturnType<typeof names>, o: Partial<NatsEventLogOptions<Ev>> = {}) => {
    const log = createNatsEventLog<Ev>({ url: url!, ...where, codec, batchSize: 100, intervalMs: 0, retryMs: 20, onError: (err) => errors.push(err), ...o });
    logs.push(log);
    return log;
  };
  const recorder = () => {
    const batches: Ev[][] = [];
    return { batches, write: async (b: Ev[]) => void batches.push(b), all: () => batches.flat().map((e) => e.id) };
  };

  it('writes what was appended, in order, in batches of at most batchSize', async () => {
    const log = open(names());
    const r = recorder();
    await log.start(r.write);
    await Promise.all(ids(250).map((e) => log.append([e])));
    await log.append(ids(300, 250));
    await log.flush();
    expect(r.all()).toEqual(range(550));
    expect(r.batches.every((b) => b.length <= 100)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('hands a full batch without flush, and a partial one every intervalMs', async () => {
    const full = deferred<Ev[]>();
    const log = open(names(), { batchSize: 50 });
    await log.start(async (b) => full.resolve(b));
    await log.append(ids(50));
    expect((await full.promise).length).toBe(50);

    const partial = deferred<Ev[]>();
    const timed = open(names(), { batchSize: 1000, intervalMs: 10 });
    await timed.start(async (b) => partial.resolve(b));
    await timed.append(ids(3));
    expect((await partial.promise).map((e) => e.id)).toEqual([0, 1, 2]);
  });

  it('under steady appends hands a partial batch once per interval, not one after every write', async () => {
    const { ids: appended, batches, intervals } = await steadyTraffic(open(names(), { batchSize: 100_000, intervalMs: 100 }), 100);
    expect(batches.flat().map((e) => e.id)).toEqual(appended);
    // A batch per interval passed, and the flush's. Before, once an interval passed, every write
    // took the few events that came in during the one before: hundreds here.
    expect(batches.length).toBeLessThanOrEqual(intervals + 3);
  });

  it('retries a failed write and loses nothing', async () => {
    const log = open(names(), { batchSize: 10 });
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
    // Redelivered messages may bring events written already: at least once, in any order.
    expect([...new Set(r.all())].sort((a, b) => a - b)).toEqual(range(35));
    expect(errors.map((e) => (e as Error).message)).toEqual(['database down', 'database down', 'database down']);
  });

  it('leaves what it could not write in JetStream when stopping; the next start writes it', async () => {
    const where = names();
    const log = open(where, { batchSize: 10 });
    await log.start(async () => {
      throw new Error('database down');
    });
    await log.append(ids(25));
    await log.stop();
    await expect(log.append(ids(1))).rejects.toThrow(/stopped/);
    const r = recorder();
    await open(where, { batchSize: 10 }).start(r.write);
    expect([...new Set(r.all())].sort((a, b) => a - b)).toEqual(range(25));
  });

  it('shares the stream between nodes: each flush waits for its own events, whoever writes them', async () => {
    const where = names();
    const [a, b] = [recorder(), recorder()];
    const [one, two] = [open(where, { intervalMs: 5 }), open(where, { intervalMs: 5 })];
    await Promise.all([one.start(a.write), two.start(b.write)]);
    await Promise.all([...ids(500).map((e) => one.append([e])), ...ids(500, 500).map((e) => two.append([e]))]);
    await Promise.all([one.flush(), two.flush()]);
    expect([...new Set([...a.all(), ...b.all()])].sort((x, y) => x - y)).toEqual(range(1000));
  });

  it('rejects an event larger than a message, and appends before start', async () => {
    const log = open(names(), { maxMessageBytes: 100 });
    await expect(log.append(ids(1))).rejects.toThrow(/not started/);
    await log.start(async () => {});
    const big = { id: 1, pad: 'x'.repeat(200) } as Ev;
    await expect(log.append([big])).rejects.toThrow(/exceeds the largest message/);
  });

  it('after kill -9, every answered event is written: by the dead node before it died, or by the next one', async () => {
    const where = names();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-event-log-nats-crash-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const writtenFile = path.join(dir, 'written');
    const child = runSource(['src/modules/delivery/event-log/nats-crash-child.ts'], {
      EVENTS_URL: url,
      STREAM: where.stream,
      SUBJECT: where.subject,
      DURABLE: where.durable,
      WRITTEN_FILE: writtenFile,
      APPENDERS: '200',
      WRITE_BATCHES: '3',
    });
    onTestFinished(() => void child.child.kill('SIGKILL'));
    await untilLines(child.child.stdout!, 30_001); // `ready`, then 30,000 answered ids
    child.child.kill('SIGKILL');
    const { stdout } = await child.exited;

    const answered = printedIds(stdout);
    const childWrote = fs.readFileSync(writtenFile, 'utf8').split('\n').filter(Boolean).map(Number);
    const replayed: number[] = [];
    // start() resolves once what was in the stream when it started is written: the dead node's
    // unacked messages come back once their ack wait passes.
    await open(where, { batchSize: 1000 }).start(async (b) => void replayed.push(...b.map((e) => e.id)));

    expect(answered.length).toBeGreaterThanOrEqual(30_000);
    expect(childWrote.length).toBe(15_000);
    const inDatabase = new Set([...childWrote, ...replayed]);
    expect(answered.filter((id) => !inDatabase.has(id))).toEqual([]);
    // One node after the crash: each message once.
    expect(new Set(replayed).size).toBe(replayed.length);
    expect(errors).toEqual([]);
  }, 60_000);
});
