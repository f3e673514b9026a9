import { createHmac, randomUUID } from 'node:crypto';
import { CLICK_ID_PARAM, CLICK_PATH, ERROR_CODES, IMPRESSION_PATH, type AdAnswer, type Device, type ServedAd } from '@ads/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { requireOwned, scopeFor } from '../../kit/access';
import type { Principal } from '../../principal';
import type { LinkSigner } from '../../storage/signed-links';
import { imageLink } from '../assets/assets.service';
import { campaignKind } from '../campaigns/campaigns.service';
import type { PlacementsService } from '../placements/placements.service';
import { videoLink } from '../videos/videos.service';
import * as repo from './delivery.repository';
import { buildSnapshot, createCapCounter, decide, type Snapshot } from './engine';
import { funnelOf } from './funnel';
import { reconcile } from './ledger.repository';
import { countRequests, hourOf, judgeBatch, markAfter, unmarked } from './charges';
import type { BatchOrigin, EventLog } from './event-log/event-log';
import { createPacer } from './pacer';
import { dayOf, deviceOf, isBot } from './rules';
import { createTokenSigner, EVENT_KINDS, type TrackedKind } from './tokens';

// Ad decisions, tracking and events (docs/architecture.md, Delivery). What is served lives in
// memory (engine.ts), reloaded when the database says it changed (NOTIFY delivery_changed, sent by
// triggers) and every DELIVERY_REFRESH_SECONDS; budgets are paced in slices (pacer.ts); events are
// buffered and written in batches that roll up and charge in one transaction (ingest.ts).

/** A local log's mark (charges.ts, unmarked) is forgotten after this many days without a write. */
const LOG_MARK_DAYS = 90;

/** What delivery needs of campaigns: their figures added (and budget rules applied) in its transaction. */
export interface CampaignFigures {
  recordFigures(items: readonly repo.Charged[], tx: DbOrTx): Promise<{ alerted: number; ended: number }>;
  figuresCommitted(r: { ended: number }): void;
}

type TagCall = { host: string | null; width: number; height: number; format: string };

/** What delivery needs of ad slots: a tag's call kept for validation. */
export interface TagCalls {
  /** A key delivery does not know: kept now; false when no slot has it. */
  recordTagCall(tagKey: string, call: TagCall): Promise<boolean>;
  /** A known slot's: kept soon, off the request's path. */
  noteTagCall(tagKey: string, call: TagCall): void;
}

export interface AdRequest {
  slot: string;
  w: number;
  h: number;
  f: string;
  host: string | null;
  region: string;
  device?: Device;
  visitor?: string;
  userAgent: string | undefined;
}

/** Who fired a tracking link: its user agent, network address and (an impression's) VIEWER_COOKIE. */
export interface Client {
  userAgent: string | undefined;
  address: string | undefined;
  viewer?: string;
}

/** The landing page's address with the click id added to its query (its fragment kept last). */
const withClickId = (landing: string, clickId: string) => {
  const url = new URL(landing);
  url.searchParams.set(CLICK_ID_PARAM, clickId);
  return url.toString();
};

/** A tag's call is passed on at most this often per slot unless what it shows changed (validation reads it). */
const TAG_CALL_EVERY_MS = 60_000;

