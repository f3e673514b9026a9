import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The file store the configuration names: DATA_DIR/files by default, or an S3 bucket (STORAGE_DRIVER=s3). */
export const createStorage = (config: Config): Storage => {
  if (config.STORAGE_DRIVER !== 's3') return createLocalStorage(path.join(config.DATA_DIR, 'files'));
  // loadConfig refuses these already; configurations built in code (tests) skip it.
  if (!config.S3_BUCKET || !config.S3_REGION) throw new ConfigError('Invalid configuration:\n  S3_BUCKET and S3_REGION are required when STORAGE_DRIVER=s3');
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
};
