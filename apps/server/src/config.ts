import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './startup-error';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Folder names as storage keys have them (storage/storage.ts). */
const STORAGE_PREFIX = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)*$/i;

const envSchema = z.object({
  /** 0 takes any free port (the ready line names it). */
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
    .transform(Number)
    .refine((n) => n <= 65535, 'must be a port number from 0 to 65535')
    .default(8080),
  /** Unset: 127.0.0.1 with demo data (its passwords are published), 0.0.0.0 without (loadConfig). */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL URL; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .url()
    // pg would connect anything and fail on the first answer ('Received unexpected copyData message' from MySQL).
    .refine((u) => !/^[a-z][a-z0-9+.-]*:/i.test(u) || /^postgres(ql)?:\/\//i.test(u), {
      error: (issue) => `must be a PostgreSQL URL (postgres:// or postgresql://), not ${/^[a-z][a-z0-9+.-]*:/i.exec(String(issue.input))?.[0]}//…`,
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Fill an empty database with the demo accounts and data. */
  DEMO_DATA: bool.default(true),
  /**
   * The built web app; served at / when present. Resolved from this file's folder, which is
   * apps/server/src or, in the bundle, apps/server/dist: both are two levels below apps/.
   */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** Failed sign-ins per email from one address before answers are slowed down. */
  LOGIN_SLOW_AFTER: z.coerce.number().int().positive().default(3),
  /** Added delay per failure past LOGIN_SLOW_AFTER, capped at 5 s. */
  LOGIN_SLOW_STEP_MS: z.coerce.number().int().min(0).default(500),
  /** Sign-in attempts per email from one address within the window; the last one locks that pair. */
  LOGIN_LOCK_AFTER: z.coerce.number().int().positive().default(10),
  /**
   * Failed sign-ins per email from all addresses within the window before the email is locked
   * everywhere; much higher than LOGIN_LOCK_AFTER, so that no one locks a user out from one place.
   */
  LOGIN_LOCK_AFTER_PER_EMAIL: z.coerce.number().int().positive().default(100),
  /** Failed sign-ins per network address within the window before it is locked. */
  LOGIN_LOCK_AFTER_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  /** Signs file links; several servers must share it (else one is made and kept in DATA_DIR). */
  FILE_LINK_SECRET: z.string().min(32).optional(),
  /** How often the recycle bin purge runs (and sends its reminders); 0 turns it off (tests). */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** How often campaigns are started and ended at their dates and budgets (seconds); 0 turns it off (tests). */
  CAMPAIGN_SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often due scheduled reports run and expired runs are deleted (seconds); 0 turns it off (tests). */
  REPORT_SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * How often the placements queue is drained (seconds): a request's change drains it at once in
   * its process; a creative moved to or from the recycle bin is queued by a trigger and waits for
   * this. 0 turns the job off (tests drain when they choose).
   */
  PLACEMENT_DRAIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(10),
  /**
   * The event stream between the tracking endpoints and the writers: unset, a local append-only log
   * under DATA_DIR/events (one process per DATA_DIR); nats://host:4222 (NATS with JetStream) when
   * several delivery nodes share the writing.
   */
  EVENTS_URL: z
    .string()
    .regex(/^nats:\/\/[^\s]+$/, 'must be a nats:// URL')
    .optional(),
  /** The JetStream stream of EVENTS_URL (installations sharing a NATS server each name their own). */
  EVENTS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
    .default('ADS_EVENTS'),
  /** How often delivery writes the events waiting in its log (milliseconds); also when DELIVERY_BATCH_SIZE are waiting. 0: only then (tests flush). */
  DELIVERY_FLUSH_MS: z.coerce.number().int().min(0).default(1000),
  DELIVERY_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(2000),
  /** How often delivery reloads what it serves without being told of a change (seconds); 0: only when told. */
  DELIVERY_REFRESH_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How often a process gives back the budget it holds unused and takes a fresh slice (seconds); 0: only when it stops. */
  PACING_SETTLE_SECONDS: z.coerce.number().int().min(0).default(10),
  /** Days of raw delivery events kept (whole daily partitions are dropped; the rollups keep their figures). */
  DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Bytes one account may store (images and videos, recycle bin and unfinished uploads included), in MB. */
  STORAGE_QUOTA_MB: z.coerce.number().int().positive().default(10240),
  /** Seconds between an Action Center stream's heartbeats; each also re-checks the session (a signed-out stream ends). */
  NOTIFICATION_STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** Action Center streams one user may hold open on one process (tabs); one more is refused with 429. */
  NOTIFICATION_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(8),
  /** Unfinished chunked video uploads one user may have at once. */
  MAX_OPEN_UPLOADS_PER_USER: z.coerce.number().int().positive().default(5),
  /** How often stray temporary and unreferenced stored files are swept (and at start); 0 turns it off (tests). */
  SWEEP_INTERVAL_HOURS: z.coerce.number().int().min(0).default(24),
  /**
   * Seconds a request may take to arrive whole, headers and body, before a 408: an 8 MB video chunk
   * on a slow line (about 110 kbit/s) included.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Seconds a request's body may stop arriving mid-way before its connection is closed; 0 turns it off. */
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Trust X-Forwarded-For from a load balancer in front. */
  TRUST_PROXY: bool.default(false),
  /** Where file bytes live: `local` (DATA_DIR/files) or `s3` (a bucket: the S3_* settings). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().trim().optional(),
  /** An S3-compatible server (MinIO, Ceph, R2, …); AWS's own endpoint when unset. */
  S3_ENDPOINT: z
    .string()
    .trim()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http:// or https:// URL')
    .optional(),
  /** Address the bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Keys go under this folder of the bucket (so one bucket can hold several installations). */
  S3_PREFIX: z
    .string()
    .trim()
    .transform((p) => p.replace(/^\/+|\/+$/g, ''))
    .refine((p) => p === '' || (p.length <= 200 && STORAGE_PREFIX.test(p)), 'must be folder names of letters, digits, ".", "_" and "-" separated by "/"')
    .optional(),
});

const S3_SETTINGS = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/** Settings that are valid alone but not together; a line per mistake. */
const storageMistakes = (c: z.infer<typeof envSchema>): string[] => {
  if (c.STORAGE_DRIVER === 'local') {
    return S3_SETTINGS.filter((key) => c[key] !== undefined).map(
      (key) => `  ${key}: is set but STORAGE_DRIVER is local (set STORAGE_DRIVER=s3 to store files in the bucket, or unset it)`,
    );
  }
  const lines: string[] = [];
  if (!c.S3_BUCKET) lines.push('  S3_BUCKET: is required when STORAGE_DRIVER=s3');
  if (!c.S3_REGION) lines.push('  S3_REGION: is required when STORAGE_DRIVER=s3 (most S3-compatible servers accept us-east-1)');
  return lines;
};

export type Config = Omit<z.infer<typeof envSchema>, 'HOST'> & { HOST: string };

/** Every variable the server reads (README.md's configuration table names each one). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof Config)[];

/** A configuration a person must fix: start-up prints the message only. */
export class ConfigError extends StartupError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  // A variable set to nothing (`PORT=`, or `${X}` of an unset X in a compose file) is a mistake,
  // not a request for the default: numbers would read it as 0, paths as the working directory.
  const empty = Object.keys(envSchema.shape).filter((key) => env[key] !== undefined && env[key]!.trim() === '');
  const rest = Object.fromEntries(Object.entries(env).filter(([key]) => !empty.includes(key)));
  const parsed = envSchema.safeParse(rest);
  const lines = empty.map((key) => `  ${key}: is set but empty (give it a value, or unset it for the default)`);
  if (!parsed.success) lines.push(...parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));
  else lines.push(...storageMistakes(parsed.data));
  if (lines.length > 0 || !parsed.success) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const config = { ...parsed.data, ...overrides };
  // The demo's passwords are in the README: a demo listens on this machine only unless HOST says otherwise.
  return { ...config, HOST: config.HOST ?? (config.DEMO_DATA ? '127.0.0.1' : '0.0.0.0') };
};
