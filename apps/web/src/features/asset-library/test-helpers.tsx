import {
  createFolder,
  deleteFolder,
  deleteImages,
  folderTree,
  imageDetail,
  imageList,
  moveFolder,
  moveImages,
  recycleDeleteForever,
  recycleEmpty,
  recycleList,
  recycleRestore,
  rejectedImageList,
  renameFolder,
  renameImage,
  type Folder,
  type Image,
  type Power,
  type RecycleItem,
} from '@ads/contracts';
import { vi } from 'vitest';
import { fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import ImageGalleryPage from './pages/image-gallery-page';
import RecycleBinPage from './pages/recycle-bin-page';

// Component tests of the asset library fake the network at its boundaries only: fetch (the JSON
// calls) and XMLHttpRequest (uploads, whose progress the test drives).


const NOW = '2026-03-01T10:00:00.000Z';

export const aFolder = (id: number, name: string, parentId: number | null = null): Folder => ({
  id,
  parentId,
  name,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
});

export { anImage, dialogTitled } from '../../test/fixtures';

export const aRecycleItem = (id: number, overrides: Partial<RecycleItem> = {}): RecycleItem => ({
  kind: 'image',
  id,
  name: `deleted-${id}.png`,
  deletedAt: NOW,
  deletedBy: { id: 7, name: 'Avery Advertiser' },
  originalFolderId: null,
  originalFolderName: null,
  returnsTo: [],
  daysLeft: 20,
  bytes: 4096,
  thumbnailUrl: `/api/Image/File?id=${id}&variant=thumbnail&exp=1&sig=x`,
  contains: null,
  ...overrides,
});


export const PATHS = {
  folderTree: folderTree.path,
  createFolder: createFolder.path,
  renameFolder: renameFolder.path,
  moveFolder: moveFolder.path,
  deleteFolder: deleteFolder.path,
  imageList: imageList.path,
  imageDetail: imageDetail.path,
  renameImage: renameImage.path,
  moveImages: moveImages.path,
  deleteImages: deleteImages.path,
  rejected: rejectedImageList.path,
  recycleList: recycleList.path,
  restore: recycleRestore.path,
  deleteForever: recycleDeleteForever.path,
  empty: recycleEmpty.path,
};

/** A small in-memory library answering the contracts' calls; `handle` overrides one path. */
export function fakeAssetServer({ folders = [] as Folder[], images = [] as Image[], bin = [] as RecycleItem[] } = {}) {
  return fakeFetch({
    ...fakeEndpoint(folderTree, () => ({ items: folders })),
    ...fakeEndpoint(imageList, ({ page = 1, pageSize = 50, folderId, root, search }) => {
      let items = images;
      if (folderId) items = items.filter((image) => image.folderId === folderId);
      if (root) items = items.filter((image) => image.folderId === null);
      if (search) items = items.filter((image) => image.name.includes(search));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(rejectedImageList, () => ({ items: [], total: 0, page: 1, pageSize: 20 })),
    ...fakeEndpoint(recycleList, () => ({ items: bin, total: bin.length, page: 1, pageSize: 50 })),
    ...fakeEndpoint(imageDetail, ({ id }) => {
      const image = images.find((item) => item.id === id);
      return image
        ? { ...image, folderName: null, uploadedBy: { id: 7, name: 'Avery Advertiser' }, inRecycleBin: false, reviews: [], replacements: [], usedBy: [] }
        : json(404, { errorCode: 'NOT_FOUND', error: 'Not found' });
    }),
  });
}

/** XMLHttpRequest under the test's control: each upload waits for `progress` and `respond`. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  get file(): File {
    return this.body?.get('file') as File;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }
}

/** The library's pages in a memory router, starting at `path`. */
export function renderLibrary(path = '/assetLibrary/imageGallery', { powers = ['asset.read', 'asset.write'] as Power[] } = {}) {
  return renderPages({
    routes: [
      { path: '/assetLibrary/imageGallery', element: <ImageGalleryPage /> },
      { path: '/assetLibrary/recycleBin', element: <RecycleBinPage /> },
    ],
    path,
    powers,
    user: { token: 'tok-a' },
  });
}

export { searchOf } from '../../test/render';
