import { ASPECT_TOLERANCE, CREATIVE_WEIGHT_MAX, type AdSlotFormat, type AdSlotPlatform, type AdSlotPosition, type AdSlotStatus, type PlacementStatus } from '@ads/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { placements, placementWork, slotDisapprovals } from '../../db/schema/placements';
import { aliasedKind, inScopeSql, ownedBy, ownedKind, type Scope } from '../../kit/access';
import { escapeLike, intArray, jsonOf, rowsOf, textArray } from '../../kit/sql';

// Placements in SQL: which ads fit which slots, the recomputation that keeps `placements` current,
// and the lists of both sides. Set-based statements throughout: a slot going live with 10,000
// eligible ads is one INSERT … SELECT, not 10,000 round trips.

/**
 * A placement is an advertiser's ad on a publisher's slot: the advertiser's (owner) to read, and
 * the slot's publisher's (the publisher party, `publisherScope`) to review.
 */
export const placementKind = ownedKind({
  what: 'The placement',
  table: placements,
  id: placements.id,
  owner: placements.advertiserId,
  parties: { publisher: placements.publisherId },
});
/** An advertiser's disapproval of a slot (by the slot's id): its account's own. */
export const disapprovalKind = ownedKind({ what: 'The ad slot', table: slotDisapprovals, id: slotDisapprovals.slotId, owner: slotDisapprovals.accountId });

/** The kinds as the hand-written SQL below names them. */
const placementAsP = aliasedKind(placementKind, 'p');
const disapprovalAsD = aliasedKind(disapprovalKind, 'd');
const disapprovalAsDd = aliasedKind(disapprovalKind, 'dd');

/** The campaign states whose approved ads have placements (delivery adds the schedule and budget). */
const SERVING_CAMPAIGNS = sql`('scheduled', 'active', 'paused')`;
/** Live slots serve; paused ones keep their placements for when they resume. */
const SERVING_SLOTS = sql`('live', 'paused')`;

/**
 * Each ad's creative as a slot sees it (`cr`): kind, size and bytes, or no creative when the ad
 * shows none or it is in the recycle bin. Joined as a lateral per ad `a`.
 */
const creativeOf = sql`
  left join lateral (
    select a.format as kind, i.id as creative_id, i.name, i.width, i.height, i.bytes, null::text as poster_key
      from images i where a.format = 'image' and i.id = a.image_id and i.deleted_at is null
    union all
    select a.format, v.id, v.name, v.width, v.height, v.bytes, v.poster_key
      from videos v where a.format = 'video' and v.id = a.video_id and v.deleted_at is null
  ) cr on true`;

/**
 * The three fit checks of slot `s` and creative `cr` (docs/architecture.md, Inventory: placements;
 * contracts' placements.ts): the format shows this kind of creative; a banner's size is exact, a
 * native or video creative's proportions are within ASPECT_TOLERANCE of the slot's (a native one at
 * least as large); the file is within its kind's weight. One definition for placements and the
 * advertiser's validation page.
 */
const formatFits = sql`(cr.creative_id is not null and cr.kind = case s.format when 'video' then 'video' else 'image' end)`;
const sizeFits = sql`(case s.format
    when 'banner' then cr.width = s.width and cr.height = s.height
    when 'native' then cr.width >= s.width and cr.height >= s.height
      and abs((cr.width::float8 * s.height) / (cr.height::float8 * s.width) - 1) <= ${ASPECT_TOLERANCE}
    else abs((cr.width::float8 * s.height) / (cr.height::float8 * s.width) - 1) <= ${ASPECT_TOLERANCE} end)`;
const weightFits = sql`(cr.bytes <= case cr.kind when 'image' then ${CREATIVE_WEIGHT_MAX.image}::int else ${CREATIVE_WEIGHT_MAX.video}::int end)`;
const fits = sql`(${formatFits} and ${sizeFits} and ${weightFits})`;

/** What a recomputation covers: a slot's placements, a campaign's, an advertiser's (on a slot); none: all. */
export interface WorkScope {
  slotId?: number | null;
  campaignId?: number | null;
  advertiserId?: number | null;
}

const slotTargeted = sql`(g.slot_mode = 'all' or s.id = any(g.slot_ids))`;
const notDisapproved = sql`not exists (select 1 from slot_disapprovals d where d.account_id = c.account_id and d.slot_id = s.id)`;

