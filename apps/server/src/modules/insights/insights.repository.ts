import { MILLI_PER_MINOR, PUBLISHER_REVENUE_SHARE, type Granularity, type ReportDimension, type ReportType } from '@ads/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { arrayOf, intArray, rowsOf, textArray } from '../../kit/sql';

// Reports in SQL, over the hourly rollups only (never the raw events): one fact set per report type
// (placement_hourly with each placement's ad, campaign and slot; for publishers also slot_hourly's
// ad requests), grouped by the chosen dimensions or by the period's buckets in the reader's time
// zone, with every metric computed beside the sums so any of them sorts.

export interface Facts {
  type: ReportType;
  /** The account whose figures these are (the advertiser's or publisher's); undefined: every account's. */
  accountId?: number;
  /** [from, to) as instants. */
  from: Date;
  to: Date;
  filters: Partial<Record<'campaign' | 'adGroup' | 'ad' | 'creative' | 'slot' | 'advertiser', number[]>> & { site?: string; region?: string[]; device?: string[] };
  /** With the advertiser dimension (or filter) a publisher's ad requests have no meaning: left out. */
  withRequests: boolean;
}

/** What rows group by: a report's dimensions, and the publisher (the dashboards' top publishers). */
export type FactKey = ReportDimension | 'publisher';

/** Each key's column in the facts. */
const KEY: Record<FactKey, string> = {
  campaign: 'campaign_id',
  adGroup: 'ad_group_id',
  ad: 'ad_id',
  creative: 'creative_key',
  slot: 'slot_id',
  site: 'site',
  advertiser: 'advertiser_id',
  publisher: 'publisher_id',
  region: 'region',
  device: 'device',
};

const filterSql = (f: Facts['filters']): SQL[] => {
  const out: SQL[] = [];
  if (f.campaign) out.push(sql`campaign_id = any(${intArray(f.campaign)})`);
  if (f.adGroup) out.push(sql`ad_group_id = any(${intArray(f.adGroup)})`);
  if (f.ad) out.push(sql`ad_id = any(${intArray(f.ad)})`);
  if (f.creative) out.push(sql`creative_id = any(${intArray(f.creative)})`);
  if (f.slot) out.push(sql`slot_id = any(${intArray(f.slot)})`);
  if (f.advertiser) out.push(sql`advertiser_id = any(${intArray(f.advertiser)})`);
  if (f.site) out.push(sql`site = ${f.site.toLowerCase()}`);
  if (f.region) out.push(sql`region = any(${textArray(f.region)})`);
  if (f.device) out.push(sql`device = any(${textArray(f.device)})`);
  return out;
};

/** The facts of a report's period: one row per rollup row, with every dimension's key. */
const factsOf = (q: Facts): SQL => {
  const placementFacts = sql`
    select h.hour, p.campaign_id, a.ad_group_id, p.ad_id, coalesce(a.image_id, a.video_id) as creative_id,
      case when a.image_id is not null then 'image:' || a.image_id when a.video_id is not null then 'video:' || a.video_id end as creative_key,
      p.slot_id, s.property_id as site, p.advertiser_id, p.publisher_id, h.region, h.device,
      0::bigint as requests, 0::bigint as filled, h.impressions, h.clicks, h.spend_milli
    from placement_hourly h
    join placements p on p.id = h.placement_id
    join ads a on a.id = p.ad_id
    join ad_slots s on s.id = p.slot_id
    where h.hour >= ${q.from} and h.hour < ${q.to}
      ${q.accountId === undefined ? sql`` : q.type === 'advertiser' ? sql`and p.advertiser_id = ${q.accountId}` : sql`and p.publisher_id = ${q.accountId}`}`;
  const requestFacts = sql`
    select h.hour, null::int, null::int, null::int, null::int, null::text, h.slot_id, s.property_id, null::int, s.account_id, h.region, h.device,
      h.requests, h.filled, 0::bigint, 0::bigint, 0::bigint
    from slot_hourly h join ad_slots s on s.id = h.slot_id
    where h.hour >= ${q.from} and h.hour < ${q.to}
      ${q.accountId === undefined ? sql`` : sql`and s.account_id = ${q.accountId}`}`;
  const all = q.type === 'publisher' && q.withRequests ? sql`${placementFacts} union all ${requestFacts}` : placementFacts;
  const where = filterSql(q.filters);
  return sql`(select * from (${all}) f ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``})`;
};

