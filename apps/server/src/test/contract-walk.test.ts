import * as contracts from '@ads/contracts';
import { usesQueryPayload, type Endpoint } from '@ads/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rawRouteBodies } from '../http/raw-route';
import { cleanFileName } from '../modules/assets/assets.service';
import { cleanVideoName } from '../modules/videos/videos.service';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo';
import { buildTestApp, type DemoRole, type TestApp } from './test-app';

// Every endpoint in packages/contracts, fed hostile values derived from its own schema: huge and
// negative numbers, NUL and text-direction marks, 1 MB strings, over-long lists, impossible days,
// wrong types, missing fields, wrong content types, raw query strings, multipart forms that never
// close. Each hostile value is set in a request the contract accepts, so it is judged alone. Whatever
// comes in, the answer comes at once and is never a 5xx; what no field of its kind may take (an
// impossible day, a control character in a query, an unclosed form) is a 4xx. A new contract is
// walked the day it is exported.

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'request' in value &&
  typeof (value as Endpoint).path === 'string' &&
  (value as Endpoint).path.startsWith('/api/') &&
  (value as Endpoint).request instanceof z.ZodType;

// Logout ends the walker's sessions, and a password reset those of the user it names (the sample's
// id is a walker's): they go last.
const LAST: string[] = [contracts.resetPassword.path, contracts.logout.path];
const endpoints = (Object.values(contracts) as unknown[])
  .filter(isEndpoint)
  .sort((a, b) => LAST.indexOf(a.path) - LAST.indexOf(b.path));

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;

/** Strips wrappers that do not change the value's shape. */
const unwrap = (schema: Schema): Schema => {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unwrap(def.innerType as Schema);
    case 'pipe':
      // A preprocess (a transform into the schema) is judged by what it feeds.
      return unwrap((defOf(def.in as Schema).type === 'transform' ? def.out : def.in) as Schema);
    default:
      return schema;
  }
};

const MB_STRING = 'x'.repeat(1_000_000);
const inFuture = () => new Date(Date.now() + 86_400_000).toISOString();
// Days before an impossible one: a period ending on 2026-02-30 is short enough to pass every other rule.
const A_DAY = '2026-02-27';
/** The names the contracts list (statuses, dimensions, metrics, devices …): what a comma list or a text parameter may take. */
const NAMES = [
  ...new Set(
    (Object.values(contracts) as unknown[]).flatMap((value) =>
      Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : [],
    ),
  ),
];

/** The optional fields a refinement of the whole object refused are left out, until the object passes (a publisher report is not filtered by campaign). */
const fit = (schema: Schema, value: Record<string, unknown>) => {
  const shape = defOf(unwrap(schema)).shape as Record<string, Schema>;
  for (let tries = 0; tries < 10; tries++) {
    const result = z.safeParse(schema, value);
    if (result.success) break;
    const refused = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))].filter(
      (key) => key in value && shape[key] && z.safeParse(shape[key], undefined).success,
    );
    if (refused.length === 0) break;
    for (const key of refused) delete value[key];
  }
  return value;
};

/** A value the schema accepts, as far as one can be guessed: the background the hostile value is set in. */
const sample = (schema: Schema, query: boolean): unknown => {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const pick = (candidates: unknown[]) => candidates.find((c) => z.safeParse(schema, c).success) ?? candidates[0];
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const guess = sample(field, query);
        // An optional field no guess fits is left out rather than spoil the whole request.
        if (z.safeParse(field, guess).success || !z.safeParse(field, undefined).success) value[key] = guess;
      }
      return fit(schema, value);
    }
    case 'array':
      return [sample(def.element as Schema, query)];
    case 'union': {
      const options = def.options as Schema[];
      return sample(options[options.length - 1] as Schema, query);
    }
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'boolean':
      return query ? 'true' : true;
    case 'number':
      return query ? pick(['1', '2']) : pick([1, 2]);
    case 'string':
      return pick(['demo', 'a'.repeat(24), DEMO_USERS.staff.email, inFuture(), A_DAY, '1', 'true', 'ab12', 'https://www.example.com/', ...NAMES, '']);
    default:
      return undefined;
  }
};

/** `refused`: the answer must be a 4xx (not only no 5xx): a value no field of its kind may take. */
type Hostile = { label: string; value: unknown; refused?: boolean };
const MISSING = Symbol('missing');

