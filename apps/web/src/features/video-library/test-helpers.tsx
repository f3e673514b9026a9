import { deleteVideos, reorderSeries, seriesList, setVideoSeries, videoDetail, videoList, type Series, type UserInfo, type Video } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, type Handler } from '../../test/fake-fetch';
import { setSession } from '../../shared/session';
import { Toaster } from '../../shared/ui/toaster';
import VideoLibraryPage from './pages/video-library-page';

// Component tests of the video library fake the network at the fetch boundary only: a small
// in-memory library answers the contracts' calls and records what it was sent.


const NOW = '2026-03-01T10:00:00.000Z';

export const aSeries = (id: number, name: string, videoCount = 0): Series => ({ id, name, videoCount, version: 1, createdAt: NOW, updatedAt: NOW });

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
  const routes: Record<string, Handler> = {
    [PATHS.seriesList]: () => json(200, { items: series }),
    [PATHS.videoList]: ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 50);
      let items = videos;
      if (query.get('seriesId')) items = items.filter((video) => video.seriesId === Number(query.get('seriesId')));
      if (query.get('none') === 'true') items = items.filter((video) => video.seriesId === null);
      const search = query.get('search');
      if (search) items = items.filter((video) => video.name.includes(search));
      if (query.get('sort') === 'position') items = [...items].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
      return json(200, { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize });
    },
    [PATHS.videoDetail]: ({ query }) => {
      const video = videos.find((item) => item.id === Number(query.get('id')));
      return video ? json(200, { ...video, seriesName: null, uploadedBy: { id: 7, name: 'Avery' } }) : json(404, { errorCode: 'NOT_FOUND', error: 'Not found' });
    },
  };
  return fakeFetch(routes);
}

const userInfo = (powers: string[]): UserInfo => ({
  roles: [{ name: 'Advertiser' }],
  menus: [],
  powers: powers.map((code) => ({ code })),
  userBasicInfo: { email: 'advertiser@demo.test', name: 'Avery', accountId: 1, accountName: 'Contoso Coffee', accountKind: 'advertiser' },
});

/** The library page in a memory router, starting at `path`. */
export function renderVideoLibrary(path = '/videoLibrary', { powers = ['video.read', 'video.write'] } = {}) {
  setSession('tok-v', userInfo(powers));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
  const router = createMemoryRouter([{ path: '/videoLibrary', element: <VideoLibraryPage /> }], { initialEntries: [path] });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <Toaster />
    </ConfigProvider>,
  );
  return { router, queryClient };
}

/** The query string the router shows, as an object. */
export const searchOf = (router: ReturnType<typeof renderVideoLibrary>['router']) => Object.fromEntries(new URLSearchParams(router.state.location.search));
