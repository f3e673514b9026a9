// The event log on local disk. Appends go to the newest segment file, one line per event, and are
// answered once durable (the segment is opened O_DSYNC: a write returns once synced): appends that
// arrive while a write runs are written and synced together by the next one (group commit), which
// starts as soon as the previous one finished, so latency is
// one or two syncs and throughput grows with concurrency. The writer gets events from memory;
// files are read only for a previous run's leftovers and for events spilled past `maxBuffered`.
//
// Line: `CCCCCCCC <encoded event>\n`, CCCCCCCC the CRC32 (hex) of the event's UTF-8 bytes, so a line
// torn by a crash (power loss, full disk) is recognised and skipped. A segment is deleted once every
// event in it was written; after a write or sync error the segment is abandoned (it may end in a
// partial line), and the next append opens a new one.
//
// The log's name (file `log-id`) is new whenever the log starts empty and kept while segments are
// left: with the segment ids and line numbers it gives each event a position (BatchOrigin) that a
// replay hands again unchanged. (A corrupt line in the middle of a segment, reported, shifts the
// lines after it by one: a writer that skips by position then counts that many requests fewer.)
import type { FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { DataDirLockedError, describeOwner, lockDataDir, staleLockHint, type DataDirLock } from '../../../db/data-dir-lock';
import { StartupError } from '../../../startup-error';
import { assertOneLine, type BatchOrigin, type EventLog, type EventLogOptions } from './event-log';

export interface LocalEventLogOptions<T> extends EventLogOptions<T> {
  /** Created when missing; locked for this process (`console.lock`, as DATA_DIR is). */
  dir: string;
  /** A new segment once the current one has this many bytes (default 8 MiB) … */
  segmentBytes?: number;
  /** … or is this old (default 2 s), so written events do not keep files long. */
  segmentMs?: number;
  /**
   * Events kept in memory for the writer (default 500,000). Past it (the database is down or slow)
   * appends still succeed: their events stay only in the files, read back once the writer catches up.
   */
  maxBuffered?: number;
}

const SEGMENT = /^(\d{12})\.events$/;
const segmentName = (id: number) => `${String(id).padStart(12, '0')}.events`;
const NEWLINE = 0x0a;
const LOG_ID = 'log-id';

export const encodeLine = (text: string) => `${crc32(text).toString(16).padStart(8, '0')} ${text}\n`;

/** The valid lines of `buf`; `corrupt`: invalid lines followed by valid ones (a torn tail is not). */
export const parseLines = (buf: Buffer) => {
  const lines: string[] = [];
  let corrupt = 0;
  let invalid = 0;
  for (let pos = 0; pos < buf.length; ) {
    const end = buf.indexOf(NEWLINE, pos);
    if (end < 0) break; // no newline: the torn last line of a crash
    const ok =
      end - pos >= 9 &&
      buf[pos + 8] === 0x20 &&
      /^[0-9a-f]{8}$/.test(buf.toString('latin1', pos, pos + 8)) &&
      crc32(buf.subarray(pos + 9, end)) === parseInt(buf.toString('latin1', pos, pos + 8), 16);
    if (ok) {
      corrupt += invalid;
      invalid = 0;
      lines.push(buf.toString('utf8', pos + 9, end));
    } else invalid++;
    pos = end + 1;
  }
  return { lines, corrupt };
};

interface Segment<T> {
  id: number;
  file: string;
  /** Only the segment appends go to has one. */
  fh?: FileHandle;
  closed: boolean;
  openedAt: number;
  /** Bytes synced: whole lines of acknowledged appends. */
  size: number;
  /** Events durable in it; -1: a previous run's segment, not read yet. */
  appended: number;
  /** Given to `write` (in flight or written) / written. */
  handed: number;
  written: number;
  /** Events [memBase, memBase + mem.length) are in memory, the rest (up to `appended`) only in the file from `loadedBytes` on. */
  mem: T[];
  memBase: number;
  loadedBytes: number;
  deleted?: boolean;
}

/** `n` events of a batch from `seg`, from its line `first`. */
interface Part<T> {
  seg: Segment<T>;
  first: number;
  n: number;
}

interface Group<T> {
  text: string;
  events: T[];
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
  done: Promise<void>;
  settle: () => void;
}

const newGroup = <T>(): Group<T> => {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  return { text: '', events: [], waiters: [], done, settle };
};

export const createLocalEventLog = <T>(o: LocalEventLogOptions<T>): EventLog<T> => {
  const dir = path.resolve(o.dir);
  const segmentBytes = o.segmentBytes ?? 8 * 1024 * 1024;
  const segmentMs = o.segmentMs ?? 2000;
  const maxBuffered = o.maxBuffered ?? 500_000;
  const retryMs = o.retryMs ?? 1000;

  let state: 'new' | 'running' | 'stopping' | 'stopped' | 'failed' = 'new';
  let write: ((batch: T[], origin: BatchOrigin) => Promise<void>) | undefined;
  let logId = '';
  let lock: DataDirLock | undefined;
  let dirHandle: FileHandle | undefined;
  let opened: Promise<void> | undefined;
  let replayed: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];
  /** Background file work (closes, unlinks) that stop() waits for. */
  const chores = new Set<Promise<unknown>>();
  const chore = (p: Promise<unknown>) => {
    const q = p.catch(o.onError).finally(() => chores.delete(q));
    chores.add(q);
  };

  // Segments in order; the last one may be open (`current`).
  const segs: Segment<T>[] = [];
  let current: Segment<T> | undefined;
  let lastId = 0;
  let lastRecoveredId = 0;
  let unread = 0; // a previous run's segments not read yet
  let leftovers = 0; // … and not written yet

  // Counts over the whole run, in log order: the writer hands out and writes in that order.
  let appendedTotal = 0;
  let handedTotal = 0;
  let writtenTotal = 0;
  let buffered = 0; // events in memory not written yet
  // Write partial batches until this many are handed out: flush() and each interval set it to what
  // was appended then. Not "whatever waits" until none does: under steady traffic that never comes,
  // and every write would take the few events that arrived during the last one.
  let flushTo = 0;
  let gaveUp: Error | undefined; // a write failed during stop

  // Waiters for progress (flush, start, stop): checked after every change.
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());
  const until = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) resolve();
        else if (gaveUp) reject(gaveUp);
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  // ---- appending (group commit) ----

  let pending = newGroup<T>();
  let committing: Group<T> | undefined;
  let commitLoopRunning = false;

  const retire = (seg: Segment<T>) => {
    seg.closed = true;
    if (seg.fh) chore(seg.fh.close());
    seg.fh = undefined;
    if (current === seg) current = undefined;
    maybeDelete(seg);
  };

  const maybeDelete = (seg: Segment<T>) => {
    if (!seg.closed || seg.deleted || seg.appended < 0 || seg.written < seg.appended) return;
    seg.deleted = true;
    segs.splice(segs.indexOf(seg), 1);
    if (seg.id <= lastRecoveredId) leftovers--; // a previous run's
    // Lost on a crash, the unlink only means its events are written again: idempotent.
    chore(fsp.unlink(seg.file));
    notify();
  };

  const segmentFor = async () => {
    if (current && (current.size >= segmentBytes || Date.now() - current.openedAt >= segmentMs)) retire(current);
    if (current) return current;
    const id = ++lastId;
    const file = path.join(dir, segmentName(id));
    // O_DSYNC: a write returns once its bytes are durable, one call to the thread pool instead of a write and a sync.
    const fh = await fsp.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | constants.O_DSYNC);
    const seg: Segment<T> = { id, file, fh, closed: false, openedAt: Date.now(), size: 0, appended: 0, handed: 0, written: 0, mem: [], memBase: 0, loadedBytes: 0 };
    segs.push(seg);
    current = seg;
    await dirHandle!.sync(); // the new file's name must survive a crash too
    return seg;
  };

  const commitLoop = async () => {
    commitLoopRunning = true;
    try {
      await opened;
      while (pending.events.length) {
        const group = pending;
        pending = newGroup();
        committing = group;
        try {
          const seg = await segmentFor();
          const buf = Buffer.from(group.text);
          for (let off = 0; off < buf.length; ) off += (await seg.fh!.write(buf, off)).bytesWritten;
          accept(seg, group.events, buf.length);
          for (const w of group.waiters) w.resolve();
        } catch (err) {
          // The file may now end in a partial line: no later line may follow it.
          if (current) retire(current);
          for (const w of group.waiters) w.reject(err);
        } finally {
          committing = undefined;
          group.settle();
        }
      }
    } catch (err) {
      // Not opened (start failed): nothing can be made durable.
      for (const w of pending.waiters) w.reject(err);
      pending.settle();
      pending = newGroup();
    } finally {
      commitLoopRunning = false;
    }
  };

  /** Events just made durable: in memory for the writer, or only on disk past `maxBuffered`. */
  const accept = (seg: Segment<T>, events: T[], bytes: number) => {
    const inMemory = seg.memBase + seg.mem.length === seg.appended;
    seg.size += bytes;
    seg.appended += events.length;
    appendedTotal += events.length;
    if (inMemory && buffered + events.length <= maxBuffered) {
      for (const e of events) seg.mem.push(e);
      seg.loadedBytes = seg.size;
      buffered += events.length;
    }
    if (appendedTotal - handedTotal >= o.batchSize) kick();
  };

  const append = (events: readonly T[]): Promise<void> => {
    if (state !== 'running') return Promise.reject(new Error(`the event log is ${state === 'new' ? 'not started' : state}`));
    if (!events.length) return Promise.resolve();
    let text = '';
    try {
      for (const e of events) text += encodeLine(assertOneLine(o.codec.encode(e)));
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<void>((resolve, reject) => {
      pending.text += text;
      for (const e of events) pending.events.push(e);
      pending.waiters.push({ resolve, reject });
      if (!commitLoopRunning) void commitLoop();
    });
  };

  // ---- writing ----

  let pumping = false;
  let pumped: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const backoff = () =>
    new Promise<void>((resolve) => {
      const t = setTimeout((wake = resolve), retryMs);
      t.unref();
    }).finally(() => (wake = undefined));

  /** Reads the events of `seg` that are only on disk. */
  const load = async (seg: Segment<T>) => {
    const recovered = seg.appended < 0;
    const from = seg.loadedBytes;
    // What is synced now; appends during the read stay for the next load.
    const to = seg.size;
    const toEvents = seg.appended;
    const fh = await fsp.open(seg.file, 'r');
    let buf: Buffer;
    try {
      if (recovered) buf = Buffer.alloc((await fh.stat()).size);
      else buf = Buffer.alloc(to - from);
      for (let off = 0; off < buf.length; ) {
        const { bytesRead } = await fh.read(buf, off, buf.length - off, from + off);
        if (!bytesRead) throw new Error(`${seg.file} is shorter than expected`);
        off += bytesRead;
      }
    } finally {
      await fh.close();
    }
    const { lines, corrupt } = parseLines(buf);
    const events: T[] = [];
    let undecodable = 0;
    for (const line of lines) {
      try {
        events.push(o.codec.decode(line));
      } catch {
        undecodable++;
      }
    }
    if (corrupt || undecodable) o.onError(new Error(`event log ${seg.file}: ${corrupt + undecodable} corrupt events skipped`));
    if (recovered) {
      seg.appended = events.length;
      seg.size = buf.length;
      appendedTotal += events.length;
      unread--;
    } else {
      const expected = toEvents - (seg.memBase + seg.mem.length);
      if (events.length < expected) {
        // Damaged on disk after it was synced: nothing to do but count them out.
        o.onError(new Error(`event log ${seg.file}: ${expected - events.length} events unreadable`));
        seg.appended -= expected - events.length;
        appendedTotal -= expected - events.length;
      }
      events.length = Math.min(events.length, expected);
    }
    for (const e of events) seg.mem.push(e);
    seg.loadedBytes = from + buf.length;
    buffered += events.length;
    maybeDelete(seg);
  };

  /** The next batch, in log order: at most batchSize events, never past a segment still loading. */
  const takeBatch = async () => {
    const events: T[] = [];
    const parts: Part<T>[] = [];
    try {
      for (const seg of [...segs]) {
        if (events.length >= o.batchSize) break;
        if (seg.deleted) continue;
        if (seg.appended < 0 || seg.memBase + seg.mem.length < seg.appended) await load(seg);
        const n = Math.min(seg.memBase + seg.mem.length - seg.handed, o.batchSize - events.length);
        for (let i = seg.handed - seg.memBase, end = i + n; i < end; i++) events.push(seg.mem[i]!);
        if (n) parts.push({ seg, first: seg.handed, n });
        seg.handed += n;
        handedTotal += n;
        if (seg.handed < seg.appended || !seg.closed) break; // order: this segment first
      }
    } catch (err) {
      giveBack(parts);
      throw err;
    }
    return { events, parts };
  };

  const giveBack = (parts: Part<T>[]) => {
    for (const { seg, n } of parts) {
      seg.handed -= n;
      handedTotal -= n;
    }
  };

  const settle = (parts: Part<T>[], count: number) => {
    for (const { seg, n } of parts) {
      seg.written += n;
      buffered -= n;
      // Drop written events from memory now and then (not per batch: slicing costs).
      if (seg.written - seg.memBase >= 16_384) {
        seg.mem = seg.mem.slice(seg.written - seg.memBase);
        seg.memBase = seg.written;
      }
      maybeDelete(seg);
    }
    writtenTotal += count;
    notify();
  };

  const mustWrite = () => handedTotal < flushTo || leftovers > 0;

  const pump = async () => {
    if (pumping || !write) return;
    pumping = true;
    try {
      while (state !== 'stopped' && !gaveUp) {
        const waiting = appendedTotal - handedTotal;
        if (!(waiting >= o.batchSize || unread > 0 || (waiting > 0 && mustWrite()))) break;
        let batch: Awaited<ReturnType<typeof takeBatch>> | undefined;
        try {
          batch = await takeBatch();
          if (!batch.events.length) break;
          await write(batch.events, { log: logId, parts: batch.parts.map((p) => ({ segment: p.seg.id, first: p.first, count: p.n })) });
        } catch (err) {
          if (batch) giveBack(batch.parts);
          o.onError(err);
          if (state === 'stopping') {
            gaveUp = new Error('the event log stopped before every event was written: they stay for the next start', { cause: err });
            notify();
            break;
          }
          await backoff();
          continue;
        }
        settle(batch.parts, batch.events.length);
      }
    } finally {
      pumping = false;
    }
    // Appends may have filled a batch while the last write ran.
    if (state !== 'stopped' && !gaveUp && appendedTotal - handedTotal >= o.batchSize) kick();
  };

  const kick = () => {
    if (!pumping && write) pumped = pump().catch(o.onError);
  };

  // ---- life cycle ----

  const open = async () => {
    await fsp.mkdir(dir, { recursive: true });
    try {
      lock = lockDataDir(dir, 'the delivery event log');
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      throw new StartupError(
        `the event log directory ${dir} is in use by ${describeOwner(err.owner)}: one process per directory${staleLockHint(err)}`,
        { cause: err },
      );
    }
    dirHandle = await fsp.open(dir, 'r');
    const ids = (await fsp.readdir(dir))
      .map((name) => SEGMENT.exec(name)?.[1])
      .filter((id) => id !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    for (const id of ids) {
      segs.push({ id, file: path.join(dir, segmentName(id)), closed: true, openedAt: 0, size: 0, appended: -1, handed: 0, written: 0, mem: [], memBase: 0, loadedBytes: 0 });
    }
    unread = leftovers = ids.length;
    lastId = lastRecoveredId = ids.at(-1) ?? 0;
    logId = await logIdFor(ids.length > 0);
  };

  /** The name kept while segments are left (their positions must not change); a new one otherwise (segment ids start again). */
  const logIdFor = async (leftover: boolean) => {
    const file = path.join(dir, LOG_ID);
    if (leftover) {
      const kept = (await fsp.readFile(file, 'utf8').catch(() => '')).trim();
      if (/^[0-9a-f-]{36}$/.test(kept)) return kept;
    }
    const id = randomUUID();
    const tmp = `${file}.tmp`;
    const fh = await fsp.open(tmp, 'w');
    try {
      await fh.writeFile(id);
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await fsp.rename(tmp, file);
    await dirHandle!.sync();
    return id;
  };

  const start = (w: (batch: T[], origin: BatchOrigin) => Promise<void>) => {
    if (state !== 'new') return Promise.reject(new Error('the event log was started already'));
    write = w;
    state = 'running';
    opened = open();
    // Set at once: a flush() while starting waits for the replay too.
    replayed = replay();
    return replayed;
  };

  const replay = async () => {
    try {
      await opened;
    } catch (err) {
      state = 'failed';
      dirHandle?.close().catch(() => {});
      lock?.release();
      throw err;
    }
    if (o.intervalMs > 0) {
      timers.push(
        setInterval(() => {
          flushTo = Math.max(flushTo, appendedTotal);
          kick();
        }, o.intervalMs),
      );
    }
    // An idle log closes its segment, so that written events do not keep it.
    timers.push(
      setInterval(() => {
        if (current && !committing && Date.now() - current.openedAt >= segmentMs) retire(current);
      }, segmentMs),
    );
    timers.forEach((t) => t.unref());
    kick();
    await until(() => leftovers === 0);
    await Promise.all(chores); // their files deleted
  };

  const flush = async () => {
    if (state === 'new') throw new Error('the event log is not started');
    if (state === 'stopped' || state === 'failed') return;
    wake?.(); // retry a failed write now
    await replayed;
    // Appends made so far: the group waiting for a sync and the one being synced.
    await (pending.events.length ? pending.done : committing?.done);
    const target = appendedTotal;
    flushTo = Math.max(flushTo, target);
    kick();
    await until(() => writtenTotal >= target);
    // Deletions of the segments just written too.
    await Promise.all(chores);
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
      // Given up on a failing write: the events stay in the files for the next start.
    }
    state = 'stopped';
    timers.forEach(clearInterval);
    wake?.();
    await pumped;
    // flush() gave up early: appends made before stop may still be syncing.
    await (pending.events.length ? pending.done : committing?.done);
    if (current) retire(current);
    while (chores.size) await Promise.all(chores);
    // Nothing left to replay: the next start names the log anew anyway.
    if (!segs.length) await fsp.unlink(path.join(dir, LOG_ID)).catch(() => {});
    await dirHandle?.close();
    lock?.release();
  };

  return { append, start, flush, stop };
};