const numberHostiles = (query: boolean): Hostile[] =>
  query
    ? ['2147483648', '2147483647', '32768', '-2147483649', '-1', '0', '9007199254740993', '1e400', '1.5', 'NaN', 'Infinity', '0x10', '', ' ', 'abc', '\u0000'].map(
        (value) => ({ label: JSON.stringify(value), value }),
      )
    : [2 ** 31, 2 ** 31 - 1, 2 ** 15, -(2 ** 31) - 1, -1, 0, 2 ** 53, 1.5, 1e308, '1', 'x', true, null, {}, []].map((value) => ({
        label: JSON.stringify(value),
        value,
      }));

// In a query string every text parameter is a filter, a key or a code: none takes a control character or a direction mark.
const stringHostiles = (query: boolean): Hostile[] => [
  { label: 'NUL', value: '\u0000', refused: query },
  { label: 'NUL inside', value: 'a\u0000b', refused: query },
  { label: '1 MB', value: MB_STRING, refused: query },
  { label: 'empty', value: '' },
  { label: 'spaces', value: '   ' },
  { label: 'bidi override', value: 'w-rtl\u202Egnp.exe', refused: query },
  { label: 'bidi override alone', value: '\u202E', refused: query },
  { label: 'C1 control', value: 'a\u0085b', refused: query },
  { label: 'line break', value: 'a\nb', refused: query },
  { label: 'zero width', value: '\u200B' },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'quote', value: "'; drop table users; --" },
  { label: 'lone surrogate', value: '\ud800' },
  ...(query ? [] : [1, null, [], {}].map((value) => ({ label: JSON.stringify(value), value }))),
];

const otherHostiles = (query: boolean): Hostile[] =>
  query
    ? [
        { label: 'zzz', value: 'zzz' },
        { label: 'NUL', value: '\u0000' },
        { label: 'empty', value: '' },
      ]
    : ['zzz', '', 1, true, null, [], {}].map((value) => ({ label: JSON.stringify(value), value }));

/** Impossible days, and days out of any range, where a field takes a day. */
const dayHostiles = (schema: Schema): Hostile[] => {
  if (!z.safeParse(schema, A_DAY).success) return [];
  // A field that takes a day but not any text is a date: it must refuse these.
  const refused = !z.safeParse(schema, 'demo').success;
  return ['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '9999-12-31', '2026-1-5', '+02026-01-01', `${A_DAY}\u0000`].map(
    (value) => ({ label: `day ${JSON.stringify(value)}`, value, refused }),
  );
};

/**
 * Lists in a query string (`a,b`), built from a value the field takes: too long, too many items,
 * an item twice, a control character or a direction mark among them.
 */
const listHostiles = (schema: Schema, query: boolean): Hostile[] => {
  if (!query) return [];
  const item = sample(schema, true);
  if (typeof item !== 'string' || !z.safeParse(schema, item).success) return [];
  return [
    { label: 'list of 30', value: Array(30).fill(item).join(',') },
    { label: 'list over 200 characters', value: `${item},`.repeat(Math.ceil(201 / (item.length + 1))) },
    { label: 'list of 10 000', value: Array(10_000).fill(item).join(','), refused: true },
    { label: 'item twice', value: `${item},${item}` },
    { label: 'empty items', value: `,,${item},,` },
    { label: 'NUL item', value: `${item},\u0000`, refused: true },
    { label: 'bidi item', value: `${item},\u202E`, refused: true },
  ];
};

