import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// CI's closing line (.ci/run): the totals of every report, whatever stopped the run.
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-summary-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const summary = (args) => spawnSync(process.execPath, [path.join(root, 'scripts', 'test-summary.mjs'), ...args], { encoding: 'utf8' });

describe('test-summary (the totals CI prints, whatever stopped it)', () => {
  const results = (reports) => {
    const at = fs.mkdtempSync(path.join(dir, 'results-'));
    for (const [name, report] of Object.entries(reports)) fs.writeFileSync(path.join(at, name), JSON.stringify(report));
    return at;
  };
  const vitest = (passed, failed) => ({ numPassedTests: passed, numFailedTests: failed, numPendingTests: 0 });
  const playwright = (expected, unexpected) => ({ stats: { expected, flaky: 0, unexpected, skipped: 1 } });

  it('adds up Vitest and Playwright reports', () => {
    const run = summary([results({ 'vitest.json': vitest(5, 0), 'e2e.json': playwright(2, 0) }), 'vitest.json', 'e2e.json']);
    expect(run.stdout.trim()).toBe('7 passed, 0 failed, 1 skipped');
    expect(run.status).toBe(0);
  });

  it('prints the totals when a test failed, and fails', () => {
    const run = summary([results({ 'vitest.json': vitest(5, 1), 'e2e.json': playwright(2, 1) })]);
    expect(run.stdout.trim()).toBe('7 passed, 2 failed, 1 skipped');
    expect(run.status).toBe(1);
  });

  it('counts a file that failed outside its tests, and an error outside any test, as failed', () => {
    const hook = { ...vitest(1, 0), testResults: [{ name: path.join(root, 'x.test.ts'), status: 'failed', message: 'hook blew up', assertionResults: [{ status: 'skipped' }] }] };
    const server = { ...playwright(0, 0), errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }] };
    const run = summary([results({ 'vitest.json': hook, 'e2e.json': server })]);
    expect(run.stdout).toContain('x.test.ts: hook blew up');
    expect(run.stdout).toContain('config.webServer');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('1 passed, 2 failed, 1 skipped');
    expect(run.status).toBe(1);
  });

  it('names an expected report no run wrote, and fails, also when no folder exists', () => {
    const partial = summary([results({ 'vitest.json': vitest(5, 0) }), 'vitest.json', 'e2e.json']);
    expect(partial.stdout).toContain('No report from e2e.json');
    expect(partial.stdout.trim().split('\n').at(-1)).toBe('5 passed, 0 failed');
    expect(partial.status).toBe(1);
    const none = summary([path.join(dir, 'never-made'), 'vitest.json']);
    expect(none.stdout.trim().split('\n').at(-1)).toBe('0 passed, 0 failed');
    expect(none.status).toBe(1);
  });
});
