import {
  errorBodySchema,
  usesQueryPayload,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  type ErrorBody,
} from '@ads/contracts';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { rawRouteBodies } from '../http/raw-route';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo';

/** A demo user, any user by email (the demo password unless given), a token, or no one. */
export type Who = keyof typeof DEMO_USERS | 'anonymous' | { email: string; password?: string } | { token: string };

/**
 * What a call answered. `body` is the answer parsed with the contract's response schema, `error`
 * the failure parsed with errorBodySchema; reading the one the call did not give throws with the
 * status and the text, so a test that expected success fails on the server's message.
 */
export interface Answer<E extends Endpoint> {
  status: number;
  ok: boolean;
  headers: InjectResponse['headers'];
  /** The answer as sent (assertion messages: `expect(res.status, res.text)`). */
  text: string;
  /** The raw response (bytes of file routes: `raw.rawPayload`). */
  raw: InjectResponse;
  readonly body: EndpointResponse<E>;
  readonly error: ErrorBody;
}

/** A body a contract's JSON cannot express: multipart uploads, raw chunks. The payload then goes in the query string. */
export interface RawBody {
  payload: Buffer | string;
  headers?: Record<string, string>;
}

export interface Caller {
  /** The contract's call as the web client makes it; `payload` is type-checked against the contract. */
  call<E extends Endpoint>(contract: E, ...payload: PayloadArgs<E>): Promise<Answer<E>>;
  /** The answer of a call that must succeed (2xx), else throws with status and text. */
  ok<E extends Endpoint>(contract: E, ...payload: PayloadArgs<E>): Promise<EndpointResponse<E>>;
  /** A payload the contract refuses on purpose (validation tests): not type-checked. */
  callUnchecked<E extends Endpoint>(contract: E, payload: unknown): Promise<Answer<E>>;
  /** A raw route (multipart, raw bytes): the typed payload in the query string, `body` as given. */
  send<E extends Endpoint>(contract: E, payload: Payload<E>, body: RawBody): Promise<Answer<E>>;
  /** This caller's bearer token (signs in on first use). */
  token(): Promise<string>;
  /** Headers for a request the contracts do not describe. */
  headers(): Promise<Record<string, string>>;
}

/** What a query string can carry: coerced query fields (ids, numbers) are `unknown` in z.input. */
type QueryValue = string | number | boolean | Date;
/** The contract's request input, with query-coerced fields narrowed from `unknown` to what a query string carries. */
export type Payload<E extends Endpoint> = EndpointRequest<E> extends infer T
  ? T extends Record<string, unknown>
    ? { [K in keyof T]: unknown extends T[K] ? QueryValue | undefined : T[K] }
    : T
  : never;

// A payload may be left out only when the contract accepts an empty object (an empty POST is `{}`).
type PayloadArgs<E extends Endpoint> = Record<never, never> extends Payload<E> ? [payload?: Payload<E>] : [payload: Payload<E>];

const queryString = (payload: unknown): string => {
  if (payload === undefined || payload === null) return '';
  const params = new URLSearchParams();
  // As apps/web/src/shared/api-client.ts appendQuery: lists repeat the key, objects go as JSON.
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

const parseJson = (res: InjectResponse): { ok: true; value: unknown } | { ok: false } => {
  if (!/^application\/json/.test(String(res.headers['content-type'] ?? ''))) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(res.body) as unknown };
  } catch {
    return { ok: false };
  }
};

const toAnswer = <E extends Endpoint>(contract: E, res: InjectResponse): Answer<E> => {
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  const what = `${contract.method} ${contract.path} answered ${res.statusCode}: ${res.body.slice(0, 2000)}`;
  const json = parseJson(res);
  let body: EndpointResponse<E> | undefined;
  let error: ErrorBody | undefined;
  if (ok) {
    if (json.ok) {
      const parsed = contract.response.safeParse(json.value);
      if (!parsed.success) throw new Error(`${what}\ndoes not match the contract's response: ${parsed.error.message}`);
      body = parsed.data as EndpointResponse<E>;
    } else {
      // File routes answer bytes (their contracts say z.unknown()): read them from `raw`.
      body = res.rawPayload as EndpointResponse<E>;
    }
  } else {
    const parsed = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
    if (parsed && !parsed.success) throw new Error(`${what}\nis not an error body: ${parsed.error.message}`);
    error = parsed?.data;
  }
  return {
    status: res.statusCode,
    ok,
    headers: res.headers,
    text: res.body,
    raw: res,
    get body() {
      if (!ok) throw new Error(`expected an answer: ${what}`);
      return body as EndpointResponse<E>;
    },
    get error() {
      if (!error) throw new Error(`expected an error body: ${what}`);
      return error;
    },
  };
};

/** The typed client over one app: `client.as('advertiser').call(contract, payload)`. */
export const createTestClient = (app: FastifyInstance) => {
  const tokens = new Map<string, Promise<string>>();

  const signIn = async (email: string, password: string): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: '/api/User/Login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };

  const tokenOf = (who: Who): Promise<string | null> => {
    if (who === 'anonymous') return Promise.resolve(null);
    if (typeof who === 'object' && 'token' in who) return Promise.resolve(who.token);
    const email = typeof who === 'string' ? DEMO_USERS[who].email : who.email;
    const password = typeof who === 'object' && who.password ? who.password : DEMO_PASSWORD;
    const key = `${email}\n${password}`;
    let token = tokens.get(key);
    if (!token) {
      token = signIn(email, password);
      // A failed sign-in is not kept: the next call tries again.
      token.catch(() => tokens.delete(key));
      tokens.set(key, token);
    }
    return token;
  };

  const as = (who: Who): Caller => {
    const headers = async (): Promise<Record<string, string>> => {
      const token = await tokenOf(who);
      return token ? { authorization: `Bearer ${token}` } : {};
    };
    const inject = async <E extends Endpoint>(contract: E, payload: unknown, raw?: RawBody) => {
      const auth = await headers();
      const inQuery = raw !== undefined || usesQueryPayload(contract.method) || rawRouteBodies.has(`${contract.method} ${contract.path}`);
      const res = await app.inject({
        method: contract.method,
        url: `${contract.path}${inQuery ? queryString(payload) : ''}`,
        headers: { ...(raw ? raw.headers : inQuery ? {} : { 'content-type': 'application/json' }), ...auth },
        ...(raw ? { payload: raw.payload } : inQuery ? {} : { payload: JSON.stringify(payload ?? {}) }),
      });
      return toAnswer(contract, res);
    };
    const caller: Caller = {
      call: (contract, ...[payload]) => inject(contract, payload),
      ok: async (contract, ...[payload]) => {
        const answer = await inject(contract, payload);
        return answer.body;
      },
      callUnchecked: (contract, payload) => inject(contract, payload),
      send: (contract, payload, body) => inject(contract, payload, body),
      token: async () => {
        const token = await tokenOf(who);
        if (!token) throw new Error('an anonymous caller has no token');
        return token;
      },
      headers,
    };
    return caller;
  };

  return {
    as,
    /** Forgets the kept sessions (after a test that ends them all). */
    forgetSessions: () => tokens.clear(),
  };
};

export type TestClient = ReturnType<typeof createTestClient>;
