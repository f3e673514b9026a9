import { MILLI_PER_MINOR, PUBLISHER_REVENUE_SHARE, type Granularity, type ReportDimension, type ReportType } from '@ads/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ownedBy, type Scope } from '../../kit/access';
import { arrayOf, intArray, jsonOf, rowsOf, textArray } from '../../kit/sql';

// Reports in SQL, over the hourly rollups only (never the raw events): one fact set per report type
// (placement_hourly with each placement's ad, campaign and slot; for publishers also slot_hourly's
// ad requests), grouped by the chosen dimensions or by the period's buckets in the reader's time
// zone, with every metric computed beside the sums so any of them sorts. A report that needs no
// ad, creative, region or device (and, for publishers, no advertiser) reads the coarse rollups by
// account, or by campaign or slot, instead (schema/insights.ts): the same sums from far fewer rows.

export interface Facts {
  type: ReportType;
  /**
   * Whose figures these are: an owner its own account's (the advertiser's, or the publisher's by its
   * slots), staff every account's or the one it names.
   */
  scope: Scope;
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

/** The scope's condition on the facts' owning account column (`and …`, or nothing for every account). */
const scoped = (scope: Scope, owner: string): SQL => {
  const condition = ownedBy(sql.raw(owner), scope);
  return condition ? sql`and ${condition}` : sql``;
};

/** The keys each report type's coarse rollups hold: by account, and by campaign or slot. */
const BY_ACCOUNT: Record<ReportType, ReadonlySet<FactKey>> = { advertiser: new Set<FactKey>(['advertiser']), publisher: new Set<FactKey>(['publisher']) };
const BY_ITEM: Record<ReportType, ReadonlySet<FactKey>> = {
  advertiser: new Set<FactKey>(['campaign', 'advertiser']),
  publisher: new Set<FactKey>(['slot', 'site', 'publisher']),
};

/** The coarsest rollups a report grouped by `keys` can read: every key and filter one they hold (null: the fine ones). */
const levelOf = (q: Facts, keys: FactKey[]): 'account' | 'item' | null => {
  if (q.type === 'publisher' && !q.withRequests) return null;
  const filters = (Object.keys(q.filters) as (keyof Facts['filters'])[]).filter((k) => q.filters[k] !== undefined);
  const holds = (set: ReadonlySet<FactKey>) => keys.every((k) => set.has(k)) && filters.every((k) => set.has(k));
  return holds(BY_ACCOUNT[q.type]) ? 'account' : holds(BY_ITEM[q.type]) ? 'item' : null;
};

/** The facts of the coarse rollups, with the keys the fine ones have (the others empty). */
const coarseFactsOf = (q: Facts, keys: FactKey[], level: 'account' | 'item'): SQL => {
  const period = sql`h.hour >= ${q.from} and h.hour < ${q.to}`;
  if (q.type === 'advertiser')
    return sql`
    select h.hour, ${level === 'item' ? sql`h.campaign_id` : sql`null::int`} as campaign_id, null::int as ad_group_id, null::int as ad_id,
      null::int as creative_id, null::text as creative_key, null::int as slot_id, null::text as site, h.advertiser_id, null::int as publisher_id,
      ''::text as region, ''::text as device, 0::bigint as requests, 0::bigint as filled, h.impressions, h.clicks, h.spend_milli,
      h.conversions, h.conversion_value_minor
    from ${sql.raw(level === 'item' ? 'campaign_hourly' : 'advertiser_hourly')} h
    where ${period} ${scoped(q.scope, 'h.advertiser_id')}`;
  const account = scoped(q.scope, 'h.publisher_id');
  // The site is the slot's: joined only when asked for (it doubles the read's time).
  const bySite = keys.includes('site') || q.filters.site !== undefined;
  const site = bySite ? sql`s.property_id` : sql`null::text`;
  const slots = bySite ? sql`join ad_slots s on s.id = h.slot_id` : sql``;
  const slot = level === 'item' ? sql`h.slot_id` : sql`null::int`;
  const [served, requests] = level === 'item' ? ['slot_served_hourly', 'slot_requests_hourly'] : ['publisher_served_hourly', 'publisher_requests_hourly'];
  return sql`
    select h.hour, null::int as campaign_id, null::int as ad_group_id, null::int as ad_id, null::int as creative_id, null::text as creative_key,
      ${slot} as slot_id, ${site} as site, null::int as advertiser_id, h.publisher_id, ''::text as region, ''::text as device,
      0::bigint as requests, 0::bigint as filled, h.impressions, h.clicks, h.spend_milli, h.conversions, h.conversion_value_minor
    from ${sql.raw(served)} h ${slots}
    where ${period} ${account}
    union all
    select h.hour, null::int, null::int, null::int, null::int, null::text, ${slot}, ${site}, null::int, h.publisher_id, ''::text, ''::text,
      h.requests, h.filled, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
    from ${sql.raw(requests)} h ${slots}
    where ${period} ${account}`;
};

/** The facts of a report's period grouped by `keys`: one row per rollup row, with every dimension's key. */
const factsOf = (q: Facts, keys: FactKey[]): SQL => {
  const where = filterSql(q.filters);
  const filtered = (all: SQL) => sql`(select * from (${all}) f ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``})`;
  const level = levelOf(q, keys);
  if (level) return filtered(coarseFactsOf(q, keys, level));
  // The ad and the slot are joined only when a key or filter reads them (every placement has both):
  // each join costs a probe per rollup row, a third of the campaign page's placements tab.
  const reads = (...of: (keyof Facts['filters'] & FactKey)[]) => of.some((k) => keys.includes(k) || q.filters[k] !== undefined);
  const byAd = reads('adGroup', 'creative');
  const bySite = reads('site');
  const placementFacts = sql`
    select h.hour, p.campaign_id, ${byAd ? sql`a.ad_group_id` : sql`null::int`} as ad_group_id, p.ad_id,
      ${byAd ? sql`coalesce(a.image_id, a.video_id)` : sql`null::int`} as creative_id,
      ${byAd ? sql`case when a.image_id is not null then 'image:' || a.image_id when a.video_id is not null then 'video:' || a.video_id end` : sql`null::text`} as creative_key,
      p.slot_id, ${bySite ? sql`s.property_id` : sql`null::text`} as site, p.advertiser_id, p.publisher_id, h.region, h.device,
      0::bigint as requests, 0::bigint as filled, h.impressions, h.clicks, h.spend_milli, h.conversions, h.conversion_value_minor
    from placement_hourly h
    join placements p on p.id = h.placement_id
    ${byAd ? sql`join ads a on a.id = p.ad_id` : sql``}
    ${bySite ? sql`join ad_slots s on s.id = p.slot_id` : sql``}
    where h.hour >= ${q.from} and h.hour < ${q.to}
      ${scoped(q.scope, q.type === 'advertiser' ? 'p.advertiser_id' : 'p.publisher_id')}`;
  const requestFacts = sql`
    select h.hour, null::int, null::int, null::int, null::int, null::text, h.slot_id, s.property_id, null::int, s.account_id, h.region, h.device,
      h.requests, h.filled, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
    from slot_hourly h join ad_slots s on s.id = h.slot_id
    where h.hour >= ${q.from} and h.hour < ${q.to}
      ${scoped(q.scope, 's.account_id')}`;
  return filtered(q.type === 'publisher' && q.withRequests ? sql`${placementFacts} union all ${requestFacts}` : placementFacts);
};

/** The sums a report's metrics are computed from. */
const SUMS = ['requests', 'filled', 'impressions', 'clicks', 'spend', 'conversions', 'conversion_value'] as const;

/** The sums of the facts (those `where` keeps), named `prefix` + SUMS. Money in minor units. */
const measuresOf = (where: SQL | null, prefix: string) => {
  // float8 sums: exact for integers below 2^53, and far faster than the numeric that sum(bigint) gives.
  const sum = (column: string) => sql`coalesce(sum(${sql.raw(column)}::float8) ${where ? sql`filter (${where})` : sql``}, 0)`;
  return sql`${sum('requests')} as ${sql.raw(`${prefix}requests`)}, ${sum('filled')} as ${sql.raw(`${prefix}filled`)},
    ${sum('impressions')} as ${sql.raw(`${prefix}impressions`)}, ${sum('clicks')} as ${sql.raw(`${prefix}clicks`)},
    ${sum('spend_milli')} / ${MILLI_PER_MINOR} as ${sql.raw(`${prefix}spend`)},
    ${sum('conversions')} as ${sql.raw(`${prefix}conversions`)}, ${sum('conversion_value_minor')} as ${sql.raw(`${prefix}conversion_value`)}`;
};
const measures = measuresOf(null, '');

/**
 * Every metric from the sums (null where a rate has nothing to divide by), the one place each is
 * defined. Fill rate is impressions ÷ ad requests of the same facts (scope, period, filters), so
 * it is always the two counts shown beside it divided. Conversion rate is conversions ÷ clicks and
 * cost per conversion spend ÷ conversions, of the same facts too.
 */
const derived = (withRequests: boolean) => sql`
  ${withRequests ? sql`requests` : sql`null::float8`} as requests,
  impressions, clicks, spend,
  ${withRequests ? sql`case when requests > 0 then impressions / requests end` : sql`null::float8`} as "fillRate",
  case when impressions > 0 then clicks / impressions end as ctr,
  case when impressions > 0 then spend * 1000 / impressions end as cpm,
  case when clicks > 0 then spend / clicks end as cpc,
  conversions,
  case when clicks > 0 then conversions / clicks end as "conversionRate",
  case when conversions > 0 then spend / conversions end as "costPerConversion",
  conversion_value as "conversionValue",
  spend * ${PUBLISHER_REVENUE_SHARE}::float8 as revenue,
  case when impressions > 0 then spend * ${PUBLISHER_REVENUE_SHARE}::float8 * 1000 / impressions end as ecpm`;

/** Every metric's column, in the order `derived` lists them. */
const METRIC_COLUMNS = ['requests', 'impressions', 'clicks', 'spend', 'fillRate', 'ctr', 'cpm', 'cpc', 'conversions', 'conversionRate', 'costPerConversion', 'conversionValue', 'revenue', 'ecpm'] as const;
export type Measured = Record<(typeof METRIC_COLUMNS)[number], number | null>;

/** Totals of the period. */
export const totalsOf = async (db: DbOrTx, q: Facts) =>
  rowsOf<Measured>(await db.execute(sql`select ${derived(q.withRequests)} from (select ${measures} from ${factsOf(q, [])} f) t`))[0]!;

export interface Grouped extends Measured {
  keys: string[];
  /** The previous period's figures, when compared. */
  previous: Measured | null;
}

export interface Bucket extends Measured {
  at: string;
}

/** The metrics' columns (of `from`), in the order both parts of a series' read list them. */
const metricColumns = (from: string) => sql.raw(METRIC_COLUMNS.map((c) => `${from}."${c}"`).join(', '));

/** Every metric of the sums `from` has (named `prefix` + SUMS), as a lateral join. */
const figuresOf = (q: Facts, from: string, prefix: string) => sql`
  cross join lateral (select ${derived(q.withRequests)} from (select ${sql.join(
    SUMS.map((c) => sql`${sql.raw(`${from}.${prefix}${c}`)} as ${sql.raw(c)}`),
    sql`, `,
  )}) x)`;

/** The SUMS columns, each as `of(column)`. */
const sums = (of: (c: string) => string) =>
  sql.join(
    SUMS.map((c) => sql`${sql.raw(of(c))} as ${sql.raw(c)}`),
    sql`, `,
  );

/**
 * The period's buckets in `timeZone` (every one, empty ones with zeros), as instants, and its
 * totals, from one read of the facts. The facts are summed by hour first, so the zone's arithmetic
 * runs once an hour, not once a row.
 */
export const seriesOf = async (db: DbOrTx, q: Facts, read: { granularity: Granularity; timeZone: string }) => {
  const { granularity, timeZone } = read;
  const all = rowsOf<Measured & { at: string | null; local: unknown }>(
    await db.execute(sql`
      with hours as (select f.hour, ${measures} from ${factsOf(q, [])} f group by 1)
      select ${iso(sql`b.local at time zone ${timeZone}`)} as at, b.local, ${metricColumns('c')}
      from (
        select buckets.local, ${sums((c) => `coalesce(s.${c}, 0)`)}
        from generate_series(
          date_trunc(${granularity}, ${q.from}::timestamptz at time zone ${timeZone}),
          (${q.to}::timestamptz - interval '1 microsecond') at time zone ${timeZone},
          ${`1 ${granularity}`}::interval) as buckets(local)
        left join (
          select date_trunc(${granularity}, h.hour at time zone ${timeZone}) as local, ${sums((c) => `sum(h.${c})`)}
          from hours h group by 1
        ) s on s.local = buckets.local
      ) b ${figuresOf(q, 'b', '')} c
      union all
      select null, null, ${metricColumns('c')}
      from (select ${sums((c) => `coalesce(sum(h.${c}), 0)`)} from hours h) t ${figuresOf(q, 't', '')} c
      order by local nulls last`),
  ).map(({ local: _, ...r }) => r);
  const { at: _, ...totals } = all.pop()!;
  return { series: all as Bucket[], totals: totals as Measured };
};

/**
 * Rows by `dimensions` (their key values as text), sorted by a metric or a dimension's label and
 * paged; `total` counts every group. With `previous` ([from, to), ending at or before the period's
 * start) each row also has the previous period's figures, from the same read of the facts: the
 * rows are the groups with facts in the period.
 */
export const rowsOfReport = async (
  db: DbOrTx,
  q: Facts,
  dimensions: FactKey[],
  page: { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number },
  previous?: { from: Date; to: Date },
) => {
  const previousFrom = previous?.from;
  const keys = sql.join(
    dimensions.map((d) => sql.raw(KEY[d])),
    sql`, `,
  );
  const keyText = sql.join(
    dimensions.map((d) => sql`coalesce(${sql.raw(KEY[d])}::text, '')`),
    sql`, `,
  );
  const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
  const by = page.sort && (dimensions as string[]).includes(page.sort) ? sql`keys[${dimensions.indexOf(page.sort as FactKey) + 1}]` : sql.raw(`"${page.sort ?? 'impressions'}"`);
  const result = await db.execute(sql`
    select * from (
      select array[${keyText}] as keys, c.*, ${previousFrom ? sql`to_jsonb(b)` : sql`null::jsonb`} as previous, count(*) over () as total
      from (
        ${
          previousFrom
            ? sql`
        select ${keys}, ${measuresOf(sql`where f.current`, '')}, ${measuresOf(sql`where not f.current`, 'before_')}
        from (
          -- Summed by key and period first: seven sums a fact, not fourteen.
          select ${keys}, f.hour >= ${q.from} as current, ${sql.join(
            ['requests', 'filled', 'impressions', 'clicks', 'spend_milli', 'conversions', 'conversion_value_minor'].map((c) => sql`sum(${sql.raw(c)}::float8) as ${sql.raw(c)}`),
            sql`, `,
          )}
          from ${factsOf({ ...q, from: previousFrom }, dimensions)} f
          -- The previous period may stop short of the current one's start (compared up to the same time).
          where f.hour >= ${q.from} or f.hour < ${previous?.to}
          group by ${keys}, ${sql.raw(String(dimensions.length + 1))}
        ) f
        group by ${keys} having bool_or(f.current)`
            : sql`
        select ${keys}, ${measures} from ${factsOf(q, dimensions)} f group by ${keys}`
        }
      ) g
      ${figuresOf(q, 'g', '')} c ${previousFrom ? sql`${figuresOf(q, 'g', 'before_')} b` : sql``}
    ) r
    order by ${by} ${dir} nulls last, keys limit ${page.limit} offset ${page.offset}`);
  const raw = rowsOf<Omit<Grouped, 'keys' | 'previous'> & { total: number | string; keys: string[] | string; previous: unknown }>(result);
  const rows: Grouped[] = raw.map(({ total: _, ...r }) => ({ ...r, keys: arrayOf(r.keys), previous: r.previous === null ? null : jsonOf<Measured>(r.previous) }));
  return { rows, total: Number(raw[0]?.total ?? 0) };
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
export type Period = Awaited<ReturnType<typeof periodOf>>;
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

/**
 * The currencies of the accounts a report covers (one: its money's; several: none to name): the
 * scope's account, or every account of the report's kind.
 */
export const currenciesOf = async (db: DbOrTx, type: ReportType, scope: Scope) =>
  rowsOf<{ currency: string }>(await db.execute(sql`select distinct currency from accounts where ${ownedBy(sql.raw('id'), scope) ?? sql`kind = ${type}`}`)).map(
    (r) => r.currency,
  );