/** Sums and every metric from them (null where a rate has nothing to divide by). Money in minor units. */
const measures = sql`
  coalesce(sum(requests), 0)::float8 as requests, coalesce(sum(filled), 0)::float8 as filled,
  coalesce(sum(impressions), 0)::float8 as impressions, coalesce(sum(clicks), 0)::float8 as clicks,
  coalesce(sum(spend_milli), 0)::float8 / ${MILLI_PER_MINOR} as spend`;
const derived = (withRequests: boolean) => sql`
  ${withRequests ? sql`requests` : sql`null::float8`} as requests,
  impressions, clicks, spend,
  ${withRequests ? sql`case when requests > 0 then filled / requests end` : sql`null::float8`} as "fillRate",
  case when impressions > 0 then clicks / impressions end as ctr,
  case when impressions > 0 then spend * 1000 / impressions end as cpm,
  case when clicks > 0 then spend / clicks end as cpc,
  spend * ${PUBLISHER_REVENUE_SHARE}::float8 as revenue,
  case when impressions > 0 then spend * ${PUBLISHER_REVENUE_SHARE}::float8 * 1000 / impressions end as ecpm`;

export type Measured = Record<'requests' | 'impressions' | 'clicks' | 'spend' | 'fillRate' | 'ctr' | 'cpm' | 'cpc' | 'revenue' | 'ecpm', number | null>;

/** Totals of the period. */
export const totalsOf = async (db: DbOrTx, q: Facts) =>
  rowsOf<Measured>(await db.execute(sql`select ${derived(q.withRequests)} from (select ${measures} from ${factsOf(q)} f) t`))[0]!;

/** The period's buckets in `timeZone` (every one, empty ones with zeros), as instants. */
export const seriesOf = async (db: DbOrTx, q: Facts, granularity: Granularity, timeZone: string) =>
  rowsOf<Measured & { at: string }>(
    await db.execute(sql`
      with buckets as (
        select generate_series(
          date_trunc(${granularity}, ${q.from}::timestamptz at time zone ${timeZone}),
          (${q.to}::timestamptz - interval '1 microsecond') at time zone ${timeZone},
          ${`1 ${granularity}`}::interval) as local
      ),
      grouped as (
        select date_trunc(${granularity}, f.hour at time zone ${timeZone}) as local, ${measures}
        from ${factsOf(q)} f group by 1
      )
      select ${iso(sql`t.local at time zone ${timeZone}`)} as at, ${derived(q.withRequests)}
      from (
        select b.local, coalesce(g.requests, 0) as requests, coalesce(g.filled, 0) as filled, coalesce(g.impressions, 0) as impressions,
          coalesce(g.clicks, 0) as clicks, coalesce(g.spend, 0) as spend
        from buckets b left join grouped g on g.local = b.local
      ) t
      order by t.local`),
  );

export interface Grouped extends Measured {
  keys: string[];
}

/**
 * Rows by `dimensions` (their key values as text), sorted by a metric or a dimension's label and
 * paged; `total` counts every group. `keysIn` keeps only these groups (the previous period's rows
 * for a page's keys).
 */
export const rowsOfReport = async (
  db: DbOrTx,
  q: Facts,
  dimensions: FactKey[],
  page: { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number } | { keysIn: string[][] },
) => {
  const keys = dimensions.map((d) => sql.raw(KEY[d]));
  const keyText = sql.join(
    dimensions.map((d) => sql`coalesce(${sql.raw(KEY[d])}::text, '')`),
    sql`, `,
  );
  let tail: SQL;
  if ('keysIn' in page) {
    if (!page.keysIn.length) return { rows: [] as Grouped[], total: 0 };
    const wanted = sql.join(
      page.keysIn.map((k) => sql`array[${sql.join(
        k.map((v) => sql`${v}::text`),
        sql`, `,
      )}]`),
      sql`, `,
    );
    tail = sql`where keys in (${wanted})`;
  } else {
    const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
    const by = page.sort && (dimensions as string[]).includes(page.sort) ? sql`keys[${dimensions.indexOf(page.sort as FactKey) + 1}]` : sql.raw(`"${page.sort ?? 'impressions'}"`);
    tail = sql`order by ${by} ${dir} nulls last, keys limit ${page.limit} offset ${page.offset}`;
  }
  const result = await db.execute(sql`
    select * from (
      select array[${keyText}] as keys, ${derived(q.withRequests)}, count(*) over () as total
      from (select ${sql.join(keys, sql`, `)}, ${measures} from ${factsOf(q)} f group by ${sql.join(keys, sql`, `)}) g
    ) r ${tail}`);
  const rows = rowsOf<Grouped & { total: number | string; keys: string[] | string }>(result).map((r) => ({
    ...r,
    keys: arrayOf(r.keys),
  }));
  return { rows, total: Number(rows[0]?.total ?? 0) };
};

