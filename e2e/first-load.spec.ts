// The first load (docs/decisions/0012-first-load.md): the sign-in page fetches the shell and the form but
// no screen's code, compressed; a second visit takes every script from the browser's cache.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const SCREENS = ['DashboardPage', 'EmployeesPage', 'FlightsPage', 'SchedulePage', 'TimeOffPage', 'AirportHoursPage', 'SettingsPage', 'AccountPage', 'UsersPage', 'RegisterPage', 'papaparse', 'qrcode'];

interface Script {
  url: string;
  encoding: string | undefined;
  fromCache: boolean;
}

/** Every script the page loads, and whether the browser took it from its cache, by its network log. */
async function watchScripts(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, Script>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const previous = scripts.get(event.requestId);
    scripts.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      encoding: headers['content-encoding'],
      fromCache: Boolean(previous?.fromCache || event.response.fromDiskCache || event.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const previous = scripts.get(event.requestId);
    scripts.set(event.requestId, { url: previous?.url ?? '', encoding: previous?.encoding, fromCache: true });
  });
  return () => [...scripts.values()];
}

test('the sign-in page loads no screen’s code, compressed; a second visit fetches no script from the network', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const first = await watchScripts(context, page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = first();
    expect(loaded.length).toBeGreaterThan(0);
    for (const script of loaded) {
      expect(script.url).toMatch(/^\/assets\//);
      for (const screen of SCREENS) expect(script.url, `${script.url} is ${screen}'s code`).not.toContain(screen);
      expect(['br', 'gzip'], `${script.url} went out uncompressed`).toContain(script.encoding);
    }

    // A second visit in a new tab of the same browser: every script comes from the cache.
    const second = await context.newPage();
    await page.close();
    const again = await watchScripts(context, second);
    await second.goto('/login');
    await expect(second.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
    await second.waitForLoadState('networkidle');
    const reloaded = again();
    expect(reloaded.map((s) => s.url).sort()).toEqual(loaded.map((s) => s.url).sort());
    expect(reloaded.filter((s) => !s.fromCache).map((s) => s.url)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a screen’s code arrives when the screen is opened, with the strict script policy', async ({ signedInPage: page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.getByRole('link', { name: 'Pracownicy' }).first().click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((url) => url.includes('EmployeesPage'))).toBe(true);
  expect(errors.filter((e) => /Content Security Policy|Failed to fetch dynamically imported module/.test(e))).toEqual([]);
});
