// The reports issue's budget (issue 14): "A 90-day report by day over 10 million events: p95 < 200 ms
// on PostgreSQL, with the ratio to the same query on the raw events."
//
// A database of its own (bench_insights) is migrated and seeded as `npm start` does it (the demo
// data), then given a few bench advertisers and publishers with their campaigns, ads, slots and
// placements, and 90 days of delivery events made in SQL with their hourly rollups. The reports are
// the insights service's own code path (`report(principal, type, query)`) on a pool like the
// server's; the raw question is a GROUP BY over `delivery_events`.
//
// Building the data takes minutes, so the database is kept and reused while its marker says it
// holds this generator's data (pending migrations are applied to it): `--insights-rebuild` builds
// it again from nothing, `--insights-drop` drops it at the end. BENCH_INSIGHTS_EVENTS sets the
// number of events (10,000,000 by default; a smaller one for a quick try).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { advertiserReportQuerySchema, publisherReportQuerySchema, type Power, type ReportType } from '@ads/contracts';
import { createServices } from '../apps/server/src/app';
import { openAndPrepareDatabase } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { BOT_CTR, CTR, dailyCurve, DEVICE_MIX, REGION_MIX, seeded, SHOWN } from '../apps/server/src/demo/traffic';
import { dropPartitionsBefore, ensurePartitions } from '../apps/server/src/modules/delivery/delivery.repository';
import { createInsightsService } from '../apps/server/src/modules/insights/insights.service';

type Recorder = (what: string, result: string, budget: string, ok: boolean | null) => void;

export const INSIGHTS_PREFIX = 'Reports';
const DATABASE = 'bench_insights';
/** Changes whenever the generator does: a kept database of another version is built again. */
const GENERATOR_VERSION = 1;
const EVENTS = Number(process.env.BENCH_INSIGHTS_EVENTS ?? 10_000_000);
const DAYS = 90;
const BUDGET_MS = 200;
const RUNS = 30;
const WARM_UP = 3;
const RAW_RUNS = 5;

// The installation: bench advertisers (share of the traffic, campaigns) and publishers (share, sites).
const ADVERTISERS: [string, number, number][] = [
  ['Northwind Outdoor', 45, 24],
  ['Tailspin Toys', 20, 10],
  ['Litware Books', 15, 8],
  ['Adventure Works Travel', 12, 8],
  ['Wingtip Tea', 8, 6],
];
const PUBLISHERS: [string, number][] = [
  ['Woodgrove Daily', 40],
  ['Proseware Sports', 30],
  ['Lamna Recipes', 20],
  ['Fourth Coffee Weekly', 10],
];
/** Each site has one slot of each size; its share of the site's traffic. */
const SIZES: { width: number; height: number; position: string; share: number }[] = [
  { width: 728, height: 90, position: 'header', share: 0.4 },
  { width: 300, height: 250, position: 'in_content', share: 0.4 },
  { width: 320, height: 50, position: 'footer', share: 0.2 },
];
/** Requests an ad is found for (the rest answer "no ad"), and bots among requests. */
const FILL = 0.9;
const BOTS = 0.02;

export const INSIGHTS_METHOD = `- **Reports**: a PostgreSQL database of its own (\`${DATABASE}\`), migrated and seeded as \`npm start\` does
  (the demo data, with its sixty days of delivery through the real ingest), plus ${ADVERTISERS.length} bench advertisers
  (${ADVERTISERS.map(([, share]) => `${share} %`).join(', ')} of the traffic; ${ADVERTISERS.reduce((s, [, , c]) => s + c, 0)} active campaigns of two ad groups of two image ads in
  728×90, 300×250 and 320×50) and ${PUBLISHERS.length} bench publishers (${PUBLISHERS.map(([, share]) => `${share} %`).join(', ')}; two sites each, one live slot
  of each size per site), every ad placed on every slot of its size. The events are made in SQL
  (\`insert … select … generate_series\`), a day at a time into the day's partition: ad requests along
  the demo's daily curve (weekends 0.8, a slow rise over the period), regions and devices by the
  demo's traffic mix, ${Math.round(BOTS * 100)} % bots (invalid), ${Math.round(FILL * 100)} % filled, each slot's ads drawn by advertiser share,
  campaign rank and ad; ${Math.round(SHOWN * 100)} % of served ads send their impression and ~1 % of those a click (the
  demo's rates by device), priced by the campaign's CPM or CPC bid. Each day's \`slot_hourly\` and
  \`placement_hourly\` rows are then summed from its events by the statement the ingest uses (so the
  rollups equal the events, checked after the build, and the report's days equal the raw query's);
  their triggers fill the reports' coarse rollups (by campaign or slot, and by account) as they do
  for the ingest.
  The ${DAYS} days before the period are made the same way and their events dropped by the retention
  job's own \`dropPartitionsBefore\` (DELIVERY_RETENTION_DAYS is ${DAYS}): their rollups are what a
  comparison reads. Then \`vacuum analyze\`. The database is kept for the next run (its marker names the
  generator and the event count; \`--insights-rebuild\` builds it again, \`--insights-drop\` drops it).
  *Reports*: \`createInsightsService({db}).report(principal, type, query)\` on a pool of 20 as the server
  opens it, in the bench's process: ${DAYS} days by day in UTC ending with the data's last day, default metrics,
  first page of 50; without a breakdown, by campaign (advertiser) or slot (publisher), and by it
  compared with the ${DAYS} days before (the coarse rollups serve all of these; a breakdown by ad, region or device
  reads \`placement_hourly\`); ${WARM_UP} warm-up runs, then ${RUNS} in a row, p50 / p95. The callers: the large
  advertiser, the large publisher, and staff over every account. A report runs its statements at
  once (the trend with its totals, the same for the period before, the rows with their previous figures;
  each may take up to two parallel workers), so the load average the data row
  gives counts the bench's own queries as well as anything else running. *Raw*: the same days' figures by
  a hand-written \`GROUP BY\` of the events by day (\`delivery_events\` joined to campaigns or slots for the
  account), one warm-up then ${RAW_RUNS} runs; the ratio is its p50 over the report's p50 without a breakdown.
`;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** A pick list of about `size` entries: each value as often as its weight says (sampled with one random()). */
const pickList = <T>(table: [T, number][], size: number): T[] => {
  const total = table.reduce((s, [, w]) => s + w, 0);
  return table.flatMap(([v, w]) => Array<T>(Math.max(1, Math.round((w / total) * size))).fill(v));
};

