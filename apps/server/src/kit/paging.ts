/** What a list call asks for (contracts' list requests carry these two). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The rows of one page: `limit` and `offset` for the query. */
export const pageWindow = ({ page, pageSize }: PageRequest): { limit: number; offset: number } => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** A page of a list, as contracts' `pageOf` answers it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every list answers `{items, total, page, pageSize}`. */
export const pageAnswer = <T>(items: T[], total: number, { page, pageSize }: PageRequest): Page<T> => ({ items, total, page, pageSize });

/**
 * A page of a list whose rows in one status lead (staff's review queue, oldest submission first),
 * then the rest in the asked order: two index walks and two counts rather than one sort of every
 * row by a computed key. `statuses` is the caller's filter (none: all); `count` and `page` read
 * the queue (`true`) or the rest (`false`), and a page of `limit <= 0` is empty.
 */
export const queueFirstPage = async <Row, S extends string>(q: {
  queued: S;
  statuses: readonly S[] | undefined;
  all: readonly S[];
  limit: number;
  offset: number;
  count: (queue: boolean) => Promise<number>;
  page: (queue: boolean, limit: number, offset: number) => Promise<Row[]>;
}): Promise<{ items: Row[]; total: number }> => {
  const asked = q.statuses?.length ? q.statuses : q.all;
  const [queued, rest] = await Promise.all([
    asked.includes(q.queued) ? q.count(true) : 0,
    // Only the queue asked for (its tab): nothing else to count.
    asked.some((status) => status !== q.queued) ? q.count(false) : 0,
  ]);
  const fromQueue = await q.page(true, Math.min(q.limit, queued - q.offset), q.offset);
  const fromRest = rest ? await q.page(false, q.limit - fromQueue.length, Math.max(0, q.offset - queued)) : [];
  return { items: [...fromQueue, ...fromRest], total: queued + rest };
};
