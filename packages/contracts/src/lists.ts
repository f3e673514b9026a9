import { z } from 'zod';

/** A page of a list (docs/architecture.md, API conventions: `{items, total, page, pageSize}`). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