/** The approved ads × serving slots each targets and is allowed on (before the fit checks). */
const candidates = (w: WorkScope, extra: SQL = sql``) => sql`
  from campaigns c
  join ads a on a.campaign_id = c.id and a.review_outcome = 'approved'
  join ad_groups g on g.id = a.ad_group_id
  join ad_slots s on s.status in ${SERVING_SLOTS} and ${slotTargeted}
  ${creativeOf}
  where c.status in ${SERVING_CAMPAIGNS} and ${notDisapproved}
    ${w.campaignId ? sql`and c.id = ${w.campaignId}` : sql``}
    ${w.advertiserId ? sql`and c.account_id = ${w.advertiserId}` : sql``}
    ${w.slotId ? sql`and s.id = ${w.slotId}` : sql``}
    ${extra}`;

export interface Recomputed {
  added: number;
  retired: number;
  /** New (or again eligible) placements waiting for each publisher's review. */
  awaiting: { publisherId: number; count: number; slotId: number | null }[];
  /** Placements the auto policy approved, by slot (audited). */
  autoApproved: { slotId: number; count: number }[];
  /** Pending placements retired (no longer eligible): their "to review" may be answered now. */
  retiredPending: { id: number; slotId: number }[];
}

/**
 * Makes `placements` match the rules within `w`, in one statement: eligible pairs are inserted
 * (approved at once on an auto-policy slot, else pending) or made active again with their old
 * decision; active rows no longer eligible become inactive.
 */
export const recompute = async (db: DbOrTx, w: WorkScope, at: Date): Promise<Recomputed> => {
  const result = await db.execute(sql`
    with eligible as (
      select a.id as ad_id, s.id as slot_id, c.id as campaign_id, c.account_id as advertiser_id,
        s.account_id as publisher_id, s.placement_policy as policy
      ${candidates(w, sql`and ${fits}`)}
    ),
    upserted as (
      insert into placements (ad_id, slot_id, campaign_id, advertiser_id, publisher_id, status, decided_at, created_at, updated_at)
      select ad_id, slot_id, campaign_id, advertiser_id, publisher_id,
        case policy when 'auto' then 'approved' else 'pending' end,
        case policy when 'auto' then ${at}::timestamptz end, ${at}, ${at}
      from eligible
      on conflict (ad_id, slot_id) do update set active = true, updated_at = excluded.updated_at
        where placements.active = false
      returning slot_id, publisher_id, status, decided_by, decided_at
    ),
    retired as (
      update placements p set active = false, updated_at = ${at}
      where p.active
        ${w.slotId ? sql`and p.slot_id = ${w.slotId}` : sql``}
        ${w.campaignId ? sql`and p.campaign_id = ${w.campaignId}` : sql``}
        ${w.advertiserId ? sql`and p.advertiser_id = ${w.advertiserId}` : sql``}
        and not exists (select 1 from eligible e where e.ad_id = p.ad_id and e.slot_id = p.slot_id)
      returning p.id, p.slot_id, p.status
    )
    select
      (select count(*) from upserted)::int as added,
      (select count(*) from retired)::int as retired,
      coalesce((select json_agg(x) from (
        select publisher_id as "publisherId", count(*)::int as count,
          case when count(distinct slot_id) = 1 then min(slot_id) end as "slotId"
        from upserted where status = 'pending' group by publisher_id) x), '[]'::json) as awaiting,
      coalesce((select json_agg(x) from (
        select slot_id as "slotId", count(*)::int as count
        from upserted where status = 'approved' and decided_by is null and decided_at = ${at}::timestamptz group by slot_id) x), '[]'::json) as "autoApproved",
      coalesce((select json_agg(x) from (
        select id, slot_id as "slotId" from retired where status = 'pending') x), '[]'::json) as "retiredPending"`);
  const row = rowsOf<{ added: number; retired: number; awaiting: unknown; autoApproved: unknown; retiredPending: unknown }>(result)[0]!;
  return {
    added: row.added,
    retired: row.retired,
    awaiting: jsonOf(row.awaiting),
    autoApproved: jsonOf(row.autoApproved),
    retiredPending: jsonOf(row.retiredPending),
  };
};

// ---- The work queue -------------------------------------------------------------------------

export const enqueue = async (db: DbOrTx, items: WorkScope[], at: Date) => {
  if (!items.length) return;
  await db.insert(placementWork).values(
    items.map((w) => ({ slotId: w.slotId ?? null, campaignId: w.campaignId ?? null, advertiserId: w.advertiserId ?? null, queuedAt: at })),
  );
};

