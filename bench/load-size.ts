// npm run bench:load-size: the bytes the browser downloads to show the sign-in page and the dashboard.
// Builds the front end into a temporary folder, serves it with the app on an in-memory database, and
// opens it in Debian's Chromium (the browser suite's launch flags), once accepting brotli and gzip as a
// browser does and once asking for no compression (Accept-Encoding: identity). For every resource it
// prints what went over the wire (headers and body, as the browser's network log counts it), the body
// before decoding, the encoding and the Cache-Control header; then a second visit in the same browser,
// where a resource served from the cache counts 0 bytes. Prints only; the figures are quoted in
// bench/RESULTS.md by hand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { buildApp } from '../src/server/app.ts';
import { createAuth } from '../src/server/auth/auth.ts';
import { createUser } from '../src/server/auth/users.ts';
import { openInMemory } from '../src/server/db/client.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench@grafik.test', password: 'load size passphrase 5150' };

interface Transfer {
  url: string;
  type: string;
  status: number;
  encoding: string;
  cacheControl: string;
  /** Bytes over the wire, headers included; 0 when served from the browser's cache. */
  transferred: number;
  fromCache: boolean;
}

/** Records every resource the page loads until stop() is called, through the browser's network log. */
async function recordTransfers(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Transfer>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    byId.set(event.requestId, {
      url: new URL(event.response.url).pathname,
      type: event.type ?? '',
      status: event.response.status,
      encoding: headers['content-encoding'] ?? 'identity',
      cacheControl: headers['cache-control'] ?? '',
      transferred: 0,
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const t = byId.get(event.requestId);
    if (t) t.fromCache = true;
    else byId.set(event.requestId, { url: '?', type: '', status: 200, encoding: '', cacheControl: '', transferred: 0, fromCache: true });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const t = byId.get(event.requestId);
    if (t && !t.fromCache) t.transferred = event.encodedDataLength;
  });
  return {
    async stop(): Promise<Transfer[]> {
      await cdp.detach();
      return [...byId.values()];
    },
  };
}

const kB = (n: number) => (n / 1000).toFixed(1);

function report(title: string, transfers: Transfer[]) {
  console.log(`\n${title}`);
  console.log('| resource | type | status | encoding | cache-control | transferred kB |');
  console.log('|---|---|---|---|---|---|');
  for (const t of transfers) {
    const where = t.fromCache ? 'cache' : kB(t.transferred);
    console.log(`| ${t.url} | ${t.type} | ${t.status} | ${t.encoding} | ${t.cacheControl} | ${where} |`);
  }
  const js = transfers.filter((t) => t.type === 'Script');
  const sum = (list: Transfer[]) => list.reduce((s, t) => s + t.transferred, 0);
  const jsNetwork = js.filter((t) => !t.fromCache);
  console.log(
    `total ${kB(sum(transfers))} kB over the wire in ${transfers.length} resources; JavaScript ${kB(sum(js))} kB in ${js.length} files (${jsNetwork.length} from the network, ${js.length - jsNetwork.length} from the cache)`,
  );
}

async function visit(context: BrowserContext, page: Page, run: (page: Page) => Promise<void>) {
  const recorder = await recordTransfers(context, page);
  await run(page);
  await page.waitForLoadState('networkidle');
  return recorder.stop();
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'grafik-bench-load-size-'));
  const webRoot = join(work, 'web');
  console.log('building the front end…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', webRoot, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  const database = await openInMemory();
  // 3300-3599: no port Chromium refuses to open (it refuses 3659, for one).
  const port = 3300 + Math.floor(Math.random() * 300);
  const baseUrl = `http://127.0.0.1:${port}`;
  const auth = createAuth({ db: database.db, baseUrl, secret: 'bench-secret-bench-secret-bench-secret-02', sessionIdleMinutes: 60 });
  await createUser(auth, { email: ADMIN.email, password: ADMIN.password, role: 'admin' });
  const app = await buildApp({ database, auth, baseUrl, logLevel: 'warn', webRoot });
  await app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch(playwrightConfig.use?.launchOptions ?? {});
  try {
    for (const compressed of [true, false]) {
      const label = compressed ? 'compressed (Accept-Encoding as the browser sends it)' : 'uncompressed (Accept-Encoding: identity)';
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'en-GB',
        ...(compressed ? {} : { extraHTTPHeaders: { 'accept-encoding': 'identity' } }),
      });
      await context.addInitScript(() => localStorage.setItem('grafik.language', 'en'));
      const page = await context.newPage();
      const signInPage = await visit(context, page, async (p) => {
        await p.goto('/login');
        await p.getByRole('button', { name: 'Sign in' }).waitFor();
      });
      report(`## sign-in page, first visit, ${label}`, signInPage);
      const dashboard = await visit(context, page, async (p) => {
        await p.getByLabel('Email').fill(ADMIN.email);
        await p.locator('input[type="password"]').fill(ADMIN.password);
        await p.getByRole('button', { name: 'Sign in' }).click();
        await p.waitForURL(/\/$/);
        await p.getByRole('navigation').first().waitFor();
      });
      report(`## then signing in to the dashboard, ${label}`, dashboard);
      const secondPage = await context.newPage();
      await page.close();
      const second = await visit(context, secondPage, async (p) => {
        await p.goto('/');
        await p.getByRole('navigation').first().waitFor();
      });
      report(`## second visit to the dashboard in a new tab, ${label}`, second);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
