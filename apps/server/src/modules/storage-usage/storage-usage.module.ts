import path from 'node:path';
import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';
import type { ModuleDeps, ServerModule } from '../module';
import { createStorageQuotaService } from './storage-quota.service';
import { createStorageSweepService } from './storage-sweep.service';
import { storageUsageRoutes } from './storage-usage.routes';

type StorageUsageConfig = Pick<Config, 'STORAGE_QUOTA_MB' | 'MAX_OPEN_UPLOADS_PER_USER' | 'DATA_DIR' | 'SWEEP_INTERVAL_HOURS'>;

/** The per-account storage quota and the sweep of leftover files. */
export const storageUsageModule = ({ db, now, logger, storage, config }: ModuleDeps & { storage: Storage; config: StorageUsageConfig }) => {
  const quota = createStorageQuotaService({
    db,
    quotaBytes: config.STORAGE_QUOTA_MB * 1024 * 1024,
    maxOpenUploads: config.MAX_OPEN_UPLOADS_PER_USER,
    now,
  });
  const uploadDir = path.join(config.DATA_DIR, 'video-uploads');
  const sweep = createStorageSweepService({ db, storage, uploadDir, now });
  // Leftovers of crashes and refused uploads: swept soon after start, then every SWEEP_INTERVAL_HOURS.
  // The shared file store once per fleet; each machine's own temp directory by every process.
  const sweepMs = config.SWEEP_INTERVAL_HOURS * 3_600_000;
  return {
    services: { quota, sweep },
    routes: (api) => storageUsageRoutes(api, quota),
    jobs: [
      {
        name: 'storage.sweep',
        intervalMs: sweepMs,
        firstAfterMs: 10_000,
        run: async () => {
          const r = await sweep.sweep();
          if (r.spools || r.temporary || r.files || r.uploadDirs || r.sideFiles) logger?.info(r, 'storage swept');
          const { ran, ...counts } = r;
          return ran ? counts : 'another sweep held the lock';
        },
      },
      {
        name: 'storage.sweep-spools',
        intervalMs: sweepMs,
        firstAfterMs: 10_000,
        everyProcess: true,
        run: async () => {
          const r = await sweep.sweepSpools();
          if (r.spools) logger?.info(r, 'upload spools swept');
          return r;
        },
      },
    ],
  } satisfies ServerModule;
};
