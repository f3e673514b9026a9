import { imageStorageUsage, videoStorageUsage } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { StorageQuotaService } from './storage-quota.service';

/** The same usage from either library: each route names its library's read power. */
export const storageUsageRoutes = (app: FastifyInstance, quota: StorageQuotaService) => {
  route(app, imageStorageUsage, ({ principal, input }) => quota.usage(principal, 'asset.read', input.accountId));
  route(app, videoStorageUsage, ({ principal, input }) => quota.usage(principal, 'video.read', input.accountId));
};
