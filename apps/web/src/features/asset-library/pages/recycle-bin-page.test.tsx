import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../shared/i18n/translate';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { searchOf } from '../../../test/render';
import { aFolder, aRecycleItem, dialogTitled, fakeAssetServer, PATHS, renderLibrary } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const BIN = [
  aRecycleItem(1, { name: 'hero.png', originalFolderId: 4, originalFolderName: 'Spring', returnsTo: [{ id: 4, name: 'Spring', inRecycleBin: false }], daysLeft: 2 }),
  aRecycleItem(2, { name: 'side.png', daysLeft: 29 }),
  aRecycleItem(3, { kind: 'folder', name: 'Old campaign', bytes: null, thumbnailUrl: null, contains: { folders: 1, images: 6 }, originalFolderId: 9, originalFolderName: null }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('Recycle bin', () => {
  it('lists each item with where it was, who deleted it and the days left (warning when 3 or fewer)', async () => {
    fakeAssetServer({ bin: BIN });
    renderLibrary('/assetLibrary/recycleBin');
    expect(await screen.findByText(/Deleted items stay here for 30 days/)).toBeTruthy();
    const hero = within(await waitFor(() => rowOf('hero.png')));
    expect(hero.getByText('Spring')).toBeTruthy();
    expect(hero.getByText('by Avery Advertiser')).toBeTruthy();
    expect(hero.getByText('2 days').classList.contains('is-soon')).toBe(true);
    expect(within(rowOf('side.png')).getByText('29 days').classList.contains('is-soon')).toBe(false);
    const folder = within(rowOf('Old campaign'));
    expect(folder.getByText('1 folder, 6 images')).toBeTruthy();
    // Its folder is gone for good: it goes back to the root.
    expect(folder.getByText(/folder gone/)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toBeTruthy();
  });

  it('counts contents with plurals, in both languages', async () => {
    fakeAssetServer({
      bin: [
        aRecycleItem(5, { kind: 'folder', name: 'One each', bytes: null, thumbnailUrl: null, contains: { folders: 1, images: 1 } }),
        aRecycleItem(6, { kind: 'folder', name: 'Nothing inside', bytes: null, thumbnailUrl: null, contains: { folders: 0, images: 0 } }),
        aRecycleItem(7, { kind: 'folder', name: 'Many', bytes: null, thumbnailUrl: null, contains: { folders: 2, images: 0 } }),
      ],
    });
    renderLibrary('/assetLibrary/recycleBin');
    expect(within(await waitFor(() => rowOf('One each'))).getByText('1 folder, 1 image')).toBeTruthy();
    expect(within(rowOf('Nothing inside')).getByText('Empty folder')).toBeTruthy();
    expect(within(rowOf('Many')).getByText('2 folders, 0 images')).toBeTruthy();
    const zh = i18n.getFixedT('zh-CN');
    const folders = zh('recycleBin.containsFolders', { count: 1 });
    expect(zh('recycleBin.contains', { folders, images: zh('recycleBin.containsImages', { count: 3 }) })).toBe('1 个文件夹，3 张图片');
    // No space between the words and the folder's name in Chinese.
    expect(zh('assetLibrary.upload.drop', { folder: '根目录' })).toBe('将图片拖到这里或点击选择，将上传到根目录');
  });

  it('shows where an image whose folder is in the bin returns, and that the folder comes back with it', async () => {
    fakeAssetServer({
      bin: [
        aRecycleItem(8, {
          name: 'alone.png',
          originalFolderId: 12,
          originalFolderName: 'Week 1',
          returnsTo: [
            { id: 11, name: 'Season', inRecycleBin: true },
            { id: 12, name: 'Week 1', inRecycleBin: true },
          ],
        }),
      ],
    });
    renderLibrary('/assetLibrary/recycleBin');
    const row = within(await waitFor(() => rowOf('alone.png')));
    expect(row.getByText(/Season \/ Week 1/)).toBeTruthy();
    expect(row.getByText('(2 folders restored with it)')).toBeTruthy();
    expect(row.queryByText(/folder gone/)).toBeNull();
  });

  it('deletes forever only after a second, explicit confirmation naming the count', async () => {
    const server = fakeAssetServer({ bin: BIN });
    server.handle(PATHS.deleteForever, () => json(200, { ok: true, folders: 0, images: 2, videos: 0 }));
    renderLibrary('/assetLibrary/recycleBin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select hero.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select side.png' }));
    const bulk = screen.getByRole('region', { name: 'Selected items' });
    await user.click(within(bulk).getByRole('button', { name: /Delete forever/ }));

    const dialog = await dialogTitled('Delete 2 items forever?');
    expect(server.callsTo(PATHS.deleteForever)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    expect(server.callsTo(PATHS.deleteForever)).toHaveLength(0);

    await user.click(within(bulk).getByRole('button', { name: /Delete forever/ }));
    const again = await dialogTitled('Delete 2 items forever?');
    const ok = within(again).getByRole('button', { name: 'Delete 2 items forever' });
    expect(ok.className).toContain('ant-btn-dangerous');
    await user.click(ok);
    await waitFor(() => expect(server.callsTo(PATHS.deleteForever)).toHaveLength(1));
    expect(server.callsTo(PATHS.deleteForever)[0]!.body).toEqual({
      items: [
        { kind: 'image', id: 1 },
        { kind: 'image', id: 2 },
      ],
    });
  });

  it('empties the bin only once the confirmation word is typed', async () => {
    const server = fakeAssetServer({ bin: BIN });
    server.handle(PATHS.empty, () => json(200, { ok: true, folders: 1, images: 2, videos: 0 }));
    renderLibrary('/assetLibrary/recycleBin');
    const user = userEvent.setup();
    await screen.findByText('hero.png');
    await user.click(screen.getByRole('button', { name: /Empty recycle bin/ }));
    const dialog = await dialogTitled('Empty the recycle bin?');
    const ok = within(dialog).getByRole('button', { name: 'Delete all 3 items forever' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type “empty” to confirm'), 'emp');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type “empty” to confirm'), 'ty');
    expect((ok as HTMLButtonElement).disabled).toBe(false);
    await user.click(ok);
    await waitFor(() => expect(server.callsTo(PATHS.empty)).toHaveLength(1));
    expect(await screen.findByText('Recycle bin emptied (3 items)')).toBeTruthy();
  });

  it('restores and tells where each item went (a clash got a suffix; a gone folder means the root)', async () => {
    const server = fakeAssetServer({ bin: BIN, folders: [aFolder(4, 'Spring')] });
    server.handle(PATHS.restore, () =>
      json(200, {
        ok: true,
        restored: [
          { kind: 'image', id: 1, name: 'hero (1).png', folderId: 4 },
          { kind: 'folder', id: 3, name: 'Old campaign', folderId: null },
        ],
      }),
    );
    renderLibrary('/assetLibrary/recycleBin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select hero.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Old campaign' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected items' })).getByRole('button', { name: /Restore/ }));
    expect(await screen.findByText('“hero (1).png” is back in Spring.')).toBeTruthy();
    expect(screen.getByText('“Old campaign” is back in Root.')).toBeTruthy();
    expect(server.callsTo(PATHS.restore)[0]!.body).toEqual({
      items: [
        { kind: 'image', id: 1 },
        { kind: 'folder', id: 3 },
      ],
    });
  });
});

describe('Recycle bin table', () => {
  it('selects the whole page from the header checkbox, which shows a partial selection', async () => {
    fakeAssetServer({ bin: BIN });
    renderLibrary('/assetLibrary/recycleBin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select hero.png' }));
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all on this page' });
    expect([all.checked, all.indeterminate]).toEqual([false, true]);
    await user.click(all);
    expect([all.checked, all.indeterminate]).toEqual([true, false]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Old campaign' }).checked).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Selected items' })).getByText('3 selected')).toBeTruthy();
    await user.click(all);
    expect(screen.queryByRole('region', { name: 'Selected items' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select hero.png' }).checked).toBe(false);
  });

  it('says when the bin is empty, under the header, in a scroll container the keyboard reaches', async () => {
    fakeAssetServer({ bin: [] });
    renderLibrary('/assetLibrary/recycleBin');
    expect(await screen.findByText('The recycle bin is empty')).toBeTruthy();
    const scroller = screen.getByRole('group', { name: 'Items in the recycle bin' });
    expect(scroller.tabIndex).toBe(0);
    expect(within(scroller).getByRole('columnheader', { name: 'Days left' })).toBeTruthy();
    expect(within(scroller).getByRole<HTMLInputElement>('checkbox', { name: 'Select all on this page' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Empty recycle bin/ }).disabled).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('pages through a bin of more than 50 items, the page in the URL', async () => {
    const server = fakeAssetServer({ bin: BIN });
    server.handle(PATHS.recycleList, (call) => json(200, { items: BIN, total: 120, page: Number(call.query.get('page')), pageSize: 50 }));
    const { router } = renderLibrary('/assetLibrary/recycleBin');
    const pages = within(await screen.findByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(pages.getByRole<HTMLButtonElement>('button', { name: 'Previous Page' }).disabled).toBe(true);
    await userEvent.click(pages.getByRole('button', { name: '3' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ page: '3' }));
    await waitFor(() => expect(server.callsTo(PATHS.recycleList).at(-1)!.query.get('page')).toBe('3'));
    expect(pages.getByRole<HTMLButtonElement>('button', { name: 'Next Page' }).disabled).toBe(true);
    await userEvent.click(pages.getByRole('button', { name: 'Previous Page' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ page: '2' }));
  });

  it('goes back to the last page there is once the rows of the page shown are gone', async () => {
    const server = fakeAssetServer({ bin: BIN });
    // Three pages were listed; page 3 was emptied (restored elsewhere): 100 items, 2 pages, remain.
    server.handle(PATHS.recycleList, (call) => {
      const page = Number(call.query.get('page') ?? 1);
      return json(200, { items: page > 2 ? [] : BIN, total: 100, page, pageSize: 50 });
    });
    const { router } = renderLibrary('/assetLibrary/recycleBin?page=3');
    await waitFor(() => expect(searchOf(router)).toEqual({ page: '2' }));
    await waitFor(() => rowOf('hero.png'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('Recycle bin of a caller who keeps videos only (a publisher)', () => {
  it('shows no kind filter and names each video’s series, or that it had none', async () => {
    fakeAssetServer({
      bin: [
        aRecycleItem(7, { kind: 'video', name: 'bulletin.webm', originalFolderId: 3, originalFolderName: 'Evening news' }),
        aRecycleItem(8, { kind: 'video', name: 'outtake.webm', originalFolderId: null, originalFolderName: null }),
      ],
    });
    renderLibrary('/assetLibrary/recycleBin', { powers: ['video.read', 'video.write'] });
    expect(within(await waitFor(() => rowOf('bulletin.webm'))).getByText('Evening news')).toBeTruthy();
    expect(within(rowOf('outtake.webm')).getByText('Not in a series')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Kind' })).toBeNull();
    expect(screen.getByRole('button', { name: /Empty deleted videos/ })).toBeTruthy();
  });
});
