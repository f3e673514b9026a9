import { folderTree, recycleEmpty, recycleList, recycleRestore } from '@ads/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aSeries, aVideo, fakeVideoServer, PATHS, renderVideoLibrary, searchOf } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const inSeries = (id: number, position: number, name: string) => aVideo(id, { seriesId: 4, position, name });
const orderShown = () => within(screen.getByRole('list', { name: 'Order of Launch' })).getAllByRole('listitem').map((row) => row.querySelector('.series-order-name')!.textContent);

describe('Video library: URL state', () => {
  it('lists what the URL asks for, and writes series and filter changes back to it from page 1', async () => {
    const server = fakeVideoServer({
      series: [aSeries(4, 'Launch', 1)],
      videos: [aVideo(1, { name: 'teaser.mp4', seriesId: 4, position: 1 }), aVideo(2, { name: 'loose.mp4' })],
    });
    const { router } = renderVideoLibrary('/videoLibrary?series=4&q=tea&view=list&page=1');
    expect(await screen.findByRole('button', { name: 'teaser.mp4' })).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(PATHS.videoList)[0]!.query)).toMatchObject({ seriesId: '4', search: 'tea', sort: 'position', order: 'asc', page: '1' });
    expect(screen.getByRole('table')).toBeTruthy();
    // Duration, resolution, size and codec as people read them.
    const row = screen.getByRole('row', { name: /teaser\.mp4/ });
    expect(within(row).getByText('0:16')).toBeTruthy();
    expect(within(row).getByText('1920×1080')).toBeTruthy();
    expect(within(row).getByText('MP4 · H.264')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Series' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Not in a series' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ series: 'none', q: 'tea', view: 'list' }));
    await waitFor(() => expect(server.callsTo(PATHS.videoList).at(-1)!.query.get('none')).toBe('true'));

    // Back returns to the series.
    await router.navigate(-1);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ series: '4' }));
  });

  it('opens the player from the URL, and closing it removes it from the URL', async () => {
    fakeVideoServer({ videos: [aVideo(3, { name: 'hero.mp4' })] });
    const { router } = renderVideoLibrary('/videoLibrary?video=3');
    const player = await screen.findByLabelText('Video player: hero.mp4');
    expect(player.getAttribute('src')).toBe('/api/Video/File?id=3&exp=1&sig=x');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });
});