/** Events a request makes on average: itself, and when filled its impression and click (bots always show, click more). */
const avgCtr = DEVICE_MIX.reduce((s, [d, w]) => s + CTR[d] * w, 0) / DEVICE_MIX.reduce((s, [, w]) => s + w, 0);
const EVENTS_PER_REQUEST = 1 + FILL * (BOTS * (1 + BOT_CTR) + (1 - BOTS) * SHOWN * (1 + avgCtr));

const databaseUrl = (adminUrl: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

interface Marker {
  version: number;
  events: number;
  first_day: string;
  last_day: string;
  built_seconds: number;
  advertiser_id: number;
  publisher_id: number;
  staff_id: number;
}

/** The kept database's marker when it holds this generator's data, else undefined. */
const keptMarker = async (url: string): Promise<Marker | undefined> => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<Marker>(
      `select version, events::float8 as events, first_day::text, last_day::text, built_seconds, advertiser_id, publisher_id, staff_id from bench_insights_marker`,
    );
    const m = rows[0];
    return m && m.version === GENERATOR_VERSION && m.events >= EVENTS * 0.99 && m.events <= EVENTS * 1.01 ? m : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
};

// ---- The installation -----------------------------------------------------------------------

/** Accounts through the identity service; campaigns, ads, slots and placements in SQL (as the other benches insert theirs). */
const seedInstallation = async (client: pg.Client, identity: ReturnType<typeof createServices>['identity']) => {
  const accountsOf = async (kind: 'advertiser' | 'publisher', names: readonly string[]) => {
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const { account } = await identity.createAccountWithUser({
        account: { name, kind },
        user: { email: `bench-${kind}-${i + 1}@bench.test`, name: `${name} Manager`, password: 'Bench@2026' },
      });
      ids.push(account.id);
    }
    return ids;
  };
  const advertisers = await accountsOf('advertiser', ADVERTISERS.map(([name]) => name));
  const publishers = await accountsOf('publisher', PUBLISHERS.map(([name]) => name));
  await client.query(`create table bench_advertisers (account_id int primary key, weight float8 not null, campaigns int not null)`);
  await client.query(`insert into bench_advertisers select * from unnest($1::int[], $2::float8[], $3::int[])`, [
    advertisers,
    ADVERTISERS.map(([, w]) => w),
    ADVERTISERS.map(([, , c]) => c),
  ]);
  // Campaigns: two thirds CPM (150–549 a thousand), a third CPC (20–99 a click), active over the whole period.
  await client.query(
    `insert into campaigns (account_id, name, status, objective, daily_budget_minor, total_budget_minor, start_at, end_at,
       bid_strategy, max_bid_minor, review_outcome, submitted_at, reviewed_at, created_at, updated_at)
     select b.account_id, 'Bench campaign ' || lpad(k::text, 2, '0'), 'active', (array['awareness','traffic','conversions'])[1 + k % 3],
       1000000, 1000000000, now() - interval '200 days', now() + interval '60 days',
       case when k % 3 = 2 then 'cpc' else 'cpm' end, case when k % 3 = 2 then 20 + (k * 13) % 80 else 150 + (k * 37) % 400 end,
       'approved', now() - interval '201 days', now() - interval '200 days', now() - interval '202 days', now() - interval '200 days'
     from bench_advertisers b cross join generate_series(1, b.campaigns) k`,
  );
  await client.query(
    `insert into ad_groups (campaign_id, position, name)
     select c.id, g, 'Group ' || (g + 1) from campaigns c join bench_advertisers b on b.account_id = c.account_id cross join generate_series(0, 1) g`,
  );
  // Two ads per group; the campaign's four ads cover the three sizes.
  await client.query(
    `create table bench_ads as
     select g.id as ad_group_id, g.campaign_id, c.account_id, a as position,
       (dense_rank() over (partition by c.account_id order by c.id) + g.position * 2 + a) % 3 as size
     from ad_groups g join campaigns c on c.id = g.campaign_id join bench_advertisers b on b.account_id = c.account_id cross join generate_series(0, 1) a`,
  );
  await client.query(`create table bench_sizes (size int primary key, width int, height int, position text, share float8)`);
  await client.query(`insert into bench_sizes select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::float8[])`, [
    SIZES.map((_, i) => i),
    SIZES.map((s) => s.width),
    SIZES.map((s) => s.height),
    SIZES.map((s) => s.position),
    SIZES.map((s) => s.share),
  ]);
  await client.query(
    `insert into images (account_id, name, format, mime, width, height, bytes, sha256, storage_key, thumbnail_key, review_status)
     select b.account_id, 'bench-' || b.ad_group_id || '-' || b.position || '.png', 'png', 'image/png', s.width, s.height, 20000,
       md5('bench-insights-' || b.ad_group_id || '-' || b.position), 'bench', 'bench', 'approved'
     from bench_ads b join bench_sizes s on s.size = b.size`,
  );
  await client.query(
    `insert into ads (campaign_id, ad_group_id, position, format, image_id, headline, description, landing_url, review_outcome)
     select b.campaign_id, b.ad_group_id, b.position, 'image', i.id, 'Bench ad ' || b.ad_group_id || '-' || b.position, 'A bench ad.',
       'https://www.example.com/', 'approved'
     from bench_ads b join images i on i.account_id = b.account_id and i.name = 'bench-' || b.ad_group_id || '-' || b.position || '.png'`,
  );
  await client.query(`create table bench_publishers (account_id int primary key, weight float8 not null, n int not null)`);
  await client.query(`insert into bench_publishers select a, w, row_number() over () from unnest($1::int[], $2::float8[]) as t(a, w)`, [
    publishers,
    PUBLISHERS.map(([, w]) => w),
  ]);
  // Two sites a publisher (the first with two thirds of its traffic), one slot of each size per site.
  await client.query(
    `insert into ad_slots (account_id, platform, property_name, property_id, name, code, position, format, width, height,
       floor_cpm_minor, placement_policy, status, tag_key, live_at, submitted_at, reviewed_at, created_at, updated_at)
     select p.account_id, 'site', 'Site ' || p.n || '-' || site, 'site' || p.n || '-' || site || '.bench.example',
       'Bench ' || s.width || '×' || s.height || ' ' || site, 'bench-' || site || '-' || s.size, s.position, 'banner', s.width, s.height,
       100, 'auto', 'live', 'benchins' || p.n || site || s.size, now() - interval '200 days', now() - interval '201 days',
       now() - interval '200 days', now() - interval '202 days', now() - interval '200 days'
     from bench_publishers p cross join generate_series(1, 2) site cross join bench_sizes s`,
  );
  await client.query(
    `insert into placements (ad_id, slot_id, campaign_id, advertiser_id, publisher_id, status, decided_at, active, created_at, updated_at)
     select a.id, s.id, a.campaign_id, c.account_id, s.account_id, 'approved', now() - interval '200 days', true,
       now() - interval '200 days', now() - interval '200 days'
     from ads a join campaigns c on c.id = a.campaign_id join bench_advertisers b on b.account_id = c.account_id
     join images i on i.id = a.image_id
     join ad_slots s on s.width = i.width and s.height = i.height and s.account_id in (select account_id from bench_publishers)`,
  );
  // Which placement fills a request on a slot: the advertiser's share, then its campaigns by rank
  // (1/k), its first ad over its second (0.6 / 0.4), and a random liking of the slot. A list of
  // about 1,000 entries (n) per slot, each placement as often as its weight: one random() picks.
  await client.query(`select setseed(0.14)`);
  await client.query(
    `create table bench_pick as
     with c as (
       select p.id as placement_id, p.slot_id, p.campaign_id, p.advertiser_id, b.weight as adv,
         (1.0 / dense_rank() over (partition by p.advertiser_id order by p.campaign_id)) * (case when a.position = 0 then 0.6 else 0.4 end)
           * (0.25 + 1.5 * random()) as w,
         case when cm.bid_strategy = 'cpm' then cm.max_bid_minor else 0 end::bigint as cpm_milli,
         case when cm.bid_strategy = 'cpc' then cm.max_bid_minor * 1000 else 0 end::bigint as cpc_milli
       from placements p join ads a on a.id = p.ad_id join campaigns cm on cm.id = p.campaign_id
       join bench_advertisers b on b.account_id = p.advertiser_id
     ),
     weighted as (
       select c.*, adv / (select sum(weight) from bench_advertisers) * w / sum(w) over (partition by slot_id, advertiser_id) as share from c
     )
     select slot_id, row_number() over (partition by slot_id order by placement_id)::int as n, placement_id, campaign_id, cpm_milli, cpc_milli
     from (select w.*, generate_series(1, round(1000 * share)::int) from weighted w) x`,
  );
  await client.query(`alter table bench_pick add primary key (slot_id, n)`);
  // Each slot's share of all requests: its publisher's, its site's (2/3, 1/3) and its size's; and its pick list's length.
  await client.query(
    `create table bench_slots as
     select s.id as slot_id, p.weight * (case when s.code like 'bench-1-%' then 2.0 / 3 else 1.0 / 3 end) * z.share as weight,
       (select count(*)::int from bench_pick k where k.slot_id = s.id) as picks
     from ad_slots s join bench_publishers p on p.account_id = s.account_id join bench_sizes z on z.width = s.width and z.height = s.height`,
  );
  return { advertiser: advertisers[0]!, publisher: publishers[0]! };
};

