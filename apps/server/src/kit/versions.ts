import { ERROR_CODES } from '@ads/contracts';
import { AppError } from '../errors';

/** 409 STALE_VERSION: the row moved on since the caller read it. */
export const stale = (what: string): AppError =>
  new AppError(409, ERROR_CODES.staleVersion, `${what} was changed by someone else. Reload and try again.`);

/** The row as the caller last saw it, or 409 (`what`: "The folder", "The video" …). */
export const atVersion = <R extends { version: number }>(row: R, version: number, what: string): R => {
  if (row.version !== version) throw stale(what);
  return row;
};
