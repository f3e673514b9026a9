// Build steps of the web app (Vite plugins, used by apps/web/vite.config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { pruneAntdCss } from './antd-css.ts';
import { EARLY_CALLS, EARLY_IMAGES, SHELL_EARLY_CALLS, type EarlyCallSpec, type EarlyImages } from './src/app/router/early-calls.ts';
import { mayOpen, ROUTE_RULES, type RouteRules } from './src/app/router/route-access.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** antd's stylesheet without the rules of the components the console never renders (see antd-css.ts). */
export function pruneAntdStyles(): Plugin {
  return {
    name: 'ads:prune-antd-styles',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]antd[\\/]dist[\\/]antd\.css$/.test(id)) return undefined;
      return { code: pruneAntdCss(code), map: null };
    },
  };
}

// The files (relative to src/) that the shell and the landing dashboards are made of.
const FIRST_VIEW = /^(app|features[\\/](overview|auth)|shared[\\/]ui[\\/](toaster|button|language-switch)\.tsx|features[\\/]notifications[\\/]components[\\/]action-center-button\.tsx)/;
const KIT_BASE = /[\\/]src[\\/]shared[\\/]ui[\\/](button|space|with-antd)\.tsx$/;
const LIST_KIT = /[\\/]src[\\/]shared[\\/](list|upload)[\\/][\w-]+\.tsx?$/;
/** The advertiser side's plain constants and labels (no zod): the wizard, campaign pages, reports and dashboards share them. */
const CONSTANTS =
  /([\\/]packages[\\/]contracts[\\/]src[\\/](campaigns-constants|insights-constants|targeting|date-ranges|report-labels)|[\\/]src[\\/]shared[\\/]money)\.ts$/;
/** The kit's small plain-HTML pieces (no antd) that pages show beside their own. */
const KIT_SMALL = /[\\/]src[\\/]shared[\\/]ui[\\/](alert|field-context|skeleton|tag)\.tsx?$/;
const ANTD_BASE =
  /[\\/]node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|version|wave)[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|@rc-component[\\/](util|motion|resize-observer|portal|context)[\\/]|classnames[\\/]|@babel[\\/]runtime[\\/])/;