// ---- The events -----------------------------------------------------------------------------

/**
 * One day's requests and their impressions and clicks, appended to the day's partition in one
 * statement ($1 the day, $2 requests, $3–$6 pick lists of hours, slots, regions and devices).
 * An impression comes 1–4 s after its decision, a click 6–65 s; both kept within the day, so that
 * dropping the previous day's partition leaves no rollup hour in the period without its events.
 */
const DAY_EVENTS = `
  with r as (
    select gen_random_uuid() as decision_id,
      $1::timestamptz + (($3::int[])[1 + floor(random() * cardinality($3::int[]))::int] * 3600 + floor(random() * 3600)::int) * interval '1 second' as decided_at,
      ($4::int[])[1 + floor(random() * cardinality($4::int[]))::int] as slot_id,
      random() < ${BOTS} as bot,
      ($5::text[])[1 + floor(random() * cardinality($5::text[]))::int] as region,
      ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int] as device,
      random() as u_fill, random() as u_pick, random() as u_show, random() as u_click, random() as u_lag
    from generate_series(1, $2::int)
  ),
  d as (
    select r.*, case when r.u_fill < ${FILL} then 1 + floor(r.u_pick * s.picks)::int end as n
    from r join bench_slots s on s.slot_id = r.slot_id
  ),
  e as (
    select d.decision_id, d.decided_at, d.slot_id, d.bot, d.region, case when d.bot then 'desktop' else d.device end as device, d.u_lag,
      k.placement_id, k.campaign_id, k.cpm_milli, k.cpc_milli,
      k.placement_id is not null and (d.bot or d.u_show < ${SHOWN}) as shown,
      d.u_click < case when d.bot then ${BOT_CTR} when d.device = 'mobile' then ${CTR.mobile} when d.device = 'tablet' then ${CTR.tablet} else ${CTR.desktop} end as clicks
    from d left join bench_pick k on k.slot_id = d.slot_id and k.n = d.n
  )
  insert into delivery_events (decided_at, decision_id, kind, at, slot_id, placement_id, campaign_id, region, device, valid, cost_milli)
  select e.decided_at, e.decision_id, k.kind, least(e.decided_at + k.lag, $1::timestamptz + interval '1 day' - interval '1 millisecond'), e.slot_id,
    e.placement_id, e.campaign_id, e.region, e.device, not e.bot,
    case when e.bot then 0 when k.kind = 2 then e.cpm_milli when k.kind = 3 then e.cpc_milli else 0 end
  from e cross join lateral (values
    (1::smallint, interval '0'),
    (2::smallint, (1 + floor(e.u_lag * 4)) * interval '1 second'),
    (3::smallint, (6 + floor(e.u_lag * 60)) * interval '1 second')) as k(kind, lag)
  where k.kind = 1 or (k.kind = 2 and e.shown) or (k.kind = 3 and e.shown and e.clicks)`;

