import { BUDGET_ALERT_RATIO, NOTIFICATION_TYPES } from '@ads/contracts';
import type { DbOrTx } from '../../db/client';
import { actionSubject, type NotificationsService } from '../notifications/notifications.service';
import * as repo from './campaigns.repository';
import { CAMPAIGN_LIST_MENU_ID } from './campaigns-records';
import type { CampaignsDeps } from './campaigns.service';

// Campaigns over time: the schedule starts and ends them, delivery's figures charge them, and the
// budget rules alert their owners and end the spent ones.

export const createCampaignSchedule = ({
  db,
  audit,
  notifications,
  placements,
  now,
}: Pick<CampaignsDeps, 'db' | 'audit' | 'notifications' | 'placements'> & { now: () => Date }) => {
  const tell = (t: DbOrTx, c: repo.Moved, type: number, message: Parameters<NotificationsService['notify']>[0]['message'], event: string, at: Date) =>
    notifications.notify({ type, message, menuId: CAMPAIGN_LIST_MENU_ID, recipients: { accounts: [c.accountId] }, eventKey: `campaign:${c.id}:${event}`, at }, t);

  /**
   * The owners of campaigns past BUDGET_ALERT_RATIO of their total budget are told once (the
   * mark and the notification in one transaction); campaigns whose budget is spent end. Delivery's
   * figures (`recordFigures`) check the campaigns they charged, the schedule job all every minute.
   */
  const checkBudgets = async (only?: readonly number[], t?: DbOrTx) => {
    const run = async (tx: DbOrTx) => {
      const at = now();
      const alerted = await repo.budgetAlertsDue(tx, at, BUDGET_ALERT_RATIO, only);
      for (const c of alerted) {
        await tell(tx, c, NOTIFICATION_TYPES.reminder, { key: 'campaign.budgetAlert', params: { campaignId: c.id, name: c.name, percent: Math.round(BUDGET_ALERT_RATIO * 100) } }, 'budget-alert', at);
      }
      const ended = await repo.endDue(tx, at, only);
      await placements.changed(tx, ...ended.map((c) => ({ campaignId: c.id })));
      // An ended campaign's new ads and ad changes are no longer staff's to review.
      await notifications.resolve(ended.map((c) => actionSubject.liveAds(c.id)), tx);
      for (const c of ended) {
        // The platform's own move (its end date, or its budget spent): the change history says so.
        await audit.record({ actorUserId: null, action: 'campaign.end', entity: 'campaign', entityId: c.id, after: { status: 'ended' } }, tx);
        await tell(tx, c, NOTIFICATION_TYPES.event, { key: 'campaign.ended', params: { campaignId: c.id, name: c.name, endedAt: at.toISOString() } }, 'ended', at);
      }
      return { alerted: alerted.length, ended: ended.length };
    };
    return t ? run(t) : db.transaction(run);
  };

  /**
   * Delivery's figures (spend in milli, impressions, clicks), added and the budget rules applied in
   * the caller's transaction (the events they come from are written in it), or in one of its own.
   * After the caller's commit, `figuresCommitted` lets the placements of ended campaigns go.
   */
  const recordFigures = async (items: readonly repo.Figures[], t?: DbOrTx) => {
    const run = async (tx: DbOrTx) => {
      const found = await repo.addFigures(tx, items);
      return found.length ? checkBudgets(found, tx) : { alerted: 0, ended: 0 };
    };
    if (t) return run(t);
    const r = await db.transaction(run);
    figuresCommitted(r);
    return r;
  };
  const figuresCommitted = (r: { ended: number }) => {
    if (r.ended) placements.kick();
  };

  /**
   * The schedule job: scheduled campaigns start at their start, running ones end at their end or
   * when their budget is spent. Each move is one UPDATE … RETURNING, so two processes never move
   * (or notify) a campaign twice; event keys make a retried notification a no-op too.
   */
  const runSchedule = async () => {
    const r = await db.transaction(async (tx) => {
      const at = now();
      const { alerted, ended } = await checkBudgets(undefined, tx);
      const started = await repo.startDue(tx, at);
      for (const c of started) {
        await audit.record({ actorUserId: null, action: 'campaign.start', entity: 'campaign', entityId: c.id, before: { status: 'scheduled' }, after: { status: 'active' } }, tx);
        await tell(tx, c, NOTIFICATION_TYPES.event, { key: 'campaign.started', params: { campaignId: c.id, name: c.name, startedAt: at.toISOString() } }, 'started', at);
      }
      return { started: started.length, ended, alerted };
    });
    if (r.ended) placements.kick();
    return r;
  };

  return { checkBudgets, recordFigures, figuresCommitted, runSchedule };
};
