import { createHmac, hash, timingSafeEqual } from 'node:crypto';
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

/** SHA-256's block: the HMAC key's pads are this long (RFC 2104). */
const BLOCK = 64;
const DIGEST = 32;

export const createTokenSigner = (secret: string) => {
  // A key of its own: a file link's signature can never pass as a token's, nor the reverse.
  const key = createHmac('sha256', secret).update('delivery-token').digest();
  // HMAC-SHA256 as createHmac computes it, H(K⊕opad ‖ H(K⊕ipad ‖ body)), with the key's pads made
  // once: each MAC is two one-shot hashes over these buffers, not a Hmac object per call (ad
  // decisions sign two tokens each). `body` is where a token's body is written, inside `inner`.
  // Synchronous from writing the body to reading the MAC, so one set of buffers serves every call.
  const inner = Buffer.alloc(BLOCK + BODY);
  const outer = Buffer.alloc(BLOCK + DIGEST);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  const body = inner.subarray(BLOCK);
  /**
   * The MAC of `body` (its first MAC bytes), written into `to` at `at`. The digests come as
   * 'binary' (latin1: a character a byte) strings, written back as bytes: less than half the time
   * of a digest as a Buffer.
   */
  const macInto = (to: Buffer, at: number) => {
    outer.write(hash('sha256', inner, 'binary'), BLOCK, DIGEST, 'binary');
    to.write(hash('sha256', outer, 'binary'), at, MAC, 'binary');
  };
  const token = Buffer.alloc(BODY + MAC);
  const received = Buffer.alloc(MAC);

  /** Writes everything but the kind and the price into `body`. */
  const writeBody = (t: Omit<TokenBody, 'kind' | 'priceMilli'>) => {
    body[0] = VERSION;
    // A decision id short of 32 hex digits leaves zeros, as a fresh buffer would.
    const n = body.write(t.decisionId, 2, 16, 'hex');
    if (n < 16) body.fill(0, 2 + n, 18);
    body.writeUInt32BE(Math.floor(t.decidedAt.getTime() / 1000), 18);
    body.writeUInt32BE(t.slotId, 22);
    body.writeUInt32BE(t.placementId, 26);
    body.writeUInt32BE(t.campaignId, 30);
    // The region's first two characters, space-padded, one byte each (latin1).
    const r = t.region;
    body[38] = r.length > 0 ? r.charCodeAt(0) & 0xff : 0x20;
    body[39] = r.length > 1 ? r.charCodeAt(1) & 0xff : 0x20;
    body[40] = DEVICES.indexOf(t.device);
    body[41] = t.invalidTraffic ? 1 : 0;
  };
  /** Sets the kind and the price, signs, and answers the token. */
  const finish = (kind: TrackedKind, priceMilli: number) => {
    body[1] = kind;
    body.writeUInt32BE(priceMilli, 34);
    body.copy(token, 0);
    macInto(token, BODY);
    return token.toString('base64url');
  };

  const sign = (t: TokenBody): string => {
    writeBody(t);
    return finish(t.kind, t.priceMilli);
  };

  /** A decision's two tokens (impression, click): the same as `sign` gives for each, the body written once. */
  const signPair = (t: Omit<TokenBody, 'kind' | 'priceMilli'>, impressionMilli: number, clickMilli: number): [string, string] => {
    writeBody(t);
    const impression = finish(EVENT_KINDS.impression, impressionMilli);
    return [impression, finish(EVENT_KINDS.click, clickMilli)];
  };

  const verify = (token: string, expected: TrackedKind, at: Date): Verified => {
    const b = Buffer.from(token, 'base64url');
    if (b.length !== BODY + MAC || b[0] !== VERSION || b[1] !== expected) return { status: 'invalid' };
    b.copy(body, 0, 0, BODY);
    macInto(received, 0);
    if (!timingSafeEqual(received, b.subarray(BODY))) return { status: 'invalid' };
    const device = DEVICES[b[40]!];
    if (!device || b[41]! > 1) return { status: 'invalid' };
    const decoded: TokenBody = {
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
    const age = at.getTime() - decoded.decidedAt.getTime();
    // A token from the future (another server's clock ahead by more than a minute) is not ours to trust either.
    if (age < -60_000) return { status: 'invalid' };
    return { status: age > TTL_MS[expected] ? 'expired' : 'ok', body: decoded };
  };

  return { sign, signPair, verify };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** A UUID's 32 hex digits as PostgreSQL writes them. */
export const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