/** appendEvents' rollups over the bench's events decided in [$1, $2) (the demo's went through the ingest). */
const DAY_ROLLUPS = [
  `insert into slot_hourly as h (slot_id, hour, region, device, requests, filled, invalid_requests)
   select i.slot_id, date_trunc('hour', i.at, 'UTC'), i.region, i.device,
     count(*) filter (where i.valid), count(*) filter (where i.valid and i.placement_id is not null), count(*) filter (where not i.valid)
   from delivery_events i join ad_slots s on s.id = i.slot_id
   where i.kind = 1 and i.decided_at >= $1 and i.decided_at < $2 and i.slot_id in (select slot_id from bench_slots)
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
   on conflict (slot_id, hour, region, device) do update set
     requests = h.requests + excluded.requests, filled = h.filled + excluded.filled,
     invalid_requests = h.invalid_requests + excluded.invalid_requests`,
  `insert into placement_hourly as h (placement_id, hour, region, device, impressions, clicks, invalid_impressions, invalid_clicks, spend_milli)
   select i.placement_id, date_trunc('hour', i.at, 'UTC'), i.region, i.device,
     count(*) filter (where i.kind = 2 and i.valid), count(*) filter (where i.kind = 3 and i.valid),
     count(*) filter (where i.kind = 2 and not i.valid), count(*) filter (where i.kind = 3 and not i.valid), sum(i.cost_milli)
   from delivery_events i join placements p on p.id = i.placement_id
   where i.kind in (2, 3) and i.decided_at >= $1 and i.decided_at < $2 and i.slot_id in (select slot_id from bench_slots)
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
   on conflict (placement_id, hour, region, device) do update set
     impressions = h.impressions + excluded.impressions, clicks = h.clicks + excluded.clicks,
     invalid_impressions = h.invalid_impressions + excluded.invalid_impressions,
     invalid_clicks = h.invalid_clicks + excluded.invalid_clicks, spend_milli = h.spend_milli + excluded.spend_milli`,
];

