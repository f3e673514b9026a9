import { defineProject } from 'vitest/config';

// Files that never open the test database: they start their own processes on an embedded one, or
// touch none. The PostgreSQL pass (TEST_DATABASE_URL) would only run them a second time.
const DATABASE_FREE = [
  'src/server.test.ts',
  'src/cli/**',
  'src/config.test.ts',
  'src/kit/**',
  'src/db/data-dir-lock.test.ts',
  'src/storage/storage-check.test.ts',
  'src/storage/storage-conformance.test.ts',
  'src/storage/local-storage.test.ts',
  'src/storage/signed-links.test.ts',
  'src/modules/videos/media-probe.test.ts',
  'src/modules/assets/image-processing.test.ts',
  'src/modules/delivery/charges.test.ts',
  'src/modules/delivery/event-log/local-event-log.test.ts',
];

export default defineProject({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? DATABASE_FREE : [],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 120_000, // a few seconds alone; ten times that beside the end-to-end suite on a busy two-core machine
    hookTimeout: 60_000,
  },
});
