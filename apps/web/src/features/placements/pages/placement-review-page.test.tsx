import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPlacement, anAd, anAdSlot, aSlotRef, DECIDER, dialogTitled, fakePlacementServer, PLACEMENT_PATHS, renderPlacementReview, searchOf } from '../components/placement-test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const HOME = aSlotRef(1, { name: 'Home top banner' });
const SIDEBAR = aSlotRef(2, { name: 'Sidebar video', format: 'video', width: 640, height: 360 });
const NORTHWIND = { id: 2, name: 'Northwind Traders' };

// Found by text: role queries over a wide table are slow under load.
const rowOf = (headline: string) => screen.getByText(headline, { selector: '.placement-headline' }).closest('tr')!;
const checkboxOf = (headline: string, slot = 'Home top banner') => within(rowOf(headline)).getByRole('checkbox', { name: `Select “${headline}” on ${slot}` });
const bulkBar = () => within(screen.getByRole('region', { name: 'Selected placements' }));
/** The list requests (the Waiting tab's count asks for one row apart). */
const listCalls = (server: ReturnType<typeof fakePlacementServer>) => server.callsTo(PLACEMENT_PATHS.list).filter((call) => call.query.get('pageSize') !== '1');
/** Chooses an option of a filter (a native select) by its label. */
const choose = async (select: string, option: string) => userEvent.selectOptions(screen.getByRole('combobox', { name: select }), option);
/** Picks a status tab (a radio whose label takes the pointer). */
const pickTab = async (tab: string) => userEvent.click(within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', { name: tab }).closest('label')!);

describe('Placement Review', SLOW, () => {
  it('lists each placement with its creative, ad, advertiser, landing page, slot, status and decision', async () => {
    const server = fakePlacementServer({
      placements: [
        aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }), createdAt: '2026-11-20T09:00:00.000Z' }),
        aPlacement(2, { slot: HOME, ad: anAd(2, { headline: 'Cold brew' }), status: 'approved', decidedAt: '2026-11-19T08:00:00.000Z', createdAt: '2026-11-19T08:00:00.000Z' }),
        aPlacement(3, {
          slot: HOME,
          advertiser: NORTHWIND,
          ad: anAd(3, { headline: 'Loud casino' }),
          status: 'rejected',
          reason: 'Gambling ads do not suit a news site.',
          decidedAt: '2026-11-18T08:00:00.000Z',
          decidedBy: DECIDER,
          createdAt: '2026-11-18T08:00:00.000Z',
        }),
        aPlacement(4, {
          slot: SIDEBAR,
          ad: anAd(4, {
            headline: 'Barista at work',
            creative: { kind: 'video', id: 9, name: 'barista.mp4', width: 640, height: 360, bytes: 900_000, previewUrl: '/poster-9.jpg', url: '/stream-9.mp4' },
          }),
          createdAt: '2026-11-17T08:00:00.000Z',
        }),
      ],
    });
    renderPlacementReview();

    const spring = within(await waitFor(() => rowOf('Spring roast'), LONG));
    // The Waiting tab carries its queue's count, part of the tab's name.
    await waitFor(() => within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', { name: /^Waiting\s*2$/ }));
    expect(spring.getByRole('button', { name: 'Show the image of “Spring roast” at its size' }).querySelector('img')!.getAttribute('src')).toBe('/api/Image/File?id=501&variant=thumbnail&exp=1&sig=x');
    expect(spring.getByText('728×90 · Image')).toBeTruthy();
    expect(spring.getByText('Fresh roasts every morning.')).toBeTruthy();
    expect(spring.getByText('Campaign: Spring coffee')).toBeTruthy();
    expect(spring.getByText('Contoso Coffee')).toBeTruthy();
    // The landing page as host and path, opening apart from the console.
    const landing = spring.getByRole('link', { name: /shop\.contoso\.test\/spring\/1/ });
    expect(landing.getAttribute('href')).toBe('https://shop.contoso.test/spring/1?utm_source=ads');
    expect(landing.getAttribute('target')).toBe('_blank');
    expect(landing.getAttribute('rel')).toBe('noopener noreferrer');
    expect(spring.getByText('shop.contoso.test/spring/1')).toBeTruthy();
    expect(spring.getByText('Home top banner')).toBeTruthy();
    expect(spring.getByText('728×90 · Banner')).toBeTruthy();
    expect(spring.getByText('Waiting for review')).toBeTruthy();
    expect(spring.getByRole('button', { name: 'Approve “Spring roast” on Home top banner' })).toBeTruthy();
    expect(spring.getByRole('button', { name: 'Reject “Spring roast” on Home top banner' })).toBeTruthy();
    // A click shows the image at its size.
    await userEvent.click(spring.getByRole('button', { name: 'Show the image of “Spring roast” at its size' }));
    const preview = await dialogTitled('Preview of “Spring roast”');
    const image = within(preview).getByRole('img', { name: 'Spring roast' });
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual(['/api/Image/File?id=501&exp=1&sig=x', '728', '90']);
    await userEvent.click(within(preview).getByRole('button', { name: 'Close' }));

    // No one decided it: the slot's auto policy did. An approved one may still be rejected.
    const cold = within(rowOf('Cold brew'));
    expect(cold.getByText('Approved')).toBeTruthy();
    expect(cold.getByText(/^Auto-approved · /)).toBeTruthy();
    expect(cold.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(cold.getByRole('button', { name: /^Reject/ })).toBeTruthy();

    const casino = within(rowOf('Loud casino'));
    expect(casino.getByText('Rejected')).toBeTruthy();
    expect(casino.getByText('Gambling ads do not suit a news site.')).toBeTruthy();
    expect(casino.getByText(/^Parker Publisher · /)).toBeTruthy();
    expect(casino.getByText('Northwind Traders')).toBeTruthy();
    expect(casino.queryByRole('button', { name: /^Reject/ })).toBeNull();

    // A video shows its poster; a click plays it.
    const video = within(rowOf('Barista at work'));
    // The creative and the slot it fits.
    expect(video.getAllByText('640×360 · Video')).toHaveLength(2);
    await userEvent.click(video.getByRole('button', { name: 'Play the video of “Barista at work”' }));
    const player = (await dialogTitled('Preview of “Barista at work”')).querySelector('video')!;
    expect(player.getAttribute('src')).toBe('/stream-9.mp4');
    expect(player.getAttribute('poster')).toBe('/poster-9.jpg');
    expect(player.hasAttribute('controls')).toBe(true);

    expect(screen.getByText('4 placements')).toBeTruthy();
    expect(Object.fromEntries(listCalls(server)[0]!.query)).toEqual({ sort: 'createdAt', order: 'desc', page: '1', pageSize: '20' });
  });

  it('applies the slot of a notification’s link on load, and writes filters, the status tab and search to the URL and the request', async () => {
    const server = fakePlacementServer({
      placements: [aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }) }), aPlacement(2, { slot: SIDEBAR, advertiser: NORTHWIND, ad: anAd(2, { headline: 'Tea time' }) })],
      slots: [anAdSlot(1, { name: 'Home top banner', status: 'live' }), anAdSlot(2, { name: 'Sidebar video', status: 'paused', width: 640, height: 360 }), anAdSlot(3, { name: 'Old draft' })],
    });
    const { router } = renderPlacementReview('?slot=2');
    await waitFor(() => rowOf('Tea time'), LONG);
    expect(screen.queryByText('Spring roast')).toBeNull();
    expect(listCalls(server)[0]!.query.get('slot')).toBe('2');
    // The slot filter offers the live and paused slots and names the one from the link.
    const slotOptions = server.callsTo(PLACEMENT_PATHS.slots)[0]!.query;
    expect(Object.fromEntries(slotOptions)).toMatchObject({ status: 'live,paused', pageSize: '200' });
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Slot' }).selectedOptions[0]!.textContent).toBe('Sidebar video · 640×360'));
    expect([...screen.getByRole<HTMLSelectElement>('combobox', { name: 'Slot' }).options].map((option) => option.textContent)).toEqual([
      'Any slot',
      'Home top banner · 728×90',
      'Sidebar video · 640×360',
    ]);

    await choose('Advertiser', 'Northwind Traders');
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '2', advertiser: '2' }));
    await waitFor(() => expect(listCalls(server).at(-1)!.query.get('advertiser')).toBe('2'));

    await pickTab('Rejected');
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '2', advertiser: '2', status: 'rejected' }));
    await waitFor(() => expect(listCalls(server).at(-1)!.query.get('status')).toBe('rejected'));
    expect(await screen.findByText('No placements match these filters.', undefined, LONG)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'rejected' }));
    expect(await screen.findByText('No rejected placements.', undefined, LONG)).toBeTruthy();

    await pickTab('All');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search placements by headline, campaign or advertiser' }), 'roast');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'roast' }));
    await waitFor(() => expect(listCalls(server).at(-1)!.query.get('search')).toBe('roast'));
    await waitFor(() => expect(screen.queryByText('Tea time')).toBeNull());
    expect(rowOf('Spring roast')).toBeTruthy();
  });

  it('approves one placement from its row; the list refreshes and says so', async () => {
    const server = fakePlacementServer({ placements: [aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }), version: 3 })] });
    renderPlacementReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve “Spring roast” on Home top banner' }, LONG));
    await waitFor(() => expect(server.callsTo(PLACEMENT_PATHS.decide)).toHaveLength(1));
    expect(server.callsTo(PLACEMENT_PATHS.decide)[0]!.body).toEqual({ decision: 'approve', items: [{ id: 1, version: 3 }] });
    expect(await screen.findByText('“Spring roast” approved on Home top banner', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Spring roast')).getByText('Approved')).toBeTruthy());
    expect(within(rowOf('Spring roast')).getByText(/^Parker Publisher · /)).toBeTruthy();
  });

  it('rejects only with a reason, which is sent for the advertiser', async () => {
    const server = fakePlacementServer({ placements: [aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }), status: 'approved', decidedAt: '2026-11-19T08:00:00.000Z', version: 2 })] });
    renderPlacementReview();
    // The publisher changes its mind about an approved one.
    await userEvent.click(await screen.findByRole('button', { name: 'Reject “Spring roast” on Home top banner' }, LONG));
    const dialog = await dialogTitled('Reject this placement');
    expect(within(dialog).getByText(/“Spring roast” will not show on Home top banner/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeTruthy();
    expect(server.callsTo(PLACEMENT_PATHS.decide)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason for the advertiser'), '  Coffee ads clash with our sponsor.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.callsTo(PLACEMENT_PATHS.decide)).toHaveLength(1));
    expect(server.callsTo(PLACEMENT_PATHS.decide)[0]!.body).toEqual({ decision: 'reject', items: [{ id: 1, version: 2 }], reason: 'Coffee ads clash with our sponsor.' });
    expect(await screen.findByText('“Spring roast” rejected; its advertiser has been told why', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Spring roast')).getByText('Coffee ads clash with our sponsor.')).toBeTruthy());
    expect(screen.queryByText('Reject this placement')).toBeNull();
  });

  it('approves the selected placements at once, leaving out those already approved', async () => {
    const server = fakePlacementServer({
      placements: [
        aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }), version: 2 }),
        aPlacement(2, { slot: HOME, ad: anAd(2, { headline: 'Cold brew' }), status: 'rejected', reason: 'Too loud.', decidedAt: '2026-11-19T08:00:00.000Z', decidedBy: DECIDER }),
        aPlacement(3, { slot: HOME, ad: anAd(3, { headline: 'Decaf' }), status: 'approved', decidedAt: '2026-11-19T08:00:00.000Z' }),
      ],
    });
    renderPlacementReview();
    await waitFor(() => rowOf('Spring roast'), LONG);
    await userEvent.click(checkboxOf('Spring roast'));
    await userEvent.click(checkboxOf('Cold brew'));
    await userEvent.click(checkboxOf('Decaf'));
    expect(bulkBar().getByText('3 selected')).toBeTruthy();
    expect(bulkBar().getByRole('button', { name: /Reject 2…/ })).toBeTruthy();
    await userEvent.click(bulkBar().getByRole('button', { name: /Approve 2/ }));

    await waitFor(() => expect(server.callsTo(PLACEMENT_PATHS.decide)).toHaveLength(1));
    expect(server.callsTo(PLACEMENT_PATHS.decide)[0]!.body).toEqual({
      decision: 'approve',
      items: [
        { id: 1, version: 2 },
        { id: 2, version: 1 },
      ],
    });
    expect(await screen.findByText('2 placements approved', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected placements' })).toBeNull());
    expect(within(rowOf('Cold brew')).getByText('Approved')).toBeTruthy();
  });

  it('says the list changed when a placement was decided meanwhile, decides nothing and refreshes', async () => {
    const server = fakePlacementServer({
      placements: [aPlacement(1, { slot: HOME, ad: anAd(1, { headline: 'Spring roast' }) }), aPlacement(2, { slot: HOME, ad: anAd(2, { headline: 'Cold brew' }) })],
    });
    renderPlacementReview();
    await waitFor(() => rowOf('Spring roast'), LONG);
    // Another tab rejects one of them after the list was read.
    Object.assign(server.placements[1]!, { status: 'rejected', reason: 'Decided elsewhere.', decidedAt: '2026-11-20T09:30:00.000Z', decidedBy: DECIDER, version: 2 });
    await userEvent.click(checkboxOf('Spring roast'));
    await userEvent.click(checkboxOf('Cold brew'));
    const before = listCalls(server).length;
    await userEvent.click(bulkBar().getByRole('button', { name: /Approve 2/ }));

    expect(
      await screen.findByText(
        'Some of these placements changed since the list was loaded, so nothing was decided. The list now shows them as they are: check them and decide again.',
        undefined,
        LONG,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(before));
    await waitFor(() => expect(within(rowOf('Cold brew')).getByText('Decided elsewhere.')).toBeTruthy());
    // All or none, and never sent again over the other decision.
    expect(server.callsTo(PLACEMENT_PATHS.decide)).toHaveLength(1);
    expect(within(rowOf('Spring roast')).getByText('Waiting for review')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected placements' })).toBeNull();
  });

  it('tells an empty account where placements come from', async () => {
    fakePlacementServer();
    renderPlacementReview();
    expect(
      await screen.findByText('No ads would show on your slots yet. Placements appear when approved campaigns target your live slots.', undefined, LONG),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).toBeNull();
  });
});
