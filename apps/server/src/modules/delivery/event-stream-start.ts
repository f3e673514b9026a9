// What start-up asks of the event stream before it trusts a process with delivery: that NATS answers
// (EVENTS_URL) or that the local log's directory is free, each failure a message naming the setting
// to change; and, for a demo seed that was cut off, dropping the events it left unwritten.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Config } from '../../config';
import { DataDirLockedError, describeOwner, lockDataDir, staleLockHint } from '../../db/data-dir-lock';
import { StartupError } from '../../startup-error';

export interface EventStreamPlace {
  /** EVENTS_URL; unset: the local log in `dir`. */
  url: string | undefined;
  stream: string;
  /** DATA_DIR/events. */
  dir: string;
}

/** Where the configuration keeps delivery events. */
export const eventStreamPlaceOf = (config: Pick<Config, 'EVENTS_URL' | 'EVENTS_STREAM' | 'DATA_DIR'>): EventStreamPlace => ({
  url: config.EVENTS_URL,
  stream: config.EVENTS_STREAM,
  dir: path.resolve(config.DATA_DIR, 'events'),
});

/** How long start-up waits for NATS before it says it cannot be reached. */
const NATS_CHECK_MS = 5_000;

const hostsOf = (url: string) =>
  url
    .split(',')
    .map((u) => u.replace(/^nats:\/\/(?:[^@/]*@)?/, '').replace(/\/.*$/, ''))
    .join(', ');

/** Why NATS cannot be used, as a person reads it. */
const natsProblem = (err: unknown, url: string): StartupError => {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  const at = `NATS at ${hostsOf(url)}`;
  const why =
    e.name === 'JetStreamNotEnabled' || /jetstream is not enabled/i.test(e.message ?? '')
      ? `${at} answers, but without JetStream: start nats-server with -js (JetStream keeps the events).`
      : code === 'ECONNREFUSED'
        ? `Connection refused by ${at}: is nats-server running and listening on that address and port?`
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? `Unknown NATS host in EVENTS_URL (${hostsOf(url)}): check the host name.`
          : e.name === 'TimeoutError' || /timeout/i.test(e.message ?? '')
            ? `${at} did not answer within ${NATS_CHECK_MS / 1000} s: check the address and any firewall in between (is it NATS on that port?)`
            : `Cannot use ${at}: ${e.message || code || String(err)}.`;
  return new StartupError(
    `${why}\n  EVENTS_URL=${url.replace(/\/\/[^@/]*@/, '//***@')}\n` +
      'Delivery keeps answered ad requests, impressions and clicks there before they are written: fix EVENTS_URL, ' +
      'or unset it to keep them in DATA_DIR/events (one process per DATA_DIR).',
    { cause: err },
  );
};

/** The local log's directory taken by another process: the second of two servers on one DATA_DIR. */
const logInUse = (err: DataDirLockedError, dir: string) =>
  new StartupError(
    // describeOwner: `<command> (pid …, since …)`; the command is the log itself.
    `Cannot start: another process ${describeOwner(err.owner).slice(err.owner.command.length + 1)} keeps its delivery events in ${dir}.\n` +
      'Without EVENTS_URL every process keeps its delivery events in DATA_DIR/events, one process per directory. ' +
      'To run several processes on one database (and one DATA_DIR), set EVENTS_URL to a NATS JetStream server they share ' +
      `(README: Scaling out); or give this one a DATA_DIR of its own.${staleLockHint(err)}`,
    { cause: err },
  );

const connectNats = async (url: string): Promise<NatsConnection> => {
  try {
    const nc = await connect({ servers: url.split(','), name: 'ads-start-check', timeout: NATS_CHECK_MS, reconnect: false });
    try {
      await jetstreamManager(nc, { timeout: NATS_CHECK_MS });
    } catch (err) {
      await nc.close().catch(() => {});
      throw err;
    }
    return nc;
  } catch (err) {
    throw natsProblem(err, url);
  }
};

/**
 * Before the database is touched: NATS answers with JetStream within a few seconds, or the local
 * log's directory is not another process's. Fails with a StartupError naming EVENTS_URL.
 */
export const checkEventStream = async (place: EventStreamPlace) => {
  if (place.url) {
    await (await connectNats(place.url)).close();
    return;
  }
  try {
    lockDataDir(place.dir, 'the delivery event log').release();
  } catch (err) {
    throw err instanceof DataDirLockedError ? logInUse(err, place.dir) : explainEventStreamError(err, place);
  }
};

/** A failed start of the event log (the delivery module's start) as a StartupError naming the setting. */
export const explainEventStreamError = (err: unknown, place: EventStreamPlace): unknown => {
  if (err instanceof StartupError) return err.cause instanceof DataDirLockedError ? logInUse(err.cause, place.dir) : err;
  if (place.url) return natsProblem(err, place.url);
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (!code || !/^E[A-Z]+$/.test(code)) return err;
  return new StartupError(
    `Cannot open the delivery event log ${place.dir}: ${(err as Error).message}.\n` +
      'DATA_DIR must be a directory this process can write (or set EVENTS_URL to keep delivery events in NATS JetStream).',
    { cause: err },
  );
};

/**
 * Drops what the stream holds unwritten: only for a demo seed that was cut off, whose database is
 * made again from nothing (its events would land on the new demo's campaigns).
 */
export const discardEventStream = async (place: EventStreamPlace) => {
  if (place.url) {
    const nc = await connectNats(place.url);
    try {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.purge(place.stream).catch((err: unknown) => {
        if (!/stream not found/i.test((err as Error).message)) throw err;
      });
    } finally {
      await nc.close().catch(() => {});
    }
    return;
  }
  let lock;
  try {
    lock = lockDataDir(place.dir, 'the delivery event log');
  } catch (err) {
    throw err instanceof DataDirLockedError ? logInUse(err, place.dir) : err;
  }
  try {
    for (const name of await fsp.readdir(place.dir)) {
      if (name.endsWith('.events') || name === 'log-id') await fsp.rm(path.join(place.dir, name), { force: true });
    }
  } finally {
    lock.release();
  }
};
