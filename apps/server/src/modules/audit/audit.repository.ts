import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/identity';

export const insertAuditEntry = async (db: DbOrTx, values: typeof auditLog.$inferInsert) => {
  await db.insert(auditLog).values(values);
};
