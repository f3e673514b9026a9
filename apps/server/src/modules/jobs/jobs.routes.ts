import { listJobs } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { Jobs } from './jobs.service';

/** Staff only (`job.read`): the contract declares the power. */
export const jobsRoutes = (app: FastifyInstance, jobs: Jobs) => {
  route(app, listJobs, async () => ({ items: await jobs.list() }));
};
