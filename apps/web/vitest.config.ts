import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests load antd's CommonJS build (antd's `main`), the app its ES modules: the one context the
    // kit imports by path (antd-scope.tsx) must be the one the controls read here too.
    alias: [{ find: /^antd\/es\/form\/context$/, replacement: 'antd/lib/form/context' }],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // antd is heavy to import; sharing one module graph across files is the big win.
    isolate: false,
    // A test that drives a whole page through antd runs for seconds on a busy 2-core machine.
    testTimeout: 15_000,
  },
});
