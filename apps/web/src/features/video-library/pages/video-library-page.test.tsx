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