/** The oldest item no other process holds, locked until the transaction ends (then deleted by it). */
export const takeWork = async (db: DbOrTx) => {
  const result = await db.execute(sql`
    select id, slot_id as "slotId", campaign_id as "campaignId", advertiser_id as "advertiserId"
    from placement_work order by id limit 1 for update skip locked`);
  return rowsOf<WorkScope & { id: number }>(result)[0];
};

export const finishWork = (db: DbOrTx, id: number) => db.execute(sql`delete from placement_work where id = ${id}`);

// ---- Reading placements ---------------------------------------------------------------------

/** A placement with its slot, advertiser, campaign, ad and creative. */
export interface PlacementRow {
  id: number;
  status: PlacementStatus;
  reason: string | null;
  decidedAt: Date | null;
  decidedById: number | null;
  decidedByName: string | null;
  createdAt: Date;
  version: number;
  slotId: number;
  slotName: string;
  slotCode: string;
  slotFormat: AdSlotFormat;
  slotWidth: number;
  slotHeight: number;
  slotStatus: AdSlotStatus;
  propertyName: string;
  advertiserId: number;
  advertiserName: string;
  publisherId: number;
  publisherName: string;
  campaignId: number;
  campaignName: string;
  adId: number;
  headline: string | null;
  description: string | null;
  landingUrl: string | null;
  kind: 'image' | 'video' | null;
  creativeId: number | null;
  creativeName: string | null;
  creativeWidth: number | null;
  creativeHeight: number | null;
  creativeBytes: number | null;
  posterKey: string | null;
}

const placementColumns = sql`
  p.id, p.status, p.reason, p.decided_at as "decidedAt", p.decided_by as "decidedById", u.name as "decidedByName",
  p.created_at as "createdAt", p.version,
  s.id as "slotId", s.name as "slotName", s.code as "slotCode", s.format as "slotFormat", s.width as "slotWidth",
  s.height as "slotHeight", s.status as "slotStatus", s.property_name as "propertyName",
  p.advertiser_id as "advertiserId", adv.name as "advertiserName", p.publisher_id as "publisherId", pub.name as "publisherName",
  c.id as "campaignId", c.name as "campaignName",
  a.id as "adId", a.headline, a.description, a.landing_url as "landingUrl",
  cr.kind, cr.creative_id as "creativeId", cr.name as "creativeName", cr.width as "creativeWidth",
  cr.height as "creativeHeight", cr.bytes as "creativeBytes", cr.poster_key as "posterKey"`;

/** From a placement `p`, everything a row shows (`placementColumns`). */
const placementJoins = sql`
  join ad_slots s on s.id = p.slot_id
  join accounts adv on adv.id = p.advertiser_id
  join accounts pub on pub.id = p.publisher_id
  join campaigns c on c.id = p.campaign_id
  join ads a on a.id = p.ad_id
  ${creativeOf}
  left join users u on u.id = p.decided_by`;

/** Joins a page of placement ids (`page(id, ord)`) to everything a row shows, in the page's order. */
const placementsOfPage = (ids: SQL) => sql`
  select ${placementColumns}
  from unnest(array(${ids})) with ordinality as page(id, ord)
  join placements p on p.id = page.id
  ${placementJoins}
  order by page.ord`;

