import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, EVENT_KINDS, type TokenBody } from './tokens';

const SECRET = 'a-link-secret-of-at-least-thirty-two-characters';
const body: Omit<TokenBody, 'kind' | 'priceMilli'> = {
  decisionId: '0123456789abcdef0123456789abcdef',
  decidedAt: new Date('2026-11-29T10:00:00Z'),
  slotId: 7,
  placementId: 11,
  campaignId: 13,
  region: 'US',
  device: 'mobile',
  invalidTraffic: false,
};

describe('delivery tokens', () => {
  it('carry HMAC-SHA256 (RFC 2104) of their body under the delivery key, as createHmac computes it', () => {
    const signer = createTokenSigner(SECRET);
    const key = createHmac('sha256', SECRET).update('delivery-token').digest();
    const [impression, click] = signer.signPair(body, 350, 4_000);
    for (const token of [impression, click, signer.sign({ ...body, kind: EVENT_KINDS.click, priceMilli: 9 })]) {
      const bytes = Buffer.from(token, 'base64url');
      expect(bytes.subarray(42)).toEqual(createHmac('sha256', key).update(bytes.subarray(0, 42)).digest().subarray(0, 16));
    }
  });

  it('verify as signed, and refuse another kind, another key or any changed byte', () => {
    const signer = createTokenSigner(SECRET);
    const at = new Date(body.decidedAt.getTime() + 1_000);
    const [impression, click] = signer.signPair(body, 350, 4_000);
    expect(signer.verify(impression, EVENT_KINDS.impression, at)).toEqual({ status: 'ok', body: { ...body, kind: EVENT_KINDS.impression, priceMilli: 350 } });
    expect(signer.verify(click, EVENT_KINDS.click, at)).toEqual({ status: 'ok', body: { ...body, kind: EVENT_KINDS.click, priceMilli: 4_000 } });
    expect(signer.verify(impression, EVENT_KINDS.click, at)).toEqual({ status: 'invalid' });
    expect(createTokenSigner(`${SECRET}!`).verify(impression, EVENT_KINDS.impression, at)).toEqual({ status: 'invalid' });
    const bytes = Buffer.from(impression, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i]! ^= 0x01;
      expect(signer.verify(changed.toString('base64url'), EVENT_KINDS.impression, at)).toEqual({ status: 'invalid' });
    }
  });
});
