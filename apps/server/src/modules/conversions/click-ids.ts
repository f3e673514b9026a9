import { createHmac, timingSafeEqual } from 'node:crypto';

// The click id a click's redirect adds to the landing page's address (CLICK_ID_PARAM): which click
// it was — its decision's id and time, the key of the click's row in delivery_events — signed, so a
// conversion can only be reported for a click we served. Nothing else is in it: whether the click
// was valid, and when it happened, are read from its row.

const BODY = 20; // 16 bytes of decision id, 4 of the decision's time in Unix seconds
const MAC = 12;

export interface ClickRef {
  /** 32 hex digits (a UUID without dashes), as delivery's tokens carry it. */
  decisionId: string;
  decidedAt: Date;
}

export const createClickIds = (secret: string) => {
  // A key of its own: no other signature of the server passes as a click id's.
  const key = createHmac('sha256', secret).update('conversion-click-id').digest();
  const macOf = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC);

  const sign = (click: ClickRef): string => {
    const body = Buffer.alloc(BODY);
    body.write(click.decisionId, 0, 16, 'hex');
    body.writeUInt32BE(Math.floor(click.decidedAt.getTime() / 1000), 16);
    return Buffer.concat([body, macOf(body)]).toString('base64url');
  };

  /** The click a signed id names, or null for anything we did not sign. */
  const verify = (id: string): ClickRef | null => {
    const raw = Buffer.from(id, 'base64url');
    if (raw.length !== BODY + MAC || raw.toString('base64url') !== id) return null;
    const body = raw.subarray(0, BODY);
    if (!timingSafeEqual(macOf(body), raw.subarray(BODY))) return null;
    return { decisionId: body.subarray(0, 16).toString('hex'), decidedAt: new Date(body.readUInt32BE(16) * 1000) };
  };

  return { sign, verify };
};

export type ClickIds = ReturnType<typeof createClickIds>;
