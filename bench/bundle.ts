import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';

export interface BundleResult {
  loginKb: number;
  loginFiles: number;
  /** The landing dashboard's JavaScript until its KPI cards show (shell included). */
  landingKb: number;
  landingFiles: number;
  /** … and once its trend chart is drawn (the chart's chunk loads after the cards). */
  chartsKb: number;
  chartsFiles: number;
  /** The campaign wizard's JavaScript beyond what the landing page loaded (the shell's). */
  wizardKb: number;
  wizardFiles: number;
  /** The image gallery (a page built with antd), loaded cold: its JavaScript and CSS until the first thumbnail shows. */
  galleryKb: number;
  galleryFiles: number;
}

/** Records every JavaScript file (and stylesheet, with `css`) the page fetches, with its gzip size. */
const recordJs = (page: Page, { css = false } = {}) => {
  const files = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript') && !(css && type.includes('text/css'))) return;
    // The chunks of the user's other pages, prefetched when idle (route-preload.js), are not needed to use this one.
    const request = await res.request().allHeaders();
    if (`${request['sec-purpose'] ?? ''}${request['purpose'] ?? ''}`.includes('prefetch')) return;
    try {
      files.set(res.url(), gzipSync(await res.body()).length);
    } catch {
      // a response without a body (redirect) carries no JavaScript
    }
  });
  return files;
};

/**
 * Resolves once no script or stylesheet has been asked for or been in flight for a second. Not
 * "network idle": the Action Center's notification stream keeps one request open for good.
 */
const filesSettled = async (page: Page) => {
  const isFile = (type: string) => type === 'script' || type === 'stylesheet';
  let inFlight = 0;
  let last = Date.now();
  const start = (r: { resourceType(): string }) => isFile(r.resourceType()) && (inFlight++, (last = Date.now()));
  const end = (r: { resourceType(): string }) => isFile(r.resourceType()) && ((inFlight = Math.max(0, inFlight - 1)), (last = Date.now()));
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    while (inFlight > 0 || Date.now() - last < 1000) await new Promise((done) => setTimeout(done, 100));
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
};

const kb = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0) / 1024;

/** Notes in the page (window.shownAt) the moment an element matching `selector` is first in it: a poll from here would be late. */
const markWhenShown = (page: Page, selector: string) =>
  page.addInitScript(`
    // (a string: a function would be sent with the helpers tsx adds to it)
    const seen = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false;
      window.shownAt = performance.now();
      return true;
    };
    const watch = new MutationObserver(() => seen() && watch.disconnect());
    document.addEventListener('DOMContentLoaded', () => seen() || watch.observe(document.body, { childList: true, subtree: true }));
  `);

/** The files the page asked for before markWhenShown's element was in it. */
const askedBeforeShown = async (page: Page) =>
  new Set(
    await page.evaluate(() => {
      const at = (window as unknown as { shownAt: number }).shownAt;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= at)
        .map((e) => e.name);
    }),
  );

/**
 * JavaScript transferred (gzip) before the login page is usable, and before a signed-in landing page
 * is usable (a cold load of it with a session: shell included). The browser cache is off.
 */
export const measureBundles = async (url: string): Promise<BundleResult> => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    let files = recordJs(page);
    await page.goto(`${url}/#/user/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await filesSettled(page);
    const login = new Map(files);

    await page.getByLabel('Email').fill('advertiser@demo.test');
    await page.getByLabel('Password').fill('Demo@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/advertiserOverview/);

    await markWhenShown(page, '.overview-kpi-value');
    page.removeAllListeners('response');
    files = recordJs(page);
    await page.reload();
    await page.getByRole('navigation').first().waitFor();
    await page.locator('.overview-kpi-value').first().waitFor();
    const before = await askedBeforeShown(page);
    await page.locator('.trend-chart canvas').first().waitFor();
    await filesSettled(page);
    const charts = new Map(files);
    const landing = new Map([...charts].filter(([file]) => before.has(file)));

    // Then the wizard, opened from the menu as a user does: what it fetches beyond the landing page.
    page.removeAllListeners('response');
    files = recordJs(page);
    await page.getByRole('navigation').getByText('Campaign', { exact: true }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Create Campaign', exact: true }).click();
    await page.getByLabel('Campaign name').waitFor();
    await filesSettled(page);
    const wizard = new Map([...files].filter(([file]) => !charts.has(file)));

    // Then the image gallery, loaded cold: what it asks for before its first thumbnail is in the page.
    await markWhenShown(page, '.image-card img');
    page.removeAllListeners('response');
    files = recordJs(page, { css: true });
    await page.goto(`${url}/#/assetLibrary/imageGallery`);
    await page.reload();
    await page.locator('.image-card img').first().waitFor();
    const galleryAsked = await askedBeforeShown(page);
    await filesSettled(page);
    const gallery = new Map([...files].filter(([file]) => galleryAsked.has(file)));
    return {
      loginKb: kb(login),
      loginFiles: login.size,
      landingKb: kb(landing),
      landingFiles: landing.size,
      chartsKb: kb(charts),
      chartsFiles: charts.size,
      wizardKb: kb(wizard),
      wizardFiles: wizard.size,
      galleryKb: kb(gallery),
      galleryFiles: gallery.size,
    };
  } finally {
    await browser.close();
  }
};
