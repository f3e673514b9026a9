import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config';

const errorOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (err) {
    return err;
  }
  throw new Error('loadConfig accepted it');
};

describe('configuration', () => {
  it('reads PORT, 8080 when unset', () => {
    expect(loadConfig({}).PORT).toBe(8080);
    expect(loadConfig({ PORT: '8081' }).PORT).toBe(8081);
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
  });

  it('refuses an empty PORT instead of reading it as 0', () => {
    const err = errorOf({ PORT: '' });
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      'Invalid configuration:\n  PORT: is set but empty (give it a value, or unset it for the default)',
    );
    expect((errorOf({ PORT: '  ' }) as Error).message).toContain('PORT: is set but empty');
  });

  it('refuses a PORT that is not a port number', () => {
    for (const PORT of ['http', '0x50', '80.5', '-1', '65536', '1e3']) {
      expect((errorOf({ PORT }) as Error).message, PORT).toContain('PORT: must be a port number from 0 to 65535');
    }
  });

  it('refuses any of its variables set to nothing, each named', () => {
    const message = (errorOf({ DATA_DIR: '', PURGE_INTERVAL_MINUTES: '', SOMETHING_ELSE: '' }) as Error).message;
    expect(message).toContain('DATA_DIR: is set but empty');
    expect(message).toContain('PURGE_INTERVAL_MINUTES: is set but empty');
    expect(message).not.toContain('SOMETHING_ELSE');
  });

  it('stores files in DATA_DIR unless STORAGE_DRIVER=s3 names a bucket', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'ads-files',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/console/prod/',
    });
    expect(s3).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'ads-files',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'console/prod',
    });
    const plain = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_REGION: 'us-east-1' });
    expect([plain.S3_ENDPOINT, plain.S3_FORCE_PATH_STYLE, plain.S3_PREFIX]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses S3 settings that do not go together, each named', () => {
    expect((errorOf({ STORAGE_DRIVER: 's3' }) as Error).message).toBe(
      'Invalid configuration:\n' +
        '  S3_BUCKET: is required when STORAGE_DRIVER=s3\n' +
        '  S3_REGION: is required when STORAGE_DRIVER=s3 (most S3-compatible servers accept us-east-1)',
    );
    const local = errorOf({ S3_BUCKET: 'ads-files', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(local).toBeInstanceOf(ConfigError);
    expect((local as Error).message).toContain('S3_BUCKET: is set but STORAGE_DRIVER is local (set STORAGE_DRIVER=s3');
    expect((local as Error).message).toContain('S3_ENDPOINT: is set but STORAGE_DRIVER is local');
    expect((errorOf({ STORAGE_DRIVER: 'minio' }) as Error).message).toContain('STORAGE_DRIVER:');
    const bad = (errorOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Ads_Files', S3_REGION: 'x', S3_ENDPOINT: 'ftp://host', S3_FORCE_PATH_STYLE: 'maybe', S3_PREFIX: 'a/../b' }) as Error).message;
    expect(bad).toContain('S3_BUCKET: must be a bucket name');
    expect(bad).toContain('S3_ENDPOINT: must be an http:// or https:// URL');
    expect(bad).toContain('S3_FORCE_PATH_STYLE:');
    expect(bad).toContain('S3_PREFIX: must be folder names');
    expect((errorOf({ STORAGE_DRIVER: 's3', S3_BUCKET: '', S3_REGION: 'x' }) as Error).message).toContain('S3_BUCKET: is set but empty');
  });

  it('listens on this machine only with demo data (its passwords are published), on every address without, unless HOST says', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DEMO_DATA: 'false' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({}, { DEMO_DATA: false }).HOST).toBe('0.0.0.0'); // --no-demo
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1', DEMO_DATA: 'false' }).HOST).toBe('::1');
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming the schemes it takes', () => {
    expect((errorOf({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/ads' }) as Error).message).toBe(
      'Invalid configuration:\n  DATABASE_URL: must be a PostgreSQL URL (postgres:// or postgresql://), not mysql://…',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/ads' }).DATABASE_URL).toBe('postgresql://u@db/ads');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/ads' }).DATABASE_URL).toBe('postgres://u@db/ads');
  });

  it("README.md's configuration table names every variable the server reads, and no other", () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration\n'))!;
    // A row's first cell names one variable or several (`LOGIN_WINDOW_MINUTES`, `LOGIN_LOCK_MINUTES`).
    const named = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect([...named].sort()).toEqual([...CONFIG_KEYS].sort());
  });
});