export interface PlacementQuery {
  /** The publisher's (`publisherScope`). */
  scope: Scope;
  search?: string;
  statuses?: PlacementStatus[];
  slotId?: number;
  advertiserId?: number;
  sort: 'createdAt' | 'decidedAt';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The publisher's current placements, filtered; a page of them and how many match. */
export const listPlacements = async (db: DbOrTx, q: PlacementQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const where = sql`${inScopeSql(placementAsP, q.scope)} and p.active
    ${q.statuses?.length ? sql`and p.status = any(${textArray(q.statuses)})` : sql``}
    ${q.slotId ? sql`and p.slot_id = ${q.slotId}` : sql``}
    ${q.advertiserId ? sql`and p.advertiser_id = ${q.advertiserId}` : sql``}
    ${
      pattern
        ? sql`and exists (select 1 from ads a join campaigns c on c.id = a.campaign_id join accounts adv on adv.id = c.account_id
            where a.id = p.ad_id and (lower(coalesce(a.headline, '')) like lower(${pattern}) or lower(c.name) like lower(${pattern}) or lower(adv.name) like lower(${pattern})))`
        : sql``
    }`;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const by = q.sort === 'decidedAt' ? sql`p.decided_at ${dir} nulls last, p.id ${dir}` : sql`p.created_at ${dir}, p.id ${dir}`;
  const [page, count] = await Promise.all([
    db.execute(placementsOfPage(sql`select p.id from placements p where ${where} order by ${by} limit ${q.limit} offset ${q.offset}`)),
    db.execute(sql`select count(*)::int as n from placements p where ${where}`),
  ]);
  return { items: rowsOf<PlacementRow>(page), total: rowsOf<{ n: number }>(count)[0]!.n };
};

export const placementsByIds = async (db: DbOrTx, ids: number[]) =>
  ids.length ? rowsOf<PlacementRow>(await db.execute(placementsOfPage(sql`select unnest(${intArray(ids)})`))) : [];

/** The advertisers with current placements in the scope (on the publisher's slots). */
export const advertisersOf = async (db: DbOrTx, scope: Scope) =>
  rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      select adv.id, adv.name from accounts adv
      where exists (select 1 from placements p where ${inScopeSql(placementAsP, scope)} and p.active and p.advertiser_id = adv.id)
      order by lower(adv.name), adv.id`),
  );

/** The placements among `ids` in the scope (on the publisher's slots), locked for a decision. */
export const lockForDecision = async (db: DbOrTx, scope: Scope, ids: number[]) =>
  rowsOf<{ id: number; version: number; status: PlacementStatus; advertiserId: number; slotId: number }>(
    await db.execute(sql`
      select id, version, status, advertiser_id as "advertiserId", slot_id as "slotId" from placements
      where id = any(${intArray(ids)}) and ${inScopeSql(placementKind, scope)}
      order by id for update`),
  );

/**
 * For the publishers of these placements: which of their slots still have placements waiting for
 * a decision (the Action Center's "to review" stands until none do).
 */
export const stillWaiting = async (db: DbOrTx, ids: number[]) =>
  rowsOf<{ publisherId: number; slotIds: number[] }>(
    await db.execute(sql`
      select o.publisher_id as "publisherId", coalesce(array_agg(distinct w.slot_id) filter (where w.slot_id is not null), '{}') as "slotIds"
      from (select distinct publisher_id from placements where id = any(${intArray(ids)})) o
      left join placements w on w.publisher_id = o.publisher_id and w.status = 'pending' and w.active
      group by o.publisher_id`),
  );

export const decide = (db: DbOrTx, ids: number[], d: { status: PlacementStatus; reason: string | null; by: number; at: Date }) =>
  db.execute(sql`
    update placements set status = ${d.status}, reason = ${d.reason}, decided_by = ${d.by}, decided_at = ${d.at},
      version = version + 1, updated_at = ${d.at}
    where id = any(${intArray(ids)})`);

/** The advertiser's placements that publishers rejected, newest decision first. */
export const rejectedOf = async (db: DbOrTx, scope: Scope, limit: number, offset: number) => {
  const where = sql`${inScopeSql(placementAsP, scope)} and p.status = 'rejected'`;
  const [page, count] = await Promise.all([
    db.execute(placementsOfPage(sql`select p.id from placements p where ${where} order by p.decided_at desc, p.id desc limit ${limit} offset ${offset}`)),
    db.execute(sql`select count(*)::int as n from placements p where ${where}`),
  ]);
  return { items: rowsOf<PlacementRow>(page), total: rowsOf<{ n: number }>(count)[0]!.n };
};

// ---- Placement health (the publisher's validation page) ---------------------------------------

export interface HealthRow extends PlacementRow {
  impressions: number;
  clicks: number;
  slotCtr: number | null;
  flag: 'notServed' | 'ctrHigh' | 'ctrLow' | null;
}

/**
 * Approved placements on the publisher's live slots with their impressions and clicks since
 * `since`. Flagged: not served, or (with `minImpressions`) a click-through rate `factor` times above
 * or below the median of the slot's placements (a median, so one outlier does not make the others
 * look like outliers); decided here so a page of flagged rows and its total agree.
 */
export const health = async (
  db: DbOrTx,
  q: { scope: Scope; slotId?: number; since: Date; flagged?: boolean; factor: number; minImpressions: number; limit: number; offset: number },
) => {
  const base = sql`
    with live as (
      select p.id, p.slot_id, p.created_at,
        coalesce(sum(h.impressions), 0)::bigint as impressions, coalesce(sum(h.clicks), 0)::bigint as clicks
      from placements p
      join ad_slots s on s.id = p.slot_id and s.status = 'live'
      left join placement_hourly h on h.placement_id = p.id and h.hour >= ${q.since}
      where ${inScopeSql(placementAsP, q.scope)} and p.active and p.status = 'approved'
        ${q.slotId ? sql`and p.slot_id = ${q.slotId}` : sql``}
      group by p.id
    ),
    medians as (
      select slot_id, percentile_cont(0.5) within group (order by clicks::float8 / impressions) as median
      from live where impressions >= ${q.minImpressions} group by slot_id
    ),
    flagged as (
      select live.*, m.median as slot_ctr, case
        when impressions = 0 then 'notServed'
        when impressions >= ${q.minImpressions} and m.median > 0 and clicks::float8 / impressions > ${q.factor} * m.median then 'ctrHigh'
        when impressions >= ${q.minImpressions} and m.median > 0 and clicks::float8 / impressions < m.median / ${q.factor} then 'ctrLow'
      end as flag
      from live left join medians m on m.slot_id = live.slot_id
    )`;
  const keep = q.flagged === undefined ? sql`true` : q.flagged ? sql`flag is not null` : sql`flag is null`;
  const [page, summary] = await Promise.all([
    db.execute(sql`${base}
      select ${placementColumns}, f.impressions::float8 as impressions, f.clicks::float8 as clicks,
        f.slot_ctr as "slotCtr", f.flag
      from (select * from flagged where ${keep} order by flag is null, created_at desc, id desc limit ${q.limit} offset ${q.offset}) f
      join placements p on p.id = f.id
      ${placementJoins}
      order by f.flag is null, f.created_at desc, f.id desc`),
    db.execute(sql`${base}
      select count(*) filter (where ${keep})::int as total, count(*)::int as live,
        count(*) filter (where impressions > 0)::int as served, count(*) filter (where flag is not null)::int as flagged,
        coalesce(sum(impressions), 0)::float8 as impressions, coalesce(sum(clicks), 0)::float8 as clicks
      from flagged`),
  ]);
  const s = rowsOf<{ total: number; live: number; served: number; flagged: number; impressions: number; clicks: number }>(summary)[0]!;
  return { items: rowsOf<HealthRow>(page), total: s.total, summary: { live: s.live, served: s.served, flagged: s.flagged, impressions: s.impressions, clicks: s.clicks } };
};

// ---- The advertiser's side ------------------------------------------------------------------

export interface CatalogueRow {
  id: number;
  name: string;
  publisherId: number;
  publisherName: string;
  currency: string;
  platform: AdSlotPlatform;
  propertyName: string;
  propertyId: string;
  position: AdSlotPosition;
  format: AdSlotFormat;
  width: number;
  height: number;
  floorCpmMinor: number;
  status: AdSlotStatus;
  placements: number;
  dailyRequests: number;
  disapprovalReason: string | null;
  disapprovedAt: Date | null;
  disapprovedById: number | null;
  disapprovedByName: string | null;
}

/** A slot as the advertiser (`scope`) sees it: its placements there and its disapproval. */
const catalogueColumns = (scope: Scope, since: Date) => sql`
  s.id, s.name, s.account_id as "publisherId", pub.name as "publisherName", pub.currency, s.platform,
  s.property_name as "propertyName", s.property_id as "propertyId", s.position, s.format, s.width, s.height,
  s.floor_cpm_minor as "floorCpmMinor", s.status,
  (select count(*)::int from placements p where p.slot_id = s.id and ${inScopeSql(placementAsP, scope)} and p.active) as placements,
  (select coalesce(sum(h.requests), 0)::float8 from slot_hourly h where h.slot_id = s.id and h.hour >= ${since}) as "dailyRequests",
  d.reason as "disapprovalReason", d.created_at as "disapprovedAt", d.created_by as "disapprovedById", du.name as "disapprovedByName"`;

const catalogueJoins = (scope: Scope) => sql`
  join accounts pub on pub.id = s.account_id
  left join slot_disapprovals d on d.slot_id = s.id and ${inScopeSql(disapprovalAsD, scope)}
  left join users du on du.id = d.created_by`;

export interface CatalogueQuery {
  /** The advertiser's. */
  scope: Scope;
  /** The daily volume's start (24 hours ago). */
  since: Date;
  search?: string;
  format?: AdSlotFormat;
  size?: { width: number; height: number };
  state?: 'allowed' | 'disapproved';
  sort: 'name' | 'floorCpmMinor' | 'placements';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Every publisher's live slots with the advertiser's placements on each and its disapproval. */
export const catalogue = async (db: DbOrTx, q: CatalogueQuery) => {
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  const where = sql`s.status = 'live'
    ${q.format ? sql`and s.format = ${q.format}` : sql``}
    ${q.size ? sql`and s.width = ${q.size.width} and s.height = ${q.size.height}` : sql``}
    ${q.state === 'disapproved' ? sql`and d.slot_id is not null` : q.state === 'allowed' ? sql`and d.slot_id is null` : sql``}
    ${
      pattern
        ? sql`and (lower(s.name) like lower(${pattern}) or lower(s.property_name) like lower(${pattern})
            or s.property_id like lower(${pattern}) or lower(pub.name) like lower(${pattern}))`
        : sql``
    }`;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const by = q.sort === 'name' ? sql`lower(s.name) ${dir}, s.id ${dir}` : q.sort === 'floorCpmMinor' ? sql`s.floor_cpm_minor ${dir}, s.id ${dir}` : sql`placements ${dir}, s.id ${dir}`;
  const [page, count] = await Promise.all([
    db.execute(sql`select ${catalogueColumns(q.scope, q.since)} from ad_slots s ${catalogueJoins(q.scope)} where ${where} order by ${by} limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`select count(*)::int as n from ad_slots s ${catalogueJoins(q.scope)} where ${where}`),
  ]);
  return { items: rowsOf<CatalogueRow>(page), total: rowsOf<{ n: number }>(count)[0]!.n };
};

