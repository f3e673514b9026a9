import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLICK_LINK_HOURS, DEVICES, IMPRESSION_LINK_MINUTES, type Device } from '@ads/contracts';

// The signed token of an impression or click link: which decision it belongs to, what it costs and
// where it was served, readable only as a whole and only as signed. Binary and fixed-size (79
// characters of base64url), so verifying it is one HMAC and no parsing.

export const EVENT_KINDS = { request: 1, impression: 2, click: 3 } as const;
export type TrackedKind = typeof EVENT_KINDS.impression | typeof EVENT_KINDS.click;

export interface TokenBody {
  kind: TrackedKind;
  /** 32 hex digits (a UUID without dashes). */
  decisionId: string;
  /** The decision's time, to the second. */
  decidedAt: Date;
  slotId: number;
  placementId: number;
  campaignId: number;
  /** What this event costs the advertiser (milli): the impression's for CPM, the click's for CPC. */
  priceMilli: number;
  region: string;
  device: Device;
  /** The decision was made for invalid traffic (a bot's or an empty user agent): its events are never charged. */
  invalidTraffic: boolean;
}

// Version 2 added the invalid-traffic flag; a version 1 link (at most CLICK_LINK_HOURS old at the
// upgrade) is refused rather than trusted without it.
const VERSION = 2;
const BODY = 42;
const MAC = 16;
const TTL_MS = { [EVENT_KINDS.impression]: IMPRESSION_LINK_MINUTES * 60_000, [EVENT_KINDS.click]: CLICK_LINK_HOURS * 3_600_000 };

export type Verified = { status: 'ok' | 'expired'; body: TokenBody } | { status: 'invalid' };

export const createTokenSigner = (secret: string) => {
  // A key of its own: a file link's signature can never pass as a token's, nor the reverse.
  const key = createHmac('sha256', secret).update('delivery-token').digest();
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC);

  const sign = (t: TokenBody): string => {
    const b = Buffer.alloc(BODY + MAC);
    b[0] = VERSION;
    b[1] = t.kind;
    b.write(t.decisionId, 2, 16, 'hex');
    b.writeUInt32BE(Math.floor(t.decidedAt.getTime() / 1000), 18);
    b.writeUInt32BE(t.slotId, 22);
    b.writeUInt32BE(t.placementId, 26);
    b.writeUInt32BE(t.campaignId, 30);
    b.writeUInt32BE(t.priceMilli, 34);
    b.write(t.region.padEnd(2, ' ').slice(0, 2), 38, 2, 'latin1');
    b[40] = DEVICES.indexOf(t.device);
    b[41] = t.invalidTraffic ? 1 : 0;
    mac(b.subarray(0, BODY)).copy(b, BODY);
    return b.toString('base64url');
  };

  const verify = (token: string, expected: TrackedKind, at: Date): Verified => {
    const b = Buffer.from(token, 'base64url');
    if (b.length !== BODY + MAC || b[0] !== VERSION || b[1] !== expected) return { status: 'invalid' };
    if (!timingSafeEqual(mac(b.subarray(0, BODY)), b.subarray(BODY))) return { status: 'invalid' };
    const device = DEVICES[b[40]!];
    if (!device || b[41]! > 1) return { status: 'invalid' };
    const body: TokenBody = {
      kind: expected,
      decisionId: b.toString('hex', 2, 18),
      decidedAt: new Date(b.readUInt32BE(18) * 1000),
      slotId: b.readUInt32BE(22),
      placementId: b.readUInt32BE(26),
      campaignId: b.readUInt32BE(30),
      priceMilli: b.readUInt32BE(34),
      region: b.toString('latin1', 38, 40).trim(),
      device,
      invalidTraffic: b[41] === 1,
    };
    const age = at.getTime() - body.decidedAt.getTime();
    // A token from the future (another server's clock ahead by more than a minute) is not ours to trust either.
    if (age < -60_000) return { status: 'invalid' };
    return { status: age > TTL_MS[expected] ? 'expired' : 'ok', body };
  };

  return { sign, verify };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** A UUID's 32 hex digits as PostgreSQL writes them. */
export const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
