import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { OwnedKind } from '../kit/access';
import type { JobDefinition, JobsLogger } from './jobs/jobs.service';

/**
 * What a module gives the server; app.ts builds each module from its `<area>.module.ts` and
 * composes them. A module's factory takes what it uses of other modules as arguments, so the
 * order app.ts builds them in is the dependency order.
 */
export interface ServerModule<Services extends object = object> {
  /** Built once: what other modules are given and what code outside HTTP calls (demo, CLI, tests). */
  services: Services;
  /** The kinds of record it owns (kit/access.ts), declared beside their tables. */
  kinds?: readonly OwnedKind[];
  /** Its routes under /api (the auth plugin guards them). */
  routes?: (api: FastifyInstance) => void | Promise<void>;
  /** Its routes outside /api, registered after the API. */
  publicRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Background jobs, registered with the jobs module (an interval of 0 or less: off). */
  jobs?: readonly JobDefinition[];
  /** Before the app listens (a failure stops the start), before the jobs start. */
  start?: () => void | Promise<void>;
  /** When the app closes, before the jobs stop. */
  stop?: () => Promise<void>;
}

/** What every module may be given. */
export interface ModuleDeps {
  db: Db;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
  /** Where jobs report what they did; absent where no job runs (demo seeding, CLI, bench). */
  logger?: JobsLogger;
}