/** Static imports and re-exports (an `import type` is erased; an `import()` loads later). */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^;']*?\sfrom\s*)?'([^']+)'/gm;
const antdImporters = new Map<string, boolean>();
/** Whether loading a module loads antd: it imports antd, or a module of ours that does (the kit's controls). */
export function importsAntd(file: string): boolean {
  const known = antdImporters.get(file);
  if (known !== undefined) return known;
  antdImporters.set(file, false); // an import cycle ends here
  let found = false;
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (/^antd(\/|$)/.test(specifier!)) found = true;
    else if (specifier!.startsWith('.')) {
      const stem = path.resolve(path.dirname(file), specifier!);
      const target = ['.tsx', '.ts'].map((ext) => stem + ext).find((f) => fs.existsSync(f));
      found = !!target && importsAntd(target);
    }
    if (found) break;
  }
  antdImporters.set(file, found);
  return found;
}

/**
 * Fewer chunks where that costs little: every request of a page's first load waits its turn for one
 * of the browser's six connections to our origin, so on a slow line (Lighthouse's mobile profile)
 * each file costs a round trip of its own. Left alone, Rolldown makes a chunk for every set of
 * pages that share a module, down to a single icon (the image gallery's first load was 68 files).
 * - `entry`: what the entry imports statically, in the entry's chunk (it all loads before anything
 *   shows; Rolldown had split it into 12 files, as lazy pages share react, the router …).
 * - `icons`: the antd icons the console's own code imports (read from `srcDir`) instead of a file per
 *   icon: those of the shell and the landing dashboards (`FIRST_VIEW`) in one chunk, the others'
 *   in `icons-more`, so the landing page does not fetch every page's icons; antd's own icons stay with antd.
 * - `kit-base`: the kit's Button, Space and lazy-antd loader, which the shell uses too: left to
 *   `list-kit` (whose files import them) the shell loaded the whole list kit for them (9 KB Brotli).
 * - `constants`, `kit-small`: the contracts' plain constants and labels, and the kit's small
 *   plain-HTML pieces (alert, tag, skeleton …), each a file of ~1 KB of which a page such as the
 *   wizard needed a dozen (its first load was 45 files); a page that needs one loads a few KB more.
 * - `list-kit`: the list and upload kit (`shared/list`, `shared/upload`) in one chunk of ~7 KB, but
 *   for its parts that load antd (a table view, the move dialog, the row menu's dropdown): those
 *   load with antd when first shown, and a page of plain HTML must not wait for antd.
 */
export function chunkGroups(srcDir: string): Rolldown.CodeSplittingGroup[] {
  // Icons of what every signed-in first load shows (the shell, the landing dashboards, the sign-in
  // page), apart from the rest, which the other pages share.
  const first = new Set<string>();
  const rest = new Set<string>();
  for (const file of fs.readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = fs.readFileSync(path.join(srcDir, file), 'utf8');
    const into = FIRST_VIEW.test(file) ? first : rest;
    for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g)) {
      for (const name of names!.split(',')) if (name.trim()) into.add(name.trim().split(/\s+as\s+/)[0]!);
    }
  }
  const iconOf = (id: string) => /@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/](\w+)\.js$/.exec(id)?.[1];
  return [
    { name: 'entry', tags: ['$initial'], priority: 3 },
    { name: 'icons', test: (id) => first.has(iconOf(id) ?? ''), priority: 2 },
    { name: 'icons-more', test: (id) => rest.has(iconOf(id) ?? '') && !first.has(iconOf(id) ?? ''), priority: 2 },
    { name: 'kit-base', test: (id) => KIT_BASE.test(id), priority: 2 },
    // What every antd control needs (its context, theme, styles, motion, utilities) in one chunk
    // instead of dozens of ~1 KB ones: a page with antd waited on each of them in turn.
    { name: 'antd-base', test: (id) => ANTD_BASE.test(id), priority: 2 },
    // Each of these is ~1 KB or less, and a page needs several: one file each cost a round trip.
    { name: 'constants', test: (id) => CONSTANTS.test(id), priority: 1 },
    { name: 'kit-small', test: (id) => KIT_SMALL.test(id) && !importsAntd(id), priority: 1 },
    {
      name: 'list-kit',
      test: (id) => LIST_KIT.test(id) && !importsAntd(id),
      priority: 1,
    },
  ];
}

/** Text files worth compressing; images and fonts in formats of their own are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `<file>.br` (Brotli at maximum quality) and `<file>.gz` (gzip level 9) beside every
 * compressible file of the build, so the server sends them as they are instead of compressing on
 * the fly at a low level. A compressed file no smaller than its source is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ads:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = fs.readFileSync(full);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) fs.writeFileSync(`${full}.br`, br);
          if (gz.length < source.length) fs.writeFileSync(`${full}.gz`, gz);
        }),
      );
    },
  };
}

/** What route-preload.js knows: per route, the files its page needs (indexes into `files`). */
export interface PreloadManifest {
  files: string[];
  /** The signed-in frame (shell layout) around every protected page. */
  shell: number[];
  /** Route pattern (as in routes.tsx, `:param` segments) → files. */
  routes: Record<string, number[]>;
  /** Language → files of its resources. */
  locales: Record<string, number[]>;
  /** GET calls to start: every signed-in page's, and per route pattern (app/router/early-calls.ts). */
  shellCalls: string[];
  calls: Record<string, EarlyCallSpec[]>;
  /** Per route pattern: the early call whose first items' pictures to preload. */
  images: Record<string, EarlyImages>;
  /** Who may open which page (app/router/route-access.ts), judged by `mayOpen` as the app does. */
  rules: RouteRules;
}

export const PRELOAD_SCRIPT = 'route-preload.js';

/**
 * Runs in the page before the main chunk (a classic script in <head>, served from our origin, so the
 * CSP needs no inline hash): finds the route in location.hash, then asks for its chunks and the
 * active language's at once, and starts the page's first GET calls with the session's token (the API
 * client takes their answers: shared/early-call.ts); once the page is idle, fetches the chunks of the user's other menu
 * pages into the HTTP cache. Mirrors what the app decides later (session, persisted route, landing
 * page, language); a wrong guess costs one download and nothing else.
 */
