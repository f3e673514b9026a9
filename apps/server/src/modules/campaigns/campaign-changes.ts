import type { documentOf } from './campaigns-records';

// What changed between two versions of a campaign, field by field, as its audit entries hold it:
// `before`/`after` carry only the changed fields, an ad group's under `adGroups: [{id, name, …}]`,
// so that the change history (campaigns-history.ts) reads a live settings change
// (`campaign.update`) and a draft's save (`campaign.draftSave`) alike.

export type CampaignDocument = ReturnType<typeof documentOf>;
type GroupDocument = CampaignDocument['adGroups'][number];

/** A live campaign's settings (what campaigns-settings may change). */
export const CAMPAIGN_FIELDS = ['name', 'dailyBudgetMinor', 'totalBudgetMinor', 'startAt', 'endAt', 'dayparting', 'bidStrategy', 'maxBidMinor', 'frequencyCap'] as const;
/** A draft may change its objective too. */
export const DRAFT_FIELDS = [...CAMPAIGN_FIELDS, 'objective'] as const;
export const GROUP_FIELDS = ['name', 'regions', 'devices', 'slotMode', 'slotIds', 'bidOverrideMinor'] as const;
type CampaignField = (typeof DRAFT_FIELDS)[number];
type GroupField = (typeof GROUP_FIELDS)[number];

const INSTANTS = new Set<string>(['startAt', 'endAt']);

/** Instants compared as times (an offset may be written either way); anything else as its JSON. */
const instant = (v: unknown) => (typeof v === 'string' ? new Date(v).toISOString() : null);
export const sameValue = (field: string, a: unknown, b: unknown) =>
  INSTANTS.has(field) ? instant(a) === instant(b) : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shown = (field: string, v: unknown) => (INSTANTS.has(field) ? instant(v) : (v ?? null));

export interface GroupChange {
  /** Where the group is in `after`. */
  index: number;
  id: number;
  /** Its name before (the history names a group as it was). */
  name: string | null;
  fields: GroupField[];
}

/**
 * Field by field, what changed from `before` to `after`, and the audit's two sides. Ad groups are
 * matched by id; one only on one side (added or removed) is not among `groups`.
 */
export function changesOf(before: CampaignDocument, after: CampaignDocument, campaignFields: readonly CampaignField[] = CAMPAIGN_FIELDS) {
  const fields = campaignFields.filter((f) => !sameValue(f, before[f], after[f]));
  const groups = after.adGroups.flatMap((g, index): GroupChange[] => {
    const was = before.adGroups.find((b) => b.id === g.id);
    if (!was) return [];
    const changed = GROUP_FIELDS.filter((f) => !sameValue(f, was[f], g[f]));
    return changed.length ? [{ index, id: g.id, name: was.name, fields: changed }] : [];
  });
  const groupIn = (doc: CampaignDocument, id: number) => doc.adGroups.find((g) => g.id === id) as GroupDocument;
  const side = (doc: CampaignDocument) => ({
    ...Object.fromEntries(fields.map((f) => [f, shown(f, doc[f])])),
    ...(groups.length
      ? { adGroups: groups.map((g) => ({ id: g.id, name: g.name, ...Object.fromEntries(g.fields.map((f) => [f, groupIn(doc, g.id)[f]])) })) }
      : {}),
  });
  return { fields, groups, before: side(before), after: side(after) };
}

type Ad = GroupDocument['ads'][number];
const adsOf = (doc: CampaignDocument) => new Map(doc.adGroups.flatMap((g) => g.ads.map((a): [number, { groupId: number; ad: Ad }] => [a.id, { groupId: g.id, ad: a }])));

/**
 * A draft's save, as its audit entry holds it: the changed settings and ad groups' fields (as a
 * live change), and the ad groups and ads added, removed or edited as counts, which the history
 * shows as "Ads added: 2" (each side names them only when not zero). Null: nothing changed.
 */
export function draftChangesOf(before: CampaignDocument, after: CampaignDocument) {
  const changes = changesOf(before, after, DRAFT_FIELDS);
  const groupsBefore = new Set(before.adGroups.map((g) => g.id));
  const groupsAfter = new Set(after.adGroups.map((g) => g.id));
  const adsBefore = adsOf(before);
  const adsAfter = adsOf(after);
  const tallies = {
    adGroupsAdded: [...groupsAfter].filter((id) => !groupsBefore.has(id)).length,
    adGroupsRemoved: [...groupsBefore].filter((id) => !groupsAfter.has(id)).length,
    adsAdded: [...adsAfter.keys()].filter((id) => !adsBefore.has(id)).length,
    adsRemoved: [...adsBefore.keys()].filter((id) => !adsAfter.has(id)).length,
    // Its creative or texts changed, or it moved to another ad group.
    adsEdited: [...adsAfter].filter(([id, now]) => {
      const was = adsBefore.get(id);
      return was !== undefined && (was.groupId !== now.groupId || JSON.stringify(was.ad) !== JSON.stringify(now.ad));
    }).length,
  };
  const counted = Object.fromEntries(Object.entries(tallies).filter(([, n]) => n > 0));
  if (!changes.fields.length && !changes.groups.length && !Object.keys(counted).length) return null;
  return { before: changes.before, after: { ...changes.after, ...counted } };
}
