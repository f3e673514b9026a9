import type { Config } from '../../config';
import type { ModuleDeps, ServerModule } from '../module';
import { assetsRoutes } from './assets.routes';
import { createAssetsService } from './assets.service';
import { folderKind } from './folders.repository';
import { imageKind } from './images.repository';
import { createRecycleService } from './recycle.service';

type Deps = Parameters<typeof createAssetsService>[0] & Parameters<typeof createRecycleService>[0];

/** The image library (folders, images, file serving) and the recycle bin, which holds videos too. */
export const assetsModule = ({
  db,
  now,
  logger,
  storage,
  links,
  quota,
  notifications,
  imageUsage,
  videos,
  config,
}: ModuleDeps & Pick<Deps, 'storage' | 'links' | 'quota' | 'notifications' | 'imageUsage' | 'videos'> & { config: Pick<Config, 'PURGE_INTERVAL_MINUTES'> }) => {
  const assets = createAssetsService({ db, storage, links, quota, notifications, imageUsage, now });
  const recycle = createRecycleService({ db, assets, videos, links, notifications, now });
  return {
    services: { assets, recycle },
    kinds: [folderKind, imageKind],
    routes: (api) => assetsRoutes(api, assets, recycle),
    jobs: [
      {
        name: 'recycle.purge',
        intervalMs: config.PURGE_INTERVAL_MINUTES * 60_000,
        firstAfterMs: 5_000,
        run: async () => {
          const r = await recycle.purgeExpired();
          if (r.ran && (r.images || r.folders || r.videos || r.reminded)) logger?.info(r, 'recycle bin purged');
          return r.ran ? { images: r.images, folders: r.folders, videos: r.videos, reminded: r.reminded } : 'another purge held the lock';
        },
      },
    ],
  } satisfies ServerModule;
};
