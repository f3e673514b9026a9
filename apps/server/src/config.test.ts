import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
