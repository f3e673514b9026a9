import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../kit/sql';
import { images } from '../../db/schema/assets';
import { accounts } from '../../db/schema/identity';
import { videos, videoUploads as uploads } from '../../db/schema/videos';


/**
 * Holds the account's row until the transaction ends, so that quota decisions of one account are
 * taken one after the other (FOR NO KEY UPDATE: rows referencing the account can still be inserted).
 * Answers false when there is no such account.
 */
export const lockAccount = async (tx: DbOrTx, accountId: number) =>
  rowsOf(await tx.execute(sql`select ${accounts.id} from ${accounts} where ${accounts.id} = ${accountId} for no key update`)).length > 0;

export const accountExists = async (db: DbOrTx, accountId: number) =>
  rowsOf(await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId}`)).length > 0;

export interface UsageRow {
  imageBytes: number;
  imageBinBytes: number;
  videoBytes: number;
  videoBinBytes: number;
  reservedBytes: number;
  openUploads: number;
}

/**
 * What counts against the account's quota, in one statement: its images and videos (the bin
 * included) and its unexpired chunked uploads (their declared size); `openUploads` is the user's.
 */
export const usageOf = async (db: DbOrTx, accountId: number, userId: number, at: Date): Promise<UsageRow> => {
  const when = sql`${at.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select i.bytes as "imageBytes", i.bin as "imageBinBytes", v.bytes as "videoBytes", v.bin as "videoBinBytes",
           u.bytes as "reservedBytes", u.mine as "openUploads"
    from (select coalesce(sum(bytes), 0)::float8 as bytes,
                 coalesce(sum(bytes) filter (where deleted_at is not null), 0)::float8 as bin
            from ${images} where account_id = ${accountId}) i,
         (select coalesce(sum(bytes), 0)::float8 as bytes,
                 coalesce(sum(bytes) filter (where deleted_at is not null), 0)::float8 as bin
            from ${videos} where account_id = ${accountId}) v,
         (select coalesce(sum(bytes), 0)::float8 as bytes,
                 (count(*) filter (where user_id = ${userId}))::int as mine
            from ${uploads} where account_id = ${accountId} and expires_at > ${when}) u`);
  const row = rowsOf<Record<keyof UsageRow, number | string>>(result)[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as UsageRow;
};
