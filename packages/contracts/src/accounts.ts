import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ACCOUNT_KINDS, ACCOUNT_STATUSES } from './identity';
import { queryDbId, searchSchema } from './schema-kit';

export const accountOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  status: z.enum(ACCOUNT_STATUSES),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

/** For pickers (e.g. an announcement's audience, the reports' account): accounts by name, at most 20. */
export const accountOptions = defineEndpoint('identity.accountOptions', {
  summary: 'Accounts whose name contains the search text, or the one account of an id (a picker naming its choice), for pickers (at most 20)',
  tag: 'User',
  request: z.object({
    search: searchSchema(100).optional(),
    kind: z.enum(ACCOUNT_KINDS).optional(),
    /** Only this account (a picker opened on a chosen one shows its name). */
    id: queryDbId.optional(),
  }),
  response: z.object({ items: z.array(accountOptionSchema) }),
});
