import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aSlot, dialogTitled, fakeSlotServer, formItem, PATHS, renderSlots, searchOf } from '../components/test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A wide antd table, drawers and a long form: a few seconds each when the whole suite runs at once.
const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

// Found by text and class: role queries over a wide table are slow under load.
const rowOf = (name: string) => screen.getByText(name, { selector: '.list-name-link span' }).closest('tr')!;
const menuOf = async (name: string) => {
  await userEvent.click(rowOf(name).querySelector<HTMLElement>(`[aria-label="More actions for ${name}"]`)!);
  return waitFor(() => {
    const menu = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role=menu]')].at(-1);
    if (!menu) throw new Error('no open menu');
    return menu;
  });
};
const menuLabels = async (name: string) => {
  const labels = [...(await menuOf(name)).querySelectorAll('[role=menuitem]')].map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return labels;
};
/** Chooses an option of an antd select by its title. */
const choose = async (input: HTMLElement, title: string) => {
  await userEvent.click(input);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  await userEvent.click(option);
};
/** Picks a radio button (antd draws its label; the input itself takes no pointer). */
const pick = async (form: HTMLElement, name: string | RegExp) => userEvent.click(within(form).getByRole('radio', { name }).closest('label')!);
/** A button by its text alone (its icon has a name of its own). */
const button = (form: HTMLElement, text: string) => [...form.querySelectorAll<HTMLButtonElement>('button')].find((element) => element.textContent?.trim() === text)!;
const openNewForm = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /New ad slot/ }));
  return dialogTitled('New ad slot');
};

/** Fills the form with a website banner slot. */
async function fillBanner(form: HTMLElement, { code }: { code?: string } = {}) {
  const field = within(form);
  await userEvent.type(field.getByLabelText('Site name'), 'Fabrikam News');
  await userEvent.type(field.getByLabelText('Domain'), 'News.Fabrikam.test');
  await userEvent.type(field.getByLabelText('Slot name'), 'Home top banner');
  if (code !== undefined) {
    await userEvent.clear(field.getByLabelText('Code'));
    await userEvent.type(field.getByLabelText('Code'), code);
  }
  await choose(field.getByLabelText('Position'), 'Header');
  await choose(field.getByLabelText('Size'), '728×90 · Leaderboard');
  await userEvent.type(field.getByLabelText('Floor CPM (USD)'), '1.5');
}

