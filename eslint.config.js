import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md, Rules): contracts imports only zod; the apps import
// contracts, never each other; server modules talk through services, plugins import no module; web
// goes app → features → shared, and only the UI kit imports antd. Package imports are judged by
// name (no-restricted-imports), our own files by where the import resolves (no-restricted-paths).
const restrict = (patterns) => ['error', { patterns }];
const otherApp = (name) => ({ group: [`@ads/${name}`, `@ads/${name}/*`], message: `The apps never import each other (@ads/${name}).` });
// The UI kit (apps/web/src/shared/ui) alone imports antd: it decides how each control is drawn, and
// which controls bring antd with them.
const antdOnlyInKit = {
  group: ['antd', 'antd/*'],
  message: 'Only the UI kit (apps/web/src/shared/ui) imports antd: take the control from there.',
};

// Path-resolved boundaries (import-x/no-restricted-paths): judged on the file an import resolves to,
// so no spelling of a path (`../../features/x/…`, `../../../src/…`) gets around them.
const dirs = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
// The rule matches a glob exception against the import's absolute path.
const absolute = (glob) => path.join(import.meta.dirname, glob);
const webZones = [
  { target: 'apps/web', from: 'apps/server', message: 'The web app never imports the server.' },
  { target: `${WEB}/shared`, from: [`${WEB}/app`, `${WEB}/features`], message: 'shared imports neither app nor features.' },
  // (a page's test may check it against the app's tables, e.g. its early calls)
  { target: `${WEB}/features/**/!(*.test).{ts,tsx}`, from: `${WEB}/app`, message: 'features never import app.' },
  ...dirs(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features/**`,
    except: [`${WEB}/features/${feature}/**`, `${WEB}/features/*/index.ts`].map(absolute),
    message: 'Use another feature through its index.ts, never a file inside it.',
  })),
  {
    target: [`${WEB}/app/shell`, `${WEB}/app/*.{ts,tsx}`, `${WEB}/main.tsx`],
    from: `${WEB}/features/**`,
    except: [absolute(`${WEB}/features/*/index.ts`)],
    message: 'The app uses a feature through its index.ts.',
  },
  {
    target: `${WEB}/app/router`,
    from: `${WEB}/features/**`,
    except: [`${WEB}/features/*/index.ts`, `${WEB}/features/*/pages/*.tsx`].map(absolute),
    message: "The router imports a feature through its index.ts, or lazily one of its pages (features/*/pages/*).",
  },
];
// The server's layers, low to high: kit, db, storage, http, plugins and modules, then app, then
// demo, bootstrap, server and cli. Below app, nothing imports upward (tests may: they build apps).
const serverZones = [
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
  {
    target: `${SERVER}/{kit,db,storage,http,plugins,modules}/**/!(*.test).ts`,
    from: [`${SERVER}/{app,bootstrap,server}.ts`, `${SERVER}/{demo,cli}/**`],
    message: 'Below app.ts (kit, db, storage, http, plugins, modules) nothing imports app, demo, bootstrap, server or cli.',
  },
  { target: `${SERVER}/plugins`, from: `${SERVER}/modules`, message: 'Plugins import no module.' },
  ...dirs(`${SERVER}/modules`).map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: `${SERVER}/modules/*/*.repository.ts`,
    except: [absolute(`${SERVER}/modules/${module}/*.repository.ts`)],
    message: "Call another module's service, never its repository.",
  })),
];

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
  // No import cycle anywhere (types only excepted: they vanish at build time); the path boundaries.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...webZones, ...serverZones] }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod$|zod/|\\./|vitest$)', message: 'contracts may import only zod.' },
      ]),
    },
  },
  { files: ['apps/server/**/*.ts'], rules: { 'no-restricted-imports': restrict([otherApp('web')]) } },
  {
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': restrict([
        otherApp('web'),
        { group: ['fastify', 'fastify/*', '@fastify/*', '**/plugins/**', '**/*.routes'], message: 'Services and repositories never import Fastify or HTTP code.' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([antdOnlyInKit, otherApp('server')]),
    },
  },
  { files: ['apps/web/src/shared/ui/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict([otherApp('server')]) } },
);