describe('Video library: the first view in plain controls', () => {
  it('filters by format and status through native selects, whose first option is “Any …”', async () => {
    const server = fakeVideoServer({ videos: [aVideo(1, { name: 'teaser.mp4' })] });
    const { router } = renderVideoLibrary('/videoLibrary');
    await screen.findByRole('checkbox', { name: 'Select teaser.mp4' });
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect((format as HTMLSelectElement).value).toBe('');
    expect(within(format).getByRole('option', { name: 'Any format' })).toBeTruthy();

    await userEvent.selectOptions(format, 'webm');
    await waitFor(() => expect(searchOf(router)).toEqual({ format: 'webm' }));
    await waitFor(() => expect(server.callsTo(PATHS.videoList).at(-1)!.query.get('format')).toBe('webm'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Review status' }), 'approved');
    await waitFor(() => expect(searchOf(router)).toEqual({ format: 'webm', status: 'approved' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name A–Z');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'name', order: 'asc' }));

    // “Any format” is no filter.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Any format');
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'approved', sort: 'name', order: 'asc' }));
  });

  it('switches the view with a radio group of icons named Grid and List', async () => {
    fakeVideoServer({ videos: [aVideo(1, { name: 'teaser.mp4' })] });
    const { router } = renderVideoLibrary('/videoLibrary');
    const view = await screen.findByRole('radiogroup', { name: 'View' });
    expect((within(view).getByRole('radio', { name: 'Grid' }) as HTMLInputElement).checked).toBe(true);
    expect(within(view).queryByRole('radio', { name: 'Arrange' })).toBeNull();
    await userEvent.click(within(view).getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ view: 'list' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('selects cards with their boxes and moves the selection to a series', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 0)], videos: [aVideo(1, { name: 'one.mp4' }), aVideo(2, { name: 'two.mp4' })] });
    server.handle(PATHS.setSeries, () => json(200, { ok: true, changed: 1 }));
    renderVideoLibrary('/videoLibrary');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select one.mp4' }));
    const bulk = screen.getByRole('region', { name: 'Selected videos' });
    expect(within(bulk).getByText('1 selected')).toBeTruthy();

    await userEvent.click(within(bulk).getByRole('button', { name: 'Move to series…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “one.mp4” to a series' });
    expect(within(dialog).getByRole('combobox', { name: 'Series' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The selection stays after a cancelled move; “Clear selection” on the page clears it.
    expect((screen.getByRole('checkbox', { name: 'Select one.mp4' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect((screen.getByRole('checkbox', { name: 'Select two.mp4' }) as HTMLInputElement).checked).toBe(true);
  });

  it('opens a series’ menu on the first press, the focus kept on its button, and renames from it', async () => {
    fakeVideoServer({ series: [aSeries(4, 'Launch', 2)] });
    renderVideoLibrary('/videoLibrary');
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Actions for series Launch' }));
    expect(await screen.findByRole('menuitem', { name: /Rename/ })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Actions for series Launch' })));
    expect(within(nav).getByRole('button', { name: 'Actions for series Launch' }).getAttribute('aria-expanded')).toBe('true');

    await userEvent.click(screen.getByRole('menuitem', { name: /Rename/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Launch”' });
    expect((within(dialog).getByLabelText('Series name') as HTMLInputElement).value).toBe('Launch');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Rename/ })).toBeNull());
  });

  it('creates a series from the panel’s button, and shows it', async () => {
    const server = fakeVideoServer();
    server.handle('/api/Series/Create', ({ body }) => json(200, aSeries(8, (body as { name: string }).name)));
    const { router } = renderVideoLibrary('/videoLibrary');
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    await userEvent.click(within(nav).getByRole('button', { name: 'New series' }));
    const dialog = await screen.findByRole('dialog', { name: 'New series' });
    await userEvent.type(within(dialog).getByLabelText('Series name'), 'Summer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ series: '8' }));
  });

  it('asks before deleting a series from its menu, then deletes it', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 2)] });
    server.handle('/api/Series/Delete', () => json(200, { ok: true, videos: 2 }));
    const { router } = renderVideoLibrary('/videoLibrary?series=4');
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Actions for series Launch' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete series/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the series “Launch”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete series' }));
    await waitFor(() => expect(server.callsTo('/api/Series/Delete').map((call) => call.body)).toEqual([{ id: 4 }]));
    // The series shown is gone: all videos.
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });
});

describe('Video library: arranging a series', () => {
  const launch = () => [inSeries(1, 1, 'one.mp4'), inSeries(2, 2, 'two.mp4'), inSeries(3, 3, 'three.mp4')];

  it('moves a video down with the keyboard-friendly buttons and saves the whole order', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 3)], videos: launch() });
    server.handle(PATHS.reorder, ({ body }) => json(200, { ok: true, videoIds: (body as { videoIds: number[] }).videoIds }));
    renderVideoLibrary('/videoLibrary?series=4&view=order');
    await screen.findByText('one.mp4');
    expect(orderShown()).toEqual(['one.mp4', 'two.mp4', 'three.mp4']);
    // The first cannot go up, the last cannot go down.
    expect((screen.getByRole('button', { name: 'Move one.mp4 up' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Move one.mp4 down' }));
    expect(orderShown()).toEqual(['two.mp4', 'one.mp4', 'three.mp4']);
    await waitFor(() => expect(server.callsTo(PATHS.reorder).map((call) => call.body)).toEqual([{ id: 4, videoIds: [2, 1, 3] }]));
    expect(screen.getByText('one.mp4 moved to position 2 of 3')).toBeTruthy();
  });

  it('reorders by drag and drop, showing the new order before the server answers', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 3)], videos: launch() });
    let answer!: () => void;
    server.handle(PATHS.reorder, ({ body }) => new Promise<Response>((resolve) => (answer = () => resolve(json(200, { ok: true, videoIds: (body as { videoIds: number[] }).videoIds })))));
    renderVideoLibrary('/videoLibrary?series=4&view=order');
    await screen.findByText('three.mp4');
    const rows = within(screen.getByRole('list', { name: 'Order of Launch' })).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    // Optimistic: the last is first at once.
    await waitFor(() => expect(orderShown()).toEqual(['three.mp4', 'one.mp4', 'two.mp4']));
    await waitFor(() => expect(server.callsTo(PATHS.reorder)).toHaveLength(1));
    expect(server.callsTo(PATHS.reorder)[0]!.body).toEqual({ id: 4, videoIds: [3, 1, 2] });
    answer();
    await waitFor(() => expect(orderShown()).toEqual(['three.mp4', 'one.mp4', 'two.mp4']));
  });

  it('puts the previous order back when the server refuses, and says why', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 3)], videos: launch() });
    server.handle(PATHS.reorder, () => json(409, { errorCode: 'SERIES_ORDER_STALE', error: 'The series changed' }));
    renderVideoLibrary('/videoLibrary?series=4&view=order');
    await screen.findByText('two.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Move three.mp4 up' }));
    expect(await screen.findByText(/The series changed meanwhile/)).toBeTruthy();
    await waitFor(() => expect(orderShown()).toEqual(['one.mp4', 'two.mp4', 'three.mp4']));
    expect(screen.getByText('The previous order was restored')).toBeTruthy();
  });
});

