import type { ModuleDeps, ServerModule } from '../module';
import { seriesKind, videoKind } from './videos.repository';
import { videosRoutes } from './videos.routes';
import { createVideosService } from './videos.service';

type Deps = Parameters<typeof createVideosService>[0];

/** The video library: series, videos (chunked upload, probing, posters, ranged file serving). */
export const videosModule = ({ db, now, storage, links, quota, notifications }: ModuleDeps & Pick<Deps, 'storage' | 'links' | 'quota' | 'notifications'>) => {
  const videos = createVideosService({ db, storage, links, quota, notifications, now });
  return {
    services: { videos },
    kinds: [seriesKind, videoKind],
    routes: (api) => videosRoutes(api, videos),
  } satisfies ServerModule;
};
