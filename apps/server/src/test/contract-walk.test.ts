import * as contracts from '@ads/contracts';
import { usesQueryPayload, type Endpoint } from '@ads/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rawRouteBodies } from '../http/raw-route';
import { cleanFileName } from '../modules/assets/assets.service';
import { cleanVideoName } from '../modules/videos/videos.service';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo';
import { buildTestApp, type DemoRole, type TestApp } from './test-app';

// Every endpoint in packages/contracts, fed hostile values derived from its own schema: huge and
// negative numbers, NUL, 1 MB strings, wrong types, missing fields, wrong content types. Whatever
// comes in, the answer is never a 5xx. A new contract is walked the day it is exported.

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'request' in value &&
  typeof (value as Endpoint).path === 'string' &&
  (value as Endpoint).path.startsWith('/api/') &&
  (value as Endpoint).request instanceof z.ZodType;

// Logout ends the walker's sessions: it goes last.
const endpoints = (Object.values(contracts) as unknown[])
  .filter(isEndpoint)
  .sort((a, b) => Number(a.path === contracts.logout.path) - Number(b.path === contracts.logout.path));

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
      return unwrap(def.in as Schema);
    default:
      return schema;
  }
};

const MB_STRING = 'x'.repeat(1_000_000);
const inFuture = () => new Date(Date.now() + 86_400_000).toISOString();

/** A value the schema accepts, as far as one can be guessed: the background the hostile value is set in. */
const sample = (schema: Schema, query: boolean): unknown => {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const pick = (candidates: unknown[]) => candidates.find((c) => z.safeParse(schema, c).success) ?? candidates[0];
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sample(field, query)]));
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
      return pick(['demo', 'a'.repeat(24), DEMO_USERS.staff.email, inFuture(), '1', 'true', 'ab12']);
    default:
      return undefined;
  }
};

type Hostile = { label: string; value: unknown };
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

const stringHostiles = (query: boolean): Hostile[] => [
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: '1 MB', value: MB_STRING },
  { label: 'empty', value: '' },
  { label: 'spaces', value: '   ' },
  { label: 'bidi override', value: 'w-rtl\u202Egnp.exe' },
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
      return [...missing, ...at([...stringHostiles(query), ...twice, ...dates.map((value) => ({ label: value, value }))])];
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

type Case = { label: string; options: InjectOptions };

const casesFor = (endpoint: Endpoint): Case[] => {
  const rawBody = rawRouteBodies.get(`${endpoint.method} ${endpoint.path}`);
  const query = usesQueryPayload(endpoint.method) || rawBody !== undefined;
  const base = sample(endpoint.request, query);
  const cases: Case[] = [];
  const send = (label: string, payload: unknown, extra: Partial<InjectOptions> = {}) => {
    const qs = query ? queryString(payload) : '';
    cases.push({
      label,
      options: {
        method: endpoint.method,
        url: qs ? `${endpoint.path}?${qs}` : endpoint.path,
        ...(query || payload === MISSING ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
        ...extra,
      } as InjectOptions,
    });
  };
  send('sample', base);
  for (const h of hostiles(endpoint.request, query, [])) send(`${h.path.join('.') || '(request)'} = ${h.label}`, setAt(base, h.path, h.value));

  // Wrong bodies and content types: JSON routes and raw routes alike.
  const url = query ? `${endpoint.path}?${queryString(base)}` : endpoint.path;
  const body = (label: string, contentType: string | undefined, payload: string | Buffer) =>
    cases.push({
      label,
      options: { method: endpoint.method, url, payload, headers: contentType ? { 'content-type': contentType } : {} } as InjectOptions,
    });
  cases.push(
    { label: 'a malformed token', options: { method: endpoint.method, url, headers: { authorization: `Bearer ${'\u00ff'.repeat(5000)}` } } },
    { label: 'another scheme', options: { method: endpoint.method, url, headers: { authorization: 'Basic YTpi' } } },
  );
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
    for (const caller of chosen) {
      for (const { label, options } of casesFor(endpoint)) {
        const res = await app.inject({ ...options, headers: { ...caller.headers, ...options.headers } });
        if (res.statusCode >= 500) failures.push(`${caller.role}: ${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
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
