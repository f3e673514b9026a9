import { deleteVideos, reorderSeries, seriesList, setVideoSeries, videoDetail, videoList, type Power, type Series, type Video } from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import VideoLibraryPage from './pages/video-library-page';

export { searchOf } from '../../test/render';

// Component tests of the video library fake the network at the fetch boundary only: a small
// in-memory library answers the contracts' calls and records what it was sent.


const NOW = '2026-03-01T10:00:00.000Z';

export const aSeries = (id: number, name: string, videoCount = 0): Series => ({ id, name, videoCount, publishedAt: null, pendingContentRequestId: null, version: 1, createdAt: NOW, updatedAt: NOW });

export const aVideo = (id: number, overrides: Partial<Video> = {}): Video => ({
  id,
  accountId: 1,
  seriesId: null,
  position: null,
  name: `clip-${id}.mp4`,
  format: 'mp4',
  mime: 'video/mp4',
  codec: 'avc1.64001f',
  width: 1920,
  height: 1080,
  durationMs: 15_000 + id * 1000,
  bytes: 1024 * 1024 * id,
  sha256: `${id}`.padStart(64, 'a'),
  reviewStatus: 'unreviewed',
  publishedAt: null,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
  url: `/api/Video/File?id=${id}&exp=1&sig=x`,
  downloadUrl: `/api/Video/File?id=${id}&download=1&exp=1&sig=x`,
  posterUrl: null,
  ...overrides,
});


export const PATHS = {
  seriesList: seriesList.path,
  reorder: reorderSeries.path,
  videoList: videoList.path,
  videoDetail: videoDetail.path,
  setSeries: setVideoSeries.path,
  deleteVideos: deleteVideos.path,
};

/** The library's calls answered from `series` and `videos`; `handle` overrides one path. */
export function fakeVideoServer({ series = [] as Series[], videos = [] as Video[] } = {}) {
  return fakeFetch({
    ...fakeEndpoint(seriesList, () => ({ items: series })),
    ...fakeEndpoint(videoList, ({ page = 1, pageSize = 50, seriesId, none, search, sort }) => {
      let items = videos;
      if (seriesId) items = items.filter((video) => video.seriesId === seriesId);
      if (none) items = items.filter((video) => video.seriesId === null);
      if (search) items = items.filter((video) => video.name.includes(search));
      if (sort === 'position') items = [...items].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(videoDetail, ({ id }) => {
      const video = videos.find((item) => item.id === id);
      return video ? { ...video, seriesName: null, uploadedBy: { id: 7, name: 'Avery' } } : json(404, { errorCode: 'NOT_FOUND', error: 'Not found' });
    }),
  });
}

/** The library page in a memory router, starting at `path`. */
export function renderVideoLibrary(path = '/videoLibrary', { powers = ['video.read', 'video.write'] as Power[] } = {}) {
  return renderPages({ routes: [{ path: '/videoLibrary', element: <VideoLibraryPage /> }, { path: '*', element: null }], path, powers, user: { token: 'tok-v' } });
}