export const createDeliveryService = (deps: {
  db: Db;
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  links: LinkSigner;
  secret: string;
  campaigns: CampaignFigures;
  tagCalls: TagCalls;
  placements: Pick<PlacementsService, 'funnelRows'>;
  /** The signed click id a click's landing page is given (conversions report it back). */
  clickIdFor: (click: { decisionId: string; decidedAt: Date }) => string;
  /** Where answered events wait for the writer (event-stream.ts). */
  events: EventLog<repo.EventRow>;
  config: { refreshSeconds: number; settleSeconds: number; retentionDays: number };
  now?: () => Date;
  onError?: (err: unknown) => void;
}) => {
  const { db, links, campaigns, tagCalls } = deps;
  const now = deps.now ?? (() => new Date());
  const onError = deps.onError ?? (() => {});
  const tokens = createTokenSigner(deps.secret);
  const caps = createCapCounter();
  const pacer = createPacer({ exchange: (x) => repo.exchangeSlice(db, x), now, onError });

  // ---- Events ---------------------------------------------------------------------------------

  const partitions = new Set<string>();
  /**
   * Writes one batch in one transaction: the campaigns it may charge are locked first, so what is
   * judged and charged (charges.ts) against their budgets, their click rates and the events already
   * written is decided by one writer at a time; events, rollups, ledger and spend commit together.
   */
  const write = async (batch: repo.EventRow[], origin?: BatchOrigin) => {
    const days = [...new Set(batch.map((e) => dayOf(e.decidedAt)))].filter((d) => !partitions.has(d));
    if (days.length) {
      await repo.ensurePartitions(db, days);
      for (const d of days) partitions.add(d);
    }
    const tracked = batch.filter((e) => e.kind !== EVENT_KINDS.request);
    const campaignIds = [...new Set(tracked.flatMap((e) => (e.campaignId === null ? [] : [e.campaignId])))].sort((a, b) => a - b);
    const r = await db.transaction(async (tx) => {
      await repo.lockCampaigns(tx, campaignIds);
      const clicks = tracked.filter((e) => e.kind === EVENT_KINDS.click);
      const [rooms, written, clickRates] = await Promise.all([
        repo.roomsOf(tx, campaignIds, [...new Set(tracked.map((e) => dayOf(e.at)))]),
        repo.writtenOf(tx, [...tracked, ...clicks.map((e) => ({ ...e, kind: EVENT_KINDS.impression }))]),
        repo.clickRatesOf(
          tx,
          clicks.flatMap((e) => (e.address !== null && e.campaignId !== null ? [{ address: e.address, campaignId: e.campaignId, hour: hourOf(e.at) }] : [])),
        ),
      ]);
      // A local log's requests are counted without rows (those up to its mark were counted already)
      // and need no judging: they cost nothing and depend on no other event.
      const mark = origin ? await repo.logMarkOf(tx, origin.log) : null;
      const counted = origin ? countRequests(unmarked(batch, origin, mark)) : { tracked: batch, requests: [] };
      const judged = judgeBatch(counted.tracked, { rooms, written, clickRates });
      await repo.addClickRates(tx, judged.addRates);
      const { charged } = await repo.appendEvents(tx, judged.events, counted.requests);
      if (origin) await repo.setLogMark(tx, origin.log, markAfter(origin, mark));
      return charged.length ? campaigns.recordFigures(charged, tx) : { alerted: 0, ended: 0 };
    });
    campaigns.figuresCommitted(r);
  };
  // The writer starts with the first event or with `start` (replaying what a previous run left).
  let writing: Promise<void> | null = null;
  const writer = () => (writing ??= deps.events.start(write));
  /** Resolves once the event is durable (event-stream.ts): only then is its answer sent. */
  const record = async (e: repo.EventRow) => {
    await writer();
    try {
      await deps.events.append([e]);
    } catch (err) {
      // Not durable, so not answered as counted: the tag or the browser may try again.
      onError(err);
      throw new AppError(503, ERROR_CODES.internal, 'The event could not be recorded just now. Please try again.');
    }
  };

  // ---- What is served -------------------------------------------------------------------------

  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let again = false;

  /** Loads what is served (one reload at a time; a change during one loads again after it). */
  const reload = async (): Promise<Snapshot> => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      let s: Snapshot;
      do {
        again = false;
        const at = now();
        const [slotRows, rows] = await Promise.all([repo.loadSlots(db), repo.loadServing(db)]);
        s = buildSnapshot(slotRows, rows, at);
        // Signed once per load: a file link holds for FILE_LINK_HOURS at least, a load lasts a minute.
        for (const c of s.placements.values()) {
          const cr = c.creative;
          const video = { id: cr.id, posterKey: cr.posterKey };
          c.src = cr.kind === 'image' ? imageLink(links, cr.id, 'original', at) : videoLink(links, video, 'video', at);
          c.poster = cr.kind === 'video' && cr.posterKey ? videoLink(links, video, 'poster', at) : null;
        }
        snapshot = s;
      } while (again);
      await pacer.forget(new Set(s.campaigns.keys()));
      await pacer.prime(s.campaigns.values());
      return s;
    })().finally(() => {
      loading = null;
    });
    return loading;
  };
  const current = async () => snapshot ?? (await reload());

  // ---- Tag calls ------------------------------------------------------------------------------

  const lastCall = new Map<number, { at: number; seen: string }>();
  const callOf = (req: AdRequest): TagCall => ({ host: req.host, width: req.w, height: req.h, format: req.f });
  /** Passes a known slot's tag call on for validation when due (ad slots writes it off this path). */
  const noteTagCall = (slotId: number, req: AdRequest) => {
    const seen = `${req.host}|${req.w}|${req.h}|${req.f}`;
    const at = now().getTime();
    const last = lastCall.get(slotId);
    if (last && last.seen === seen && at - last.at < TAG_CALL_EVERY_MS) return;
    lastCall.set(slotId, { at, seen });
    tagCalls.noteTagCall(req.slot, callOf(req));
  };

  // ---- Decisions ------------------------------------------------------------------------------

  /** A decision's impression and click links, their two tokens signed together (tokens.ts `signPair`). */
  const linksOf = (body: Parameters<typeof tokens.signPair>[0], impressionMilli: number, clickMilli: number) => {
    const [impression, click] = tokens.signPair(body, impressionMilli, clickMilli);
    return { impressionUrl: `${IMPRESSION_PATH}?t=${impression}`, clickUrl: `${CLICK_PATH}?t=${click}` };
  };

  /**
   * Answers an ad request: the best eligible ad with its signed links, or "no ad"; undefined when
   * the slot's key is unknown. The request is counted either way.
   */
  const adRequest = async (req: AdRequest): Promise<AdAnswer | undefined> => {
    const snap = await current();
    const slot = snap.slots.get(req.slot);
    if (!slot) {
      // Not loaded yet (a slot made since): known to the database, it is served after the reload.
      if (!(await tagCalls.recordTagCall(req.slot, callOf(req)))) return undefined;
      void reload().catch(onError);
      return { ad: null };
    }
    noteTagCall(slot.id, req);
    const at = now();
    const decidedAt = new Date(Math.floor(at.getTime() / 1000) * 1000);
    const bot = isBot(req.userAgent);
    const device = req.device ?? deviceOf(req.userAgent);
    const request = { region: req.region, device, visitor: req.visitor ?? null, bot, at };
    const won = decide(slot, request, caps, (c) => pacer.tryDebit(c.campaign, c.reserveMilli, at));
    const decisionId = randomUUID().replaceAll('-', '');
    await record({
      decidedAt,
      decisionId,
      kind: EVENT_KINDS.request,
      at,
      slotId: slot.id,
      placementId: won?.placementId ?? null,
      campaignId: won?.campaign.id ?? null,
      region: req.region,
      device,
      bot,
      flagged: bot,
      address: null,
      priceMilli: 0,
      viewer: null,
    });
    if (!won) return { ad: null };
    const { impressionUrl, clickUrl } = linksOf(
      { decisionId, decidedAt, slotId: slot.id, placementId: won.placementId, campaignId: won.campaign.id, region: req.region, device, invalidTraffic: bot },
      won.impressionMilli,
      won.clickMilli,
    );
    const ad: ServedAd = {
      kind: won.creative.kind,
      src: won.src,
      poster: won.poster,
      width: won.creative.width,
      height: won.creative.height,
      headline: won.headline,
      description: won.description,
      impressionUrl,
      clickUrl,
    };
    return { ad };
  };

  // ---- Tracking -------------------------------------------------------------------------------

  // A client's address is kept only as a keyed hash (its click rate needs no more).
  const addressKey = createHmac('sha256', deps.secret).update('click-address').digest();
  const addressOf = (address: string | undefined) => (address ? createHmac('sha256', addressKey).update(address).digest('base64url').slice(0, 16) : null);

  /** Records an impression or a click from its link (durably, before it answers): 'ok', 'expired' (not counted) or 'invalid'. */
  const track = async (kind: TrackedKind, token: string, client: Client) => {
    const at = now();
    const v = tokens.verify(token, kind, at);
    if (v.status !== 'ok') return v;
    const b = v.body;
    await record({
      decidedAt: b.decidedAt,
      decisionId: b.decisionId,
      kind,
      at,
      slotId: b.slotId,
      placementId: b.placementId,
      campaignId: b.campaignId,
      region: b.region,
      device: b.device,
      bot: isBot(client.userAgent),
      flagged: b.invalidTraffic,
      address: kind === EVENT_KINDS.click ? addressOf(client.address) : null,
      priceMilli: b.priceMilli,
      viewer: kind === EVENT_KINDS.impression ? (client.viewer ?? null) : null,
    });
    return v;
  };

  const impression = async (token: string, client: Client) => (await track(EVENT_KINDS.impression, token, client)).status;

  /**
   * Records a click and answers where it leads: always the ad's own landing page (with the click's
   * signed id, CLICK_ID_PARAM, for its conversions), never an address from the link; null for a
   * link that is not ours.
   */
  const click = async (token: string, client: Client): Promise<string | null> => {
    const v = await track(EVENT_KINDS.click, token, client);
    if (v.status === 'invalid') return null;
    const placementId = v.body.placementId;
    const landing = snapshot?.placements.get(placementId)?.landingUrl ?? (await repo.landingOf(db, placementId)) ?? null;
    return landing && withClickId(landing, deps.clickIdFor(v.body));
  };

  // ---- Running --------------------------------------------------------------------------------

  let unlisten: (() => Promise<void>) | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  let settleTimer: NodeJS.Timeout | undefined;
  let reloadSoon: NodeJS.Timeout | undefined;

  const start = async () => {
    // Changes come in bursts (a drain touches many rows): one reload a quarter second after the first.
    unlisten = await deps.listen('delivery_changed', () => {
      if (reloadSoon) return;
      reloadSoon = setTimeout(() => {
        reloadSoon = undefined;
        reload().catch(onError);
      }, 250);
    });
    await reload();
    await writer();
    if (deps.config.refreshSeconds > 0) {
      refreshTimer = setInterval(() => void reload().catch(onError), deps.config.refreshSeconds * 1000);
      refreshTimer.unref();
    }
    if (deps.config.settleSeconds > 0) {
      settleTimer = setInterval(() => void pacer.settle(true).catch(onError), deps.config.settleSeconds * 1000);
      settleTimer.unref();
    }
  };

  /** Stops listening, writes what is buffered and gives back the budget held. */
  const stop = async () => {
    clearInterval(refreshTimer);
    clearInterval(settleTimer);
    clearTimeout(reloadSoon);
    await unlisten?.().catch(onError);
    if (writing) {
      await writing.catch(onError);
      await deps.events.stop();
      writing = null;
    }
    await pacer.settle(false);
  };

  /** The retention job: raw events of days past DELIVERY_RETENTION_DAYS go (the rollups stay). */
  const dropExpiredEvents = async () => {
    const before = dayOf(new Date(now().getTime() - deps.config.retentionDays * 86_400_000));
    const dropped = await repo.dropPartitionsBefore(db, before);
    if (dropped) partitions.clear();
    await repo.dropClickRatesBefore(db, new Date(now().getTime() - 2 * 3_600_000));
    // A log's mark matters only while it has segments left to replay, which its next start does.
    await repo.dropLogMarksBefore(db, new Date(now().getTime() - LOG_MARK_DAYS * 86_400_000));
    return { dropped };
  };

  /** The reconciliation job: the books must balance (ledger.repository.ts); a mismatch fails the job, named. */
  const reconcileBooks = async () => {
    const mismatches = await reconcile(db);
    if (mismatches.length) {
      const first = mismatches[0]!;
      throw new Error(`${mismatches.length} mismatches; first: ${first.check} of ${first.subject}: expected ${first.expected}, found ${first.actual}`);
    }
    return 'the ledger, spend, rollups and raw events agree';
  };

  // ---- Why isn't it delivering? -------------------------------------------------------------

  /** A campaign's checks now and its ads' funnels (its owner's, or any for staff; else 404). */
  const funnel = async (p: Pick<Principal, 'accountId' | 'accountKind' | 'powers'>, id: number) => {
    await requireOwned(db, campaignKind, [id], scopeFor(p, 'campaign.read'));
    const at = now();
    const [c, { rows, liveSlots }, traffic] = await Promise.all([repo.funnelCampaign(db, id, at), deps.placements.funnelRows(id), repo.funnelTraffic(db, id, at)]);
    return funnelOf(c!, rows, liveSlots, at, traffic);
  };

  return {
    adRequest,
    funnel,
    impression,
    click,
    reload,
    /** Writes every event answered so far (tests; the demo). */
    flush: async () => {
      await writer();
      await deps.events.flush();
    },
    /** Waits for budget slices being fetched (tests). */
    pacingIdle: pacer.idle,
    settle: pacer.settle,
    start,
    stop,
    dropExpiredEvents,
    reconcileBooks,
  };
};
export type DeliveryService = ReturnType<typeof createDeliveryService>;
