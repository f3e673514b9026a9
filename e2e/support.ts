import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { isUnusedAntdClass } from '../apps/web/antd-css';

/**
 * Playwright's test, watching every page of the test's browser context for a class of an antd
 * component whose styles the build drops (apps/web/antd-css.ts): a test that shows one fails.
 */
export const test = base.extend<{ droppedAntdStyles: void }>({
  droppedAntdStyles: [
    async ({ context }, use) => {
      const seen = new Set<string>();
      await context.exposeFunction('__reportAntdClasses', (names: string[]) => names.forEach((name) => seen.add(name)));
      await context.addInitScript(() => {
        const known = new Set<string>();
        const collect = (element: Element, found: string[]) => {
          for (const name of element.classList) {
            if (name.startsWith('ant-') && !known.has(name)) {
              known.add(name);
              found.push(name);
            }
          }
        };
        new MutationObserver((records) => {
          const found: string[] = [];
          for (const record of records) {
            if (record.type === 'attributes') collect(record.target as Element, found);
            for (const node of record.addedNodes) {
              if (!(node instanceof Element)) continue;
              collect(node, found);
              for (const child of node.querySelectorAll('[class]')) collect(child, found);
            }
          }
          const report = (window as unknown as { __reportAntdClasses?: (names: string[]) => void }).__reportAntdClasses;
          if (found.length) void report?.(found);
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await use();
      expect([...seen].filter(isUnusedAntdClass), 'classes of antd components whose styles the build drops').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO = {
  advertiser: 'advertiser@demo.test',
  publisher: 'publisher@demo.test',
  staff: 'staff@demo.test',
} as const;
export const DEMO_PASSWORD = 'Demo@2026';

/** Signs in through the login page, as a person would. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/#/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When the figures a test compares next change on their own: `day`, at the next midnight of the
 * browser's time zone (this machine's: "Today", "Yesterday", "Last 30 days", "Last month") or of
 * UTC (daily budgets and pacing), whichever comes first; `hour`, at the next UTC hour as well (the
 * hourly rollups' windows of "the last 24 hours").
 */
const nextChange = (now: number, of: 'day' | 'hour') => {
  const local = new Date(now);
  // The next local calendar day's start, daylight-saving days included.
  const midnight = Math.min(new Date(local.getFullYear(), local.getMonth(), local.getDate() + 1).getTime(), (Math.floor(now / DAY_MS) + 1) * DAY_MS);
  return of === 'day' ? midnight : Math.min(midnight, (Math.floor(now / HOUR_MS) + 1) * HOUR_MS);
};

/**
 * Starts what follows clear of a change of day (or hour): when one comes within `withinMs` (by
 * default the test's own time limit, which what follows must keep to anyway), waits until it has
 * passed, and gives the test that much more time. A test that reads a figure twice, or in two
 * places, then reads it within one day (or hour), whatever the hour it runs at.
 */
export const clearOf = async (of: 'day' | 'hour', withinMs = test.info().timeout) => {
  const now = Date.now();
  const change = nextChange(now, of);
  if (change - now >= withinMs) return;
  const wait = change - now + 2_000;
  test.setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
};

/** The hash route the app shows, without the leading "#/". */
export const currentRoute = (page: Page) => new URL(page.url()).hash.replace(/^#\/?/, '');

/**
 * Chooses an option of an antd Select or TreeSelect as a keyboard user does: type to filter (when
 * the select searches), arrow to the option, Enter. Clicking the drawn option races antd's popup
 * placement (the popup sits at the top of the page for a frame before it is aligned, and a click
 * there is lost), so the tests use the keyboard.
 */
export const chooseOption = async (page: Page, combobox: Locator, text: string) => {
  await combobox.click();
  if (await combobox.isEditable()) await combobox.fill(text);
  const active = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator('.ant-select-item-option-active, .ant-select-tree-treenode-active');
  for (let step = 0; !((await active.textContent({ timeout: 2_000 }).catch(() => '')) ?? '').includes(text); step++) {
    if (step === 50) throw new Error(`No option "${text}"`);
    await combobox.press('ArrowDown');
  }
  await combobox.press('Enter');
  await expect(combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')).toContainText(text);
};

// axe-core itself, put into each document once (AxeBuilder injected its ~600 KB again at every
// scan, ~2 s each). The console's pages have no frames, which is what AxeBuilder adds over
// `axe.run`. Violations only: passes and incomplete results are not gathered.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's violations on the page, or within `include` (a selector), with axe's default rules plus `rules`. */
export const axeScan = async (page: Page, { include, rules }: { include?: string; rules?: RunOptions['rules'] } = {}) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ({ include, options }) =>
      (window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } }).axe.run(include ? { include: [include] } : document, options),
    { include, options: { rules, resultTypes: ['violations'] } satisfies RunOptions },
  );
};
