import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

describe('web app serving', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Ads Console</title>');
    fs.writeFileSync(path.join(root, 'assets', 'app-1.js'), 'console.log(1)');
    t = await buildTestApp({ config: { WEB_DIST: root } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the page to be revalidated and hashed assets as immutable', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('Ads Console');
    const asset = await get('/assets/app-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves files built after the server started', async () => {
    fs.writeFileSync(path.join(root, 'assets', 'app-2.js'), 'console.log(2)');
    const asset = await get('/assets/app-2.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
  });

  it('answers any other page path with the app, but never a missing asset or API path', async () => {
    const deep = await get('/some/deep/link');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toContain('Ads Console');

    const missing = await get('/assets/gone-9.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');

    const api = await get('/api/No/Such');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('sends the pre-compressed file the browser accepts, varying on accept-encoding', async () => {
    const source = `export const big = ${JSON.stringify('x'.repeat(5000))};`;
    fs.writeFileSync(path.join(root, 'assets', 'app-3.js'), source);
    // Marked, so that an answer compressed on the fly cannot pass for the file made at build.
    fs.writeFileSync(path.join(root, 'assets', 'app-3.js.br'), brotliCompressSync(`${source}//br`));
    fs.writeFileSync(path.join(root, 'assets', 'app-3.js.gz'), gzipSync(`${source}//gz`));
    const fetchWith = (encoding: string) => t.app.inject({ method: 'GET', url: '/assets/app-3.js', headers: { 'accept-encoding': encoding } });

    const br = await fetchWith('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${source}//br`);

    const gz = await fetchWith('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${source}//gz`);

    const plain = await fetchWith('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.body).toBe(source);
  });
});
