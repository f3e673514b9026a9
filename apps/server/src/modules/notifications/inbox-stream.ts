import type { Database } from '../../db/client';
import { INBOX_CHANNEL } from './notifications.repository';

/** One open stream: told when its user's inbox changed, and ended when the server stops. */
export interface Listener {
  changed(): void;
  end(): void;
}

export interface InboxStreamOptions {
  /** The database's LISTEN (PGlite's own, or PostgreSQL's: every process hears every commit). */
  listen: Database['listen'];
  /** Streams one user may hold open on this process. */
  maxPerUser: number;
}

/**
 * The Action Center's live updates on this process. Every change to an inbox NOTIFYs the user's id
 * at commit (notifications.repository.ts); one LISTEN per process, opened with the first stream,
 * hands each id to that user's open streams only. A reconnected LISTEN (no payload: anything may
 * have changed meanwhile) tells every stream.
 */
export const createInboxStream = ({ listen, maxPerUser }: InboxStreamOptions) => {
  const byUser = new Map<number, Set<Listener>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let stopped = false;

  const tell = (payload?: string) => {
    if (payload === undefined) {
      for (const listeners of byUser.values()) for (const l of listeners) l.changed();
      return;
    }
    for (const id of payload.split(',')) {
      const listeners = byUser.get(Number(id));
      if (listeners) for (const l of listeners) l.changed();
    }
  };

  /** Resolves once this process hears the channel (before the stream says it is open). */
  const ready = () => {
    listening ??= listen(INBOX_CHANNEL, tell).catch((err: unknown) => {
      listening = undefined;
      throw err;
    });
    return listening;
  };

  /**
   * Adds a stream of `userId`; answers its removal, or undefined when the user already holds
   * `maxPerUser` here (nothing is added).
   */
  const subscribe = (userId: number, listener: Listener): (() => void) | undefined => {
    if (stopped) return undefined;
    const listeners = byUser.get(userId) ?? new Set<Listener>();
    if (listeners.size >= maxPerUser) return undefined;
    listeners.add(listener);
    byUser.set(userId, listeners);
    return () => {
      listeners.delete(listener);
      if (!listeners.size && byUser.get(userId) === listeners) byUser.delete(userId);
    };
  };

  /** How many streams are open (tests, and the stop below). */
  const open = () => [...byUser.values()].reduce((n, l) => n + l.size, 0);

  const stop = async () => {
    stopped = true;
    for (const listeners of [...byUser.values()]) for (const l of [...listeners]) l.end();
    byUser.clear();
    const unlisten = await listening?.catch(() => undefined);
    await unlisten?.();
  };

  return { ready, subscribe, open, stop };
};

export type InboxStream = ReturnType<typeof createInboxStream>;
