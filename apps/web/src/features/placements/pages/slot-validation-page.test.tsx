import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCampaign, aFit, anImage, aSlot, choose, fakeChoicesServer, PATHS, pickSegment, renderChoices, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const PAGE = '/advAdSlotManagement/validation';

const banner = aSlot(1, { name: 'Home top banner' });
const native = aSlot(2, { name: 'In-feed card', format: 'native', width: 300, height: 250, publisher: { id: 3, name: 'Northwind Games' } });
const video = aSlot(3, { name: 'Pre-roll', format: 'video', width: 640, height: 360 });

const fits = [
  aFit(11, banner, { headline: 'Big spring sale', creative: anImage(111, { width: 1600, height: 900, bytes: 212 * 1024 }), failing: ['size', 'weight'] }),
  aFit(12, native, { headline: 'Fresh roast', creative: anImage(112, { width: 600, height: 500 }) }),
  aFit(13, video, { headline: 'Coffee club', campaign: { id: 8, name: 'Loyalty' }, creative: anImage(113, { width: 640, height: 360 }), failing: ['format'] }),
];

const cardOf = (headline: string) => screen.getByRole('heading', { name: headline }).closest('article')!;
const boxOf = (card: HTMLElement) => card.querySelector<HTMLElement>('.fit-preview-box')!;

describe('Slot Validation', SLOW, () => {
  it("draws each creative in a box of the slot's proportions, and says what to fix for each failed check", async () => {
    const server = fakeChoicesServer({ fits });
    renderChoices(PAGE);
    const big = await waitFor(() => cardOf('Big spring sale'));
    expect(Object.fromEntries(server.callsTo(PATHS.fit)[0]!.query)).toEqual({ page: '1', pageSize: '10' });
    // 2 of the 3 do not fit; the summary says so.
    expect(screen.getByText('1 fits')).toBeTruthy();
    expect(screen.getByText('2 don’t fit')).toBeTruthy();

    // A leaderboard scaled down to the preview's 360 px, its proportions kept; a banner stretches its image.
    expect(boxOf(big).style.width).toBe('360px');
    expect(boxOf(big).style.aspectRatio).toBe('728 / 90');
    expect(boxOf(big).className).toContain('is-banner');
    expect(within(big).getByRole('img', { name: 'image-111.png as the slot shows it' }).getAttribute('src')).toBe('/api/Image/File?id=111&exp=1&sig=x');
    expect(within(big).getByText('Doesn’t fit')).toBeTruthy();
    expect(within(big).getByText('Campaign: Spring sale')).toBeTruthy();
    expect(within(big).getAllByRole('img', { name: 'Passed' })).toHaveLength(1);
    expect(within(big).getAllByRole('img', { name: 'Failed' })).toHaveLength(2);
    expect(within(big).getByText('Use an image of exactly 728 × 90 px (this one is 1600 × 900).')).toBeTruthy();
    expect(within(big).getByText('Use an image under 150 KB (this one is 212 KB).')).toBeTruthy();

    // A slot smaller than the preview shows at its actual size.
    const fresh = cardOf('Fresh roast');
    expect(boxOf(fresh).style.width).toBe('300px');
    expect(boxOf(fresh).style.aspectRatio).toBe('300 / 250');
    expect(within(fresh).getByText('The slot’s 300 × 250 px, actual size')).toBeTruthy();
    expect(within(fresh).getAllByRole('img', { name: 'Passed' })).toHaveLength(3);
    expect(within(fresh).queryByRole('img', { name: 'Failed' })).toBeNull();
    expect(fresh.querySelector('.fit-card-slot')!.textContent).toBe('In-feed card · Northwind Games · Fabrikam News · Native · 300 × 250');

    const club = cardOf('Coffee club');
    expect(boxOf(club).style.aspectRatio).toBe('640 / 360');
    expect(within(club).getByText('This slot shows videos; choose a video ad.')).toBeTruthy();
  });

  it('filters by fit, campaign and slot through the URL and the request', async () => {
    const server = fakeChoicesServer({ fits, campaigns: [aCampaign(7, 'Spring sale'), aCampaign(8, 'Loyalty')] });
    const { router } = renderChoices(PAGE);
    await waitFor(() => cardOf('Fresh roast'));

    await pickSegment('Fit', 'Doesn’t fit');
    await waitFor(() => expect(searchOf(router)).toEqual({ fits: 'false' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Fresh roast' })).toBeNull());
    expect(server.callsTo(PATHS.fit).at(-1)!.query.get('fits')).toBe('false');
    expect(cardOf('Big spring sale')).toBeTruthy();

    await choose('Campaign', 'Loyalty');
    await waitFor(() => expect(searchOf(router)).toEqual({ fits: 'false', campaign: '8' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Big spring sale' })).toBeNull());
    expect(Object.fromEntries(server.callsTo(PATHS.fit).at(-1)!.query)).toEqual({ fits: 'false', campaign: '8', page: '1', pageSize: '10' });
    expect(cardOf('Coffee club')).toBeTruthy();
    // The campaigns offered are those whose ads may run.
    expect(server.callsTo(PATHS.campaigns)[0]!.query.get('status')).toBe('scheduled,active,paused');

    await pickSegment('Fit', 'Fits');
    await waitFor(() => expect(searchOf(router)).toEqual({ fits: 'true', campaign: '8' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });

  it('lists one slot’s ads when the catalogue links here, and shows every slot again on request', async () => {
    const server = fakeChoicesServer({ fits });
    const { router } = renderChoices(`${PAGE}?slot=2`);
    await waitFor(() => cardOf('Fresh roast'));
    expect(server.callsTo(PATHS.fit)[0]!.query.get('slot')).toBe('2');
    expect(screen.queryByRole('heading', { name: 'Big spring sale' })).toBeNull();
    expect(screen.getByText('Slot: In-feed card')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show every slot' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() => cardOf('Big spring sale'));
  });

  it('names a campaign of the URL that is not among those offered by its number, until cleared', async () => {
    const server = fakeChoicesServer({ fits, campaigns: [aCampaign(7, 'Spring sale')] });
    const { router } = renderChoices(`${PAGE}?campaign=9`);
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(server.callsTo(PATHS.fit)[0]!.query.get('campaign')).toBe('9');
    const campaign = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campaign' });
    await waitFor(() => expect([...campaign.options].map((option) => option.textContent)).toEqual(['Any campaign', 'Spring sale', 'Campaign #9']));
    expect(campaign.selectedOptions[0]!.textContent).toBe('Campaign #9');
    await choose('Campaign', 'Any campaign');
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() => cardOf('Fresh roast'));
  });

  it('sends an advertiser without approved ads to create a campaign', async () => {
    fakeChoicesServer({ campaigns: [] });
    const { router } = renderChoices(PAGE);
    expect(await screen.findByText(/You have no approved ads yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Create a campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/create'));
  });

  it('says when no live slot is open to the ads', async () => {
    fakeChoicesServer();
    renderChoices(PAGE);
    expect(await screen.findByText(/No live slot is open to your ads yet/)).toBeTruthy();
  });
});
