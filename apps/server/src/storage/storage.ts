import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are content hashes or random ids chosen by the server (never a
 * user's file name): `[a-z0-9]` segments separated by `/`, with `.`, `_` and `-` inside. The local
 * directory is the default, an S3 bucket the other choice (create-storage.ts); both keep every
 * guarantee below, proved by the same cases (storage-conformance.test.ts).
 */
export interface Storage {
  /** Stores the bytes under the key, replacing what was there; visible only once complete. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<void>;
  /**
   * The bytes (or the inclusive byte range asked for, for HTTP Range requests) and the whole
   * file's size, or undefined when the key holds nothing.
   */
  get(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | undefined>;
  /**
   * Removes the key; nothing happens when it holds nothing. With `ifUnmodifiedSince`, a file
   * written since then is kept (the sweep must not remove one an upload has just stored again).
   * Answers whether a file was removed.
   */
  delete(key: string, options?: { ifUnmodifiedSince?: Date }): Promise<boolean>;
  /**
   * Marks the key's file as written now and answers whether there is one: an upload that reuses
   * stored bytes touches them first, so a sweep deciding meanwhile keeps them (`ifUnmodifiedSince`).
   */
  touch(key: string): Promise<boolean>;
  /**
   * Puts the bytes of `from` under `to` (replacing what was there) and removes `from`; answers
   * false when `from` holds nothing. A chunk written under a side key takes its place this way
   * only once the database said it won (video uploads).
   */
  move(from: string, to: string): Promise<boolean>;
  /**
   * Fails with a StartupError naming the cause when the store cannot be used (a missing bucket,
   * refused or missing credentials, an unreachable endpoint, a directory that cannot be written):
   * start-up asks before serving, rather than failing on the first upload.
   */
  check(): Promise<void>;
  /** Every stored key with the time it was last written (the sweep looks for files no row refers to). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Removes what writes cut off by a crash left behind, when last touched before `before`; answers how many. */
  removeTemporary(before: Date): Promise<number>;
}

const KEY = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)*$/i;

/** Refuses keys that could leave the storage root (absolute paths, `..`, backslashes, empty segments). */
export const assertValidKey = (key: string): void => {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '..' || s.includes('..'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
};