/** Slots among `ids` as the advertiser sees them (any state), in id order. */
export const catalogueByIds = async (db: DbOrTx, scope: Scope, ids: number[], since: Date) =>
  rowsOf<CatalogueRow>(
    await db.execute(sql`select ${catalogueColumns(scope, since)} from ad_slots s ${catalogueJoins(scope)} where s.id = any(${intArray(ids)}) order by s.id`),
  );

/** The slots the advertiser disapproved, newest first. */
export const disapprovedOf = async (db: DbOrTx, scope: Scope, since: Date, limit: number, offset: number) => {
  const [page, count] = await Promise.all([
    db.execute(sql`select ${catalogueColumns(scope, since)} from slot_disapprovals dd join ad_slots s on s.id = dd.slot_id ${catalogueJoins(scope)}
      where ${inScopeSql(disapprovalAsDd, scope)} order by d.created_at desc, s.id desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from slot_disapprovals where ${inScopeSql(disapprovalKind, scope)}`),
  ]);
  return { items: rowsOf<CatalogueRow>(page), total: rowsOf<{ n: number }>(count)[0]!.n };
};

/** Of `ids`, the slots serving (live or paused): the ones an advertiser may disapprove or target. */
export const servingSlots = async (db: DbOrTx, ids: number[]) =>
  new Set(
    rowsOf<{ id: number }>(await db.execute(sql`select id from ad_slots where id = any(${intArray(ids)}) and status in ${SERVING_SLOTS}`)).map((r) => r.id),
  );

