import type { CampaignHistoryAction, CampaignHistoryChange, CampaignHistoryEntry, campaignHistory as campaignHistoryContract, EndpointInput } from '@ads/contracts';
import type { Db } from '../../db/client';
import { scopeFor } from '../../kit/access';
import { pageAnswer, pageWindow } from '../../kit/paging';
import type { Caller } from '../../principal';
import * as repo from './campaigns.repository';
import * as history from './campaigns-history.repository';
import type { CampaignRecords } from './campaigns-records';

// A campaign's change history (GET /api/Campaign/History): its audit entries, newest first, each
// read into who, when, what, and every field before → after (an ad group's fields with the group),
// then, last of all, the campaign's creation. Readers of the campaign read it (staff: any).

type Json = Record<string, unknown>;

const parsed = (text: string | null): Json => {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
};

/** What an entry carries beside the changed fields. */
const BOOKKEEPING = new Set(['version', 'currency', 'adGroups', 'ad', 'ads', 'images', 'rejected', 'checks']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Group = Json & { id?: unknown; name?: unknown };
const groupsOf = (side: Json): Group[] => (Array.isArray(side.adGroups) ? (side.adGroups as Group[]).filter((g) => g && typeof g === 'object') : []);

/** Field by field, what an entry changed: the campaign's fields, then each ad group's. */
export function changesOf(before: Json, after: Json): CampaignHistoryChange[] {
  const changes: CampaignHistoryChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(field) || same(before[field], after[field])) continue;
    changes.push({ field, adGroup: null, before: before[field] ?? null, after: after[field] ?? null });
  }
  const was = groupsOf(before);
  for (const group of groupsOf(after)) {
    const old = was.find((g) => g.id === group.id) ?? {};
    const adGroup = { id: Number(group.id), name: typeof old.name === 'string' ? old.name : typeof group.name === 'string' ? group.name : null };
    for (const field of new Set([...Object.keys(old), ...Object.keys(group)])) {
      if (field === 'id' || same(old[field], group[field])) continue;
      changes.push({ field, adGroup, before: old[field] ?? null, after: group[field] ?? null });
    }
  }
  return changes;
}

/** The ad an `ad.*` entry names (recorded beside its fields). */
const adOf = (value: unknown): CampaignHistoryEntry['ad'] => {
  const ad = value as { id?: unknown; headline?: unknown } | null;
  return ad && typeof ad === 'object' && Number.isInteger(ad.id) ? { id: ad.id as number, headline: typeof ad.headline === 'string' ? ad.headline : null } : null;
};

type Rejected<T> = T[];
const listOf = <T>(value: unknown): Rejected<T> => (Array.isArray(value) ? (value as T[]) : []);

export const createCampaignHistory = ({ db, records }: { db: Db; records: CampaignRecords }) => {
  const entryOf = (row: history.HistoryRow, currency: string): CampaignHistoryEntry => {
    const before = parsed(row.before);
    const after = parsed(row.after);
    return {
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action as CampaignHistoryAction,
      actor: row.actorUserId === null ? null : { id: row.actorUserId, name: row.actorName ?? `#${row.actorUserId}`, email: row.actorEmail ?? '' },
      reason: row.reason,
      currency: typeof before.currency === 'string' ? before.currency : currency,
      changes: changesOf(before, after),
      ad: adOf(after.ad),
      rejectedAds: listOf<{ id: number; headline: string | null; reason: string }>(after.ads),
      rejectedImages: listOf<{ id: number; name: string; reason: string }>(after.images),
    };
  };

  const list = async (p: Caller, q: EndpointInput<typeof campaignHistoryContract>) => {
    const campaign = await records.found(db, q.id, scopeFor(p, 'campaign.read'));
    const { limit, offset } = pageWindow(q);
    const recorded = await history.countHistory(db, campaign.id);
    const rows = await history.historyPage(db, campaign.id, limit, offset);
    const items = rows.map((row) => entryOf(row, campaign.currency));
    // The creation is the oldest entry: on the page that reaches past the audited ones.
    if (offset <= recorded && recorded < offset + limit) {
      const creator = campaign.createdBy === null ? undefined : await history.userById(db, campaign.createdBy);
      items.push({
        id: 'created',
        at: campaign.createdAt.toISOString(),
        action: 'campaign.created',
        actor: creator ?? null,
        reason: null,
        currency: campaign.currency,
        changes: [],
        ad: null,
        rejectedAds: [],
        rejectedImages: [],
      });
    }
    const slotIds = [
      ...new Set(items.flatMap((e) => e.changes.filter((c) => c.field === 'slotIds').flatMap((c) => [...listOf<number>(c.before), ...listOf<number>(c.after)]))),
    ].filter((id) => Number.isInteger(id));
    const slots = (await repo.slotNames(db, slotIds)).map((s) => ({ id: s.id, name: s.name }));
    return { ...pageAnswer(items, recorded + 1, q), slots };
  };

  return { list };
};
