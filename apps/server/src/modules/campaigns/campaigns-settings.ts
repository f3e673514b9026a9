import {
  BUDGET_ALERT_RATIO,
  LIVE_CAMPAIGN_STATUSES,
  liveSettingsProblems,
  type CampaignDetail,
  type EndpointInput,
  type updateCampaignSettings as updateCampaignSettingsContract,
} from '@ads/contracts';
import { notFound } from '../../errors';
import { ownScope } from '../../kit/access';
import type { Caller } from '../../principal';
import * as repo from './campaigns.repository';
import { guardName, nameTaken } from './campaigns-lifecycle';
import { CAMPAIGN_FIELDS, changesOf, GROUP_FIELDS, type CampaignDocument } from './campaign-changes';
import { documentOf, instantOf, invalid, type CampaignRecords } from './campaigns-records';
import type { CampaignsDeps } from './campaigns.service';

// A live campaign's settings change at once, as in Google Ads: budgets, end date (the start date
// until it starts), bids and bid strategy, dayparting, frequency cap, name, and its ad groups'
// targeting and bids. Not the objective (a campaign keeps its goal) nor its ads. Delivery learns
// of the change from the database (the campaigns' and ad groups' triggers NOTIFY every process),
// and every change is one audited version: who, when, each field before → after.

type SettingsInput = EndpointInput<typeof updateCampaignSettingsContract>;
type Document = CampaignDocument;
type GroupDocument = Document['adGroups'][number];

const REFUSED = "Only a scheduled, running or paused campaign's settings can be changed.";

/** The sent value of each field that was sent (undefined: left out, unchanged). */
const sent = <T extends object>(change: T, fields: readonly string[]) =>
  Object.fromEntries(fields.flatMap((f) => ((change as Record<string, unknown>)[f] === undefined ? [] : [[f, (change as Record<string, unknown>)[f]]])));

export const spentMessage = (spentMilli: number) =>
  `The total budget cannot be less than what the campaign has already spent (${Math.ceil(spentMilli / 1000)} cents).`;

