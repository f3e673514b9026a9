import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md, Rules): contracts imports only zod; the apps import
// contracts, never each other; server modules talk through services, plugins import no module; web
// goes app → features → shared.
const restrict = (patterns) => ['error', { patterns }];
const serverNeverWeb = { group: ['**/apps/web/**', '@ads/web', '@ads/web/*'], message: 'The server never imports the web app.' };
const serverBelowApp = {
  regex: '^(\\.\\./)+(app|demo|bootstrap|server|cli)(/|$)',
  message: 'Below app.ts (kit, db, storage, http, plugins, modules) nothing imports app, demo, bootstrap, server or cli.',
};
const pluginsNoModule = { group: ['**/modules/**'], message: 'Plugins import no module.' };
const webNeverServer = { group: ['**/apps/server/**', '@ads/server', '@ads/server/*'], message: 'The web app never imports the server.' };
// The UI kit (apps/web/src/shared/ui) alone imports antd: it decides how each control is drawn, and
// which controls bring antd with them.
const antdOnlyInKit = {
  group: ['antd', 'antd/*'],
  message: 'Only the UI kit (apps/web/src/shared/ui) imports antd: take the control from there.',
};
const webRestrict = (patterns, { kit = false } = {}) => ['error', { patterns: kit ? patterns : [antdOnlyInKit, ...patterns] }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import cycle anywhere (types only excepted: they vanish at build time).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod$|zod/|\\./|vitest$)', message: 'contracts may import only zod.' },
      ]),
    },
  },
  // The server's layers, low to high: kit, db, storage, http, plugins and modules, then app, then
  // demo, bootstrap, server and cli. Below app, nothing imports upward (tests may: they build apps).
  ...[
    { files: ['apps/server/**/*.ts'], patterns: [] },
    {
      files: ['apps/server/src/{kit,db,storage,http,plugins,modules}/**/*.ts'],
      ignores: ['**/*.test.ts'],
      patterns: [serverBelowApp],
    },
    {
      files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
      patterns: [
        serverBelowApp,
        { group: ['fastify', 'fastify/*', '@fastify/*', '**/plugins/**', '**/*.routes'], message: 'Services and repositories never import Fastify or HTTP code.' },
        { group: ['../*/*.repository'], message: "Call another module's service, never its repository." },
      ],
    },
    { files: ['apps/server/src/plugins/**/*.ts'], patterns: [pluginsNoModule] },
    { files: ['apps/server/src/plugins/**/*.ts'], ignores: ['**/*.test.ts'], patterns: [serverBelowApp, pluginsNoModule] },
  ].map(({ patterns, ...block }) => ({ ...block, rules: { 'no-restricted-imports': restrict([serverNeverWeb, ...patterns]) } })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webRestrict([
        { group: ['**/apps/server/**', '@ads/server', '@ads/server/*'], message: 'The web app never imports the server.' },
      ]),
    },
  },
  ...[
    { files: ['apps/web/src/shared/**/*.{ts,tsx}'], ignores: ['apps/web/src/shared/ui/**'], kit: false },
    { files: ['apps/web/src/shared/ui/**/*.{ts,tsx}'], kit: true },
  ].map(({ kit, ...block }) => ({
    ...block,
    rules: {
      'no-restricted-imports': webRestrict(
        [{ group: ['**/app/*', '**/features/*', '**/app/**', '**/features/**'], message: 'shared imports neither app nor features.' }, webNeverServer],
        { kit },
      ),
    },
  })),
  // A feature is used through its index.ts: another feature (or the app) importing a file inside it
  // is refused. Relative paths climb out of the feature by the file's depth, hence one block a depth.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': webRestrict([
        { group: ['**/app/*', '**/app/**'], message: 'features never import app.' },
        webNeverServer,
        { regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.|test/)[^/]+/`, message: "Import another feature through its index.ts, never a file inside it." },
        // Climbing above src/features and back down (`../../../features/x/…`) is the same import by a longer road.
        { regex: '^(\\.\\./)+(features|src)/', message: 'Import another feature as ../<name> (its index.ts), never by climbing to src/ and back.' },
      ]),
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/router/**'],
    rules: {
      'no-restricted-imports': webRestrict([
        webNeverServer,
        { regex: '/features/[^/]+/', message: "The app uses a feature through its index.ts (only the router's lazy pages import features/*/pages/*)." },
      ]),
    },
  },
  {
    files: ['apps/web/src/app/router/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webRestrict([
        webNeverServer,
        { regex: '/features/[^/]+/(?!pages/[^/]+$)', message: 'The router imports a feature through its index.ts, or lazily one of its pages (features/*/pages/*).' },
      ]),
    },
  },
);