/** Hostile values for one place in the request, each with the path it goes to. */
const hostiles = (schema: Schema, query: boolean, path: string[]): Array<Hostile & { path: string[] }> => {
  const at = (list: Hostile[]) => list.map((h) => ({ ...h, path }));
  const inner = unwrap(schema);
  const def = defOf(inner);
  const missing = path.length ? [{ label: 'missing', value: MISSING, path }] : [];
  // A query parameter given twice arrives as a list.
  const twice: Hostile[] = query ? [{ label: 'given twice', value: ['1', '1'] }] : [];
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return [
        ...missing,
        ...at(query && path.length === 0 ? [] : otherHostiles(query).filter((h) => typeof h.value !== 'object' || h.value === null)),
        ...Object.entries(shape).flatMap(([key, field]) => hostiles(field, query, [...path, key])),
      ];
    }
    case 'array': {
      const element = def.element as Schema;
      return [
        ...missing,
        ...at([
          { label: 'empty array', value: [] },
          { label: '10 001 items', value: Array.from({ length: 10_001 }, (_, i) => sample(element, query) ?? i) },
          ...otherHostiles(query),
        ]),
        ...hostiles(element, query, [...path, '0']),
      ];
    }
    case 'union':
      return [...missing, ...at(otherHostiles(query)), ...(def.options as Schema[]).flatMap((option) => hostiles(option, query, path).filter((h) => h.path !== path || h.label !== 'missing'))];
    case 'number':
      return [...missing, ...at([...numberHostiles(query), ...twice])];
    case 'string': {
      const dates = def.format === 'datetime' ? ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-02-30T00:00:00Z'] : [];
      return [
        ...missing,
        ...at([...stringHostiles(query), ...twice, ...dates.map((value) => ({ label: value, value })), ...dayHostiles(schema), ...listHostiles(schema, query)]),
      ];
    }
    default:
      return [...missing, ...at([...otherHostiles(query), ...twice])];
  }
};

const setAt = (base: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head = '', ...rest] = path;
  const container: Record<string, unknown> | unknown[] = Array.isArray(base)
    ? [...base]
    : typeof base === 'object' && base !== null
      ? { ...(base as Record<string, unknown>) }
      : {};
  const next = setAt((container as Record<string, unknown>)[head], rest, value);
  if (next === MISSING) delete (container as Record<string, unknown>)[head];
  else (container as Record<string, unknown>)[head] = next;
  return container;
};

