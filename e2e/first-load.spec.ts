// The first load (docs/decisions/0012-first-load.md): the sign-in page fetches the form but no screen's
// code and no screen's texts, compressed; a screen's texts arrive with it and no key shows meanwhile;
// a second visit takes every script from the browser's cache.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, ADMIN } from './fixtures.ts';
import { loadAllCatalogs, screenCatalogs, type CatalogueTree } from '../src/web/i18n/catalogs.ts';

const SCREENS = [
  'DashboardPage',
  'EmployeesPage',
  'FlightsPage',
  'SchedulePage',
  'TimeOffPage',
  'AirportHoursPage',
  'SettingsPage',
  'AccountPage',
  'UsersPage',
  'RegisterPage',
  'papaparse',
  'qrcode',
];

interface Script {
  url: string;
  encoding: string | undefined;
  fromCache: boolean;
  /** Bytes that came over the wire for it (headers and the compressed body). */
  bytes?: number;
}

/**
 * The sign-in page's JavaScript, compressed, over the wire: issue 17 asked for at most 150 kB; since the
 * auth client comes only with the first sign-in (docs/decisions/0060-auth-client-on-demand.md) it is
 * about 142 kB, and the budget holds that gain.
 */
const SIGN_IN_SCRIPT_BUDGET = 145 * 1024;

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
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.bytes = event.encodedDataLength;
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
    // Within its budget: a module the sign-in page does not need (a schema library, a date library)
    // slipping into the entry shows here first.
    const sent = loaded.reduce((sum, s) => sum + (s.bytes ?? 0), 0);
    expect(loaded.every((s) => (s.bytes ?? 0) > 0)).toBe(true);
    expect(sent, `the sign-in page's scripts took ${(sent / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET);

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

/**
 * The employee's first screen (docs/staff-accounts.md): its JavaScript, compressed, over the wire. The
 * screen adds only its own files and texts to the entry the sign-in page loads (about 142 kB of it,
 * React included): the month, the time-off requests and the wishes, about 13 kB; 154 kB in all, measured
 * on 3 December 2026. The 120 kB aimed at needs an entry smaller by a third
 * (docs/decisions/0060-auth-client-on-demand.md says what is left in it).
 */
const EMPLOYEE_SCRIPT_BUDGET = 156 * 1024;

test('an employee’s own screen loads none of the planners’ code, within its budget', async ({ signedInPage: planner, browser }) => {
  // An employee of the demo airport with an account: invited by the planner, the link taken.
  const last = `Wczytanie${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const created = await planner.request.post('/api/employees', {
    data: { firstName: 'Ewa', lastName: last, email: `${last.toLowerCase()}@example.com`, role: 'TEST 2' },
  });
  const employee = (await created.json()) as { id: string };
  const invited = (await (await planner.request.post(`/api/employees/${employee.id}/account`, { data: {} })).json()) as { path: string };
  const password = 'first load on a phone 3318';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const accepted = await page.request.post('/api/invitations/accept', { data: { token: invited.path.split('#')[1], password } });
    expect(accepted.status()).toBe(200);
    expect((await page.request.post('/api/auth/sign-in/email', { data: { email: `${last.toLowerCase()}@example.com`, password } })).status()).toBe(200);
    const first = await watchScripts(context, page);
    await page.goto('/me');
    await expect(page.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const loaded = first();
    const planners = [...SCREENS.filter((s) => s !== 'RegisterPage'), 'Layout', 'QualificationsPage', 'CoveragePage', 'PrintoutPage', 'HandlingRulesPage'];
    for (const script of loaded) {
      for (const screen of planners) expect(script.url, `${script.url} is ${screen}'s code`).not.toContain(screen);
      expect(['br', 'gzip'], `${script.url} went out uncompressed`).toContain(script.encoding);
    }
    expect(loaded.some((s) => s.url.includes('MePage'))).toBe(true);
    const sent = loaded.reduce((sum, s) => sum + (s.bytes ?? 0), 0);
    expect(sent, `the employee's screen's scripts took ${(sent / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(EMPLOYEE_SCRIPT_BUDGET);
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
  await expect(page).toHaveURL(/\/employees(\?month=\d{4}-\d{2})?$/);
  // The dashboard stays on screen while the next screen's code loads: wait for the next screen itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Grupy pracowników lotniska' })).toBeVisible();
  expect(scripts.some((url) => url.includes('EmployeesPage'))).toBe(true);
  expect(errors.filter((e) => /Content Security Policy|Failed to fetch dynamically imported module/.test(e))).toEqual([]);
});

/** Every text of a catalogue. */
function texts(tree: CatalogueTree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
}

/**
 * Texts that only this namespace has (no other namespace holds them, even within a longer text), plain
 * enough to appear verbatim in a built script (no quotes, escapes or placeholders) and long enough not
 * to occur by chance.
 */
async function distinctiveTexts() {
  const all = await loadAllCatalogs();
  const byNamespace = Object.entries(all).map(([ns, c]) => [ns, [...texts(c.pl), ...texts(c.en)]] as const);
  const plain = (text: string) => /^[\p{L}\p{N} ,.:;()–-]+$/u.test(text);
  const onlyIn = (ns: string, text: string) => byNamespace.every(([other, list]) => other === ns || !list.some((t) => t.includes(text)));
  const pick = (ns: string, min: number) =>
    texts(all[ns as keyof typeof all].pl)
      .filter((t) => t.length >= min && plain(t) && onlyIn(ns, t))
      .slice(0, 5);
  return {
    screens: Object.fromEntries(Object.keys(screenCatalogs).map((ns) => [ns, pick(ns, 30)])),
    entry: pick('auth', 20),
  };
}

/** The bodies of the scripts the page fetches from now until take(). */
function watchScriptBodies(page: Page) {
  let pending: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(response.text());
  });
  return async () => {
    const bodies = await Promise.all(pending);
    pending = [];
    return bodies;
  };
}

test('the sign-in page carries no screen’s texts; a screen’s texts arrive with it, and no key shows meanwhile', async ({ page }) => {
  const samples = await distinctiveTexts();
  for (const [ns, list] of Object.entries(samples.screens)) expect(list.length, `${ns} has texts to look for`).toBeGreaterThan(0);
  // Any text on screen shaped like a key ("nav.dashboard", "dashboard:title") is recorded as it appears.
  await page.addInitScript(() => {
    const KEY = /^(?:[a-z][A-Za-z]*:)?[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+$/;
    const seen: string[] = [];
    (window as unknown as { __keys: string[] }).__keys = seen;
    const check = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim() ?? '';
        if (KEY.test(text)) seen.push(text);
        return;
      }
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) check(walker.currentNode);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target);
        for (const node of record.addedNodes) check(node);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const take = watchScriptBodies(page);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signIn = await take();
  // The check reads the texts it should: the form's own are there.
  for (const text of samples.entry)
    expect(
      signIn.some((body) => body.includes(text)),
      `the sign-in page lacks "${text}"`,
    ).toBe(true);
  for (const [ns, list] of Object.entries(samples.screens)) {
    for (const text of list)
      expect(
        signIn.some((body) => body.includes(text)),
        `the sign-in page carries ${ns}: "${text}"`,
      ).toBe(false);
  }

  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  // The screen shows once its code and every namespace it uses are there (the old page stays meanwhile).
  await expect(page.getByRole('heading', { level: 1, name: 'Grafik pracy' })).toBeVisible();
  const dashboard = await take();
  for (const ns of ['dashboard', 'timeOffModal', 'coverageStrip']) {
    expect(
      dashboard.some((body) => body.includes(samples.screens[ns]![0]!)),
      `the dashboard came without ${ns}`,
    ).toBe(true);
  }
  for (const ns of ['flights', 'users', 'employees']) {
    for (const text of samples.screens[ns]!)
      expect(
        dashboard.some((body) => body.includes(text)),
        `the dashboard brought ${ns}: "${text}"`,
      ).toBe(false);
  }

  // Each screen opened for the first time, in both languages: its texts, never its keys.
  const screens = [
    ['Pracownicy', 'Grupy pracowników lotniska'],
    ['Loty', 'Rozkład lotów'],
    ['Urlopy', 'Urlopy'],
    ['Ustawienia', 'Ustawienia'],
  ] as const;
  for (const [link, heading] of screens) {
    await page.getByRole('navigation').first().getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // Switching the language fetches nothing new to show: the open screen's texts change in place.
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Coverage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coverage' })).toBeVisible();
  // A text the coverage screen takes from another namespace (t('coverageStrip:legend')).
  await expect(page.getByText(/^The share of the demand covered that day/).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys)).toEqual([]);
});

test('the dashboard opened in a new tab: its page names its code and month, the app takes that month instead of asking again, and draws the screen without a spinner first', async ({
  signedInPage: page,
}) => {
  const month = '2026-11';
  const tab = await page.context().newPage();
  // Whether the loading spinner ("Ładowanie…") was ever drawn, and whether it came before the grid.
  await tab.addInitScript(() => {
    const seen = { spinner: false, grid: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (!seen.grid && document.querySelector('table[role="grid"]')) seen.grid = true;
      if (!seen.grid && [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.includes('Ładowanie'))) seen.spinner = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const monthRequests: string[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/month') monthRequests.push(new URL(request.url()).search);
  });
  // Not waiting for the load event: on a server just started, the month's coverage is still being
  // worked out, and the month read five seconds earlier is then rightly asked for again.
  const response = await tab.goto(`/?month=${month}`, { waitUntil: 'commit' });
  await expect(tab.getByRole('grid').first()).toBeVisible();
  const asked = monthRequests.filter((search) => search === `?month=${month}`);
  const html = await response!.text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/DashboardPage-[\w-]+\.js">/);
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/month?month=${month}">`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Grafik pracy' })).toBeVisible();
  expect(await tab.evaluate(() => (window as unknown as { __seen: { spinner: boolean; grid: boolean } }).__seen)).toEqual({ spinner: false, grid: true });
  // The month was asked for once, by the page: the app's own request took that answer. (The month
  // before it follows, for rest across the boundary.)
  expect(asked).toEqual([`?month=${month}`]);
  await tab.close();
});

test('the dashboard’s first screen comes drawn in the page, and the app takes that page over without drawing it anew', async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const month = '2026-11';
  await page.goto(`/?month=${month}`);
  await expect(page.getByRole('grid').first()).toBeVisible();
  // The dashboard keeps how it is shown (language, density, strip, list or grid) for the server.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'grafik.view')?.value).toMatch(/^pl\.compact\.(?:no)?strip\.wide$/);
  const cookies = await page.context().cookies();

  // Without any script, the page alone shows the grid with its first rows.
  const still = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
  await still.addCookies(cookies);
  const drawn = await still.newPage();
  await drawn.goto(`/?month=${month}`);
  await expect(drawn.getByRole('heading', { level: 1, name: 'Grafik pracy' })).toBeVisible();
  const rows = drawn.getByRole('grid').first().getByRole('rowheader');
  await expect(rows.first()).toBeVisible();
  const firstName = (await rows.first().textContent())!;
  expect(firstName.length).toBeGreaterThan(3);
  // Only what the first screen shows is drawn: the groups further down come without their rows.
  const drawnRows = await drawn.getByRole('rowheader').count();
  // The groups' title lines come with their publication (and last generation), as the app shows them.
  await expect(drawn.getByRole('button', { name: 'Opublikuj' }).first()).toBeVisible();
  // Where the first row sits under its group's title line (the first-run checklist above the groups is
  // checked in first-run.spec.ts).
  const firstRowTop = (p: Page) =>
    p
      .getByRole('grid')
      .first()
      .getByRole('rowheader')
      .first()
      .evaluate((e) => Math.round(e.getBoundingClientRect().top - e.closest('section')!.getBoundingClientRect().top));
  const drawnTop = await firstRowTop(drawn);
  await still.close();

  // With the app: it takes the drawn page over (no second drawing), and the grid answers a click.
  const tab = await page.context().newPage();
  await tab.setViewportSize({ width: 1440, height: 900 });
  await tab.goto(`/?month=${month}`);
  const root = tab.locator('#root');
  await expect(root).toHaveAttribute('data-first-screen', 'taken');
  // The grid stays where the page drew it under its title line, also once the app's own answers are in.
  expect(await firstRowTop(tab)).toBe(drawnTop);
  await tab.waitForLoadState('networkidle');
  expect(await firstRowTop(tab)).toBe(drawnTop);
  const cell = tab.getByRole('grid').first().getByRole('gridcell').first();
  await cell.click();
  await expect(tab.getByRole('menu')).toBeVisible();
  await expect(root).toHaveAttribute('data-first-screen', 'taken');
  await expect(tab.getByRole('grid').first().getByRole('rowheader').first()).toHaveText(firstName);
  // Once the app has it, every group has its rows.
  await expect.poll(() => tab.getByRole('rowheader').count()).toBeGreaterThan(drawnRows);
  await expect(tab.getByRole('grid').last().getByRole('rowheader').first()).toBeAttached();
  await tab.close();

  // A browser whose density is no longer the one the page was drawn with (chosen in another tab after
  // the cookie was written, say): the app still takes the drawn page over, then shows its own density.
  await page.evaluate(() => localStorage.setItem('grafik.dashboard.density', 'comfortable'));
  await page.context().addCookies([{ name: 'grafik.view', value: 'pl.compact.strip.wide', url: new URL(page.url()).origin }]);
  const changed = await page.context().newPage();
  await changed.goto(`/?month=${month}`);
  await expect(changed.getByTestId('density').getByRole('radio', { name: 'Wygodna' })).toBeChecked();
  await expect(changed.locator('#root')).toHaveAttribute('data-first-screen', 'taken');
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'grafik.view')?.value).toMatch(/^pl\.comfortable\./);
  await changed.close();
});

