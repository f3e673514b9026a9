import type { Db, DbOrTx } from '../../db/client';
import * as repo from './audit.repository';

export interface AuditEntry {
  actorUserId: number | null;
  /** What was decided, e.g. `notification.publish`. */
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Who decided what, when and why (every decision a person makes is recorded). */
export const createAuditService = ({ db, now = () => new Date() }: { db: Db; now?: () => Date }) => ({
  /** Pass the open transaction so that the entry lands with the change or not at all. */
  record: (entry: AuditEntry, tx: DbOrTx = db) =>
    repo.insertAuditEntry(tx, {
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: json(entry.before),
      after: json(entry.after),
      reason: entry.reason ?? null,
      at: now(),
    }),
});

export type AuditService = ReturnType<typeof createAuditService>;
