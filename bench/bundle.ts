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
}

/** Records every JavaScript file the page fetches, with its gzip size. */
const recordJs = (page: Page) => {
  const files = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
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

const kb = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0) / 1024;

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
    await page.waitForLoadState('networkidle');
    const login = new Map(files);

    await page.getByLabel('Email').fill('advertiser@demo.test');
    await page.getByLabel('Password').fill('Demo@2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/advertiserOverview/);

    // The moment the first KPI card is in the page, taken in the page (a poll from here would be late).
    await page.addInitScript(`
      // (a string: a function would be sent with the helpers tsx adds to it)
      const seen = () => {
        if (!document.querySelector('.overview-kpi-value')) return false;
        window.kpiAt = performance.now();
        return true;
      };
      const watch = new MutationObserver(() => seen() && watch.disconnect());
      document.addEventListener('DOMContentLoaded', () => seen() || watch.observe(document.body, { childList: true, subtree: true }));
    `);
    page.removeAllListeners('response');
    files = recordJs(page);
    await page.reload();
    await page.getByRole('navigation').first().waitFor();
    await page.locator('.overview-kpi-value').first().waitFor();
    // The files asked for before the cards were in the page.
    const before = new Set(
      await page.evaluate(() => {
        const at = (window as unknown as { kpiAt: number }).kpiAt;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= at)
          .map((e) => e.name);
      }),
    );
    await page.locator('.trend-chart canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    const charts = new Map(files);
    const landing = new Map([...charts].filter(([file]) => before.has(file)));

    // Then the wizard, opened from the menu as a user does: what it fetches beyond the landing page.
    page.removeAllListeners('response');
    files = recordJs(page);
    await page.getByRole('navigation').getByText('Campaign', { exact: true }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Create Campaign', exact: true }).click();
    await page.getByLabel('Campaign name').waitFor();
    await page.waitForLoadState('networkidle');
    const wizard = new Map([...files].filter(([file]) => !charts.has(file)));
    return {
      loginKb: kb(login),
      loginFiles: login.size,
      landingKb: kb(landing),
      landingFiles: landing.size,
      chartsKb: kb(charts),
      chartsFiles: charts.size,
      wizardKb: kb(wizard),
      wizardFiles: wizard.size,
    };
  } finally {
    await browser.close();
  }
};
