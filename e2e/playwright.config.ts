import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server on a fresh embedded database, driven by Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/e2e-data');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: path.join(root, '.tmp/results/e2e.json') }]]
    : [['list']],
  outputDir: path.join(root, '.tmp/e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    // The console honours it by turning antd's animations off: no click lands on a dialog or a
    // popup that is still moving into place.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    // A trace records every action of every test to keep the failing ones: on CI's two cores that
    // costs minutes; CI keeps the failure's screenshot and error context instead.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/openapi.json`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
