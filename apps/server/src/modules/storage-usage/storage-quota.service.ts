import { ERROR_CODES, formatBytes, type Power, type StorageUsage } from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { scopeFor } from '../../kit/access';
import type { Caller, Principal } from '../../principal';
import * as repo from './storage-quota.repository';

export interface StorageQuotaDeps {
  db: Db;
  /** STORAGE_QUOTA_MB in bytes. */
  quotaBytes: number;
  /** MAX_OPEN_UPLOADS_PER_USER. */
  maxOpenUploads: number;
  now?: () => Date;
}


/**
 * The per-account storage quota and the per-user cap on unfinished uploads. `reserve` is called
 * inside the transaction that records the new bytes (an image row, an upload row): it locks the
 * account's row first, so two reservations of one account are decided one after the other and
 * cannot both pass when only one fits.
 */
export const createStorageQuotaService = ({ db, quotaBytes, maxOpenUploads, now = () => new Date() }: StorageQuotaDeps) => {
  const toUsage = (accountId: number, r: repo.UsageRow): StorageUsage => ({
    accountId,
    usedBytes: r.imageBytes + r.videoBytes + r.reservedBytes,
    quotaBytes,
    imageBytes: r.imageBytes,
    videoBytes: r.videoBytes,
    recycleBinBytes: r.imageBinBytes + r.videoBinBytes,
    reservedBytes: r.reservedBytes,
    openUploads: r.openUploads,
    maxOpenUploads,
  });

  /** The caller's account's usage; staff (reading with the library's `power`) may name another account. */
  const usage = async (p: Caller, power: Power, accountId?: number): Promise<StorageUsage> => {
    const scope = scopeFor(p, power, { accountId });
    const target = accountId ?? p.accountId;
    if (target !== p.accountId && (scope.party !== 'staff' || !(await repo.accountExists(db, target)))) {
      throw notFound('The account');
    }
    return toUsage(target, await repo.usageOf(db, target, p.userId, now()));
  };

  /**
   * Refuses (413 STORAGE_QUOTA_EXCEEDED) when `bytes` more would pass the quota, and, for a chunked
   * upload, (409 TOO_MANY_OPEN_UPLOADS) when the user already has the most unfinished uploads.
   * Must run in the transaction that then records the bytes.
   */
  const reserve = async (tx: DbOrTx, p: Pick<Principal, 'userId' | 'accountId'>, bytes: number, options: { upload?: boolean } = {}) => {
    if (!(await repo.lockAccount(tx, p.accountId))) throw notFound('The account');
    const current = toUsage(p.accountId, await repo.usageOf(tx, p.accountId, p.userId, now()));
    if (options.upload && current.openUploads >= maxOpenUploads) {
      throw new AppError(
        409,
        ERROR_CODES.tooManyOpenUploads,
        `You already have ${current.openUploads} unfinished uploads, the most one user may have at once (${maxOpenUploads}). Finish or cancel one first.`,
      );
    }
    if (bytes > 0 && current.usedBytes + bytes > quotaBytes) {
      throw new AppError(
        413,
        ERROR_CODES.storageQuotaExceeded,
        `Not enough storage left: ${formatBytes(current.usedBytes)} of ${formatBytes(quotaBytes)} used, and this file needs ${formatBytes(bytes)}. ` +
          'Delete files or empty the recycle bin (its items still take space) to make room.',
      );
    }
  };

  return { usage, reserve };
};

export type StorageQuotaService = ReturnType<typeof createStorageQuotaService>;
/** What the assets and videos services need: a reservation inside their own transaction. */
export type QuotaReserver = Pick<StorageQuotaService, 'reserve'>;
