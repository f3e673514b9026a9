import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLinkSigner, loadLinkSecret } from './signed-links';

const HOUR = 3600_000;

describe('signed links', () => {
  const signer = createLinkSigner('x'.repeat(32), 12);
  const t0 = new Date('2026-11-22T10:00:00Z');

  it('gives the same link all period long, valid at least the minimum, then expired', () => {
    const a = signer.sign('image:1:thumbnail', t0);
    expect(signer.sign('image:1:thumbnail', new Date(t0.getTime() + HOUR))).toEqual(a);
    expect(a.exp * 1000 - t0.getTime()).toBeGreaterThanOrEqual(12 * HOUR);
    expect(a.exp * 1000 - t0.getTime()).toBeLessThanOrEqual(24 * HOUR);
    expect(signer.verify('image:1:thumbnail', a.exp, a.sig, new Date(t0.getTime() + 11 * HOUR))).toBe('ok');
    expect(signer.verify('image:1:thumbnail', a.exp, a.sig, new Date(a.exp * 1000 + 1000))).toBe('expired');
    expect(signer.sign('image:1:thumbnail', new Date(t0.getTime() + 13 * HOUR))).not.toEqual(a);
  });

  it('refuses a signature made for another resource, time or secret', () => {
    const a = signer.sign('image:1:thumbnail', t0);
    expect(signer.verify('image:2:thumbnail', a.exp, a.sig, t0)).toBe('invalid');
    expect(signer.verify('image:1:original', a.exp, a.sig, t0)).toBe('invalid');
    expect(signer.verify('image:1:thumbnail', a.exp + 1, a.sig, t0)).toBe('invalid');
    expect(createLinkSigner('y'.repeat(32), 12).verify('image:1:thumbnail', a.exp, a.sig, t0)).toBe('invalid');
    expect(signer.verify('image:1:thumbnail', a.exp, '', t0)).toBe('invalid');
  });

  it('keeps one secret in the data directory unless one is configured', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-links-'));
    try {
      const first = loadLinkSecret(undefined, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadLinkSecret(undefined, dir)).toBe(first);
      expect(loadLinkSecret('z'.repeat(40), dir)).toBe('z'.repeat(40));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
