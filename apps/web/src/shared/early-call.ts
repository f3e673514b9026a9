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

/**
 * The early answer for `url`, if route-preload.js started one with this token less than 10 s ago.
 * Asked before route-preload.js ran (an async script, which a busy line can delay past the app's
 * first calls), the URL is marked as asked, so that the script does not send it a second time.
 */
export function takeEarlyCall(url: string, token: string | null, now = Date.now(), sincePageStart = performance.now()): Promise<Response> | undefined {
  const global = window as unknown as Record<string, Record<string, EarlyCall | true> | undefined>;
  const calls = (global[EARLY_CALLS_GLOBAL] ??= {});
  const call = calls[url];
  if (!call) {
    // Only while the script may still come: later marks would only pile up.
    if (sincePageStart < FRESH_MS) calls[url] = true;
    return undefined;
  }
  delete calls[url];
  return call !== true && call.token === token && now - call.startedAt < FRESH_MS ? call.response : undefined;
}
