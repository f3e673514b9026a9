import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { oneQueryAtATime } from './one-query-at-a-time';

// The pooled connections' flow control (one-query-at-a-time.ts): a transaction's queries made at
// once reach PostgreSQL one after another, each with its own answer.

/** A connection that answers each query after `ms`, counting how many it holds at once. */
const fakeConnection = (ms = 5) => {
  const seen = { running: 0, most: 0, order: [] as string[] };
  const client = {
    query: (text: string, values?: unknown, callback?: (err: Error | null, res?: unknown) => void) => {
      seen.running++;
      seen.most = Math.max(seen.most, seen.running);
      seen.order.push(text);
      const answer = new Promise((resolve, reject) =>
        setTimeout(() => {
          seen.running--;
          if (text.startsWith('fail')) reject(new Error(text));
          else resolve({ rows: [text] });
        }, ms),
      );
      if (typeof callback === 'function') {
        answer.then((res) => callback(null, res), (err: Error) => callback(err));
        return undefined;
      }
      return answer;
    },
  };
  oneQueryAtATime(client as unknown as pg.PoolClient);
  return { client: client as unknown as { query: (...args: unknown[]) => Promise<{ rows: string[] }> | undefined }, seen };
};

describe('one query at a time on a pooled connection', () => {
  it('sends queries made at once one after another, in the order made, each with its own answer', async () => {
    const { client, seen } = fakeConnection();
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => client.query(text)));
    expect(answers.map((a) => a!.rows[0])).toEqual(['a', 'b', 'c']);
    expect(seen.order).toEqual(['a', 'b', 'c']);
    expect(seen.most).toBe(1);
  });

  it('fails only the query that failed; the next ones still go', async () => {
    const { client, seen } = fakeConnection();
    const results = await Promise.allSettled(['a', 'fail b', 'c'].map((text) => client.query(text)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen.most).toBe(1);
  });

  it('leaves callback-style calls (pg\'s own pool.query) as they are', async () => {
    const { client } = fakeConnection();
    const answer = await new Promise((resolve) => client.query('a', undefined, (_err: unknown, res: unknown) => resolve(res)));
    expect(answer).toEqual({ rows: ['a'] });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL: a transaction\'s Promise.all gets every answer, and pg queues none of them', async () => {
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 1 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await database.db.transaction((tx) =>
        Promise.all([1, 2, 3].map((n) => tx.execute(sql`select ${n}::int as n, pg_sleep(0.01)`))),
      );
      expect(answers.map((a) => (a as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([1, 2, 3]);
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });
});
