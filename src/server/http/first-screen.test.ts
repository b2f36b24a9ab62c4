// The dashboard's page names its first screen's files and requests for a browser with a session cookie
// (docs/decisions/0024-first-screen-from-the-page.md); the sign-in page and a browser without the
// cookie get the page as built. The web root is a temporary folder with a small build's manifest.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../test/harness.ts';
import { firstScreenFiles, FirstScreenPages, hasSessionCookie, monthToPreload, pageEncoding } from './first-screen.ts';

const INDEX = [
  '<!doctype html><html><head>',
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">',
  '</head><body><div id="root"></div></body></html>',
  '',
].join('\n');

/** The shape of the build's manifest: the entry, two screens, the dashboard's texts and shared code. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'], css: ['assets/index-E1.css'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_screens-S1.js': { file: 'assets/screens-S1.js', imports: ['index.html', '_react-R1.js'], css: ['assets/screens-S1.css'] },
  'app/Layout.tsx': { file: 'assets/Layout-L1.js', imports: ['_screens-S1.js', 'index.html'], css: ['assets/Layout-L1.css'] },
  'features/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-D1.js',
    imports: ['_screens-S1.js', '_react-R1.js'],
    css: ['assets/DashboardPage-D1.css', 'assets/screens-S1.css'],
  },
  'features/dashboard/i18n.ts': { file: 'assets/i18n-T1.js' },
  'features/flights/FlightsPage.tsx': { file: 'assets/FlightsPage-F1.js', imports: ['_screens-S1.js'] },
};

describe('the first screen’s files', () => {
  it('are the shell’s, the dashboard’s and its texts’ built files with what they import, less what the page loads already', () => {
    expect(firstScreenFiles(MANIFEST)).toEqual({
      scripts: ['assets/screens-S1.js', 'assets/Layout-L1.js', 'assets/DashboardPage-D1.js', 'assets/i18n-T1.js'],
      // Each file's styles after those of the files it imports, as the bundler's loader adds them.
      styles: ['assets/screens-S1.css', 'assets/Layout-L1.css', 'assets/DashboardPage-D1.css'],
    });
  });

  it('are none when the build has no dashboard (the page is then sent as built)', () => {
    const { ['features/dashboard/DashboardPage.tsx']: _dashboard, ...rest } = MANIFEST;
    expect(firstScreenFiles(rest)).toBeNull();
  });

  it('are asked for by the session cookie’s name only, over HTTP and HTTPS', () => {
    expect(hasSessionCookie('grafik.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('theme=light; __Secure-grafik.session_token=abc')).toBe(true);
    expect(hasSessionCookie('grafik.session_data=abc; other=grafik.session_token')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it('name the month of the address, or the current month when the address has none or a wrong one', () => {
    const now = new Date(2026, 10, 27, 12);
    expect(monthToPreload('month=2026-03&group=Ramp', now)).toBe('2026-03');
    expect(monthToPreload('', now)).toBe('2026-11');
    expect(monthToPreload(undefined, now)).toBe('2026-11');
    expect(monthToPreload('month=2026-13', now)).toBe('2026-11');
    expect(monthToPreload('month=%3Cscript%3E', now)).toBe('2026-11');
  });

  it('go out in the best encoding the browser accepts', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    // The browser's own order of preference, by weight.
    expect(pageEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});

describe('the dashboard’s page', () => {
  let web: Awaited<ReturnType<typeof createWebApp>>;

  beforeAll(async () => {
    web = await createWebApp({ 'index.html': INDEX, '.vite/manifest.json': JSON.stringify(MANIFEST) });
  });

  afterAll(async () => {
    await web?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => web.get(url, headers);
  const signedIn = { cookie: 'grafik.session_token=any' };

  it('names, for a browser with a session cookie, the screen’s code and styles and the month and session requests', async () => {
    const res = await get('/?month=2026-03&group=Ramp', signedIn);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    const links = res.body.match(/<link [^>]+>/g)!;
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-R1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/screens-S1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Layout-L1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/DashboardPage-D1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/i18n-T1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/screens-S1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/Layout-L1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/DashboardPage-D1.css">',
      '<link rel="preload" as="fetch" crossorigin href="/api/month?month=2026-03">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">',
    ]);
    // The rest of the page is the built one.
    expect(res.body.replace(/\s*<link rel="(?:modulepreload|preload|stylesheet)"[^>]*(?:Layout|screens|Dashboard|i18n|api)[^>]*>/g, '')).toBe(
      INDEX.replace('\n</head>', '</head>').replace('</head>', '\n  </head>'),
    );
  });

  it('answers a revalidation of the same page 304, and another month’s page has another validator', async () => {
    const first = await get('/?month=2026-03', signedIn);
    const again = await get('/?month=2026-03', { ...signedIn, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/?month=2026-04', signedIn);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(other.body).toContain('/api/month?month=2026-04');
  });

  it('goes out compressed when the browser accepts it', async () => {
    const plain = await get('/?month=2026-03', signedIn);
    const br = await get('/?month=2026-03', { ...signedIn, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/?month=2026-03', { ...signedIn, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('is the page as built without a session cookie, and so is every other path with one', async () => {
    for (const [url, headers] of [
      ['/?month=2026-03', {}],
      ['/login', signedIn],
      ['/flights?month=2026-03', signedIn],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    expect(String((await get('/')).headers.vary).toLowerCase()).toContain('cookie');
  });
});

describe('the pages kept per month', () => {
  it('makes the page a drawing goes in once per month, with that month named and no session check', () => {
    const pages = new FirstScreenPages('<html><head>\n</head><body><div id="root"></div></body></html>', { scripts: ['assets/D1.js'], styles: [] });
    const drawing = pages.forDrawing('2026-03');
    expect(pages.forDrawing('2026-03')).toBe(drawing);
    expect(drawing).toContain('href="/api/month?month=2026-03"');
    expect(drawing).not.toContain('/api/auth/get-session');
    expect(pages.page('2026-03').html).toContain('/api/auth/get-session');
    expect(pages.forDrawing('2026-04')).toContain('href="/api/month?month=2026-04"');
  });
});