/** Names of the keys shown: campaigns, ad groups, ads, creatives, slots, sites, advertisers. */
export const labelsOf = async (db: DbOrTx, ids: Partial<Record<FactKey, string[]>>) => {
  const ints = (d: FactKey) => (ids[d] ?? []).filter((v) => /^\d+$/.test(v)).map(Number);
  const pick = async (d: FactKey, query: SQL | null) => (query && ints(d).length ? rowsOf<{ id: string; label: string }>(await db.execute(query)) : []);
  const creatives = (ids.creative ?? []).map((k) => k.split(':') as [string, string]);
  const images = creatives.filter(([k]) => k === 'image').map(([, id]) => Number(id));
  const videos = creatives.filter(([k]) => k === 'video').map(([, id]) => Number(id));
  const [campaign, adGroup, ad, slot, advertiser, publisher, site, image, video] = await Promise.all([
    pick('campaign', sql`select id::text, name as label from campaigns where id = any(${intArray(ints('campaign'))})`),
    pick('adGroup', sql`select id::text, coalesce(name, '') as label from ad_groups where id = any(${intArray(ints('adGroup'))})`),
    pick('ad', sql`select id::text, coalesce(headline, '') as label from ads where id = any(${intArray(ints('ad'))})`),
    pick('slot', sql`select id::text, name as label from ad_slots where id = any(${intArray(ints('slot'))})`),
    pick('advertiser', sql`select id::text, name as label from accounts where id = any(${intArray(ints('advertiser'))})`),
    pick('publisher', sql`select id::text, name as label from accounts where id = any(${intArray(ints('publisher'))})`),
    ids.site?.length
      ? rowsOf<{ id: string; label: string }>(await db.execute(sql`select property_id as id, max(property_name) as label from ad_slots where property_id = any(${textArray(ids.site)}) group by property_id`))
      : [],
    images.length ? rowsOf<{ id: string; label: string }>(await db.execute(sql`select 'image:' || id as id, name as label from images where id = any(${intArray(images)})`)) : [],
    videos.length ? rowsOf<{ id: string; label: string }>(await db.execute(sql`select 'video:' || id as id, name as label from videos where id = any(${intArray(videos)})`)) : [],
  ]);
  const map = (list: { id: string; label: string }[]) => new Map(list.map((r) => [r.id, r.label]));
  return { campaign: map(campaign), adGroup: map(adGroup), ad: map(ad), slot: map(slot), advertiser: map(advertiser), publisher: map(publisher), site: map(site), creative: map([...image, ...video]) } as Partial<
    Record<FactKey, Map<string, string>>
  >;
};

/** An instant as ISO 8601 in UTC, whatever the session's time zone. */
const iso = (instant: SQL) => sql`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A period of days in `timeZone` as instants — [first day's midnight, the day after the last's) —
 * and the period of as many days just before it (daylight saving changes included).
 */
export const periodOf = async (db: DbOrTx, from: string, to: string, timeZone: string) => {
  const row = rowsOf<{ from: string; to: string; previousFrom: string; previousTo: string }>(
    await db.execute(sql`
      select ${iso(sql`${from}::date::timestamp at time zone ${timeZone}`)} as "from",
        ${iso(sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`)} as "to",
        ${iso(sql`(${from}::date - (${to}::date - ${from}::date + 1))::timestamp at time zone ${timeZone}`)} as "previousFrom",
        ${iso(sql`${from}::date::timestamp at time zone ${timeZone}`)} as "previousTo"`),
  )[0]!;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  const previousFirst = new Date(Date.parse(`${from}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const previousLast = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    from: new Date(row.from),
    to: new Date(row.to),
    previous: { from: new Date(row.previousFrom), to: new Date(row.previousTo), firstDay: previousFirst, lastDay: previousLast },
  };
};

/** The currencies of the accounts a report covers (one: its money's; several: none to name). */
export const currenciesOf = async (db: DbOrTx, type: ReportType, accountId: number | undefined) =>
  rowsOf<{ currency: string }>(
    await db.execute(
      accountId === undefined
        ? sql`select distinct currency from accounts where kind = ${type}`
        : sql`select currency from accounts where id = ${accountId}`,
    ),
  ).map((r) => r.currency);
