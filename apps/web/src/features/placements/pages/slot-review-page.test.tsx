import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSlot, choose, dialogTitled, disapproval, fakeChoicesServer, menuOf, PATHS, pickSegment, renderChoices, rowOf, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table and dialogs: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const PAGE = '/advAdSlotManagement/review';
const checkboxOf = (name: string) => within(rowOf(name)).getByRole('checkbox', { name: `Select ${name}` });

describe('Slot Review (the catalogue)', SLOW, () => {
  it('lists live slots with publisher, site or app, format, size, position, floor in the slot’s currency, placements and state', async () => {
    const server = fakeChoicesServer({
      slots: [
        aSlot(1, { name: 'Home top banner', placements: 3 }),
        aSlot(2, {
          name: 'In-app video',
          publisher: { id: 3, name: 'Northwind Games' },
          platform: 'app',
          propertyName: 'Northwind Puzzles',
          propertyId: 'com.northwind.puzzles',
          position: 'interstitial',
          format: 'video',
          width: 640,
          height: 360,
          currency: 'JPY',
          floorCpmMinor: 300,
          disapproval: disapproval('Gambling-adjacent content'),
        }),
      ],
    });
    renderChoices(PAGE);
    const home = within(await waitFor(() => rowOf('Home top banner')));
    expect(home.getByText('Fabrikam News', { selector: '.choice-small' })).toBeTruthy();
    expect(home.getByText('news.fabrikam.test')).toBeTruthy();
    expect(home.getByRole('img', { name: 'Website' })).toBeTruthy();
    expect(home.getByText('Banner')).toBeTruthy();
    expect(home.getByText('728 × 90')).toBeTruthy();
    expect(home.getByText('Header')).toBeTruthy();
    expect(home.getByText('$2.50')).toBeTruthy();
    expect(home.getByText('3')).toBeTruthy();
    expect(home.getByText('Allowed')).toBeTruthy();

    const video = within(rowOf('In-app video'));
    expect(video.getByText('Northwind Games')).toBeTruthy();
    expect(video.getByRole('img', { name: 'App' })).toBeTruthy();
    expect(video.getByText('com.northwind.puzzles')).toBeTruthy();
    expect(video.getByText('640 × 360')).toBeTruthy();
    expect(video.getByText('Interstitial')).toBeTruthy();
    // The publisher's currency: yen have no minor unit.
    expect(video.getByText('¥300')).toBeTruthy();
    expect(video.getByText('Disapproved')).toBeTruthy();
    expect(video.getByText('Gambling-adjacent content')).toBeTruthy();
    expect(video.getByText(/^By Avery · /)).toBeTruthy();

    expect(screen.getByText('Disapproving a slot keeps all of your ads off it; approving it lets your approved ads that fit run there.')).toBeTruthy();
    expect(screen.getByText('2 slots')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(PATHS.catalogue)[0]!.query)).toEqual({ sort: 'name', order: 'asc', page: '1', pageSize: '20' });
  });

  it('reads search, filters, sort and page from the URL, and writes changes back to it and the request', async () => {
    const slots = Array.from({ length: 25 }, (_, index) => aSlot(index + 1, { name: `News slot ${String(index + 1).padStart(2, '0')}`, floorCpmMinor: 100 + index }));
    const server = fakeChoicesServer({ slots });
    const { router } = renderChoices(`${PAGE}?q=news&format=banner&size=728x90&state=allowed&sort=floorCpmMinor&order=desc&page=2`);
    await waitFor(() => rowOf('News slot 05'));
    expect(Object.fromEntries(server.callsTo(PATHS.catalogue)[0]!.query)).toEqual({
      sort: 'floorCpmMinor',
      order: 'desc',
      page: '2',
      pageSize: '20',
      search: 'news',
      format: 'banner',
      size: '728x90',
      state: 'allowed',
    });

    // The state: back to page 1.
    await pickSegment('State', 'Disapproved');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'news', format: 'banner', size: '728x90', state: 'disapproved', sort: 'floorCpmMinor', order: 'desc' }));
    await waitFor(() => expect(server.callsTo(PATHS.catalogue).at(-1)!.query.get('state')).toBe('disapproved'));
    expect(await screen.findByText('No live slots match these filters.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'floorCpmMinor', order: 'desc' }));

    // A column's sort, then the size.
    await userEvent.click(await waitFor(() => screen.getAllByText('Your placements').find((element) => element.closest('th'))!));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'placements' }));
    await waitFor(() => expect(server.callsTo(PATHS.catalogue).at(-1)!.query.get('sort')).toBe('placements'));
    await choose('Size', '300 × 250');
    await waitFor(() => expect(searchOf(router)).toEqual({ size: '300x250', sort: 'placements' }));
    await waitFor(() => expect(server.callsTo(PATHS.catalogue).at(-1)!.query.get('size')).toBe('300x250'));
  });

  it('disapproves one slot only with a reason, then shows it disapproved', async () => {
    const server = fakeChoicesServer({ slots: [aSlot(1, { name: 'Home top banner' }), aSlot(2, { name: 'Sidebar' })] });
    renderChoices(PAGE);
    await waitFor(() => rowOf('Home top banner'));
    await userEvent.click(within(await menuOf('Home top banner')).getByText('Disapprove…'));
    const dialog = await dialogTitled('Disapprove “Home top banner”?');
    const ok = within(dialog).getByRole('button', { name: 'Disapprove' });
    await userEvent.click(ok);
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    expect(server.callsTo(PATHS.disapprove)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), '  Next to user comments we cannot vet ');
    await userEvent.click(ok);
    await waitFor(() => expect(server.callsTo(PATHS.disapprove)).toHaveLength(1));
    expect(server.callsTo(PATHS.disapprove)[0]!.body).toEqual({ slotIds: [1], reason: 'Next to user comments we cannot vet' });
    expect(await screen.findByText('“Home top banner” disapproved: none of your ads will show there')).toBeTruthy();
    // The list is asked again and shows the decision.
    await waitFor(() => expect(within(rowOf('Home top banner')).getByText('Next to user comments we cannot vet')).toBeTruthy());
    expect(within(rowOf('Sidebar')).getByText('Allowed')).toBeTruthy();
  });

  it('approves a selection of disapproved slots at once from the bulk bar', async () => {
    const server = fakeChoicesServer({
      slots: [aSlot(1, { name: 'Alpha', disapproval: disapproval('Too close to news') }), aSlot(2, { name: 'Beta', disapproval: disapproval('Low quality') }), aSlot(3, { name: 'Gamma' })],
    });
    renderChoices(PAGE);
    await waitFor(() => rowOf('Alpha'));
    await userEvent.click(checkboxOf('Alpha'));
    await userEvent.click(checkboxOf('Beta'));
    const bar = within(screen.getByRole('region', { name: 'Selected slots' }));
    expect(bar.getByText('2 selected')).toBeTruthy();
    // Both are disapproved already: only Approve applies.
    expect((bar.getByRole('button', { name: /Disapprove selected/ }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(bar.getByRole('button', { name: /Approve selected/ }));
    await waitFor(() => expect(server.callsTo(PATHS.restore)).toHaveLength(1));
    expect(server.callsTo(PATHS.restore)[0]!.body).toEqual({ slotIds: [1, 2] });
    expect(await screen.findByText('2 slots approved: your approved ads that fit can run there')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Beta')).getByText('Allowed')).toBeTruthy());
    expect(within(rowOf('Alpha')).getByText('Allowed')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Selected slots' })).toBeNull();
  });

  it('offers a reader no decisions, only the way to the fit of its ads on a slot', async () => {
    fakeChoicesServer({ slots: [aSlot(4, { name: 'Footer strip' })] });
    const { router } = renderChoices(PAGE, { powers: ['campaign.read'] });
    await waitFor(() => rowOf('Footer strip'));
    expect(within(rowOf('Footer strip')).queryByRole('checkbox')).toBeNull();
    const menu = await menuOf('Footer strip');
    expect([...menu.querySelectorAll('[role=menuitem]')].map((item) => item.textContent)).toEqual(['Which of my ads fit']);
    await userEvent.click(within(menu).getByText('Which of my ads fit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/advAdSlotManagement/validation'));
    expect(searchOf(router)).toEqual({ slot: '4' });
  });
});
