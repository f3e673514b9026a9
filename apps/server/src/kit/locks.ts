import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from './sql';

/**
 * Takes the advisory lock named `name` (a job's name) for the rest of the transaction, or answers
 * false at once when another transaction, in any process, holds it. A guard for work that must not
 * run twice at the same time (a job whose lease ran out overlapping its next run, a direct call).
 */
export const tryTransactionLock = async (tx: DbOrTx, name: string): Promise<boolean> =>
  Boolean(rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as ok`))[0]?.ok);
