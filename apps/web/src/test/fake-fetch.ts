import { vi } from 'vitest';

// Component tests fake the network at the fetch boundary only: a feature's small in-memory server
// answers the contracts' calls by path, and every call is recorded.

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
  };
}
