import { usesQueryPayload, type Endpoint, type EndpointResponse } from '@ads/contracts';
import { vi } from 'vitest';
import type { z } from 'zod';

// Component tests fake the network at the fetch boundary only: a feature's small in-memory server
// answers the contracts' calls by path, and every call is recorded. `fakeEndpoint` holds a fake to
// the contract: what the page sends is parsed by the contract's request schema, and what the fake
// answers is typed by its response and parsed by it, so a fake cannot drift from the server.

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Call {
  path: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}
export type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs `fetch` with `routes` by path (anything else is a 404). `before` may answer a call first
 * (a failure) or delay it; `handle` overrides one path from then on.
 */
export function fakeFetch(routes: Record<string, Handler>, before?: (call: Call) => Promise<Response | undefined> | Response | undefined) {
  const calls: Call[] = [];
  const handlers = new Map<string, Handler>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://localhost');
      const call: Call = {
        path: parsed.pathname,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        query: parsed.searchParams,
      };
      calls.push(call);
      const early = await before?.(call);
      if (early) return early;
      const handler = handlers.get(call.path) ?? routes[call.path];
      return handler ? handler(call) : json(404, { errorCode: 'NOT_FOUND', error: 'Not found' });
    }),
  );
  return {
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    handle: (path: string, handler: Handler) => void handlers.set(path, handler),
    /** `handle` through `fakeEndpoint`: typed and parsed by the contract. */
    answer: <E extends Endpoint>(contract: E, handler: EndpointHandler<E>, options?: FakeEndpointOptions) =>
      void handlers.set(contract.path, fakeEndpoint(contract, handler, options)[contract.path]!),
  };
}

/**
 * What fakes did against their contracts in the running test: a request the contract refuses, an
 * answer it does not describe. The test setup fails the test when this is not empty.
 */
export const contractViolations: string[] = [];

/** The handler of one contract: the parsed payload in, the typed answer (or any Response) out. */
export type EndpointHandler<E extends Endpoint> = (
  payload: z.output<E['request']>,
  call: Call,
) => EndpointResponse<E> | Response | Promise<EndpointResponse<E> | Response>;

export interface FakeEndpointOptions {
  /** Of a typed answer (201 for what the server creates). */
  status?: number;
}

/** The query string as the server reads it: a repeated parameter is an array. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    object[key] = values.length > 1 ? values : values[0]!;
  }
  return object;
}

/**
 * A fake of one contract's path, for `fakeFetch`'s routes (`{...fakeEndpoint(imageList, …)}`).
 * A request the contract refuses is answered 400 as the server would, and recorded as a violation.
 */
export function fakeEndpoint<E extends Endpoint>(contract: E, handler: EndpointHandler<E>, { status = 200 }: FakeEndpointOptions = {}): Record<string, Handler> {
  const handle: Handler = async (call) => {
    const sent = usesQueryPayload(contract.method) ? queryObject(call.query) : (call.body ?? {});
    const request = contract.request.safeParse(sent);
    if (!request.success) {
      contractViolations.push(`${contract.method} ${contract.path} was sent ${JSON.stringify(sent)}: ${request.error.message}`);
      return json(400, { errorCode: 'VALIDATION_FAILED', error: 'The request does not match its contract.' });
    }
    const answer = await handler(request.data as z.output<E['request']>, call);
    if (answer instanceof Response) return answer;
    const response = contract.response.safeParse(answer);
    if (!response.success) {
      contractViolations.push(`${contract.method} ${contract.path} answered ${JSON.stringify(answer)}: ${response.error.message}`);
      return json(500, { errorCode: 'INTERNAL_ERROR', error: 'The fake answer does not match its contract.' });
    }
    return json(status, answer);
  };
  return { [contract.path]: handle };
}