test('the server’s drawing is built with React’s production build, whatever NODE_ENV the server runs with', async () => {
  // The browser suite runs on the build (npm run test:e2e builds first). React's development build,
  // chosen at run time by NODE_ENV when it is left in the bundle, drew the first screen 2–5 times slower.
  const dir = path.resolve('dist/ssr');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(files).toContain('server-entry.js');
  for (const file of files) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    expect(code.includes('process.env.NODE_ENV'), `${file} picks React's build by NODE_ENV`).toBe(false);
    expect(/jsxDEV|warnUnknownProperties/.test(code), `${file} holds React's development build`).toBe(false);
  }
});

test('a click on a cell of the drawn page before the app has taken it over opens the cell’s menu once it has', async ({ signedInPage: page }) => {
  const month = '2026-11';
  await page.goto(`/?month=${month}`);
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'grafik.view')?.value).toMatch(/^pl\.compact\./);

  // The month's answer held back until the click is made: the page is drawn, the app waits for it.
  const tab = await page.context().newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await tab.route(
    (url) => url.pathname === '/api/month',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await tab.goto(`/?month=${month}`, { waitUntil: 'commit' });
  const cell = tab.getByRole('grid').first().getByRole('gridcell').nth(3);
  await cell.click();
  // The click came before the takeover…
  expect(await tab.locator('#root').getAttribute('data-first-screen')).toBeNull();
  await expect(tab.getByRole('menu')).toHaveCount(0);
  // …and opens that cell's menu once the app has taken the page over.
  release();
  await expect(tab.locator('#root')).toHaveAttribute('data-first-screen', 'taken');
  await expect(tab.getByRole('menu')).toBeVisible();
  await expect(cell).toHaveAttribute('aria-expanded', 'true');
  await tab.close();
});