/** Query strings by hand: hostile values may not survive URLSearchParams (raw `%`, NUL, lists). */
const queryString = (payload: unknown): string => {
  if (typeof payload !== 'object' || payload === null) return '';
  const parts: string[] = [];
  const encode = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80'; // a lone surrogate: invalid UTF-8 on the wire
    }
  };
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(key)}=${encode(item)}`);
  }
  return parts.join('&');
};

type Case = { label: string; options: InjectOptions; refused?: boolean };

/** Multipart forms whose whole body (per Content-Length) arrives without the closing boundary. */
const UNCLOSED_FORMS: Record<string, string> = {
  'inside the file': '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nabc',
  'after the file': '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n',
  'inside a field': '--xyz\r\nContent-Disposition: form-data; name="folderId"\r\n\r\n1',
  'inside a part header': '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"',
  'after the first boundary': '--xyz\r\n',
};

/**
 * How long an answer may take before the walk calls its request forgotten (one the server never
 * answers). Most answers take milliseconds; one that creates a user hashes a password (scrypt):
 * 0.1 s alone, 1.6 s and more on a loaded two-core machine, where CI once waited over 5 s for one.
 * A forgotten request never answers, so the limit only needs to hold under load.
 */
const ANSWER_LIMIT_MS = 30_000;
/**
 * Once one request of an endpoint went unanswered (the test fails), the others' limit, and how many
 * unanswered ones the failure lists before the walk of the endpoint stops: within the test's time.
 */
const AFTER_A_FORGOTTEN_ONE_MS = 5_000;
const FORGOTTEN_LISTED = 10;

/** The answer, or null when none came within `ms` (a request the server forgot). */
const answerWithin = async <T>(answer: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)))]);
  } finally {
    clearTimeout(timer);
  }
};

const casesFor = (endpoint: Endpoint): Case[] => {
  const rawBody = rawRouteBodies.get(`${endpoint.method} ${endpoint.path}`);
  const query = usesQueryPayload(endpoint.method) || rawBody !== undefined;
  const base = sample(endpoint.request, query);
  const cases: Case[] = [];
  const send = (label: string, payload: unknown, refused = false) => {
    const qs = query ? queryString(payload) : '';
    cases.push({
      label,
      refused,
      options: {
        method: endpoint.method,
        url: qs ? `${endpoint.path}?${qs}` : endpoint.path,
        ...(query || payload === MISSING ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      } as InjectOptions,
    });
  };
  send('sample', base);
  for (const h of hostiles(endpoint.request, query, [])) send(`${h.path.join('.') || '(request)'} = ${h.label}`, setAt(base, h.path, h.value), h.refused);

  // Wrong bodies and content types: JSON routes and raw routes alike.
  const url = query ? `${endpoint.path}?${queryString(base)}` : endpoint.path;
  const body = (label: string, contentType: string | undefined, payload: string | Buffer, refused = false) =>
    cases.push({
      label,
      refused,
      options: { method: endpoint.method, url, payload, headers: contentType ? { 'content-type': contentType } : {} } as InjectOptions,
    });
  cases.push(
    { label: 'a malformed token', options: { method: endpoint.method, url, headers: { authorization: `Bearer ${'\u00ff'.repeat(5000)}` } } },
    { label: 'another scheme', options: { method: endpoint.method, url, headers: { authorization: 'Basic YTpi' } } },
  );
  // Query strings no client would write, added to the accepted one.
  if (query) {
    const raw = (label: string, extra: string) =>
      cases.push({ label: `query ${label}`, options: { method: endpoint.method, url: `${url}${url.includes('?') ? '&' : '?'}${extra}` } });
    raw('bad percent', '%');
    raw('bad escape', '%zz=%zz');
    raw('invalid UTF-8', `${(typeof base === 'object' && base !== null && Object.keys(base)[0]) || 'x'}=%C0%AF%ED%A0%80`);
    raw('__proto__', '__proto__=1&__proto__[x]=1&constructor[prototype][x]=1');
    raw('brackets', 'a[b]=1&a[]=2');
    raw('a key 10 000 times', Array(10_000).fill('page=1').join('&'));
    raw('100 KB', `q=${'a'.repeat(100_000)}`);
  }
  if (rawBody === 'multipart/form-data') {
    for (const [label, payload] of Object.entries(UNCLOSED_FORMS)) body(`unclosed multipart: ${label}`, 'multipart/form-data; boundary=xyz', payload, true);
  }
  if (endpoint.method !== 'GET') {
    body('no content type', undefined, '{}');
    body('text/plain', 'text/plain', 'hello');
    body('form urlencoded', 'application/x-www-form-urlencoded', 'a=1');
    body('multipart without boundary', 'multipart/form-data', '--x\r\n\r\n--x--');
    body('multipart with a broken body', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    body('multipart with no file', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nabc\r\n--x--\r\n');
    body('invalid JSON', 'application/json', '{"a":');
    body('JSON null', 'application/json', 'null');
    body('JSON array', 'application/json', '[]');
    body('JSON string', 'application/json', '"x"');
    body('JSON __proto__', 'application/json', '{"__proto__":{"x":1}}');
    body('JSON over 1 MB', 'application/json', JSON.stringify({ x: 'x'.repeat(1_100_000) }));
    body('octet-stream', 'application/octet-stream', Buffer.from([0, 1, 2, 3]));
  }
  return cases;
};

interface Caller {
  role: DemoRole | 'anonymous';
  headers: Record<string, string>;
  powers: Set<string>;
}

describe('every contract refuses hostile input without a 5xx', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const callers: Caller[] = [{ role: 'anonymous', headers: {}, powers: new Set() }];

  beforeAll(async () => {
    t = await buildTestApp();
    app = t.app;
    for (const role of ['staff', 'advertiser', 'publisher'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { email: DEMO_USERS[role].email, password: DEMO_PASSWORD },
      });
      const { token, userInfo } = res.json() as { token: string; userInfo: { powers: { code: string }[] } };
      callers.push({ role, headers: { authorization: `Bearer ${token}` }, powers: new Set(userInfo.powers.map((p) => p.code)) });
    }
  });
  afterAll(() => t?.close());

  it('walks every contract the app serves', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const unserved = endpoints.filter((e) => !app.hasRoute({ method: e.method, url: e.path })).map((e) => `${e.method} ${e.path}`);
    expect(unserved).toEqual([]);
  });

  it('serves every row of ENDPOINTS at its method and path (route() takes the access from the row too)', () => {
    const unserved = Object.entries(contracts.ENDPOINTS)
      .filter(([, row]) => !app.hasRoute({ method: row.method, url: row.path }))
      .map(([key, row]) => `${key}: ${row.method} ${row.path}`);
    expect(unserved).toEqual([]);
  });

  it('sets each hostile value in a request the contract accepts, so that it is judged alone', () => {
    const refused = endpoints
      .map((e) => {
        const query = usesQueryPayload(e.method) || rawRouteBodies.has(`${e.method} ${e.path}`);
        const result = z.safeParse(e.request, sample(e.request, query));
        return result.success ? null : `${e.method} ${e.path}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
      })
      .filter((line) => line !== null);
    expect(refused).toEqual([]);
  });

  it('answers the issue\'s cases with 400 and a sentence for the field', async () => {
    const staff = callers.find((c) => c.role === 'staff')!;
    const advertiser = callers.find((c) => c.role === 'advertiser')!;
    const file = await app.inject({ method: 'GET', url: '/api/Video/File?id=2147483648&exp=1&sig=x' });
    expect(file.statusCode).toBe(400);
    expect(file.json().fields.id).toBe('This is not a valid id.');

    const bidi = await app.inject({
      method: 'POST',
      url: '/api/Folder/Create',
      headers: advertiser.headers,
      payload: { name: 'w-rtl\u202Egnp.exe' },
    });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().fields.name).toMatch(/^Names cannot contain/);

    const nul = await app.inject({ method: 'GET', url: '/api/Image/List?search=a%00b', headers: staff.headers });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields.search).toMatch(/cannot be searched for/);
    const rlo = await app.inject({ method: 'GET', url: '/api/Video/List?search=%E2%80%AEvid', headers: staff.headers });
    expect(rlo.statusCode).toBe(400);
    expect(rlo.json().fields.search).toMatch(/cannot be searched for/);

    // The reports: an impossible day, an over-long list, NUL in a filter.
    const report = (query: string) => app.inject({ method: 'GET', url: `/api/DataInsights/PublisherReport?${query}`, headers: staff.headers });
    const day = await report('from=2026-02-30&to=2026-03-01');
    expect(day.statusCode).toBe(400);
    expect(day.json().fields.from).toMatch(/no such day/);
    const list = await report(`from=2026-03-01&to=2026-03-01&dimensions=${'slot,'.repeat(50)}`);
    expect(list.statusCode).toBe(400);
    expect(list.json().fields.dimensions).toMatch(/too long/);
    const site = await report('from=2026-03-01&to=2026-03-01&site=a%00b');
    expect(site.statusCode).toBe(400);
    expect(site.json().fields.site).toMatch(/^Filters cannot contain/);
  });

  it('stores names in one Unicode form, so the same name twice is a clash', async () => {
    const advertiser = callers.find((c) => c.role === 'advertiser')!;
    const decomposed = await app.inject({
      method: 'POST',
      url: '/api/Folder/Create',
      headers: advertiser.headers,
      payload: { name: ' Cafe\u0301 walk ' },
    });
    expect(decomposed.statusCode).toBe(200);
    expect(decomposed.json().name).toBe('Café walk');
    const composed = await app.inject({ method: 'POST', url: '/api/Folder/Create', headers: advertiser.headers, payload: { name: 'Café walk' } });
    expect(composed.statusCode).toBe(409);
  });

  it.each(['/api/Image/Upload', '/api/RejectedImage/Replace?id=1&version=1', '/api/Video/Poster?id=1&version=1'])(
    'refuses multipart without a boundary at %s with 400 MULTIPART_INVALID',
    async (url) => {
      const advertiser = callers.find((c) => c.role === 'advertiser')!;
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...advertiser.headers, 'content-type': 'multipart/form-data' },
        payload: '--x\r\n\r\n--x--',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('MULTIPART_INVALID');
    },
  );

  // What a multipart route's query must name for its form to be read at all (the caller's own video,
  // a rejected image): the walk's guessed ids are refused before the parser ever runs.
  const liveQueries: Record<string, (headers: Record<string, string>) => Promise<Record<string, unknown>>> = {
    [contracts.uploadImage.path]: async () => ({}),
    [contracts.setVideoPoster.path]: async (headers) => {
      const list = await app.inject({ method: 'GET', url: '/api/Video/List', headers });
      const video = list.json<{ items: { id: number; version: number }[] }>().items[0]!;
      return { id: video.id, version: video.version };
    },
    [contracts.replaceRejectedImage.path]: async (headers) => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 7, g: 77, b: 177 } } }).png().toBuffer();
      const form = Buffer.concat([Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="walk.png"\r\n\r\n`), png, Buffer.from('\r\n--xyz--\r\n')]);
      const uploaded = await app.inject({ method: 'POST', url: '/api/Image/Upload', payload: form, headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' } });
      const { id } = uploaded.json<{ id: number }>();
      await t.services.assets.recordReview({ imageId: id, decision: 'rejected', reason: 'Walked', reviewerId: null });
      const detail = await app.inject({ method: 'GET', url: `/api/Image/Detail?id=${id}`, headers });
      return { id, version: detail.json<{ version: number }>().version };
    },
  };
  it('reads the form of every multipart route, one that never closes included, and answers 400 at once', async () => {
    // Known once the routes are registered (rawRoute records them).
    const multipart = endpoints.filter((e) => rawRouteBodies.get(`${e.method} ${e.path}`) === 'multipart/form-data');
    expect(multipart.length).toBeGreaterThanOrEqual(3);
    const failures: string[] = [];
    for (const endpoint of multipart) {
      const access = endpoint.access;
      const caller = callers.find((c) => c.role !== 'anonymous' && c.role !== 'staff' && 'power' in access && c.powers.has(access.power));
      const live = liveQueries[endpoint.path];
      if (!caller || !live) {
        failures.push(`${endpoint.path}: ${caller ? 'say in liveQueries what its query must name' : 'no advertiser or publisher may call it'}`);
        continue;
      }
      const url = `${endpoint.path}?${queryString(await live(caller.headers))}`;
      // The route's forms at once (each is refused, and changes nothing): all of them unanswered
      // take one answer's limit, not five.
      const answers = await Promise.all(
        Object.entries(UNCLOSED_FORMS).map(async ([label, payload]) => {
          const headers = { ...caller.headers, 'content-type': 'multipart/form-data; boundary=xyz' };
          return { label, res: await answerWithin(app.inject({ method: endpoint.method, url, payload, headers }), ANSWER_LIMIT_MS) };
        }),
      );
      for (const { label, res } of answers) {
        // Refused by reading the form (a `file` field), not before it.
        if (!res) failures.push(`${endpoint.path}, ${label}: no answer in ${ANSWER_LIMIT_MS / 1000} s`);
        else if (res.statusCode !== 400 || !('file' in (res.json<{ fields?: object }>().fields ?? {})))
          failures.push(`${endpoint.path}, ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000); // Room for every route's forms to go unanswered (a limit each), so that the failure lists them.

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    // Public calls as a stranger; the others as staff and as the first of advertiser and publisher holding the power.
    const access = endpoint.access;
    const allowed = callers.filter((c) =>
      'public' in access ? c.role === 'anonymous' : 'signedIn' in access ? c.role !== 'anonymous' : c.powers.has(access.power),
    );
    const chosen = [allowed.find((c) => c.role === 'staff'), allowed.find((c) => c.role !== 'staff')].filter(
      (c): c is Caller => c !== undefined,
    );
    expect(chosen.length).toBeGreaterThan(0);
    const failures: string[] = [];
    let limit = ANSWER_LIMIT_MS;
    let forgotten = 0;
    walk: for (const caller of chosen) {
      for (const { label, options, refused } of casesFor(endpoint)) {
        const res = await answerWithin(app.inject({ ...options, headers: { ...caller.headers, ...options.headers } }), limit);
        if (!res) {
          failures.push(`${caller.role}: ${label} → no answer in ${limit / 1000} s`);
          limit = AFTER_A_FORGOTTEN_ONE_MS;
          if (++forgotten === FORGOTTEN_LISTED) {
            failures.push(`(the walk stopped after ${forgotten} unanswered requests)`);
            break walk;
          }
        } else if (res.statusCode >= 500 || (refused && res.statusCode < 400))
          failures.push(`${caller.role}: ${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // An endpoint's walk sends 100 to 900 requests (the reports', with their many parameters): at most
    // seconds alone; beside the end-to-end suite on a busy two-core machine up to 74 s (CreateAccount,
    // which hashes a password for each account it creates; the limit was 90 s).
  }, 300_000);
});

describe('names made from uploaded file names follow the name rule', () => {
  it('drops direction marks, invisible and control characters and stores NFC', () => {
    expect(cleanFileName('C:\\tmp\\w-rtl\u202Egnp.exe', 'png')).toBe('w-rtlgnp.exe');
    expect(cleanFileName('a\u200Bb\u0085c.png', 'png')).toBe('abc.png');
    expect(cleanFileName('\u202E', 'jpeg')).toBe('image.jpg');
    expect(cleanVideoName('/x/Cafe\u0301\u2066.mp4')).toBe('Café.mp4');
    expect(cleanVideoName('\u200B\n')).toBe('video');
  });
});
