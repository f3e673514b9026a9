import type pg from 'pg';

/**
 * Makes a pooled PostgreSQL connection take its promise-style queries one after another: each goes
 * to the server once the one before it has answered.
 *
 * A transaction holds one connection, and repositories take a handle or a transaction alike
 * (`DbOrTx`): code that reads with `Promise.all` on the pool runs on as many connections, but inside
 * a transaction every query of it lands on the one connection at once. The campaign tree's reads
 * do (campaigns-records.ts `treeOf`, `detailOf`; campaigns-lifecycle.ts `writeTree`), and the demo
 * seed's campaigns go through them. pg queued those itself, with "Calling client.query() when the
 * client is already executing a query is deprecated and will be removed in pg@9.0"; it asks callers
 * to order the queries instead, which this does, in the order they were made (what pg did). An error
 * ends no later query early: in a transaction the next ones fail on their own, as they did.
 *
 * Callback-style calls (pg's own `pool.query`, on a connection it holds alone) and submittables
 * (cursors, streams) go through untouched.
 */
export const oneQueryAtATime = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    const answer = previous.then(() => query(...args));
    previous = answer.catch(() => undefined);
    return answer;
  }) as typeof client.query;
};
