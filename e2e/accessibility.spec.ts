import type { Page } from '@playwright/test';
import { axeScan, DEMO, expect, signIn, test } from './support';

// Every page of every role's menu, at a phone's width and a desktop's, is checked with axe (every
// rule axe runs by default, plus the label-in-name rule Lighthouse adds), and no page may log a
// console error or a Content-Security-Policy violation on its way.

const VIEWPORTS = [
  { name: 'narrow', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
];

/** Console errors, uncaught exceptions and CSP violations of a page, as they happen. */
const watchProblems = async (page: Page) => {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
};

/** The leaf pages of the signed-in user's menu, as the server delivers it. */
const menuPages = async (page: Page): Promise<string[]> => {
  const menus = await page.evaluate(async () => {
    const res = await fetch('/api/User/Info', { headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    return ((await res.json()) as { menus: { id: number; parent: number | null; url: string }[] }).menus;
  });
  const parents = new Set(menus.map((m) => m.parent));
  return menus.filter((m) => !parents.has(m.id)).map((m) => m.url);
};

/** Waits until the page has its heading and nothing on it is still loading. */
const settled = async (page: Page) => {
  await expect(page.locator('.app-content h1').first()).toBeVisible();
  await expect(page.locator('.app-content .kit-skeleton, .app-content .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
  // Colours measured mid-transition (a button enabled as its data arrives) are neither state's.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
};

const axe = async (page: Page) => {
  const { violations } = await axeScan(page, { rules: { 'label-content-name-mismatch': { enabled: true } } });
  return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
};

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test('the login page passes axe and logs no error', async ({ page }) => {
      const problems = await watchProblems(page);
      await page.setViewportSize(viewport);
      await page.goto('/#/user/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await axe(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}

// Each page is loaded once and checked at every width (a load costs more than axe's pass).
for (const [role, email] of Object.entries(DEMO)) {
  test(`every page of the ${role}'s menu passes axe at ${VIEWPORTS.map((v) => `${v.width} px`).join(' and ')} and logs no error`, async ({ page }) => {
    // The advertiser's menu has the most pages, each loaded, settled and checked by axe twice.
    test.setTimeout(240_000);
    const problems = await watchProblems(page);
    // Signed in at the default width (the user button shows its email there), then resized.
    await signIn(page, email);
    const pages = [...(await menuPages(page)), '404'];
    expect(pages.length).toBeGreaterThan(2);
    const found: Record<string, unknown> = {};
    for (const route of pages) {
      await page.goto(`/#/${route}`);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await settled(page);
        const violations = await axe(page);
        if (violations.length) found[`${route} at ${viewport.width} px`] = violations;
      }
    }
    expect({ violations: found, problems }).toEqual({ violations: {}, problems: [] });
  });
}

test('a cold load asks for its route\'s chunks and first calls before the main chunk runs, and the assets come pre-compressed', async ({ page }) => {
  await signIn(page, DEMO.advertiser);
  await page.goto('/#/assetLibrary/imageGallery');
  // The warm load's own list call has answered (a hash change draws the heading before it asks), and
  // its first thumbnails have loaded: a busy browser may ask for them after the first is visible, and
  // those requests would count as the cold load's.
  const firstRowLoaded = () =>
    page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.image-grid img')].slice(0, 6).every((i) => i.complete && i.naturalWidth > 0));
  await expect(page.locator('.image-grid img').first()).toBeVisible();
  await firstRowLoaded();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.reload();
  await expect(page.locator('.app-content h1').first()).toBeVisible();
  // What the rest asserts has been asked for once the grid's first thumbnails are shown.
  await expect(page.locator('.image-grid img').first()).toBeVisible();
  await firstRowLoaded();
  // Written by route-preload.js from location.hash, in <head>, ahead of the app.
  const preloads = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(preloads.some((href) => /image-gallery-page-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.some((href) => /shell-layout-[\w-]+\.js$/.test(href))).toBe(true);

  // Its first calls were started by route-preload.js too, and the page took those answers.
  const lists = requested.filter((url) => url.includes('/api/Image/List?'));
  expect(lists).toEqual([expect.stringContaining('/api/Image/List?sort=createdAt&order=desc&page=1&pageSize=24')]);
  expect(requested.filter((url) => url.endsWith('/api/User/Info'))).toHaveLength(1);
  // Each file is asked for once: the preloads are made as Vite's loader asks (CORS mode), so it takes them.
  const assets = requested.filter((url) => url.includes('/assets/'));
  expect(assets.filter((url, i) => assets.indexOf(url) !== i)).toEqual([]);
  // The grid's first thumbnails were preloaded from the list's answer, and the grid took them.
  const thumbnails = await page.locator('.image-grid img').evaluateAll((images) => images.slice(0, 6).map((i) => (i as HTMLImageElement).src));
  expect(thumbnails.length).toBeGreaterThan(0);
  const preloadedImages = await page.locator('head link[rel="preload"][as="image"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(preloadedImages).toEqual(thumbnails);
  const files = requested.filter((url) => url.includes('/api/Image/File?'));
  expect(files.filter((url, i) => files.indexOf(url) !== i)).toEqual([]);

  const main = requested.find((url) => /\/assets\/index-[\w-]+\.js$/.test(url))!;
  const res = await page.request.get(main, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['vary']).toContain('accept-encoding');

  // Every file route-preload.js may preload or prefetch exists (a chunk Vite dropped would 404).
  const script = await (await page.request.get('/route-preload.js')).text();
  const chunks = JSON.parse(/\{"files":(\[[^\]]*\])/.exec(script)![1]!) as string[];
  expect(chunks.length).toBeGreaterThan(10);
  for (const file of chunks) expect((await page.request.head(new URL(file, page.url()).href)).status(), file).toBe(200);
});
