import type { Readable } from 'node:stream';
import { logout, notificationStream } from '@ads/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { DEMO_USERS } from '../../demo/demo';
import { addTestAccount, bearer, buildTestApp, loginAs, type TestApp } from '../../test/test-app';

/** An open stream's text so far, and a wait for the text to hold something. */
const reader = (stream: Readable) => {
  let text = '';
  let ended = false;
  const waiting = new Set<() => void>();
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    text += chunk;
    for (const w of waiting) w();
  });
  stream.on('end', () => {
    ended = true;
    for (const w of waiting) w();
  });
  const until = (holds: (text: string, ended: boolean) => boolean, what: string, ms = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!holds(text, ended)) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`${what}: not within ${ms} ms; got ${JSON.stringify(text)}`));
      }, ms);
      waiting.add(check);
      check();
    });
  return { text: () => text, until, close: () => stream.destroy() };
};

const inboxEvents = (text: string) => text.split('\n\n').filter((e) => e.startsWith('event: inbox')).length;

describe('the Action Center stream', () => {
  let t: TestApp;
  const userIds = {} as Record<'advertiser' | 'publisher', number>;

  const open = async (token: string) => {
    const res = await t.app.inject({
      method: notificationStream.method,
      url: notificationStream.path,
      headers: { ...bearer(token), accept: 'text/event-stream' },
      payloadAsStream: true,
    });
    return res;
  };
  const openReader = async (token: string) => {
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const r = reader(res.stream());
    await r.until((text) => text.includes('event: ready'), 'ready');
    return r;
  };
  const notify = (userId: number, title: string) =>
    t.services.notifications.notify({ type: 10, title, content: 'x', recipients: { users: [userId] } });

  beforeAll(async () => {
    t = await buildTestApp({ config: { NOTIFICATION_STREAM_HEARTBEAT_SECONDS: 1, NOTIFICATION_STREAMS_PER_USER: 2 } });
    for (const role of ['advertiser', 'publisher'] as const) {
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[role].email));
      userIds[role] = row!.id;
    }
  });
  afterAll(() => t.close());

  it("tells a user of what arrives in their inbox, and never another user's", async () => {
    const a = await openReader(await loginAs(t.app, 'advertiser'));
    const b = await openReader(await loginAs(t.app, 'publisher'));
    try {
      await notify(userIds.advertiser, 'For A');
      await a.until((text) => inboxEvents(text) === 1, "A's event");
      await notify(userIds.publisher, 'For B');
      await b.until((text) => inboxEvents(text) >= 1, "B's event");
      // B heard only its own: one event, though A's notification came first.
      expect(inboxEvents(b.text())).toBe(1);
      expect(inboxEvents(a.text())).toBe(1);
      // Heartbeats keep the connection alive.
      await a.until((text) => text.includes(': heartbeat'), 'a heartbeat');
    } finally {
      a.close();
      b.close();
    }
  });

  it('tells of reads and dismissals in another tab, and of an action resolved by someone else', async () => {
    const a = await openReader(await loginAs(t.app, 'advertiser'));
    try {
      const sent = await t.services.notifications.notify({
        type: 20,
        title: 'Fix it',
        content: 'x',
        recipients: { users: [userIds.advertiser] },
        subject: 'test:stream',
      });
      await a.until((text) => inboxEvents(text) === 1, 'delivery');
      await t.services.notifications.resolve(['test:stream']);
      await a.until((text) => inboxEvents(text) === 2, 'resolution');
      expect(sent).toBeDefined();
    } finally {
      a.close();
    }
  });

  it('refuses a request without a session, one that does not accept an event stream, and too many at once', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: notificationStream.path, headers: { accept: 'text/event-stream' } });
    expect(anonymous.statusCode).toBe(401);
    // A user of its own: the places of streams the other tests closed are freed only once their
    // connections are seen to close.
    const tabs = await addTestAccount(t, 'advertiser', 'Many Tabs');
    const token = await t.as(tabs.user).token();
    const json = await t.app.inject({ method: 'GET', url: notificationStream.path, headers: bearer(token) });
    expect(json.statusCode).toBe(406);
    const first = await openReader(token);
    const second = await openReader(token);
    try {
      const third = await open(token);
      expect(third.statusCode).toBe(429);
      expect(JSON.parse(await new Response(third.stream() as never).text())).toMatchObject({ errorCode: 'RATE_LIMITED' });
    } finally {
      first.close();
      second.close();
    }
  });

  it('ends when the session ends', async () => {
    const token = await loginAs(t.app, 'publisher');
    const r = await openReader(token);
    const out = await t.app.inject({ method: logout.method, url: logout.path, headers: bearer(token), payload: {} });
    expect(out.statusCode).toBeLessThan(300);
    await r.until((text, ended) => text.includes('event: end') && ended, 'the end');
  });
});
