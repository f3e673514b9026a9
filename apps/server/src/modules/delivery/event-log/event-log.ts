// The durable log between the tracking endpoints and the database writer: an event is answered
// only once it would survive a crash, and handed to the writer (in batches) from there. Two
// implementations: local segment files (local-event-log.ts, the default) and NATS JetStream
// (nats-event-log.ts, several delivery nodes).

/** One event <-> one line of text (no newline in it). */
export interface EventCodec<T> {
  encode(e: T): string;
  decode(s: string): T;
}

export interface EventLog<T> {
  /** Resolves once the events would survive a crash (fsync'd locally, or acknowledged by JetStream). Rejects if they could not be made durable. */
  append(events: readonly T[]): Promise<void>;
  /**
   * Starts handing durable events to `write` in batches (at most batchSize, at least every
   * intervalMs when any wait), first replaying whatever a previous run left unwritten. Resolves once
   * those leftovers are written. `write` must be idempotent (by event id): an event is forgotten only
   * after the write that contained it resolved, so a crash in between writes it again. A failed
   * write is retried after `retryMs`.
   */
  start(write: (batch: T[], origin?: BatchOrigin) => Promise<void>): Promise<void>;
  /** Hands everything appended so far to `write` and waits for it. */
  flush(): Promise<void>;
  /**
   * Flushes, then closes files / connections. A write that fails during stop is not retried: the
   * events stay in the log for the next start, so a server stopping while its database is down
   * does not hang.
   */
  stop(): Promise<void>;
}

/**
 * Where a batch's events lie in a log that hands them in one order (the local log): `log` names the
 * log, and each part is `count` consecutive events from line `first` of segment `segment`, so every
 * event has a position that stays the same when a restart hands it again, and positions only grow
 * from one batch to the next. A writer that stores the last position with what it wrote (one
 * transaction) knows what a replay hands again without looking each event up.
 */
export interface BatchOrigin {
  log: string;
  parts: { segment: number; first: number; count: number }[];
}

export interface EventLogOptions<T> {
  codec: EventCodec<T>;
  /** Most events handed to one `write`; a batch goes as soon as this many wait. */
  batchSize: number;
  /** Also a batch of whatever waits every this many ms; 0: only full batches, and on flush(). */
  intervalMs: number;
  /** Failed writes, torn or corrupt records, lost connections: reported, never thrown. */
  onError: (err: unknown) => void;
  /** Wait before retrying a failed write (default 1000). */
  retryMs?: number;
}

/** An encoded event is one line of the log (a line of a JetStream message): refuses one with a newline. */
export const assertOneLine = (line: string) => {
  if (line.includes('\n')) throw new Error('an encoded event must not contain a newline');
  return line;
};
