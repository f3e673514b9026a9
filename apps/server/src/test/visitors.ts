import { AD_REQUEST_PATH, CLICK_ID_PARAM, type AdAnswer } from '@ads/contracts';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A desktop browser's User-Agent: a visitor, not a bot. */
export const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/**
 * Visitors of a slot through the public routes, as delivery sees them: `hit` asks for a URL,
 * `click` has an ad requested, shown and clicked and answers the click id its landing page was
 * given. Each click comes from an address of its own (clicks past a per-address rate are invalid).
 * The app and the slot are read at each call (tests make them in beforeAll).
 */
export const visitorsOf = (app: () => TestApp, slot: () => { tagKey: string }, size: { width: number; height: number }) => {
  let visitors = 0;
  const hit = (url: string, ua = BROWSER, remoteAddress = '192.0.2.1') => app().app.inject({ method: 'GET', url, headers: { 'user-agent': ua }, remoteAddress });
  const click = async (opts: { ua?: string; impression?: boolean } = {}) => {
    const res = await app().app.inject({
      method: 'GET',
      url: `${AD_REQUEST_PATH}?slot=${slot().tagKey}&w=${size.width}&h=${size.height}&f=banner`,
      headers: { origin: 'https://www.news.fabrikam.example', 'user-agent': opts.ua ?? BROWSER },
    });
    const ad = (res.json() as AdAnswer).ad!;
    const address = `198.51.100.${++visitors}`;
    if (opts.impression !== false) await hit(ad.impressionUrl, opts.ua, address);
    const redirect = await hit(ad.clickUrl, opts.ua, address);
    expect(redirect.statusCode).toBe(302);
    return new URL(String(redirect.headers.location)).searchParams.get(CLICK_ID_PARAM)!;
  };
  return { hit, click };
};
