// Answers to GET calls started by route-preload.js before the app ran (app/router/early-calls.ts).
// Each is taken once, by the first request for the same URL, and only while it is fresh: a page
// opened later asks the server again.

export const EARLY_CALLS_GLOBAL = '__adsEarlyCalls';
const FRESH_MS = 10_000;

export interface EarlyCall {
  startedAt: number;
  /** The session's token it was sent with. */
  token: string;
  response: Promise<Response>;
}

export function takeEarlyCall(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const calls = (window as unknown as Record<string, Record<string, EarlyCall> | undefined>)[EARLY_CALLS_GLOBAL];
  const call = calls?.[url];
  if (!call) return undefined;
  delete calls[url];
  return call.token === token && now - call.startedAt < FRESH_MS ? call.response : undefined;
}
