import { IMAGE_UPLOAD_PATH } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aFolder, anImage, dialogTitled, FakeXhr, fakeAssetServer, PATHS, renderLibrary, searchOf } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const dropZoneInput = () => document.querySelector<HTMLInputElement>('.upload-dropzone input[type=file]')!;

describe('Image gallery: folders', () => {
  it('shows All images and Root, then the folders as a tree', async () => {
    fakeAssetServer({ folders: [aFolder(1, 'Winter'), aFolder(2, 'Banners', 1), aFolder(3, 'Brand')] });
    renderLibrary();
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await within(nav).findByRole('button', { name: 'Banners' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(labels.filter((label) => !label?.startsWith('Actions') && !label?.startsWith('New') && !label?.startsWith('Collapse'))).toEqual([
      'All images',
      'Root',
      'Brand',
      'Winter',
      'Banners',
    ]);
    await userEvent.click(within(nav).getByRole('button', { name: 'Collapse Winter' }));
    expect(within(nav).queryByRole('button', { name: 'Banners' })).toBeNull();
  });
});

describe('Image gallery: folder actions', () => {
  it('opens a folder’s menu on its button, keeping the focus there, and renames the folder', async () => {
    const server = fakeAssetServer({ folders: [aFolder(1, 'Winter')] });
    server.handle(PATHS.renameFolder, () => json(200, { ...aFolder(1, 'Winter 2026'), version: 2 }));
    renderLibrary();
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await user.click(await within(nav).findByRole('button', { name: 'Actions for folder Winter' }));
    const rename = await screen.findByRole('menuitem', { name: /Rename/ });
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Actions for folder Winter' }));
    expect(screen.getByRole('menuitem', { name: /New subfolder/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Move to/ })).toBeTruthy();

    await user.click(rename);
    const dialog = await dialogTitled('Rename “Winter”');
    const name = within(dialog).getByRole('textbox', { name: 'Folder name' });
    await user.clear(name);
    await user.type(name, 'Winter 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PATHS.renameFolder)).toHaveLength(1));
    expect(server.callsTo(PATHS.renameFolder)[0]!.body).toEqual({ id: 1, version: 1, name: 'Winter 2026' });
    expect(await screen.findByText('Folder renamed')).toBeTruthy();
  });

  it('deletes a folder from its menu only once confirmed, then shows all images', async () => {
    const server = fakeAssetServer({ folders: [aFolder(1, 'Winter')] });
    server.handle(PATHS.deleteFolder, () => json(200, { ok: true, folders: 1, images: 2 }));
    const { router } = renderLibrary('/assetLibrary/imageGallery?folder=1');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await user.click(await within(nav).findByRole('button', { name: 'Actions for folder Winter' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const confirm = await dialogTitled('Delete the folder “Winter”?');
    expect(server.callsTo(PATHS.deleteFolder)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /Move to recycle bin/ }));
    await waitFor(() => expect(server.callsTo(PATHS.deleteFolder)).toHaveLength(1));
    expect(server.callsTo(PATHS.deleteFolder)[0]!.body).toEqual({ id: 1 });
    expect(await screen.findByText('“Winter” and 2 images moved to the recycle bin')).toBeTruthy();
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });
});

describe('Image gallery: URL state', () => {
  it('lists what the URL asks for, and writes filter changes back to it from page 1', async () => {
    const server = fakeAssetServer({ folders: [aFolder(4, 'Spring')], images: [anImage(1, { folderId: 4, name: 'spring-hero.png' })] });
    const { router } = renderLibrary('/assetLibrary/imageGallery?folder=4&q=spring&view=list&page=1');
    expect(await screen.findByRole('button', { name: 'spring-hero.png' })).toBeTruthy();
    const [first] = server.callsTo(PATHS.imageList);
    expect(Object.fromEntries(first!.query)).toMatchObject({ folderId: '4', search: 'spring', sort: 'createdAt', order: 'desc', page: '1' });
    // The list view is a table.
    expect(screen.getByRole('table')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Root' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ folder: 'root', q: 'spring', view: 'list' }));
    await waitFor(() => expect(server.callsTo(PATHS.imageList).at(-1)!.query.get('root')).toBe('true'));

    // Back returns to the folder.
    await router.navigate(-1);
    await waitFor(() => expect(searchOf(router)).toMatchObject({ folder: '4' }));
  });

  it('filters by format, size and status (“Any …” clears one), sorts, and switches the view and the tab', async () => {
    const server = fakeAssetServer({ images: [anImage(1, { name: 'hero.png' })] });
    const { router } = renderLibrary();
    await screen.findByText('hero.png');
    const user = userEvent.setup();
    const format = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Format' });
    expect(format.value).toBe('');
    expect(within(format).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any format', 'JPG', 'PNG', 'GIF', 'WEBP']);
    await user.selectOptions(format, 'PNG');
    await user.selectOptions(screen.getByRole('combobox', { name: 'File size' }), 'Over 1 MB');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Review status' }), 'Approved');
    await waitFor(() => expect(searchOf(router)).toEqual({ format: 'png', size: 'large', status: 'approved' }));
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo(PATHS.imageList).at(-1)!.query)).toMatchObject({ format: 'png', reviewStatus: 'approved', minBytes: String(1024 * 1024) }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Any format');
    await waitFor(() => expect(searchOf(router)).toEqual({ size: 'large', status: 'approved' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name A–Z');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ sort: 'name', order: 'asc' }));

    const view = screen.getByRole('radiogroup', { name: 'View' });
    expect(within(view).getByRole('radio', { name: 'Grid' })).toHaveProperty('checked', true);
    await user.click(within(view).getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ view: 'list' }));

    await user.click(within(screen.getByRole('radiogroup', { name: 'Sections' })).getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ tab: 'rejected' }));
    expect(await screen.findByRole('heading', { name: 'Rejected images' })).toBeTruthy();
  });

  it('searches after a pause, replacing the URL entry', async () => {
    const server = fakeAssetServer({ images: [anImage(1, { name: 'alpha.png' }), anImage(2, { name: 'beta.png' })] });
    const { router } = renderLibrary();
    await screen.findByText('alpha.png');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search images by name' }), 'beta');
    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'beta' }));
    await waitFor(() => expect(screen.queryByText('alpha.png')).toBeNull());
    expect(server.callsTo(PATHS.imageList).at(-1)!.query.get('search')).toBe('beta');
  });
});

describe('Image gallery: upload', () => {
  it('gives each file its row with progress, then done, duplicate (with Show existing) or the error', async () => {
    FakeXhr.install();
    fakeAssetServer({ folders: [aFolder(5, 'Drops')], images: [anImage(40, { name: 'old.png', folderId: 5 })] });
    const { router } = renderLibrary('/assetLibrary/imageGallery?folder=5');
    await screen.findByText('old.png');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(dropZoneInput(), [png('a.png'), png('b.png'), png('c.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);

    // The text file never leaves the browser; three uploads go to the open folder, with the token.
    const list = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect(FakeXhr.sent.map((xhr) => xhr.url)).toEqual(Array(3).fill(`${IMAGE_UPLOAD_PATH}?folderId=5`));
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('Bearer tok-a');
    expect(within(list).getByText(/Not an allowed image type/)).toBeTruthy();

    const [a, b, c] = FakeXhr.sent.map((xhr) => xhr.file.name);
    const row = (name: string) => list.querySelector<HTMLElement>(`li:has([title="${name}"])`)!;
    FakeXhr.sent[0]!.progress(50, 100);
    await waitFor(() => expect(within(row(a!)).getByRole('progressbar', { name: `Upload progress of ${a}` }).getAttribute('aria-valuenow')).toBe('50'));
    expect(within(row(a!)).getByText('Uploading 50%')).toBeTruthy();

    FakeXhr.sent[0]!.respond(201, anImage(41, { name: a!, folderId: 5 }));
    FakeXhr.sent[1]!.respond(409, {
      errorCode: 'IMAGE_DUPLICATE',
      error: 'This image is already in your library.',
      existing: { id: 40, name: 'old.png', folderId: 5, inRecycleBin: false },
    });
    FakeXhr.sent[2]!.respond(400, { errorCode: 'IMAGE_UNREADABLE', error: 'The file could not be read.' });

    await waitFor(() => expect(row(a!).dataset.status).toBe('done'));
    expect(within(row(a!)).getByText('Uploaded')).toBeTruthy();
    expect(row(b!).dataset.status).toBe('duplicate');
    expect(within(row(b!)).getByText('Already in the library as “old.png”')).toBeTruthy();
    expect(within(row(c!)).getByText('The file could not be read as an image')).toBeTruthy();
    expect(within(list).getByText('1 of 4 uploaded')).toBeTruthy();

    // Show existing opens the image already there.
    await user.click(within(row(b!)).getByRole('button', { name: 'Show existing' }));
    await waitFor(() => expect(searchOf(router)).toMatchObject({ folder: '5', image: '40' }));
    expect(await dialogTitled('old.png')).toBeTruthy();
  });

  it('sends a duplicate found in the recycle bin to the bin', async () => {
    FakeXhr.install();
    fakeAssetServer();
    const { router } = renderLibrary();
    await screen.findByText(/Your image library is empty/);
    await userEvent.upload(dropZoneInput(), [png('again.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe(IMAGE_UPLOAD_PATH);
    FakeXhr.sent[0]!.respond(409, {
      errorCode: 'IMAGE_DUPLICATE',
      error: 'Duplicate',
      existing: { id: 3, name: 'gone.png', folderId: null, inRecycleBin: true },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open recycle bin' }));
    expect(router.state.location.pathname).toBe('/assetLibrary/recycleBin');
  });
});

describe('Image gallery: delete', () => {
  it('warns with the ads using an image and deletes only when the user confirms', async () => {
    const server = fakeAssetServer({ images: [anImage(1, { name: 'hero.png' }), anImage(2, { name: 'side.png' })] });
    let attempts = 0;
    server.handle(PATHS.deleteImages, ({ body }) => {
      attempts += 1;
      return (body as { confirmInUse: boolean }).confirmInUse
        ? json(200, { ok: true, changed: 2 })
        : json(409, {
            errorCode: 'IMAGE_IN_USE',
            error: 'In use',
            uses: [{ kind: 'ad', id: 8, name: 'Spring hero ad', status: 'live', campaignName: 'Spring Blend Launch' }],
          });
    });
    renderLibrary();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select hero.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select side.png' }));
    const bulk = screen.getByRole('region', { name: 'Selected items' });
    expect(within(bulk).getByText('2 selected')).toBeTruthy();
    await user.click(within(bulk).getByRole('button', { name: /Delete/ }));

    const first = await dialogTitled('Delete 2 images?');
    await user.click(within(first).getByRole('button', { name: /Move to recycle bin/ }));
    const warning = await dialogTitled('Some of the 2 images are used in ads');
    expect(within(warning).getByText('Spring hero ad')).toBeTruthy();
    expect(within(warning).getByText(/Spring Blend Launch/)).toBeTruthy();
    expect(attempts).toBe(1);

    await user.click(within(warning).getByRole('button', { name: /Delete all 2 anyway/ }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(server.callsTo(PATHS.deleteImages).map((call) => call.body)).toEqual([
      { ids: [1, 2], confirmInUse: false },
      { ids: [1, 2], confirmInUse: true },
    ]);
    expect(await screen.findByText('2 images moved to the recycle bin')).toBeTruthy();
  });

  it('deletes nothing when the in-use warning is cancelled', async () => {
    const server = fakeAssetServer({ images: [anImage(1, { name: 'hero.png' })] });
    server.handle(PATHS.deleteImages, () =>
      json(409, { errorCode: 'IMAGE_IN_USE', error: 'In use', uses: [{ kind: 'ad', id: 8, name: 'Hero ad', status: 'draft', campaignName: null }] }),
    );
    renderLibrary();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for hero.png' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    await user.click(within(await dialogTitled('Delete “hero.png”?')).getByRole('button', { name: /Move to recycle bin/ }));
    const warning = await dialogTitled('“hero.png” is used in ads');
    await user.click(within(warning).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByText('“hero.png” is used in ads')).toBeNull());
    expect(server.callsTo(PATHS.deleteImages)).toHaveLength(1);
  });
});

describe('Image gallery: move', () => {
  it('moves the selected images to the folder chosen, then clears the selection', async () => {
    const server = fakeAssetServer({ folders: [aFolder(1, 'Winter')], images: [anImage(1, { name: 'hero.png' }), anImage(2, { name: 'side.png' })] });
    server.handle(PATHS.moveImages, () => json(200, { ok: true, changed: 2 }));
    renderLibrary();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select hero.png' }));
    await user.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select side.png' })).toHaveProperty('checked', true);
    await user.click(within(screen.getByRole('region', { name: 'Selected items' })).getByRole('button', { name: /Move to/ }));

    const dialog = await dialogTitled('Move 2 images');
    expect((within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Destination folder' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-tree [title="Winter"]')!));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(server.callsTo(PATHS.moveImages)).toHaveLength(1));
    expect(server.callsTo(PATHS.moveImages)[0]!.body).toEqual({ ids: [1, 2], folderId: 1 });
    expect(await screen.findByText('2 images moved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected items' })).toBeNull());
  });
});

describe('Image gallery: rename', () => {
  it('renames from the row menu, sending the version it read', async () => {
    const server = fakeAssetServer({ images: [anImage(1, { name: 'hero.png' })] });
    server.handle(PATHS.renameImage, () => json(200, anImage(1, { name: 'hero-2024.png', version: 2 })));
    renderLibrary();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for hero.png' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const dialog = await dialogTitled('Rename “hero.png”');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'hero-2024.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PATHS.renameImage)).toHaveLength(1));
    expect(server.callsTo(PATHS.renameImage)[0]!.body).toEqual({ id: 1, version: 1, name: 'hero-2024.png' });
    await waitFor(() => expect(screen.queryByText('Rename “hero.png”')).toBeNull());
  });
});
