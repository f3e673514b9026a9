import { CAMPAIGN_HISTORY_ACTIONS } from '@ads/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema/identity';

// A campaign's change history is its audit entries (audit_log, indexed by entity and id): the
// settings changes, submissions, reviews and status moves written beside each change.

/** The audited actions a campaign's history shows (its creation is the campaign row itself). */
const RECORDED = CAMPAIGN_HISTORY_ACTIONS.filter((action) => action !== 'campaign.created');

const ofCampaign = (campaignId: number) =>
  and(eq(auditLog.entity, 'campaign'), eq(auditLog.entityId, String(campaignId)), inArray(auditLog.action, RECORDED));

export const countHistory = async (db: DbOrTx, campaignId: number): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(auditLog).where(ofCampaign(campaignId));
  return Number(row?.n ?? 0);
};

/** One page of the entries, newest first, with who made each (null: the platform). */
export const historyPage = (db: DbOrTx, campaignId: number, limit: number, offset: number) =>
  db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      actorEmail: users.email,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(ofCampaign(campaignId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
export type HistoryRow = Awaited<ReturnType<typeof historyPage>>[number];

export const userById = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row;
};