function routePreload(manifest: PreloadManifest, allows: typeof mayOpen) {
  const added = new Set<string>();
  const link = (rel: string, indexes: number[] | undefined) => {
    for (const index of indexes ?? []) {
      const file = manifest.files[index]!;
      if (added.has(file)) continue;
      added.add(file);
      const element = document.createElement('link');
      element.rel = file.endsWith('.css') ? (rel === 'prefetch' ? 'prefetch' : 'preload') : rel;
      if (file.endsWith('.css')) element.as = 'style';
      // Vite's loader asks for chunks and stylesheets in CORS mode: a link in another mode is not
      // used by it, and the file comes down twice.
      element.crossOrigin = '';
      element.href = file;
      document.head.appendChild(element);
    }
  };
  const normalize = (p: string) => p.replace(/^\/+|\/+$/g, '');
  const patternFor = (route: string) => {
    const parts = route.split('/');
    return Object.keys(manifest.routes).find((pattern) => {
      const want = pattern.split('/');
      return want.length === parts.length && want.every((w, i) => w.startsWith(':') || w === parts[i]);
    });
  };
  // apps/web/src/shared/session.ts: the user info is XOR-obfuscated JSON in base64.
  type StoredUser = { roles?: { name: string }[]; menus?: { url: string }[]; powers?: { code: string }[] };
  const readUserInfo = (): StoredUser | null => {
    try {
      const stored = sessionStorage.getItem('userInfo');
      if (!sessionStorage.getItem('token') || !stored) return null;
      const key = new TextEncoder().encode('ads-console:session');
      const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0)).map((b, i) => b ^ key[i % key.length]!);
      return JSON.parse(new TextDecoder().decode(bytes)) as StoredUser;
    } catch {
      return null;
    }
  };

  let language = 'en-US';
  try {
    const stored = localStorage.getItem('language');
    if (stored && manifest.locales[stored]) language = stored;
    else if ((navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase().startsWith('zh')) language = 'zh-CN';
  } catch {
    // storage blocked: the browser's language decides, as in the app
  }
  link('modulepreload', manifest.locales[language]);

  const userInfo = readUserInfo();
  let route = normalize(location.hash.replace(/^#/, '').split('?')[0]!);
  if (!userInfo) {
    link('modulepreload', manifest.routes['user/login']);
    return;
  }
  if (route === '') {
    try {
      route = normalize(localStorage.getItem('persistedRoute')?.split('?')[0] ?? '');
    } catch {
      // no persisted route
    }
  }
  const role = userInfo.roles?.[0]?.name ?? '';
  if (route === '' || route === 'overview') {
    route = role === 'Publisher' ? 'publisherOverview' : role === 'Advertiser' || role === 'MsInternal' ? 'advertiserOverview' : '';
  }
  // A page the user may not open is never asked for, nor its calls or pictures: the app shows the
  // 401 page instead (app/router/decide-route.ts).
  if (!allows(route, userInfo, manifest.rules)) route = '401';
  const pattern = patternFor(route);
  if (!pattern || pattern === 'user/login') return;
  link('modulepreload', manifest.shell);
  link('modulepreload', manifest.routes[pattern]);

  // The page's first answers, sent as the API client would send them (apps/web/src/shared/api-client.ts).
  // A URL query changes what the page asks: then only the shell's call is started.
  const token = sessionStorage.getItem('token')!;
  // An async script: on a busy line the app can get to a call first. It then marks the URL as asked
  // (`true`, src/shared/early-call.ts), and the call is not sent a second time from here.
  const global = window as unknown as Record<string, unknown>;
  const early = (global.__adsEarlyCalls ??= {}) as Record<string, { startedAt: number; token: string; response: Promise<Response> } | true>;
  let timeZone = 'UTC';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // no Intl time zone: the app asks with UTC too
  }
  const zone = new URLSearchParams({ z: timeZone }).toString().slice(2);
  const calls = [
    ...manifest.shellCalls,
    ...(location.hash.includes('?') ? [] : (manifest.calls[pattern] ?? []))
      .filter((call) => typeof call === 'string' || call.roles.includes(role))
      .map((call) => (typeof call === 'string' ? call : call.url).replace('{timeZone}', zone)),
  ];
  for (const url of calls) {
    if (early[url]) continue;
    const response = fetch(url, {
      headers: { Accept: 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache', Authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
    response.catch(() => {}); // an answer nobody takes must not be an unhandled rejection
    early[url] = { startedAt: Date.now(), token, response };
  }

  // The page's largest paint is a grid's first pictures: preloaded from a copy of the list's answer
  // (taken before the app reads it: this callback was registered first), as the grid will ask for
  // them (eager, the first at high priority), so they do not wait for the page's first render.
  const images = manifest.images[pattern];
  const list = images && early[images.url];
  if (images && typeof list === 'object') {
    list.response
      .then((response) => (response.ok ? (response.clone().json() as Promise<{ items?: Record<string, unknown>[] }>) : null))
      .then((answer) => {
        (answer?.items ?? []).slice(0, images.count).forEach((item, index) => {
          const href = images.field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], item);
          if (typeof href !== 'string' || !href) return;
          const element = document.createElement('link');
          element.rel = 'preload';
          element.as = 'image';
          element.href = href;
          if (index === 0) element.fetchPriority = 'high';
          document.head.appendChild(element);
        });
      })
      .catch(() => {});
  }

  // Likely next: the other pages of the user's menu, fetched when the browser has nothing else to do.
  const prefetchMenu = () => {
    for (const menu of userInfo.menus ?? []) {
      const next = patternFor(normalize(menu.url));
      if (next) link('prefetch', manifest.routes[next]);
    }
  };
  // Not before the page has shown itself: on a slow line these downloads would share the bandwidth
  // with the page's own images (its largest paint), so they wait some seconds after load.
  addEventListener('load', () => {
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(prefetchMenu, { timeout: 5000 });
      else prefetchMenu();
    }, 5000);
  });
}