/** Of `ids`, the serving slots the advertiser has not disapproved (what its ad groups may choose). */
export const choosableSlots = async (db: DbOrTx, scope: Scope, ids: number[]) =>
  new Set(
    rowsOf<{ id: number }>(
      await db.execute(sql`select s.id from ad_slots s where s.id = any(${intArray(ids)}) and s.status in ${SERVING_SLOTS}
        and not exists (select 1 from slot_disapprovals d where ${inScopeSql(disapprovalAsD, scope)} and d.slot_id = s.id)`),
    ).map((r) => r.id),
  );

/** Adds disapprovals (a slot already disapproved keeps its first reason); the slot ids added. */
export const disapprove = async (db: DbOrTx, advertiserId: number, ids: number[], reason: string, by: number, at: Date) =>
  rowsOf<{ slotId: number }>(
    await db.execute(sql`
      insert into slot_disapprovals (account_id, slot_id, reason, created_by, created_at)
      select ${advertiserId}, unnest(${intArray(ids)}), ${reason}, ${by}, ${at}
      on conflict do nothing returning slot_id as "slotId"`),
  ).map((r) => r.slotId);

/** Removes the scope's disapprovals; the slot ids restored, with the reasons they had (for the audit). */
export const restore = async (db: DbOrTx, scope: Scope, ids: number[]) =>
  rowsOf<{ slotId: number; reason: string }>(
    await db.execute(sql`delete from slot_disapprovals where ${inScopeSql(disapprovalKind, scope)} and slot_id = any(${intArray(ids)}) returning slot_id as "slotId", reason`),
  );

export interface FitRow extends Omit<PlacementRow, 'id' | 'status' | 'reason' | 'decidedAt' | 'decidedById' | 'decidedByName' | 'createdAt' | 'version' | 'advertiserId' | 'advertiserName'> {
  formatOk: boolean;
  sizeOk: boolean;
  weightOk: boolean;
}