export const createCampaignSettings = ({
  db,
  audit,
  placements,
  now,
  records,
}: Pick<CampaignsDeps, 'db' | 'audit' | 'placements'> & { now: () => Date; records: CampaignRecords }) => {
  const { treeOf, detailOf, found, reload, whyRefused, actionable } = records;

  /** The campaign as it would be stored: the sent fields over the stored ones (ad groups by id). */
  const merged = (before: Document, input: SettingsInput): Document => {
    const known = new Set(before.adGroups.map((g) => g.id));
    const ids = input.adGroups.map((g) => g.id);
    if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw notFound('The ad group');
    return {
      ...before,
      ...(sent(input, CAMPAIGN_FIELDS) as Partial<Document>),
      adGroups: before.adGroups.map((g) => {
        const change = input.adGroups.find((c) => c.id === g.id);
        const next: GroupDocument = change ? { ...g, ...(sent(change, GROUP_FIELDS) as Partial<GroupDocument>) } : g;
        // Every eligible slot names none.
        return next.slotMode === 'all' && next.slotIds.length ? { ...next, slotIds: [] } : next;
      }),
    };
  };

  const update = async (p: Caller, input: SettingsInput): Promise<CampaignDetail> => {
    const current = await found(db, input.id, ownScope(p));
    actionable(current, input.version, LIVE_CAMPAIGN_STATUSES, REFUSED);
    const tree = await treeOf(db, current.id);
    const before = documentOf(current, tree);
    const after = merged(before, input);
    const changes = changesOf(before, after);
    if (!changes.fields.length && !changes.groups.length) return detailOf(db, current);

    // The submission's rules on the campaign as it would be, then what only the server knows.
    const at = now();
    const fields = liveSettingsProblems(after);
    if (changes.fields.includes('startAt') && current.status !== 'scheduled') fields.startAt ??= 'A campaign that has started keeps its start date.';
    if (changes.fields.includes('endAt') && after.endAt && Date.parse(after.endAt) <= at.getTime())
      fields.endAt ??= 'The end date has passed. Please choose a later one.';
    const totalMilli = (after.totalBudgetMinor ?? 0) * 1000;
    if (totalMilli < current.spentMilli) fields.totalBudgetMinor ??= spentMessage(current.spentMilli);
    // A slot newly chosen must be one the account may choose now (those chosen before stay).
    const added = after.adGroups.flatMap((g, i) => {
      const was = new Set(before.adGroups[i]!.slotIds);
      return g.slotMode === 'chosen' ? g.slotIds.filter((id) => !was.has(id)).map((id) => ({ i, id })) : [];
    });
    if (added.length) {
      const available = await placements.slotsAvailable(db, p.accountId, [...new Set(added.map((a) => a.id))]);
      for (const a of added) if (!available.has(a.id)) fields[`adGroups.${a.i}.slotIds`] ??= 'This ad slot is not available.';
    }
    if (Object.keys(fields).length) throw invalid(fields);
    if (changes.fields.includes('name') && after.name && (await repo.nameInUse(db, ownScope(p), after.name, current.id))) throw nameTaken();

    const slotsChanged = changes.groups.some((g) => g.fields.some((f) => f === 'slotMode' || f === 'slotIds'));
    await guardName(() =>
      db.transaction(async (tx) => {
        // Raised above what was spent past the alert's share: the owners are told again when it is reached.
        const alertAgain =
          changes.fields.includes('totalBudgetMinor') && current.budgetAlertAt !== null && current.spentMilli < Math.ceil(totalMilli * BUDGET_ALERT_RATIO);
        const row = await repo.updateLiveCampaignAt(tx, current.id, input.version, LIVE_CAMPAIGN_STATUSES, totalMilli, {
          name: after.name ?? current.name,
          dailyBudgetMinor: after.dailyBudgetMinor,
          totalBudgetMinor: after.totalBudgetMinor,
          startAt: instantOf(after.startAt, 'startAt'),
          endAt: instantOf(after.endAt, 'endAt'),
          dayparting: after.dayparting,
          bidStrategy: after.bidStrategy,
          maxBidMinor: after.maxBidMinor,
          frequencyCapImpressions: after.frequencyCap?.impressions ?? null,
          frequencyCapPeriod: after.frequencyCap?.period ?? null,
          ...(alertAgain ? { budgetAlertAt: null } : {}),
          updatedAt: at,
        });
        if (!row) {
          // Still live at that version: delivery charged past the new total meanwhile.
          const latest = await repo.findCampaign(tx, current.id, { party: 'system' });
          if (latest && LIVE_CAMPAIGN_STATUSES.includes(latest.status) && latest.version === input.version)
            throw invalid({ totalBudgetMinor: spentMessage(latest.spentMilli) });
          throw await whyRefused(tx, current.id, LIVE_CAMPAIGN_STATUSES, REFUSED);
        }
        for (const g of changes.groups) {
          const next = after.adGroups[g.index]!;
          await repo.updateGroup(tx, current.id, g.id, { ...Object.fromEntries(g.fields.map((f) => [f, next[f]])), updatedAt: at });
        }
        if (changes.fields.includes('dailyBudgetMinor'))
          await repo.recordDailyBudgetChange(tx, current.id, at.toISOString().slice(0, 10), (before.dailyBudgetMinor ?? 0) * 1000, (after.dailyBudgetMinor ?? 0) * 1000);
        if (slotsChanged) await placements.changed(tx, { campaignId: current.id });
        await audit.record(
          {
            actorUserId: p.userId,
            action: 'campaign.update',
            entity: 'campaign',
            entityId: current.id,
            before: { version: current.version, currency: current.currency, ...changes.before },
            after: { version: row.version, currency: current.currency, ...changes.after },
          },
          tx,
        );
      }),
    );
    if (slotsChanged) placements.kick();
    return detailOf(db, await reload(db, current.id));
  };

  return { update };
};