describe('Ad slots (publisher)', SLOW, () => {
  it('lists each slot with its site, format, size, position, floor in its currency, placement review and status', async () => {
    const server = fakeSlotServer({
      slots: [
        aSlot(1, { name: 'Home top banner', code: 'home-top', status: 'live', floorCpmMinor: 250 }),
        aSlot(2, { name: 'In-app video', platform: 'app', propertyName: 'Fabrikam for Android', propertyId: 'com.fabrikam.news', format: 'video', width: 640, height: 360, position: 'interstitial', currency: 'JPY', floorCpmMinor: 300, placementPolicy: 'auto', status: 'rejected' }),
      ],
    });
    renderSlots();
    const home = within(await waitFor(() => rowOf('Home top banner')));
    expect(home.getByText('home-top')).toBeTruthy();
    expect(home.getByText('Fabrikam News')).toBeTruthy();
    expect(home.getByText('news.fabrikam.test')).toBeTruthy();
    expect(home.getByRole('img', { name: 'Website' })).toBeTruthy();
    expect(home.getByText('Banner')).toBeTruthy();
    expect(home.getByText('728×90')).toBeTruthy();
    expect(home.getByText('Header')).toBeTruthy();
    expect(home.getByText('$2.50')).toBeTruthy();
    expect(home.getByText('Manual review')).toBeTruthy();
    expect(home.getByText('Live')).toBeTruthy();
    const video = within(rowOf('In-app video'));
    expect(video.getByText('com.fabrikam.news')).toBeTruthy();
    expect(video.getByRole('img', { name: 'App' })).toBeTruthy();
    expect(video.getByText('640×360')).toBeTruthy();
    expect(video.getByText('Interstitial')).toBeTruthy();
    // Yen have no minor unit: 300 minor units are ¥300.
    expect(video.getByText('¥300')).toBeTruthy();
    expect(video.getByText('Auto')).toBeTruthy();
    expect(video.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('2 ad slots')).toBeTruthy();
    // Publishers see no publisher column.
    expect(screen.queryByText('Publisher', { selector: 'th, th *' })).toBeNull();
    expect(Object.fromEntries(server.callsTo(PATHS.list)[0]!.query)).toEqual({ sort: 'updatedAt', order: 'desc', page: '1', pageSize: '20' });
  });

  it('reads search, filters, sort, page and the open slot from the URL, and writes changes back', async () => {
    const slots = Array.from({ length: 25 }, (_, index) => aSlot(index + 1, { name: `Home slot ${index + 1}`, status: index % 2 ? 'draft' : 'rejected' }));
    const server = fakeSlotServer({ slots });
    const { router } = renderSlots('?q=home&status=draft,rejected&format=banner&sort=name&order=asc&page=2&slot=3');
    await screen.findByRole('button', { name: 'Home slot 25' });
    expect(Object.fromEntries(server.callsTo(PATHS.list)[0]!.query)).toEqual({
      sort: 'name',
      order: 'asc',
      page: '2',
      pageSize: '20',
      search: 'home',
      status: 'draft,rejected',
      format: 'banner',
    });
    // The drawer of ?slot=3 is open; closing it leaves the rest of the URL.
    const drawer = await dialogTitled('Home slot 3');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'home', status: 'draft,rejected', format: 'banner', sort: 'name', order: 'asc', page: '2' }));

    // A column's sort asks the server and goes back to page 1.
    await userEvent.click(screen.getAllByText('Floor CPM').find((element) => element.closest('th'))!);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'floorCpmMinor' }));
    expect(searchOf(router).page).toBeUndefined();
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('sort')).toBe('floorCpmMinor'));

    // The format filter (a native select).
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Video');
    await waitFor(() => expect(searchOf(router).format).toBe('video'));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('format')).toBe('video'));
    expect(await screen.findByText('No ad slots match these filters.', undefined, LONG)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'floorCpmMinor', order: 'asc' }));

    // A name opens its drawer.
    await userEvent.click(await screen.findByRole('button', { name: 'Home slot 7' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'floorCpmMinor', order: 'asc', slot: '7' }));
  });

  it('opens a slot’s drawer from its row on the first click, though the drawer loads then', async () => {
    fakeSlotServer({ slots: [aSlot(1, { name: 'Alpha', status: 'rejected', reviewReason: 'Too wide.' })] });
    const { router } = renderSlots();
    // Nothing of the drawer is there before a slot is opened.
    await screen.findByRole('button', { name: 'Alpha' });
    expect(document.querySelector('.slot-drawer')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Alpha' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '1' }));
    const drawer = await dialogTitled('Alpha');
    expect(await within(drawer).findByText('Too wide.', undefined, LONG)).toBeTruthy();
  });

  it('filters by several statuses with the status field', async () => {
    const server = fakeSlotServer({ slots: [aSlot(1, { name: 'Alpha' }), aSlot(2, { name: 'Beta', status: 'live' })] });
    const { router } = renderSlots();
    await screen.findByRole('button', { name: 'Alpha' });
    await userEvent.click(screen.getByRole('button', { name: 'Status: Any status' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Live' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'live' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('status')).toBe('live'));
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
  });

  it('searches by name, code or site after a pause', async () => {
    const server = fakeSlotServer({ slots: [aSlot(1, { name: 'Alpha' }), aSlot(2, { name: 'Beta', code: 'sidebar-right' })] });
    const { router } = renderSlots();
    await screen.findByRole('button', { name: 'Alpha' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search ad slots by name, code, domain or bundle id' }), 'sidebar');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'sidebar' }));
    await waitFor(() => expect(server.callsTo(PATHS.list).at(-1)!.query.get('search')).toBe('sidebar'));
    await waitFor(() => expect(screen.queryByText('Alpha')).toBeNull());
  });

  it('offers edit and submit for drafts and rejected slots, delete for drafts only', async () => {
    fakeSlotServer({
      slots: [
        aSlot(1, { name: 'A draft' }),
        aSlot(2, { name: 'A rejected one', status: 'rejected' }),
        aSlot(3, { name: 'Waiting', status: 'pending_review' }),
        aSlot(4, { name: 'Running', status: 'live' }),
      ],
    });
    renderSlots();
    await screen.findByRole('button', { name: 'A draft' });
    expect(await menuLabels('A draft')).toEqual(['View details', 'Edit', 'Submit for review', 'Delete draft']);
    expect(await menuLabels('A rejected one')).toEqual(['View details', 'Edit', 'Submit for review']);
    expect(await menuLabels('Waiting')).toEqual(['View details']);
    expect(await menuLabels('Running')).toEqual(['View details']);
  });

  it('creates a slot: the form sends the contract’s form, then shows the new draft', async () => {
    const server = fakeSlotServer();
    const { router } = renderSlots();
    expect(await screen.findByText(/No ad slots yet/, undefined, LONG)).toBeTruthy();
    const form = await openNewForm();
    const field = within(form);
    // An app: the labels and the example follow the platform.
    await pick(form, 'App');
    expect(field.getByLabelText('Bundle id').getAttribute('placeholder')).toBe('com.example.news');
    await userEvent.type(field.getByLabelText('App name'), 'Fabrikam for Android');
    await userEvent.type(field.getByLabelText('Bundle id'), ' Com.Fabrikam.News ');
    await userEvent.type(field.getByLabelText('Slot name'), 'Between articles');
    // The code follows the name until one is typed.
    expect((field.getByLabelText('Code') as HTMLInputElement).value).toBe('between-articles');
    await choose(field.getByLabelText('Position'), 'In content');
    await pick(form, 'Video');
    await choose(field.getByLabelText('Size'), 'Custom size…');
    await userEvent.type(await field.findByLabelText('Width'), '480');
    await userEvent.type(field.getByLabelText('Height'), '270');
    await userEvent.type(field.getByLabelText('Floor CPM (USD)'), '3.25');
    await pick(form, /Auto/);
    await userEvent.click(button(form, 'Save'));

    await waitFor(() => expect(server.callsTo(PATHS.save)).toHaveLength(1));
    expect(server.callsTo(PATHS.save)[0]!.body).toEqual({
      platform: 'app',
      propertyName: 'Fabrikam for Android',
      propertyId: 'com.fabrikam.news',
      name: 'Between articles',
      code: 'between-articles',
      position: 'in_content',
      format: 'video',
      width: 480,
      height: 270,
      floorCpmMinor: 325,
      placementPolicy: 'auto',
    });
    expect(server.callsTo(PATHS.submit)).toHaveLength(0);
    expect(await screen.findByText('“Between articles” saved', undefined, LONG)).toBeTruthy();
    // The new draft's drawer, and its row.
    await waitFor(() => expect(searchOf(router)).toEqual({ slot: '100' }));
    const drawer = await dialogTitled('Between articles');
    expect(await within(drawer).findByText('Draft: not sent for review yet.')).toBeTruthy();
    expect(within(drawer).getByText('480×270 px')).toBeTruthy();
    expect(within(drawer).getByText('$3.25')).toBeTruthy();
    expect(within(drawer).getByText('Auto: ads are approved at once')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Between articles' })).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    const server = fakeSlotServer();
    renderSlots();
    const form = await openNewForm();
    const field = within(form);
    await userEvent.type(field.getByLabelText('Domain'), 'not a domain');
    await pick(form, 'Video');
    await choose(field.getByLabelText('Size'), '160×600 · Wide skyscraper');
    await userEvent.click(button(form, 'Save'));
    expect(await within(formItem(form, 'Site name')).findByText('Please name the site or app.')).toBeTruthy();
    expect(within(formItem(form, 'Domain')).getByText('Please enter a domain like news.example.com.')).toBeTruthy();
    expect(within(formItem(form, 'Slot name')).getByText('Please name the ad slot.')).toBeTruthy();
    expect(within(formItem(form, 'Code')).getByText('Please enter a code.')).toBeTruthy();
    expect(within(formItem(form, 'Position')).getByText('Please choose where the slot is.')).toBeTruthy();
    expect(within(formItem(form, 'Size')).getByText('A video slot is at least 200 pixels wide.')).toBeTruthy();
    expect(within(formItem(form, 'Floor CPM (USD)')).getByText('Please enter the floor (0 for none).')).toBeTruthy();
    expect(server.callsTo(PATHS.save)).toHaveLength(0);
  });

  it('shows the server’s field error under its field, keeps what was typed, then saves and submits', async () => {
    const server = fakeSlotServer({ slots: [aSlot(1, { name: 'Existing', code: 'home-top' })] });
    renderSlots();
    await screen.findByRole('button', { name: 'Existing' });
    const form = await openNewForm();
    await fillBanner(form, { code: 'home-top' });
    await userEvent.click(within(form).getByRole('button', { name: /Save and submit/ }));
    expect(await within(formItem(form, 'Code')).findByText('Another of your ad slots has this code.', undefined, LONG)).toBeTruthy();
    expect(server.callsTo(PATHS.submit)).toHaveLength(0);
    expect((within(form).getByLabelText('Site name') as HTMLInputElement).value).toBe('Fabrikam News');

    // Another code: saved, then sent for review.
    await userEvent.clear(within(form).getByLabelText('Code'));
    await userEvent.type(within(form).getByLabelText('Code'), 'home-top-2');
    await waitFor(() => expect(within(formItem(form, 'Code')).queryByText('Another of your ad slots has this code.')).toBeNull());
    await userEvent.click(within(form).getByRole('button', { name: /Save and submit/ }));
    await waitFor(() => expect(server.callsTo(PATHS.submit)).toHaveLength(1));
    expect(server.callsTo(PATHS.save).at(-1)!.body).toEqual({
      platform: 'site',
      propertyName: 'Fabrikam News',
      propertyId: 'news.fabrikam.test',
      name: 'Home top banner',
      code: 'home-top-2',
      position: 'header',
      format: 'banner',
      width: 728,
      height: 90,
      floorCpmMinor: 150,
      placementPolicy: 'manual',
    });
    expect(server.callsTo(PATHS.submit)[0]!.body).toEqual({ id: 100, version: 1 });
    expect(await screen.findByText('“Home top banner” was sent for review', undefined, LONG)).toBeTruthy();
  });

  it('says a slot changed meanwhile, keeps the edit, and saves it over the new version when asked', async () => {
    const rejected = aSlot(5, { name: 'Sidebar', status: 'rejected', reviewReason: 'The floor is far above the market.', version: 3, position: 'sidebar', width: 300, height: 600, floorCpmMinor: 9_000 });
    const server = fakeSlotServer({ slots: [rejected] });
    renderSlots('?slot=5');
    const drawer = await dialogTitled('Sidebar');
    // The reason is up front, with the way to fix it.
    expect(await within(drawer).findByText('The floor is far above the market.')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: /Edit/ }));
    const form = await dialogTitled('Edit “Sidebar”');
    expect(within(formItem(form, 'Size')).getByText('300×600 · Half page')).toBeTruthy();
    const floor = within(form).getByLabelText('Floor CPM (USD)') as HTMLInputElement;
    expect(floor.value).toBe('90.00');
    // Someone saves the slot in another tab meanwhile.
    server.slots[0]!.version = 4;
    await userEvent.clear(floor);
    await userEvent.type(floor, '4');
    await userEvent.click(button(form, 'Save'));
    expect(await within(form).findByText('This ad slot was changed elsewhere while you were editing it', undefined, LONG)).toBeTruthy();
    expect(floor.value).toBe('4.00');
    expect(server.callsTo(PATHS.save).at(-1)!.body).toMatchObject({ id: 5, version: 3 });

    await userEvent.click(button(form, 'Save'));
    await waitFor(() => expect(server.callsTo(PATHS.save)).toHaveLength(2));
    expect(server.callsTo(PATHS.save)[1]!.body).toMatchObject({ id: 5, version: 4, floorCpmMinor: 400 });
    expect(await screen.findByText('“Sidebar” saved', undefined, LONG)).toBeTruthy();
  });

  it('says a slot can no longer be edited when its state changed, and keeps what was typed', async () => {
    const server = fakeSlotServer({ slots: [aSlot(6, { name: 'Footer strip', position: 'footer' })] });
    server.handle(PATHS.save, () => json(409, { errorCode: 'AD_SLOT_STATE', error: 'Only a draft or a rejected ad slot can be edited.', status: 'pending_review' }));
    renderSlots();
    await screen.findByRole('button', { name: 'Footer strip' }, LONG);
    await userEvent.click(await within(await menuOf('Footer strip')).findByText('Edit'));
    const form = await dialogTitled('Edit “Footer strip”');
    await userEvent.type(within(form).getByLabelText('Slot name'), ' v2');
    await userEvent.click(button(form, 'Save'));
    expect(await within(form).findByText('This ad slot is now “In review” and can no longer be edited', undefined, LONG)).toBeTruthy();
    expect((within(form).getByLabelText('Slot name') as HTMLInputElement).value).toBe('Footer strip v2');
    expect(button(form, 'Save').disabled).toBe(true);
  });

  it('submits a draft from its row', async () => {
    const server = fakeSlotServer({ slots: [aSlot(1, { name: 'Ready one', version: 2 })] });
    renderSlots();
    await screen.findByRole('button', { name: 'Ready one' });
    await userEvent.click(within(await menuOf('Ready one')).getByText('Submit for review'));
    await waitFor(() => expect(server.callsTo(PATHS.submit)).toHaveLength(1));
    expect(server.callsTo(PATHS.submit)[0]!.body).toEqual({ id: 1, version: 2 });
    expect(await screen.findByText('“Ready one” was sent for review', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(within(rowOf('Ready one')).getByText('In review')).toBeTruthy());
  });

  it('deletes a draft only after a confirmation', async () => {
    const server = fakeSlotServer({ slots: [aSlot(1, { name: 'Old idea', version: 4 })] });
    renderSlots();
    await screen.findByRole('button', { name: 'Old idea' });
    await userEvent.click(within(await menuOf('Old idea')).getByText('Delete draft'));
    const dialog = await dialogTitled('Delete the draft “Old idea”?');
    expect(server.callsTo(PATHS.remove)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(server.callsTo(PATHS.remove)).toHaveLength(1));
    expect(server.callsTo(PATHS.remove)[0]!.body).toEqual({ id: 1, version: 4 });
    expect(await screen.findByText('Draft “Old idea” deleted', undefined, LONG)).toBeTruthy();
  });

  it('shows the review history, newest first, with who and why', async () => {
    fakeSlotServer({
      slots: [aSlot(3, { name: 'Sidebar', status: 'rejected', reviewReason: 'Wrong size.' })],
      reviews: {
        3: [
          { id: 1, action: 'submitted', actor: { id: 7, name: 'Parker Publisher' }, reason: null, at: '2026-11-20T09:00:00.000Z' },
          { id: 2, action: 'rejected', actor: { id: 9, name: 'Sam Staff' }, reason: 'Wrong size.', at: '2026-11-21T09:00:00.000Z' },
        ],
      },
    });
    renderSlots('?slot=3');
    const drawer = await dialogTitled('Sidebar');
    const history = within(await within(drawer).findByRole('region', { name: 'Review history' }));
    expect(history.getByText('by Sam Staff')).toBeTruthy();
    expect(history.getByText('by Parker Publisher')).toBeTruthy();
    expect(history.getByText('Wrong size.')).toBeTruthy();
    const entries = history.getAllByText(/^(Submitted|Rejected)$/).map((tag) => tag.textContent);
    expect(entries).toEqual(['Rejected', 'Submitted']);
  });

  it('offers nothing that writes to a reader', async () => {
    fakeSlotServer({ slots: [aSlot(1, { name: 'A draft' })] });
    renderSlots('', { powers: ['adslot.read'] });
    await screen.findByRole('button', { name: 'A draft' });
    expect(await menuLabels('A draft')).toEqual(['View details']);
    expect(screen.queryByRole('button', { name: /New ad slot/ })).toBeNull();
  });
});
