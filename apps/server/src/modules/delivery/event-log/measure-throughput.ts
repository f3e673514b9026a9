// Throughput of the event logs (not a test): APPENDERS concurrent callers append one event at a
// time for SECONDS, as fast as they can or, with RATE, that many a second in all; prints appends/s
// and append latency. The writer is a no-op (batches of 2,000, every second).
//   node --import tsx src/modules/delivery/event-log/measure-throughput.ts            # local, in a temp dir
//   EVENTS_URL=nats://127.0.0.1:4222 node --import tsx src/modules/delivery/event-log/measure-throughput.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { EventLog } from './event-log';
import { createLocalEventLog } from './local-event-log';
import { createNatsEventLog } from './nats-event-log';

interface Ev {
  id: string;
  at: number;
  slot: number;
  kind: number;
}
const codec = { encode: (e: Ev) => JSON.stringify(e), decode: (s: string) => JSON.parse(s) as Ev };
const appenders = Number(process.env.APPENDERS ?? 200);
const seconds = Number(process.env.SECONDS ?? 5);
const url = process.env.EVENTS_URL;
const rate = Number(process.env.RATE ?? 0);

const measure = async (name: string, log: EventLog<Ev>) => {
  let written = 0;
  await log.start(async (b) => void (written += b.length));
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: appenders }, async (_, i) => {
      for (let k = 0; performance.now() < end; k++) {
        if (rate) {
          // Appender i's k-th event is due at t0 + (k + i / appenders) * appenders / rate.
          const due = t0 + ((k + i / appenders) * appenders * 1000) / rate;
          if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        }
        const e = { id: randomBytes(16).toString('hex'), at: Date.now(), slot: n++ % 100, kind: 2 };
        const t = performance.now();
        await log.append([e]);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  await log.flush();
  await log.stop();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  console.log(
    `${name}: ${rate ? `paced at ${rate.toLocaleString('en')}/s, ` : ''}${Math.round(latencies.length / elapsed).toLocaleString('en')} appends/s (${appenders} appenders, 1 event each), latency p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms; written ${written.toLocaleString('en')}`,
  );
};

const common = { codec, batchSize: 2000, intervalMs: 1000, onError: (err: unknown) => console.error(err) };
if (url) {
  const stream = `ADS_EVENTS_MEASURE_${randomBytes(4).toString('hex')}`;
  try {
    await measure('JetStream', createNatsEventLog<Ev>({ url, stream, subject: `ads.measure.${stream}`, durable: stream, ...common }));
  } finally {
    const nc = await connect({ servers: url });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
    await nc.close();
  }
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-event-log-measure-'));
  try {
    await measure(`local (${dir})`, createLocalEventLog<Ev>({ dir, ...common }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
