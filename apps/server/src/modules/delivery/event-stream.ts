import path from 'node:path';
import type { EventRow } from './delivery.repository';
import type { EventCodec, EventLog } from './event-log/event-log';
import { createLocalEventLog } from './event-log/local-event-log';
import { createNatsEventLog } from './event-log/nats-event-log';

// Where answered events wait for the writer: a local append-only log under DATA_DIR by default, or
// NATS JetStream (EVENTS_URL) when several delivery nodes share the writers. Either way an event is
// durable before its answer goes out, and the writer is idempotent by the event's id.

/** An event as one compact JSON array (the log keeps millions of them). */
export const eventCodec: EventCodec<EventRow> = {
  encode: (e) =>
    JSON.stringify([
      e.decidedAt.getTime(),
      e.decisionId,
      e.kind,
      e.at.getTime(),
      e.slotId,
      e.placementId,
      e.campaignId,
      e.region,
      e.device,
      e.bot ? 1 : 0,
      e.flagged ? 1 : 0,
      e.address,
      e.priceMilli,
      e.viewer,
    ]),
  decode: (s) => {
    // A line written before viewers were kept has no 14th element.
    const [decidedAt, decisionId, kind, at, slotId, placementId, campaignId, region, device, bot, flagged, address, priceMilli, viewer] = JSON.parse(s) as [
      number,
      string,
      1 | 2 | 3,
      number,
      number,
      number | null,
      number | null,
      string,
      string,
      0 | 1,
      0 | 1,
      string | null,
      number,
      (string | null)?,
    ];
    return {
      decidedAt: new Date(decidedAt),
      decisionId,
      kind,
      at: new Date(at),
      slotId,
      placementId,
      campaignId,
      region,
      device,
      bot: bot === 1,
      flagged: flagged === 1,
      address,
      priceMilli,
      viewer: viewer ?? null,
    };
  },
};

export interface EventStreamConfig {
  /** nats://… (JetStream); undefined: the local log in `dir`. */
  url: string | undefined;
  /** JetStream's stream (installations sharing a NATS server each name their own). */
  stream?: string;
  dir: string;
  batchSize: number;
  intervalMs: number;
  onError: (err: unknown) => void;
}

export const createEventStream = (c: EventStreamConfig): EventLog<EventRow> => {
  const options = { codec: eventCodec, batchSize: c.batchSize, intervalMs: c.intervalMs, onError: c.onError };
  return c.url ? createNatsEventLog({ ...options, url: c.url, stream: c.stream, subject: c.stream && `${c.stream.toLowerCase()}.events`, durable: c.stream && `${c.stream.toLowerCase()}-writers` }) : createLocalEventLog({ ...options, dir: path.resolve(c.dir) });
};