/** Requests of each day of `days` (starting `firstDayMs`) so that all of them make about `events` events. */
const requestsByDay = (firstDayMs: number, days: number, events: number) => {
  const rand = seeded(20_261_124);
  const weights = Array.from({ length: days }, (_, d) => {
    const weekday = new Date(firstDayMs + d * DAY_MS).getUTCDay();
    return ([0, 6].includes(weekday) ? 0.8 : 1) * (0.9 + (0.2 * d) / days) * (0.95 + 0.1 * rand());
  });
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => Math.round(((events / EVENTS_PER_REQUEST) * w) / total));
};

/** Days of events and rollups, a day per statement, on each client at once (one core each). */
const generateEvents = async (clients: pg.Client[], db: Parameters<typeof ensurePartitions>[0], firstDayMs: number, days: number, events: number, label: string) => {
  const client = clients[0]!;
  const hours = pickList(
    Array.from({ length: 24 }, (_, h) => [h, dailyCurve(new Date(Date.UTC(2026, 0, 1, h, 30)))] as [number, number]),
    1000,
  );
  const { rows: slotRows } = await client.query<{ slot_id: number; weight: number }>(`select slot_id, weight from bench_slots order by slot_id`);
  const slots = pickList(
    slotRows.map((r) => [r.slot_id, r.weight]),
    1000,
  );
  const regions = pickList(REGION_MIX, 100);
  const devices = pickList(DEVICE_MIX, 100);
  const perDay = requestsByDay(firstDayMs, days, events);
  await ensurePartitions(
    db,
    perDay.map((_, d) => dayText(firstDayMs + d * DAY_MS)),
  );
  const t0 = performance.now();
  let made = 0;
  let next = 0;
  let done = 0;
  // Days never share a rollup row (a day's events stay in it), so they run side by side.
  const worker = async (c: pg.Client) => {
    for (let d = next++; d < days; d = next++) {
      const from = new Date(firstDayMs + d * DAY_MS);
      const to = new Date(firstDayMs + (d + 1) * DAY_MS);
      await c.query(`select setseed($1)`, [((d + 1) * 0.0101) % 1]);
      const inserted = await c.query(DAY_EVENTS, [from, perDay[d], hours, slots, regions, devices]);
      made += inserted.rowCount ?? 0;
      for (const rollup of DAY_ROLLUPS) await c.query(rollup, [from, to]);
      if (++done % 10 === 0 || done === days) {
        const s = (performance.now() - t0) / 1000;
        console.log(`  ${label}: ${done}/${days} days, ${count(made)} events, ${s.toFixed(0)} s (${count(made / s)} events/s with their rollups)`);
      }
    }
  };
  await Promise.all(clients.map(worker));
  return made;
};

/**
 * The events kept (the period's, the demo's) agree with the rollups of their hours: every kind,
 * valid and not, and the spend. Requests only on the bench's slots: the demo's come through the
 * local event log, which counts them in slot_hourly without a row each.
 */
const checkConsistency = async (client: pg.Client, firstDay: string) => {
  const { rows } = await client.query<Record<string, string>>(
    `select e.*, s.*, p.* from
       (select count(*) filter (where kind = 1 and valid and bench) as e_requests, count(*) filter (where kind = 1 and valid and placement_id is not null and bench) as e_filled,
          count(*) filter (where kind = 1 and not valid and bench) as e_invalid_requests, count(*) filter (where kind = 2 and valid) as e_impressions,
          count(*) filter (where kind = 3 and valid) as e_clicks, count(*) filter (where kind in (2, 3) and not valid) as e_invalid,
          sum(cost_milli) as e_spend
        from (select *, slot_id in (select slot_id from bench_slots) as bench from delivery_events) x) e,
       (select sum(requests) as r_requests, sum(filled) as r_filled, sum(invalid_requests) as r_invalid_requests
        from slot_hourly where hour >= $1::timestamptz and slot_id in (select slot_id from bench_slots)) s,
       (select sum(impressions) as r_impressions, sum(clicks) as r_clicks, sum(invalid_impressions + invalid_clicks) as r_invalid, sum(spend_milli) as r_spend
        from placement_hourly where hour >= $1::timestamptz) p`,
    [`${firstDay}T00:00:00Z`],
  );
  const r = rows[0]!;
  const wrong = ['requests', 'filled', 'invalid_requests', 'impressions', 'clicks', 'invalid', 'spend'].filter((k) => r[`e_${k}`] !== r[`r_${k}`]);
  if (wrong.length) throw new Error(`rollups differ from the events: ${wrong.map((k) => `${k} ${r[`e_${k}`]} ≠ ${r[`r_${k}`]}`).join(', ')}`);
};

