import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// npm test's first step: Chromium is there before anything runs.
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-scripts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const check = (chromium) =>
  spawnSync(process.execPath, [path.join(root, 'scripts', 'check-chromium.mjs')], { encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: chromium } });

describe('check-chromium (npm test checks Chromium before anything runs)', () => {
  it('stops with how to install it, or to set CHROMIUM_PATH, when there is none', () => {
    const run = check(path.join(dir, 'no-chromium'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`CHROMIUM_PATH=${path.join(dir, 'no-chromium')} does not exist`);
    expect(run.stderr).toContain('apt-get install chromium');
    expect(run.stderr).toContain('CHROMIUM_PATH=');
  });

  it('refuses a file that does not run, and accepts one that answers --version', () => {
    const broken = path.join(dir, 'broken');
    fs.writeFileSync(broken, '#!/bin/sh\necho "error while loading shared libraries: libnss3.so" >&2\nexit 127\n', { mode: 0o755 });
    const refused = check(broken);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('libnss3.so');
    const fine = path.join(dir, 'chromium');
    fs.writeFileSync(fine, '#!/bin/sh\necho "Chromium 1.2.3"\n', { mode: 0o755 });
    const accepted = check(fine);
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toContain('Chromium 1.2.3');
  });
});
