import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aHealthRow, anAd, anAdSlot, aSlotRef, fakePlacementServer, PLACEMENT_PATHS, renderPlacementHealth, searchOf } from '../components/placement-test-helpers';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const HOME = aSlotRef(1, { name: 'Home top banner' });
const rowOf = (headline: string) => screen.getByText(headline, { selector: '.placement-headline' }).closest('tr')!;
/** A figure of the summary strip by its title. */
const figure = (title: string) => screen.getByText(title, { selector: '.kit-statistic-title' }).closest('li')!.querySelector('.kit-statistic-content')!.textContent;

describe('Placement Validation', SLOW, () => {
  it('shows the last 24 hours: the summary, each placement’s figures and the flags with what they mean', async () => {
    const server = fakePlacementServer({
      health: [
        aHealthRow(1, { slot: HOME, ad: anAd(1, { headline: 'Steady seller' }), impressions: 1200, clicks: 12, ctr: 0.01, slotCtr: 0.0095 }),
        aHealthRow(2, { slot: HOME, ad: anAd(2, { headline: 'Click magnet' }), impressions: 500, clicks: 40, ctr: 0.08, slotCtr: 0.0095, flag: 'ctrHigh' }),
        aHealthRow(3, { slot: HOME, ad: anAd(3, { headline: 'Never shown' }), slotCtr: 0.0095, flag: 'notServed' }),
        aHealthRow(4, { slot: HOME, ad: anAd(4, { headline: 'Just started' }), impressions: 50, clicks: 1, ctr: 0.02, slotCtr: 0.0095 }),
      ],
    });
    renderPlacementHealth();

    await waitFor(() => rowOf('Steady seller'), LONG);
    expect(figure('Live placements')).toBe('4');
    expect(figure('Served in 24 h')).toBe('3');
    expect(figure('Flagged')).toBe('2');
    expect(figure('Impressions in 24 h')).toBe('1,750');
    expect(figure('Clicks in 24 h')).toBe('53');
    expect(screen.getByText(/The figures are the impressions and clicks ad delivery recorded/)).toBeTruthy();

    const steady = within(rowOf('Steady seller'));
    expect(steady.getByText('Campaign: Spring coffee')).toBeTruthy();
    expect(steady.getByText('Contoso Coffee')).toBeTruthy();
    expect(steady.getByText('Home top banner')).toBeTruthy();
    expect(steady.getByText('1,200')).toBeTruthy();
    expect(steady.getByText('1.00%')).toBeTruthy();
    expect(steady.getByText('0.95%')).toBeTruthy();
    expect(steady.getByText('Normal')).toBeTruthy();

    const magnet = within(rowOf('Click magnet'));
    expect(magnet.getByText('8.00%')).toBeTruthy();
    expect(magnet.getByText('CTR too high')).toBeTruthy();
    expect(magnet.getByText('Click-through rate over 3× the slot’s median (possible invalid clicks)')).toBeTruthy();

    const never = within(rowOf('Never shown'));
    expect(never.getByText('Not served')).toBeTruthy();
    expect(never.getByText('No impressions in the last 24 hours')).toBeTruthy();
    // No impressions, no rate.
    expect(never.getByText('—')).toBeTruthy();

    // Too few impressions say nothing about a rate.
    expect(within(rowOf('Just started')).getByText('Under 100 impressions: too few to judge the click-through rate')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(PLACEMENT_PATHS.health)[0]!.query)).toEqual({ page: '1', pageSize: '20' });
  });

  it('filters by the slot of the URL and by “Flagged only”, in the URL and the request', async () => {
    const server = fakePlacementServer({
      health: [
        aHealthRow(1, { slot: HOME, ad: anAd(1, { headline: 'Steady seller' }), impressions: 1200, clicks: 12, ctr: 0.01, slotCtr: 0.01 }),
        aHealthRow(2, { slot: aSlotRef(2, { name: 'Sidebar' }), ad: anAd(2, { headline: 'Elsewhere' }) }),
      ],
      slots: [anAdSlot(1, { name: 'Home top banner', status: 'live' }), anAdSlot(2, { name: 'Sidebar', status: 'live' })],
    });
    const { router } = renderPlacementHealth('?slot=1');
    await waitFor(() => rowOf('Steady seller'), LONG);
    expect(screen.queryByText('Elsewhere')).toBeNull();
    expect(server.callsTo(PLACEMENT_PATHS.health)[0]!.query.get('slot')).toBe('1');

    await userEvent.click(screen.getByRole('switch', { name: 'Flagged only' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '1', flagged: 'true' }));
    await waitFor(() => expect(server.callsTo(PLACEMENT_PATHS.health).at(-1)!.query.get('flagged')).toBe('true'));
    expect(await screen.findByText('No live placements match these filters.', undefined, LONG)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() => rowOf('Elsewhere'), LONG);
  });

  it('reads zeros and says so honestly while there are no live placements', async () => {
    fakePlacementServer();
    renderPlacementHealth();
    expect(await screen.findByText('No live placements yet. Once you approve placements on your live slots, their last 24 hours show here.', undefined, LONG)).toBeTruthy();
    for (const title of ['Live placements', 'Served in 24 h', 'Flagged', 'Impressions in 24 h', 'Clicks in 24 h']) expect(figure(title)).toBe('0');
    expect(document.querySelector('.placement-health-table')).toBeNull();
  });
});
