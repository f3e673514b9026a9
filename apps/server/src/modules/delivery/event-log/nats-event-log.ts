// The event log on NATS JetStream, for installations with several delivery nodes: every node
// publishes its events to one stream and all of them pull from one durable consumer, so each
// message is written by one node; a node that dies before its ack has its messages redelivered to
// another (writes are idempotent). An append is answered on JetStream's PubAck: stored by the
// server (with R3 or `sync_interval: always` it survives a server's crash too).
//
// A message carries several events, one encoded event a line: appends made while publishes are
// in flight are joined into the next message (as the local log groups its syncs). Order holds per
// node as long as nothing is redelivered; redelivery (a failed write, a dead node) reorders.
import {
  AckPolicy,
  DeliverPolicy,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { assertOneLine, type EventLog, type EventLogOptions } from './event-log';

export interface NatsEventLogOptions<T> extends EventLogOptions<T> {
  /** nats://host:4222 (several: comma-separated). */
  url: string;
  /** Created on start when missing: file storage, work-queue retention (an acked message is deleted). */
  stream?: string;
  subject?: string;
  /** The pull consumer every node shares. */
  durable?: string;
  /** Largest message published (default 256 KiB, at most the server's max_payload). */
  maxMessageBytes?: number;
  /** Publishes in flight at once; appends arriving meanwhile wait and go together (default 4). */
  maxPublishing?: number;
  /** Events this node holds for its writer; past it, it pulls no more (default 50,000). */
  maxBuffered?: number;
  /** Unacked messages go to another node after this long (default 30 s; held ones are kept alive). */
  ackWaitMs?: number;
  /** While flush() or start() wait for other nodes' acks: how often to ask the server (default 20 ms). */
  pollMs?: number;
}

interface Outgoing {
  lines: string[];
  bytes: number;
  done: { ok: () => void; fail: (err: unknown) => void }[];
  /** Resolves once published or failed. */
  sent: Promise<void>;
  settle: () => void;
}

const newOutgoing = (): Outgoing => {
  let settle!: () => void;
  const sent = new Promise<void>((resolve) => (settle = resolve));
  return { lines: [], bytes: 0, done: [], sent, settle };
};

interface Held<T> {
  msg: JsMsg;
  events: T[];
  /** Next event to hand to the writer / events not yet written. */
  next: number;
  left: number;
}

const isApiError = (err: unknown, code: number) => err instanceof JetStreamApiError && err.code === code;

export const createNatsEventLog = <T>(o: NatsEventLogOptions<T>): EventLog<T> => {
  const streamName = o.stream ?? 'ADS_EVENTS';
  const subject = o.subject ?? 'ads.events';
  const durable = o.durable ?? 'ads-events-writer';
  const maxPublishing = o.maxPublishing ?? 4;
  const maxBuffered = o.maxBuffered ?? 50_000;
  const ackWaitMs = o.ackWaitMs ?? 30_000;
  const retryMs = o.retryMs ?? 1000;
  const pollMs = o.pollMs ?? 20;
  let maxMessageBytes = o.maxMessageBytes ?? 256 * 1024;

  let state: 'new' | 'running' | 'stopping' | 'stopped' | 'failed' = 'new';
  let write: ((batch: T[]) => Promise<void>) | undefined;
  let nc: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;
  let js: JetStreamClient | undefined;
  let messages: ConsumerMessages | undefined;
  let reading: Promise<void> | undefined;
  let replayed: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];

  // Waiters for progress (flush, start, stop, a full buffer): checked after every change.
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  let gaveUp: Error | undefined;
  const until = (done: () => boolean, failOnGiveUp = true) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) resolve();
        else if (failOnGiveUp && gaveUp) reject(gaveUp);
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  // ---- publishing ----

  const outgoing: Outgoing[] = [];
  const publishing = new Set<Outgoing>();
  let scheduled = false;
  /** Highest stream sequence this node published: what flush() waits for. */
  let lastSeq = 0;

  const send = () => {
    scheduled = false;
    if (!js) return; // connecting: start() sends what waits
    while (publishing.size < maxPublishing && outgoing.length) {
      const out = outgoing.shift()!;
      publishing.add(out);
      void js
        .publish(subject, out.lines.join('\n'))
        .then(
          (ack) => {
            lastSeq = Math.max(lastSeq, ack.seq);
            out.done.forEach((d) => d.ok());
          },
          (err: unknown) => out.done.forEach((d) => d.fail(err)),
        )
        .finally(() => {
          publishing.delete(out);
          out.settle();
          send();
        });
    }
  };

  const append = (events: readonly T[]): Promise<void> => {
    if (state !== 'running') return Promise.reject(new Error(`the event log is ${state === 'new' ? 'not started' : state}`));
    if (!events.length) return Promise.resolve();
    const lines: string[] = [];
    const sizes: number[] = [];
    try {
      for (const e of events) {
        const line = assertOneLine(o.codec.encode(e));
        const bytes = Buffer.byteLength(line) + 1;
        if (bytes > maxMessageBytes) throw new Error(`an event of ${bytes} bytes exceeds the largest message (${maxMessageBytes})`);
        lines.push(line);
        sizes.push(bytes);
      }
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<void>((resolve, reject) => {
      // Resolved once every message its events went into is acked.
      const added = new Set<Outgoing>();
      let left = 0;
      let failed = false;
      const done = {
        ok: () => {
          if (--left === 0 && !failed) resolve();
        },
        fail: (err: unknown) => {
          if (!failed) reject(err);
          failed = true;
        },
      };
      lines.forEach((line, i) => {
        const bytes = sizes[i]!;
        // The last message not sent yet takes it when it has room: publishing keeps append order.
        let out = outgoing.at(-1);
        if (!out || out.bytes + bytes > maxMessageBytes) outgoing.push((out = newOutgoing()));
        out.lines.push(line);
        out.bytes += bytes;
        added.add(out);
      });
      left = added.size;
      for (const out of added) out.done.push(done);
      // Appends made in the same turn share a message.
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(send);
      }
    });
  };

  // ---- consuming and writing ----

  const held: Held<T>[] = [];
  let queued = 0; // events held and not handed to the writer yet
  let inMemory = 0; // events held, handed or not
  let flushing = 0;
  // Events still to hand out because an interval passed: those queued then. Not "whatever is queued"
  // until none is: under steady traffic that never comes, and every write would take the few
  // events that arrived during the last one.
  let due = 0;
  let pumping = false;
  let pumped: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const backoff = () =>
    new Promise<void>((resolve) => {
      const t = setTimeout((wake = resolve), retryMs);
      t.unref();
    }).finally(() => (wake = undefined));

  /** Gives every held message back to JetStream, for this node or another one, after `delayMs`. */
  const releaseHeld = (delayMs?: number) => {
    for (const h of held) h.msg.nak(delayMs);
    held.length = 0;
    queued = inMemory = due = 0;
    notify();
  };

  const takeBatch = () => {
    const events: T[] = [];
    const parts: { h: Held<T>; n: number }[] = [];
    for (const h of held) {
      if (events.length >= o.batchSize) break;
      const n = Math.min(h.events.length - h.next, o.batchSize - events.length);
      for (let i = h.next; i < h.next + n; i++) events.push(h.events[i]!);
      if (n) parts.push({ h, n });
      h.next += n;
    }
    queued -= events.length;
    due = Math.max(0, due - events.length);
    return { events, parts };
  };

  const settle = (parts: { h: Held<T>; n: number }[]) => {
    for (const { h, n } of parts) {
      h.left -= n;
      inMemory -= n;
      if (h.left === 0) h.msg.ack();
    }
    while (held.length && held[0]!.left === 0) held.shift();
    notify();
  };

  const pump = async () => {
    if (pumping || !write) return;
    pumping = true;
    try {
      while (!gaveUp && state !== 'stopped') {
        if (!(queued >= o.batchSize || (queued > 0 && (due > 0 || flushing > 0)))) break;
        const batch = takeBatch();
        try {
          await write(batch.events);
        } catch (err) {
          o.onError(err);
          if (state === 'stopping') {
            gaveUp = new Error('the event log stopped before every event was written: JetStream keeps them', { cause: err });
            // Pull no more first: a message given back while pulling would come straight back, and
            // one in flight when the subscription closes waits out the ack wait.
            stopConsuming();
            releaseHeld();
            break;
          }
          // Written again later, by this node or another: idempotent. Nak'd rather than held, so
          // that a long outage does not outlast the ack wait and bring duplicates.
          releaseHeld(retryMs);
          await backoff();
          continue;
        }
        settle(batch.parts);
      }
    } finally {
      pumping = false;
      notify();
    }
    if (!gaveUp && state !== 'stopped' && queued >= o.batchSize) kick();
  };
  const kick = () => {
    if (!pumping && write) pumped = pump().catch(o.onError);
  };

  let consuming = false;
  // (A function: TypeScript would narrow a plain read of the flag across the awaits of the loop.)
  const isConsuming = () => consuming;
  const stopConsuming = () => {
    consuming = false;
    messages?.stop();
    notify();
  };

  const read = async () => {
    const consumer = await js!.consumers.get(streamName, durable);
    while (consuming) {
      try {
        messages = await consumer.consume({ max_messages: Math.max(100, Math.min(1000, o.batchSize)) });
        for await (const msg of messages) {
          // Already received when consuming stopped: for another node.
          if (!isConsuming()) {
            msg.nak();
            continue;
          }
          const events: T[] = [];
          for (const line of msg.string().split('\n')) {
            try {
              events.push(o.codec.decode(line));
            } catch (err) {
              o.onError(new Error(`event log: an undecodable event in message ${msg.seq} skipped`, { cause: err }));
            }
          }
          if (!events.length) {
            msg.ack();
            continue;
          }
          held.push({ msg, events, next: 0, left: events.length });
          queued += events.length;
          inMemory += events.length;
          kick();
          // Pull no more until the writer made room (the client buffers one pull at most).
          if (inMemory >= maxBuffered) await until(() => inMemory < maxBuffered || !consuming, false);
        }
        if (consuming) throw new Error('event log: the JetStream consumer stopped; consuming again');
      } catch (err) {
        if (!consuming) break;
        o.onError(err);
        await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      }
    }
  };

  // ---- where the consumer has got to ----

  /** Whether every message up to `seq` was acked (by any node). */
  const ackedThrough = async (seq: number) => {
    if (seq <= 0) return true;
    const ci = await jsm!.consumers.info(streamName, durable);
    if (ci.ack_floor.stream_seq >= seq) return true;
    // Work queue: an acked message is deleted, so none left up to `seq` means all were acked.
    const si = await jsm!.streams.info(streamName);
    return si.state.messages === 0 || si.state.first_seq > seq;
  };

  /** Writes partial batches, and waits until every message up to `seq` was acked. */
  const drain = async (seq: number) => {
    flushing++;
    try {
      kick();
      for (;;) {
        // Our own writes first: they are what other nodes wait for too.
        await until(() => queued === 0 && !pumping);
        if (await ackedThrough(seq)) return;
        if (gaveUp) throw gaveUp;
        await new Promise<void>((resolve) => setTimeout(resolve, pollMs).unref());
      }
    } finally {
      flushing--;
    }
  };

  // ---- life cycle ----

  const ensureStream = async () => {
    try {
      return await jsm!.streams.info(streamName);
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      return await jsm!.streams.add({ name: streamName, subjects: [subject], storage: StorageType.File, retention: RetentionPolicy.Workqueue });
    } catch (err) {
      // Another node made it meanwhile.
      return await jsm!.streams.info(streamName).catch(() => Promise.reject(err));
    }
  };

  const ensureConsumer = async () => {
    try {
      return await jsm!.consumers.info(streamName, durable);
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
    }
    const config = { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ack_wait: nanos(ackWaitMs), max_ack_pending: -1 };
    try {
      return await jsm!.consumers.add(streamName, config);
    } catch (err) {
      return await jsm!.consumers.info(streamName, durable).catch(() => Promise.reject(err));
    }
  };

  const start = (w: (batch: T[]) => Promise<void>) => {
    if (state !== 'new') return Promise.reject(new Error('the event log was started already'));
    state = 'running';
    write = w;
    // Set at once: a flush() while starting waits for the replay too.
    replayed = connectAndReplay();
    return replayed;
  };

  const connectAndReplay = async () => {
    let leftoversUpTo: number;
    try {
      nc = await connect({ servers: o.url.split(','), name: 'ads-event-log', maxReconnectAttempts: -1 });
      void nc.closed().then((err) => err && o.onError(err));
      maxMessageBytes = Math.min(maxMessageBytes, nc.info!.max_payload - 1024);
      jsm = await jetstreamManager(nc);
      const stream = await ensureStream();
      await ensureConsumer();
      leftoversUpTo = stream.state.last_seq;
      js = jsm.jetstream();
    } catch (err) {
      state = 'failed';
      for (const out of outgoing.splice(0)) out.done.forEach((d) => d.fail(err));
      await nc?.close();
      throw err;
    }
    send(); // appends made while connecting
    if (o.intervalMs > 0) {
      timers.push(
        setInterval(() => {
          due = queued;
          kick();
        }, o.intervalMs),
      );
    }
    // Held messages stay ours while the writer works through them (or waits for a full batch).
    timers.push(setInterval(() => held.forEach((h) => h.msg.working()), Math.max(1000, ackWaitMs / 3)));
    timers.forEach((t) => t.unref());
    consuming = true;
    reading = read().catch((err: unknown) => o.onError(err));
    await drain(leftoversUpTo);
  };

  const flush = async () => {
    if (state === 'new') throw new Error('the event log is not started');
    if (state === 'stopped' || state === 'failed') return;
    wake?.(); // retry a failed write now
    await replayed;
    // Appends made so far: queued and in flight.
    await Promise.all([...publishing, ...outgoing].map((out) => out.sent));
    await drain(lastSeq);
  };

  const stop = async () => {
    if (state !== 'running') {
      if (state === 'failed') state = 'stopped';
      return;
    }
    state = 'stopping';
    try {
      await flush();
    } catch {
      // Given up on a failing write: JetStream redelivers the events to a node that runs.
    }
    state = 'stopped';
    timers.forEach(clearInterval);
    wake?.();
    stopConsuming();
    await pumped;
    await reading;
    releaseHeld();
    await nc!.drain();
  };

  return { append, start, flush, stop };
};
