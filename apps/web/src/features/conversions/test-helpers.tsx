import { conversionList, conversionTag, rotateConversionSecret, updateConversionTag, type Conversion, type ConversionTag, type Power } from '@ads/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import { ConversionTrackingButton } from './index';

// Component tests of conversion tracking: a small in-memory server answering the contracts' calls
// (the real module is written against the same contracts), holding the tag as it changes.

export const PATHS = { tag: conversionTag.path, rotate: rotateConversionSecret.path, list: conversionList.path };

export const aTag = (overrides: Partial<ConversionTag> = {}): ConversionTag => ({
  tagId: 'tagAbc123xyz',
  clickWindowDays: 30,
  viewWindowDays: 0,
  secret: 'first-secret-0123456789abcdefghijklmnop',
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const aConversion = (id: number, overrides: Partial<Conversion> = {}): Conversion => ({
  id,
  orderId: `ORDER-${id}`,
  source: 'pixel',
  at: '2026-11-20T09:00:00.000Z',
  valueMinor: 1999,
  status: 'attributed',
  reason: null,
  via: 'click',
  campaignId: 7,
  campaignName: 'Winter blend',
  clickedAt: '2026-11-19T09:00:00.000Z',
  ...overrides,
});

/** The tag and conversions as the server keeps them: versions checked, the secret rotated, lists filtered and paged. */
export function fakeConversionServer({ tag: initial = aTag(), conversions = [] as Conversion[] } = {}) {
  const tag = structuredClone(initial);
  let rotations = 0;
  const read = fakeEndpoint(conversionTag, () => tag)[conversionTag.path]!;
  const update = fakeEndpoint(updateConversionTag, ({ version, clickWindowDays, viewWindowDays = tag.viewWindowDays }) => {
    if (version !== tag.version) return json(409, { errorCode: 'STALE_VERSION', error: 'The conversion tag was changed meanwhile.' });
    return Object.assign(tag, { clickWindowDays, viewWindowDays, version: tag.version + 1 });
  })[updateConversionTag.path]!;
  const server = fakeFetch({
    // The tag is read (GET) and changed (POST) at one path.
    [conversionTag.path]: (call) => (call.method === 'GET' ? read(call) : update(call)),
    ...fakeEndpoint(rotateConversionSecret, ({ version }) => {
      if (version !== tag.version) return json(409, { errorCode: 'STALE_VERSION', error: 'The conversion tag was changed meanwhile.' });
      rotations += 1;
      return Object.assign(tag, { secret: `rotated-secret-${rotations}-0123456789abcdef`, version: tag.version + 1 });
    }),
    ...fakeEndpoint(conversionList, ({ status, page, pageSize }) => {
      const items = conversions.filter((conversion) => !status || conversion.status === status);
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
  });
  return { ...server, tag };
}

export const ADVERTISER_POWERS: Power[] = ['campaign.read', 'campaign.write'];

/** The campaign list's button alone, signed in as an advertiser with `powers`. */
export function renderButton({ powers = ADVERTISER_POWERS, accountKind = 'advertiser' as 'advertiser' | 'publisher' } = {}) {
  return renderPages({ routes: [{ path: '/campaign/list', element: <ConversionTrackingButton /> }], path: '/campaign/list', powers, user: { accountKind, currency: 'USD' } });
}

/** Opens the drawer from the button and waits for the tag to show (on the Setup tab). */
export async function openDrawer(options?: Parameters<typeof renderButton>[0]) {
  const rendered = renderButton(options);
  fireEvent.click(await screen.findByRole('button', { name: 'Conversion tracking' }));
  await screen.findByText('1. Add the tag to every page of your site');
  return rendered;
}

/** Shows one of the drawer's tabs. */
export async function showTab(name: 'Setup' | 'Settings' | 'Conversions') {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

/** A stand-in for the browser's clipboard; what was copied is read from it. */
export function fakeClipboard() {
  const copied: string[] = [];
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
  return copied;
}
