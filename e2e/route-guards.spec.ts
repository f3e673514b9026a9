import type { Page, Request } from '@playwright/test';
import { MENUS, ROLE_MENUS } from '../apps/server/src/modules/identity/catalogue';
import { currentRoute, DEMO, expect, signIn, test } from './support';

// A page a role may not open is decided from the session before anything of the page runs: the
// 401 page shows, and neither the page's code nor route-preload.js asks its API or its pictures.

type Role = keyof typeof ROLE_MENUS;
const USERS: Record<Role, string> = { Advertiser: DEMO.advertiser, Publisher: DEMO.publisher, MsInternal: DEMO.staff };

const routesOf = (role: Role) => new Set(MENUS.filter((menu) => ROLE_MENUS[role].includes(menu.id) && menu.url).map((menu) => menu.url));
/** Every page of the other roles that this role's menu does not hold. */
const foreignRoutes = (role: Role) => {
  const own = routesOf(role);
  const others = (Object.keys(ROLE_MENUS) as Role[]).filter((other) => other !== role).flatMap((other) => [...routesOf(other)]);
  return [...new Set(others)].filter((route) => !own.has(route));
};

/** The session's own calls, which the shell makes on every page (the 401 page included). */
const SHELL_CALLS = ['/api/User/Info', '/api/Notification/Notifications', '/api/Notification/Stream'];

/**
 * What the page asks of the API (beyond the shell's calls), which pictures it loads, and what it
 * reports as errors, while it shows a forbidden route (`judging`): the role's own pages are not judged.
 */
function watch(page: Page) {
  const seen = { judging: false, api: [] as string[], images: [] as string[], errors: [] as string[] };
  const onRequest = (request: Request) => {
    if (!seen.judging) return;
    const url = new URL(request.url());
    if (request.resourceType() === 'image' || url.pathname.endsWith('/File')) seen.images.push(url.pathname);
    else if (url.pathname.startsWith('/api/') && !SHELL_CALLS.includes(url.pathname)) seen.api.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', onRequest);
  page.on('console', (message) => {
    if (seen.judging && message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.judging && seen.errors.push(error.message));
  return seen;
}

const expect401 = async (page: Page, route: string) => {
  await expect.poll(() => currentRoute(page), { message: route }).toBe('401');
  await expect(page.getByText('Sorry, you are not authorized to access this page.'), route).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="image"]'), route).toHaveCount(0);
};

for (const role of Object.keys(USERS) as Role[]) {
  test(`${role}: another role's pages show the 401 page and ask nothing of their API`, async ({ page }) => {
    const routes = foreignRoutes(role);
    // Each route is shown twice (opened afresh, then reached inside the console), each time within
    // its expectations' limit (10 s); signing in and the landing page within theirs. About 2 s a
    // route alone, several times that on a loaded two-core machine: the test may take what its
    // steps may, so that a step too slow fails on its own expectation, naming its route.
    test.setTimeout(30_000 + routes.length * 2 * 10_000);
    expect(routes.length).toBeGreaterThan(3);
    const seen = watch(page);
    await signIn(page, USERS[role]);

    // Opened afresh (route-preload.js decides first) …
    for (const route of routes) {
      await page.goto('about:blank');
      seen.judging = true;
      await page.goto(`/#/${route}`);
      await expect401(page, route);
    }
    seen.judging = false;
    // … and reached from inside the console (the route table's page loading decides).
    await page.goto('about:blank');
    await page.goto('/#/');
    await expect(page.getByRole('button', { name: USERS[role] })).toBeVisible();
    // The landing page's own calls answered: what follows is the forbidden pages'.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    seen.judging = true;
    for (const route of routes) {
      await page.evaluate((hash) => void (window.location.hash = hash), `#/${route}`);
      await expect401(page, route);
    }

    expect(seen.api, 'calls to the API other than the shell’s').toEqual([]);
    expect(seen.images, 'pictures loaded').toEqual([]);
    expect(seen.errors, 'console errors').toEqual([]);
  });
}