/** Creates, migrates, seeds and fills the database; answers its marker. */
const build = async (adminUrl: string, url: string): Promise<Marker> => {
  const t0 = performance.now();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-bench-insights-'));
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, {});
  console.log(`reports: building ${DATABASE} (migrations and demo data, as npm start does)`);
  const database = await openAndPrepareDatabase(config);
  // One session per core (the rollups' sums and checks run on the first).
  const clients = Array.from({ length: Math.max(1, Math.min(4, os.cpus().length)) }, () => new pg.Client({ connectionString: url }));
  const client = clients[0]!;
  try {
    for (const c of clients) {
      await c.connect();
      await c.query(`set synchronous_commit = off`);
    }
    const services = createServices({ config, database });
    const { advertiser, publisher } = await seedInstallation(client, services.identity);
    const { rows: staff } = await client.query<{ id: number }>(`select id from accounts where kind = 'internal' order by id limit 1`);
    const { rows: demoSpan } = await client.query<{ n: string }>(`select count(*) as n from delivery_events`);
    const demoEvents = Number(demoSpan[0]!.n);
    // The period: the 90 whole days up to yesterday (UTC); the 90 before it for comparisons.
    const lastDayMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - DAY_MS;
    const firstDayMs = lastDayMs - (DAYS - 1) * DAY_MS;
    const tEvents = performance.now();
    console.log(`reports: ${count(EVENTS)} events over ${DAYS} days before the period (their rollups stay, the events go)`);
    await generateEvents(clients, database.db, firstDayMs - DAYS * DAY_MS, DAYS, EVENTS, 'previous period');
    const dropped = await dropPartitionsBefore(database.db, dayText(firstDayMs));
    console.log(`  dropped ${dropped} partitions as the retention job does`);
    console.log(`reports: ${count(EVENTS)} events over the ${DAYS} days of the period`);
    const made = await generateEvents(clients, database.db, firstDayMs, DAYS, EVENTS, 'period');
    const eventsSeconds = (performance.now() - tEvents) / 1000;
    // Campaigns' figures as the ingest would have charged them (the demo's already are).
    await client.query(
      `update campaigns c set spent_milli = c.spent_milli + f.spend, spent_minor = (c.spent_milli + f.spend) / 1000,
         impressions = c.impressions + f.impressions, clicks = c.clicks + f.clicks
       from (select p.campaign_id, sum(h.spend_milli) as spend, sum(h.impressions) as impressions, sum(h.clicks) as clicks
             from placement_hourly h join placements p on p.id = h.placement_id
             where p.advertiser_id in (select account_id from bench_advertisers) group by 1) f
       where f.campaign_id = c.id`,
    );
    console.log('reports: checking the rollups against the events, vacuum analyze');
    await checkConsistency(client, dayText(firstDayMs));
    await client.query('vacuum analyze');
    const builtSeconds = (performance.now() - t0) / 1000;
    const { rows: total } = await client.query<{ n: string }>(`select count(*) as n from delivery_events`);
    const events = Number(total[0]!.n);
    console.log(
      `reports: built in ${builtSeconds.toFixed(0)} s (the two periods' events and rollups ${eventsSeconds.toFixed(0)} s); ${count(made)} bench events in the period, ${count(demoEvents)} of the demo's`,
    );
    await client.query(
      `create table bench_insights_marker (version int, events bigint, first_day date, last_day date, built_seconds float8, advertiser_id int, publisher_id int, staff_id int)`,
    );
    await client.query(`insert into bench_insights_marker values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      GENERATOR_VERSION,
      events,
      dayText(firstDayMs),
      dayText(lastDayMs),
      builtSeconds,
      advertiser,
      publisher,
      staff[0]!.id,
    ]);
    return {
      version: GENERATOR_VERSION,
      events,
      first_day: dayText(firstDayMs),
      last_day: dayText(lastDayMs),
      built_seconds: builtSeconds,
      advertiser_id: advertiser,
      publisher_id: publisher,
      staff_id: staff[0]!.id,
    };
  } finally {
    for (const c of clients) await c.end().catch(() => {});
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

// ---- Measures -------------------------------------------------------------------------------

/** p50 and p95 (nearest rank) of `runs` timed calls after `warmUp` untimed ones. */
const timed = async (fn: () => Promise<unknown>, warmUp: number, runs: number) => {
  for (let i = 0; i < warmUp; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.max(0, Math.ceil(p * ms.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
};
const msText = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** The raw question: the period's figures by day from the events (the naive report). */
const RAW: Record<'advertiser' | 'publisher' | 'all', string> = {
  advertiser: `
    select date_trunc('day', e.at at time zone 'UTC') as day,
      count(*) filter (where e.kind = 2 and e.valid) as impressions, count(*) filter (where e.kind = 3 and e.valid) as clicks,
      sum(e.cost_milli) as spend_milli
    from delivery_events e join campaigns c on c.id = e.campaign_id
    where e.kind in (2, 3) and e.at >= $1 and e.at < $2 and c.account_id = $3
    group by 1 order by 1`,
  publisher: `
    select date_trunc('day', e.at at time zone 'UTC') as day,
      count(*) filter (where e.kind = 1 and e.valid) as requests, count(*) filter (where e.kind = 1 and e.valid and e.placement_id is not null) as filled,
      count(*) filter (where e.kind = 2 and e.valid) as impressions, count(*) filter (where e.kind = 3 and e.valid) as clicks,
      sum(e.cost_milli) as spend_milli
    from delivery_events e join ad_slots s on s.id = e.slot_id
    where e.at >= $1 and e.at < $2 and s.account_id = $3
    group by 1 order by 1`,
  all: `
    select date_trunc('day', e.at at time zone 'UTC') as day,
      count(*) filter (where e.kind = 2 and e.valid) as impressions, count(*) filter (where e.kind = 3 and e.valid) as clicks,
      sum(e.cost_milli) as spend_milli
    from delivery_events e
    where e.kind in (2, 3) and e.at >= $1 and e.at < $2
    group by 1 order by 1`,
};

export const benchInsights = async (adminUrl: string, record: Recorder, options: { rebuild?: boolean; drop?: boolean } = {}) => {
  const url = databaseUrl(adminUrl);
  let marker = options.rebuild ? undefined : await keptMarker(url);
  const reused = marker !== undefined;
  if (marker) console.log(`reports: reusing ${DATABASE} (built in ${marker.built_seconds.toFixed(0)} s; --insights-rebuild builds it again)`);
  else marker = await build(adminUrl, url);
  const m = marker;

  // The server's pool; pending migrations (an index added since the build) are applied.
  const database = await openDatabase({ url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let sampler: NodeJS.Timeout | undefined;
  try {
    await database.migrate();
    // A migration run just now may have filled tables that autovacuum has not looked at yet.
    await client.query('analyze campaign_hourly, slot_served_hourly, slot_requests_hourly, advertiser_hourly, publisher_served_hourly, publisher_requests_hourly');
    const insights = createInsightsService({ db: database.db });
    const period = [new Date(`${m.first_day}T00:00:00Z`), new Date(Date.parse(`${m.last_day}T00:00:00Z`) + DAY_MS)];
    const { rows: sizes } = await client.query<{
      placement: string;
      slot: string;
      in_placement: string;
      in_slot: string;
      in_campaign: string;
      in_slot_served: string;
      events: string;
      adv_share: string;
      pub_share: string;
    }>(
      `select (select count(*) from placement_hourly) as placement, (select count(*) from slot_hourly) as slot,
         (select count(*) from campaign_hourly where hour >= $2 and hour < $3) as in_campaign,
         (select count(*) from slot_served_hourly where hour >= $2 and hour < $3) as in_slot_served,
         (select count(*) from placement_hourly where hour >= $2 and hour < $3) as in_placement,
         (select count(*) from slot_hourly where hour >= $2 and hour < $3) as in_slot,
         (select count(*) from delivery_events) as events,
         (select sum(h.impressions) filter (where p.advertiser_id = $1)::float8 / sum(h.impressions) from placement_hourly h join placements p on p.id = h.placement_id
           where h.hour >= $2 and h.hour < $3) as adv_share,
         (select sum(h.impressions) filter (where p.publisher_id = $4)::float8 / sum(h.impressions) from placement_hourly h join placements p on p.id = h.placement_id
           where h.hour >= $2 and h.hour < $3) as pub_share`,
      [m.advertiser_id, ...period, m.publisher_id],
    );
    const facts = sizes[0]!;
    const advShare = Math.round(Number(facts.adv_share) * 100);
    const pubShare = Math.round(Number(facts.pub_share) * 100);
    // How busy the machine was: the one-minute load average every 5 s while measuring.
    const loads = [os.loadavg()[0]!];
    sampler = setInterval(() => loads.push(os.loadavg()[0]!), 5000);

    const principals = {
      advertiser: { accountId: m.advertiser_id, accountKind: 'advertiser' as const, powers: new Set<Power>(['insights.advertiser']) },
      publisher: { accountId: m.publisher_id, accountKind: 'publisher' as const, powers: new Set<Power>(['insights.publisher']) },
      staff: { accountId: m.staff_id, accountKind: 'internal' as const, powers: new Set<Power>(['insights.advertiser', 'insights.publisher', 'insights.platform']) },
    };
    const queryOf = (type: ReportType, extra: Record<string, string>) =>
      (type === 'advertiser' ? advertiserReportQuerySchema : publisherReportQuerySchema).parse({ from: m.first_day, to: m.last_day, timeZone: 'UTC', granularity: 'day', ...extra });

    // The report's days equal the raw events' (the rollups are the events summed).
    const check = await insights.report(principals.advertiser, 'advertiser', queryOf('advertiser', {}));
    const { rows: rawCheck } = await client.query<{ impressions: string; clicks: string }>(RAW.advertiser, [...period, m.advertiser_id]);
    const differs = check.series.filter((b, i) => Number(rawCheck[i]?.impressions ?? 0) !== b.values.impressions || Number(rawCheck[i]?.clicks ?? 0) !== b.values.clicks);
    if (check.series.length !== DAYS || differs.length) throw new Error(`the report's days differ from the raw events' (${differs.length} of ${check.series.length})`);

    const reportP50: Record<string, number> = {};
    const measure = async (who: keyof typeof principals, type: ReportType, dimension: string, what: string) => {
      const variants: [string, Record<string, string>][] = [
        ['no breakdown', {}],
        [`by ${dimension}`, { dimensions: dimension }],
        [`by ${dimension} compared`, { dimensions: dimension, compare: 'true' }],
      ];
      const results: { name: string; p50: number; p95: number }[] = [];
      for (const [name, extra] of variants) {
        const q = queryOf(type, extra);
        const r = await timed(() => insights.report(principals[who], type, q), WARM_UP, RUNS);
        console.log(`  ${who} ${type} ${name}: p50 ${msText(r.p50)}, p95 ${msText(r.p95)}`);
        results.push({ name, ...r });
      }
      reportP50[`${who}-${type}`] = results[0]!.p50;
      record(
        `${INSIGHTS_PREFIX}: ${what}, ${DAYS} days by day, ${RUNS} runs, p50 / p95 — ${variants.map(([n]) => n).join('; ')}`,
        results.map((r) => `${msText(r.p50)} / ${msText(r.p95)}`).join('; '),
        `p95 < ${BUDGET_MS} ms`,
        results.every((r) => r.p95 < BUDGET_MS),
      );
    };
    console.log('reports: measuring the report service');
    await measure('advertiser', 'advertiser', 'campaign', `advertiser report of the large advertiser (${advShare} % of the impressions)`);
    await measure('publisher', 'publisher', 'slot', `publisher report of the large publisher (${pubShare} % of the impressions)`);
    await measure('staff', 'advertiser', 'campaign', 'advertiser report, staff over every account');
    await measure('staff', 'publisher', 'slot', 'publisher report, staff over every account');

    // The campaign page (issue 29) reads the advertiser report filtered to its campaign: its
    // performance by day, and its placements tab by slot. The large advertiser's busiest campaign.
    const { rows: busiest } = await client.query<{ id: number; share: string }>(
      `select campaign_id as id, sum(impressions)::float8 / nullif((select sum(impressions) from campaign_hourly where hour >= $2 and hour < $3), 0) as share
       from campaign_hourly where advertiser_id = $1 and hour >= $2 and hour < $3 group by campaign_id order by sum(impressions) desc limit 1`,
      [m.advertiser_id, ...period],
    );
    const pageResults: { name: string; p50: number; p95: number }[] = [];
    for (const [name, extra] of [
      ['performance by day', { campaign: String(busiest[0]!.id) }],
      ['placements (by slot)', { campaign: String(busiest[0]!.id), dimensions: 'slot' }],
    ] as const) {
      const r = await timed(() => insights.report(principals.advertiser, 'advertiser', queryOf('advertiser', extra)), WARM_UP, RUNS);
      console.log(`  campaign page ${name}: p50 ${msText(r.p50)}, p95 ${msText(r.p95)}`);
      pageResults.push({ name, ...r });
    }
    record(
      `${INSIGHTS_PREFIX}: the campaign page's range query (the large advertiser's busiest campaign, ${(Number(busiest[0]!.share) * 100).toFixed(1)} % of the impressions), ${DAYS} days by day, ${RUNS} runs, p50 / p95 — ${pageResults.map((r) => r.name).join('; ')}`,
      pageResults.map((r) => `${msText(r.p50)} / ${msText(r.p95)}`).join('; '),
      `p95 < ${BUDGET_MS} ms`,
      pageResults.every((r) => r.p95 < BUDGET_MS),
    );

    console.log('reports: the same days from the raw events');
    const raw = async (key: keyof typeof RAW, account: number | null, report: string, what: string) => {
      const r = await timed(() => client.query(RAW[key], account === null ? period : [...period, account]), 1, RAW_RUNS);
      const ratio = r.p50 / reportP50[report]!;
      const times = ratio.toFixed(ratio < 10 ? 1 : 0);
      console.log(`  raw ${key}: p50 ${msText(r.p50)}, p95 ${msText(r.p95)} (×${times})`);
      record(
        `${INSIGHTS_PREFIX}: ${what} from the raw events (\`GROUP BY\` day over \`delivery_events\`), ${RAW_RUNS} runs`,
        `p50 ${msText(r.p50)}, p95 ${msText(r.p95)}; ${times}× the report's p50 without a breakdown`,
        'report the ratio',
        null,
      );
    };
    await raw('advertiser', m.advertiser_id, 'advertiser-advertiser', 'the large advertiser’s days');
    await raw('publisher', m.publisher_id, 'publisher-publisher', 'the large publisher’s days');
    await raw('all', null, 'staff-advertiser', 'every account’s days (staff)');
    record(
      `${INSIGHTS_PREFIX}: the data — delivery events of ${DAYS} days (the ${DAYS} before them in the rollups only), PostgreSQL`,
      `${count(Number(facts.events))} events; the period's rollups: \`placement_hourly\` ${count(Number(facts.in_placement))} rows, \`slot_hourly\` ${count(Number(facts.in_slot))} (${count(Number(facts.placement))} and ${count(Number(facts.slot))} with the ${DAYS} days before), \`campaign_hourly\` ${count(Number(facts.in_campaign))}, \`slot_served_hourly\` ${count(Number(facts.in_slot_served))}; ${
        reused ? `kept from an earlier run (built in ${(m.built_seconds / 60).toFixed(1)} min)` : `built in ${(m.built_seconds / 60).toFixed(1)} min`
      }; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}) while measuring`,
      '10,000,000 events',
      Number(facts.events) >= 10_000_000,
    );
  } finally {
    clearInterval(sampler);
    await client.end();
    await database.close();
    if (options.drop) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
      await admin.end();
      console.log(`reports: dropped ${DATABASE}`);
    }
  }
};
