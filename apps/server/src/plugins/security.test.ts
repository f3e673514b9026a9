import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo';

describe('caching of API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends no-store on API answers: the sign-in answer with its token, data, errors', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { email: DEMO_USERS.advertiser.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const token = signIn.json().token as string;
    const info = await t.app.inject({ method: 'GET', url: '/api/User/Info', headers: bearer(token) });
    expect(info.headers['cache-control']).toBe('no-store');
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/User/Info' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/Nope/Nothing' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('HTTPS-only headers', () => {
  const docs = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/docs/', remoteAddress: '192.168.1.20', headers });

  it('sends neither upgrade-insecure-requests nor HSTS over plain HTTP, so /api/docs works from another machine', async () => {
    const t = await buildTestApp();
    try {
      const page = await docs(t);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toBeUndefined();
      const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: '192.168.1.20' });
      expect(api.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(api.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY a forwarded protocol is not believed.
      const claimed = await docs(t, { 'x-forwarded-proto': 'https' });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
      expect(claimed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });

  it('sends them over HTTPS, as the proxy tells with TRUST_PROXY', async () => {
    const t = await buildTestApp({ config: { TRUST_PROXY: true } });
    try {
      const page = await docs(t, { 'x-forwarded-proto': 'https' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const plain = await docs(t, { 'x-forwarded-proto': 'http' });
      expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