/**
 * The advertiser's approved ads × the serving slots each targets and is allowed on, with the three
 * fit checks, by campaign, ad and slot. `fits` keeps the pairs that pass (or fail) them all.
 */
export const fitsOf = async (db: DbOrTx, q: { scope: Scope; campaignId?: number; slotId?: number; fits?: boolean; limit: number; offset: number }) => {
  const w: WorkScope = { campaignId: q.campaignId, slotId: q.slotId };
  // The scope's ads are its campaigns' (`c`); their kind is the campaigns module's, so its owner column is named here.
  const ownAds = ownedBy(sql.raw('c.account_id'), q.scope) ?? sql`true`;
  const base = sql`
    select a.id as "adId", a.headline, a.description, a.landing_url as "landingUrl", c.id as "campaignId", c.name as "campaignName",
      s.id as "slotId", s.name as "slotName", s.code as "slotCode", s.format as "slotFormat", s.width as "slotWidth",
      s.height as "slotHeight", s.status as "slotStatus", s.property_name as "propertyName", s.account_id as "publisherId",
      cr.kind, cr.creative_id as "creativeId", cr.name as "creativeName", cr.width as "creativeWidth",
      cr.height as "creativeHeight", cr.bytes as "creativeBytes", cr.poster_key as "posterKey",
      coalesce(${formatFits}, false) as "formatOk", coalesce(${formatFits} and ${sizeFits}, false) as "sizeOk",
      coalesce(${formatFits} and ${weightFits}, false) as "weightOk", coalesce(${fits}, false) as fits,
      lower(c.name) as campaign_key
    ${candidates(w, sql`and ${ownAds}`)}`;
  const keep = q.fits === undefined ? sql`true` : q.fits ? sql`fits` : sql`not fits`;
  const [page, summary] = await Promise.all([
    db.execute(sql`select f.*, pub.name as "publisherName" from (${base}) f join accounts pub on pub.id = f."publisherId"
      where ${keep} order by f.campaign_key, f."campaignId", f."adId", f."slotId" limit ${q.limit} offset ${q.offset}`),
    db.execute(sql`select count(*) filter (where ${keep})::int as total, count(*) filter (where fits)::int as fits,
      count(*) filter (where not fits)::int as misfits from (${base}) f`),
  ]);
  const s = rowsOf<{ total: number; fits: number; misfits: number }>(summary)[0]!;
  return { items: rowsOf<FitRow & { fits: boolean }>(page), total: s.total, summary: { fits: s.fits, misfits: s.misfits } };
};

