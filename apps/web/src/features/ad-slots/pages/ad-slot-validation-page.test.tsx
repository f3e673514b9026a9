import { pauseAdSlot, validateAdSlot, type AdSlotCheck } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPages } from '../../../test/render';
import { aSlot, fakeSlotServer, PATHS } from '../components/test-helpers';
import AdSlotValidationPage from './ad-slot-validation-page';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const passing: AdSlotCheck[] = [
  { key: 'tagSeen', passed: true, observed: '2026-11-20T09:00:00.000Z' },
  { key: 'domain', passed: true, observed: 'www.news.fabrikam.test' },
  { key: 'sizeFormat', passed: true, observed: '728x90 banner' },
];

const render = () =>
  renderPages({
    routes: [{ path: '/adSlotManagement/validation', element: <AdSlotValidationPage /> }],
    path: '/adSlotManagement/validation',
    powers: ['adslot.read', 'adslot.write'],
    user: { role: 'Publisher', accountKind: 'publisher', accountId: 2, accountName: 'Fabrikam News', email: 'publisher@demo.test', currency: 'USD' },
  });
const cardOf = (name: string) => screen.getByRole('heading', { name: new RegExp(name) }).closest('section')!;

describe('Ad Slot Validation', () => {
  it("lists approved, live and paused slots with their tags; Validate now takes one live and says so", SLOW, async () => {
    const server = fakeSlotServer({
      slots: [aSlot(1, { name: 'Top banner', status: 'approved', tagKey: 'k-top' }), aSlot(2, { name: 'Old draft' })],
    });
    server.answer(validateAdSlot, ({ id, version }) => {
      const slot = server.slots.find((s) => s.id === id)!;
      expect(version).toBe(slot.version);
      Object.assign(slot, { status: 'live', checks: passing, checkedAt: '2026-11-20T10:00:00.000Z', liveAt: '2026-11-20T10:00:00.000Z', version: slot.version + 1 });
      return { ...slot, reviews: [] };
    });
    render();

    await screen.findByRole('heading', { name: /Top banner/ });
    expect(server.callsTo(PATHS.list)[0]!.query.get('status')).toBe('approved,live,paused');
    const card = cardOf('Top banner');
    // The site's tag names the slot by its key, at its size and format, from this console's address.
    const snippet = within(card).getByLabelText('Tag').textContent!;
    expect(snippet).toContain('data-slot="k-top"');
    expect(snippet).toContain('data-width="728" data-height="90" data-format="banner"');
    expect(snippet).toContain(`${window.location.origin}/serve/tag.js`);
    expect(within(card).getByText(/Not validated yet/)).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: /Validate now/ }));
    expect(await screen.findByText('“Top banner” is live')).toBeTruthy();
    expect(server.callsTo(validateAdSlot.path)[0]!.body).toEqual({ id: 1, version: 1 });
    await waitFor(() => expect(within(cardOf('Top banner')).getAllByRole('img', { name: 'Passed' })).toHaveLength(3));
    expect(within(cardOf('Top banner')).getByText('Called from www.news.fabrikam.test (declared news.fabrikam.test)')).toBeTruthy();
  });

  it('shows each failed check with what to fix, and pauses a live slot', SLOW, async () => {
    const server = fakeSlotServer({
      slots: [
        aSlot(3, {
          name: 'Side rectangle',
          status: 'live',
          checks: [passing[0]!, { key: 'domain', passed: false, observed: 'copycat.example' }, passing[2]!],
          checkedAt: '2026-11-20T10:00:00.000Z',
        }),
      ],
    });
    server.answer(pauseAdSlot, ({ id }) => {
      const slot = server.slots.find((s) => s.id === id)!;
      Object.assign(slot, { status: 'paused', version: slot.version + 1 });
      return { ...slot, reviews: [] };
    });
    render();
    await screen.findByRole('heading', { name: /Side rectangle/ });
    const card = cardOf('Side rectangle');
    expect(within(card).getAllByRole('img', { name: 'Failed' })).toHaveLength(1);
    expect(within(card).getByText('Put the tag on news.fabrikam.test itself, or correct the slot’s site.')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: /Pause/ }));
    expect(await screen.findByText('“Side rectangle” paused')).toBeTruthy();
    await waitFor(() => expect(within(cardOf('Side rectangle')).getByRole('button', { name: /Resume/ })).toBeTruthy());
  });
});