/** Route table entries: `path: '…'` followed in the same object by its lazy page import. */
const ROUTE_ENTRY = /path: '([^']*)',\s*lazy: (?:page|frame)\(\(\) => import\('([^']+)'\)(?:, \{[^}]*\})?\)/g;
const SHELL_ENTRY = /^\s*lazy: frame\(\(\) => import\('([^']+)'\)\),\s*\n\s*children:/m;
/**
 * The pages whose first view needs antd (~300 KB of code, a 48 KB Brotli stylesheet): none. Every
 * page draws its first view in plain HTML and loads its antd parts (dialogs, drawers, a multiple
 * select, the campaign wizard's steps after the first) when they are first shown, so that a phone
 * shows its rows without waiting for antd. The build fails when a page not named here loads antd at
 * once: a control of the kit that is antd's came into its first view (use the plain one, or load
 * that part lazily).
 */
const ANTD_FIRST_VIEW_ROUTES: string[] = [];
/**
 * The pages whose first view checks a form by its zod contract (~26 KB gzip): the wizard and the
 * user's own password and profile forms. Every other page reads its constants from the contracts'
 * zod-free modules (`*-constants.ts`) and loads a contract's schema with the dialog that checks it;
 * the build fails when another page loads zod at once.
 */
const ZOD_FIRST_VIEW_ROUTES = ['campaign/create', 'changePassword', 'profile'];

/**
 * Emits route-preload.js (see routePreload) with the build's manifest, read from the route table
 * (src/app/router/routes.tsx) and the bundle, and loads it from index.html before the main chunk.
 * The build fails when a lazy route of the table cannot be matched, so the manifest cannot silently
 * fall behind the table.
 */
