import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAs, type TestApp } from '../test/test-app';

// Over real connections (injected requests have no sockets): a body that stops arriving closes its
// connection after BODY_IDLE_TIMEOUT_SECONDS; one that keeps coming, slowly, is served; the work
// after the body is not timed.

interface Exchange {
  /** What the server sent before the connection closed (or until `waitMs`). */
  text: string;
  closed: boolean;
  ms: number;
}

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({
      config: { BODY_IDLE_TIMEOUT_SECONDS: 1 },
      extraRoutes: async (app) => {
        app.post('/test/slow-work', { config: { access: { public: true } } }, async () => {
          await new Promise((resolve) => setTimeout(resolve, 1800));
          return { ok: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    auth = bearer(await loginAs(t.app, 'advertiser'));
  });
  afterAll(() => t?.close());

  /** Sends `head` then each piece `everyMs` apart; resolves when the server closes or answers in full, or after `waitMs`. */
  const exchange = (head: string, pieces: (string | Buffer)[], everyMs: number, waitMs: number) =>
    new Promise<Exchange>((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      const done = (closed: boolean) => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ text, closed, ms: Date.now() - started });
      };
      const timer = setTimeout(() => done(false), waitMs);
      socket.on('data', (d) => {
        text += d.toString('latin1');
        // A whole answer with a body of Content-Length bytes.
        const [headers = '', body] = text.split('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(headers)?.[1];
        if (body !== undefined && length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) done(false);
      });
      socket.on('close', () => done(true));
      socket.on('error', () => {});
      socket.write(head);
      pieces.forEach((piece, i) => setTimeout(() => socket.writable && socket.write(piece), everyMs * (i + 1)));
    });

  const requestHead = (method: string, path: string, headers: Record<string, string | number>) =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries({ ...auth, ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n`;

  it('closes the connection of a body that stops arriving half-way', async () => {
    const head = requestHead('POST', '/api/Image/Upload', { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': 100_000 });
    const r = await exchange(head, ['--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n', 'abc'], 50, 8000);
    expect(r.closed).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(1000);
    expect(r.ms).toBeLessThan(4000);
  });

  it('serves a body that arrives slowly but steadily, and does not time the work after it', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const body = Buffer.concat([
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from('\r\n--xyz--\r\n'),
    ]);
    // Five pieces 600 ms apart: three seconds in all, never a second's pause.
    const pieces = Array.from({ length: 5 }, (_, i) => body.subarray(Math.floor((i * body.length) / 5), Math.floor(((i + 1) * body.length) / 5)));
    const head = requestHead('POST', '/api/Image/Upload', { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': body.length });
    const slow = await exchange(head, pieces, 600, 10_000);
    expect(slow.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.ms).toBeGreaterThan(2500);

    const work = await exchange(requestHead('POST', '/test/slow-work', { 'content-type': 'application/json', 'content-length': 2 }), ['{}'], 10, 10_000);
    expect(work.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(work.ms).toBeGreaterThan(1800);
  });

  it('answers an unterminated form with an exact Content-Length with 400 at once', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\nabc';
    const head = requestHead('POST', '/api/Image/Upload', { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': Buffer.byteLength(body) });
    const r = await exchange(head, [body], 10, 5000);
    expect(r.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(r.text).toContain('"errorCode":"VALIDATION_FAILED"');
    expect(r.ms).toBeLessThan(1000);
  });

  it('bounds the whole request (408 from Node) by REQUEST_TIMEOUT_SECONDS', () => {
    expect(t.app.server.requestTimeout).toBe(600_000);
  });
});
