import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Signed links to files: the server signs a link for a caller allowed to read the record, and the
 * file route serves whoever holds a valid one. So <img>, <video> and downloads work without an
 * Authorization header, and a link stays the same for a whole period (the browser caches it).
 */
export interface LinkSigner {
  /** `exp` (unix seconds) and `sig` for a resource: valid for at least `minHours`, the same within a period. */
  sign(resource: string, at?: Date): { exp: number; sig: string };
  /** 'ok', 'expired' or 'invalid' (a wrong signature, or one made for another resource). */
  verify(resource: string, exp: number, sig: string, at?: Date): 'ok' | 'expired' | 'invalid';
}

export const createLinkSigner = (secret: string | Buffer, minHours: number): LinkSigner => {
  const period = minHours * 3600;
  const mac = (resource: string, exp: number) =>
    createHmac('sha256', secret).update(`${resource}\n${exp}`).digest().subarray(0, 18).toString('base64url');
  return {
    sign(resource, at = new Date()) {
      // The end of the next period: at least `minHours` ahead, and the same link all period long.
      const exp = (Math.floor(at.getTime() / 1000 / period) + 2) * period;
      return { exp, sig: mac(resource, exp) };
    },
    verify(resource, exp, sig, at = new Date()) {
      const expected = Buffer.from(mac(resource, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return exp * 1000 < at.getTime() ? 'expired' : 'ok';
    },
  };
};

/**
 * The signing secret: FILE_LINK_SECRET when set (several servers must share it), else one made on
 * first start and kept in DATA_DIR (which servers sharing local file storage share anyway).
 */
export const loadLinkSecret = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  const file = path.join(dataDir, 'file-link-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err) {
    // Another server made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
};
