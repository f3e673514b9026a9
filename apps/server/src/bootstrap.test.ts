import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleUrl, readyLine } from './bootstrap';
import { buildTestApp, type TestApp } from './test/test-app';

describe('the ready line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the address to open and, on demo data, the demo sign-ins', async () => {
    expect(await readyLine('http://localhost:8080', t.services, true)).toBe(
      'Ads Console is ready at http://localhost:8080 — demo sign-ins: advertiser@demo.test, publisher@demo.test, ' +
        'staff@demo.test (password Demo@2026)',
    );
  });

  it('opens a wildcard address as localhost', () => {
    expect(consoleUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(consoleUrl('::', 8080)).toBe('http://localhost:8080');
    expect(consoleUrl('127.0.0.1', 9000)).toBe('http://127.0.0.1:9000');
    expect(consoleUrl('::1', 9000)).toBe('http://[::1]:9000');
  });
});