export function routePreloadManifest(): Plugin {
  let root = '';
  let base = './';
  return {
    name: 'ads:route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      // async: it blocks no rendering, and as the first and smallest script it still runs before the
      // main chunk, which waits for its own imports.
      handler: () => [{ tag: 'script', attrs: { src: `${base}${PRELOAD_SCRIPT}`, async: true }, injectTo: 'head-prepend' }],
    },
    // After Vite's own generateBundle: it drops the chunks that held only CSS (their CSS moves to
    // the importers' importedCss), which a manifest read before would name and the browser 404.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const routesFile = path.join(root, 'src/app/router/routes.tsx');
        const source = fs.readFileSync(routesFile, 'utf8');
        const resolve = (specifier: string) => {
          const stem = path.resolve(path.dirname(routesFile), specifier);
          return ['.tsx', '.ts'].map((ext) => stem + ext).find((f) => fs.existsSync(f)) ?? stem;
        };
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // What the entry loads statically already has its own modulepreload links from Vite.
        const inEntry = new Set<string>();
        const walk = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || inEntry.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) walk(imported, into);
        };
        if (entry) walk(entry.fileName, inEntry);

        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(`${base}${file}`);
          return at >= 0 ? at : files.push(`${base}${file}`) - 1;
        };
        const filesOf = (moduleFile: string, what: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === moduleFile);
          if (!chunk) throw new Error(`route-preload: no chunk for ${what} (${moduleFile})`);
          const found = new Set<string>();
          walk(chunk.fileName, found);
          return [...found].map(indexOf);
        };

        const manifest: PreloadManifest = {
          files,
          shell: [],
          routes: {},
          locales: {},
          shellCalls: SHELL_EARLY_CALLS,
          calls: EARLY_CALLS,
          images: EARLY_IMAGES,
          rules: ROUTE_RULES,
        };
        const shell = SHELL_ENTRY.exec(source);
        if (!shell) throw new Error('route-preload: the shell layout was not found in routes.tsx');
        manifest.shell = filesOf(resolve(shell[1]!), 'the shell layout');
        const antdChunks = new Set(chunks.filter((c) => c.moduleIds.some((id) => /[\\/]node_modules[\\/]antd[\\/]/.test(id))).map((c) => `${base}${c.fileName}`));
        const antdIn = (indexes: number[]) => indexes.filter((file) => antdChunks.has(files[file]!));
        if (antdIn(manifest.shell).length) throw new Error(`route-preload: the shell loads antd's files: ${antdIn(manifest.shell).map((i) => files[i]).join(', ')}`);
        const zodChunks = new Set(chunks.filter((c) => c.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))).map((c) => `${base}${c.fileName}`));
        for (const [, route, specifier] of source.matchAll(ROUTE_ENTRY)) {
          const own = filesOf(resolve(specifier!), route!);
          const withAntd = ANTD_FIRST_VIEW_ROUTES.includes(route!) ? [] : antdIn(own);
          if (withAntd.length) throw new Error(`route-preload: ${route}, a page without antd, loads antd's files: ${withAntd.map((i) => files[i]).join(', ')}`);
          const withZod = ZOD_FIRST_VIEW_ROUTES.includes(route!) ? [] : own.filter((file) => zodChunks.has(files[file]!));
          if (withZod.length) throw new Error(`route-preload: ${route}, a page without zod, loads zod's files: ${withZod.map((i) => files[i]).join(', ')}`);
          manifest.routes[route!] = own;
        }
        for (const [name, routes] of [['ANTD_FIRST_VIEW_ROUTES', ANTD_FIRST_VIEW_ROUTES], ['ZOD_FIRST_VIEW_ROUTES', ZOD_FIRST_VIEW_ROUTES]] as const) {
          const unknown = routes.filter((route) => !manifest.routes[route]);
          if (unknown.length) throw new Error(`route-preload: ${name} names routes that routes.tsx does not have: ${unknown.join(', ')}`);
        }
        for (const route of Object.keys(EARLY_CALLS)) {
          if (!manifest.routes[route]) throw new Error(`route-preload: early calls for ${route}, which routes.tsx does not have`);
        }
        for (const [route, images] of Object.entries(EARLY_IMAGES)) {
          const calls = (EARLY_CALLS[route] ?? []).map((call) => (typeof call === 'string' ? call : call.url));
          if (!calls.includes(images.url)) throw new Error(`route-preload: early images for ${route} from ${images.url}, not one of its early calls`);
        }
        const lazyCount = source.match(/import\('/g)?.length ?? 0;
        if (lazyCount !== Object.keys(manifest.routes).length + 1) {
          throw new Error(`route-preload: ${lazyCount} lazy imports in routes.tsx, ${Object.keys(manifest.routes).length + 1} understood`);
        }
        const i18nDir = path.join(root, 'src/shared/i18n/locales');
        for (const language of ['en-US', 'zh-CN']) manifest.locales[language] = filesOf(path.join(i18nDir, `${language}.ts`), language);

        this.emitFile({
          type: 'asset',
          fileName: PRELOAD_SCRIPT,
          source: `// Generated by apps/web/build-plugins.ts\n(${routePreload.toString()})(${JSON.stringify(manifest)}, ${mayOpen.toString()});\n`,
        });
      },
    },
  };
}