/** How many placements a slot has now (tests and the bench read it). */
export const countActive = async (db: DbOrTx, where: WorkScope = {}) =>
  rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from placements p where p.active
      ${where.slotId ? sql`and p.slot_id = ${where.slotId}` : sql``}
      ${where.campaignId ? sql`and p.campaign_id = ${where.campaignId}` : sql``}
      ${where.advertiserId ? sql`and p.advertiser_id = ${where.advertiserId}` : sql``}`),
  )[0]!.n;

// ---- Why a campaign is (not) delivering ------------------------------------------------------

export interface FunnelRow {
  adId: number;
  headline: string | null;
  bidMinor: number | null;
  targeted: boolean;
  fits: boolean;
  floorCpmMinor: number;
  slotCurrency: string;
  disapproved: boolean;
  /** The placement's status while it is active (null: none). */
  placement: PlacementStatus | null;
  /** The ad's image or video is in the recycle bin (why nothing fits). */
  creativeDeleted: boolean;
  slotIds: number[] | string;
}

/** The ad `a`'s own image or video is in the recycle bin (`creativeOf` then finds none). */
const creativeBinned = sql`(case a.format
    when 'image' then exists (select 1 from images i where i.id = a.image_id and i.deleted_at is not null)
    else exists (select 1 from videos v where v.id = a.video_id and v.deleted_at is not null) end)`;

/**
 * Each ad of a campaign against every live slot, grouped by what the funnel asks of a pair: the
 * targeting, the fit (the one definition above), the slot's floor and currency, the advertiser's
 * disapproval and the placement's status. The floor is judged by the caller with delivery's rules.
 */
export const funnelOf = async (db: DbOrTx, campaignId: number) =>
  rowsOf<FunnelRow>(
    await db.execute(sql`
      select a.id as "adId", a.headline, coalesce(g.bid_override_minor, c.max_bid_minor) as "bidMinor",
        ${slotTargeted} as targeted, coalesce(${fits}, false) as fits,
        s.floor_cpm_minor as "floorCpmMinor", pa.currency as "slotCurrency",
        not ${notDisapproved} as disapproved, p.status as placement, ${creativeBinned} as "creativeDeleted", array_agg(s.id) as "slotIds"
      from campaigns c
      join ads a on a.campaign_id = c.id
      join ad_groups g on g.id = a.ad_group_id
      join ad_slots s on s.status = 'live'
      join accounts pa on pa.id = s.account_id
      ${creativeOf}
      left join placements p on p.ad_id = a.id and p.slot_id = s.id and p.active
      where c.id = ${campaignId}
      group by a.id, a.position, g.position, a.headline, 3, 4, 5, 6, 7, 8, 9, 10
      order by g.position, a.position, a.id`),
  );

export interface ForecastSlotRow {
  slotId: number;
  publisherId: number;
  currency: string;
  floorCpmMinor: number;
  /** The creatives (of those asked about) that fit the slot, by the one definition above. */
  imageIds: number[] | string;
  videoIds: number[] | string;
}

/**
 * The live slots an advertiser may show on (not disapproved by it), each with which of the given
 * creatives fit it (the fit's one definition): what a forecast judges eligibility by.
 */
export const forecastSlots = async (db: DbOrTx, advertiserId: number, creatives: { imageIds: number[]; videoIds: number[] }) =>
  rowsOf<ForecastSlotRow>(
    await db.execute(sql`
      select s.id as "slotId", s.account_id as "publisherId", pa.currency, s.floor_cpm_minor as "floorCpmMinor",
        coalesce(array_agg(cr.creative_id) filter (where cr.kind = 'image' and ${fits}), '{}') as "imageIds",
        coalesce(array_agg(cr.creative_id) filter (where cr.kind = 'video' and ${fits}), '{}') as "videoIds"
      from ad_slots s
      join accounts pa on pa.id = s.account_id and pa.status = 'active'
      left join lateral (
        select 'image'::text as kind, i.id as creative_id, i.width, i.height, i.bytes from images i
          where i.id = any(${intArray(creatives.imageIds)}) and i.account_id = ${advertiserId} and i.deleted_at is null
        union all
        select 'video', v.id, v.width, v.height, v.bytes from videos v
          where v.id = any(${intArray(creatives.videoIds)}) and v.account_id = ${advertiserId} and v.deleted_at is null
      ) cr on true
      where s.status = 'live'
        and not exists (select 1 from slot_disapprovals d where d.account_id = ${advertiserId} and d.slot_id = s.id)
      group by s.id, pa.currency
      order by s.id`),
  );

export const liveSlotCount = async (db: DbOrTx) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ad_slots where status = 'live'`))[0]!.n;

// ---- Ads a deletion stops ------------------------------------------------------------------

/** Creatives one deletion moved to the recycle bin: by id, or the images a folder took with it. */
export type BinnedCreatives = { kind: 'image' | 'video'; ids: number[] } | { kind: 'image'; folderId: number; at: Date };

export interface StoppedCampaign {
  id: number;
  accountId: number;
  name: string;
  /** Its approved ads showing them. */
  ads: number;
  /** The binned creatives' names, and the lowest id among them (what names the event). */
  creatives: string[] | string;
  firstCreativeId: number;
}

/**
 * The active campaigns whose approved ads show creatives just moved to the bin: those ads lose
 * every placement (a creative in the bin fits no slot).
 */
export const campaignsShowing = async (db: DbOrTx, binned: BinnedCreatives) => {
  const [table, column] = binned.kind === 'image' ? [sql`images`, sql`a.image_id`] : [sql`videos`, sql`a.video_id`];
  const which = 'ids' in binned ? sql`cr.id = any(${intArray(binned.ids)})` : sql`cr.deleted_with_folder_id = ${binned.folderId} and cr.deleted_at = ${binned.at}`;
  return rowsOf<StoppedCampaign>(
    await db.execute(sql`
      select c.id, c.account_id as "accountId", c.name, count(*)::int as ads,
        json_agg(distinct cr.name order by cr.name) as creatives, min(cr.id)::int as "firstCreativeId"
      from ads a
      join campaigns c on c.id = a.campaign_id
      join ${table} cr on cr.id = ${column}
      where a.format = ${binned.kind} and a.review_outcome = 'approved' and c.status = 'active' and ${which}
      group by c.id
      order by c.id`),
  );
};