describe('Video library: its recycle bin', () => {
  const deleted = {
    kind: 'video',
    id: 9,
    name: 'old-cut.mp4',
    deletedAt: '2026-03-01T10:00:00.000Z',
    deletedBy: { id: 7, name: 'Avery' },
    originalFolderId: 4,
    originalFolderName: 'Launch',
    returnsTo: [{ id: 4, name: 'Launch', inRecycleBin: false }],
    daysLeft: 28,
    bytes: 2048,
    thumbnailUrl: null,
    contains: null,
  };

  it('lists the deleted videos in the library, restores one into its series and empties only videos', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 0)], videos: [aVideo(1, { name: 'live.mp4' })] });
    server.handle(recycleList.path, () => json(200, { items: [deleted], total: 1, page: 1, pageSize: 50 }));
    server.handle(recycleRestore.path, () => json(200, { ok: true, restored: [{ kind: 'video', id: 9, name: 'old-cut.mp4', folderId: 4 }] }));
    server.handle(recycleEmpty.path, () => json(200, { ok: true, folders: 0, images: 0, videos: 1 }));
    const { router } = renderVideoLibrary('/videoLibrary');

    const nav = await screen.findByRole('navigation', { name: 'Series' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Recycle bin' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ series: 'bin' }));
    const row = await screen.findByRole('row', { name: /old-cut\.mp4/ });
    expect(within(row).getByText('Launch')).toBeTruthy();
    expect(screen.getByText(/Deleted videos stay here for 30 days/)).toBeTruthy();
    // A publisher has no image folders to ask for.
    expect(server.callsTo(folderTree.path)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Restore old-cut.mp4' }));
    expect(await screen.findByText('“old-cut.mp4” is back in Launch.')).toBeTruthy();
    expect(server.callsTo(recycleRestore.path)[0]!.body).toEqual({ items: [{ kind: 'video', id: 9 }] });

    await userEvent.click(screen.getByRole('button', { name: /Empty deleted videos/ }));
    const dialog = (await screen.findByText('Delete the videos in the recycle bin?')).closest<HTMLElement>('[role=dialog]')!;
    await userEvent.type(within(dialog).getByLabelText('Type “empty” to confirm'), 'empty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 1 item forever' }));
    await waitFor(() => expect(server.callsTo(recycleEmpty.path).map((call) => call.body)).toEqual([{ kinds: ['video'] }]));

    // The restored video's series is a link away.
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ series: '4' }));
  });

  it('has no bin for one who cannot delete videos', async () => {
    const server = fakeVideoServer({ videos: [aVideo(1, { name: 'live.mp4' })] });
    const { router } = renderVideoLibrary('/videoLibrary?series=bin', { powers: ['video.read'] });
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    expect(within(nav).queryByRole('button', { name: 'Recycle bin' })).toBeNull();
    expect(server.callsTo(recycleList.path)).toHaveLength(0);
  });
});
