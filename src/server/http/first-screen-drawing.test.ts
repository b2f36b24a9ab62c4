// The server's drawing of the dashboard's first screen (docs/decisions/0025-first-screen-drawn-by-the-server.md):
// when it is drawn, what the drawing is given and what the page carries. The drawing here is a small
// module in place of the built React one: it writes back what it was given. The browser suite draws the
// real dashboard (e2e/first-load.spec.ts).
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewCookieValue, viewFromCookie } from '../../shared/view-cookie.ts';
import { createUser } from '../auth/users.ts';
import { createWebApp, signInAs, TEST_BASE_URL, TEST_PASSWORD } from '../test/harness.ts';

const INDEX =
  '<!doctype html><html><head>\n<script type="module" crossorigin src="/assets/index-E1.js"></script>\n</head><body><div id="root"></div></body></html>\n';
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true },
  'app/Layout.tsx': { file: 'assets/Layout-L1.js', imports: ['index.html'] },
  'features/dashboard/DashboardPage.tsx': { file: 'assets/DashboardPage-D1.js' },
  'features/dashboard/i18n.ts': { file: 'assets/i18n-T1.js' },
};
/** Writes back what it was given, with a '<' in a name to show the page stays whole, and counts its drawings. */
const ENTRY = `let drawings = 0;
export async function renderFirstScreen({ url, view, month, data, carried }) {
  drawings += 1;
  const employees = data.groups.reduce((n, g) => n + g.employees.length, 0);
  return '<main data-drawn data-drawing="' + drawings + '" data-employees="' + employees + '">' + [url, view.language, view.density, carried.session.user.email, month, data.month, '</script>'].join('|').replace(/</g, '&lt;') + '</main>';
}
/** The groups with employees: their publication and last generations. */
export const firstScreenAnswers = (url, month, groups) =>
  groups.filter((g) => g.employees.length > 0).flatMap((g) => {
    const query = 'role=' + encodeURIComponent(g.name) + '&month=' + month;
    return [{ key: ['publishing', g.name, month], path: '/publishing?' + query }, { key: ['runs', g.name, month], path: '/generation/runs?' + query }];
  });`;

/** What the page carries for the app, as JSON. */
const carriedIn = (page: string) => JSON.parse(/<script type="application\/json" id="grafik-first-screen">([^<]*)<\/script>/.exec(page)![1]!);

const VIEW = `grafik.view=${viewCookieValue({ language: 'en', density: 'comfortable', strip: false, phone: false })}`;

describe('the dashboard’s first screen drawn on the server', () => {
  let web: Awaited<ReturnType<typeof createWebApp>>;
  let session: string;

  /** Adds an employee to the Rampa group, through the app. */
  const addToRampa = async (firstName: string, lastName: string, email: string, phoneNumber: string) => {
    const added = await web.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { cookie: session, origin: TEST_BASE_URL },
      payload: { firstName, lastName, email, phoneNumber, role: 'Rampa' },
    });
    expect(added.statusCode).toBe(201);
  };

  beforeAll(async () => {
    web = await createWebApp({ 'index.html': INDEX, '.vite/manifest.json': JSON.stringify(MANIFEST) }, ENTRY);
    session = await web.t.signIn('drawn@grafik.test');
  });

  afterAll(async () => {
    await web?.close();
  });

  it('is drawn for a signed-in browser with the view cookie, from the session’s user and the month', async () => {
    const res = await web.get('/?month=2026-03', { cookie: `${session}; ${VIEW}`, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(page).toMatch(
      /<div id="root"><main data-drawn data-drawing="\d+" data-employees="\d+">\/\?month=2026-03\|en\|comfortable\|drawn@grafik.test\|2026-03\|2026-03\|&lt;\/script><\/main><\/div>/,
    );
    // The month comes from its own answer, named in the page; the session is carried, not asked for.
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/api/month?month=2026-03">');
    expect(page).not.toContain('/api/auth/get-session');
    const carried = carriedIn(page);
    expect(carried).toMatchObject({ view: { language: 'en', density: 'comfortable' }, session: { user: { email: 'drawn@grafik.test' } } });
    expect(Object.keys(carried).sort()).toEqual(['answers', 'at', 'session', 'view']);
    // The session's record and its token stay out of the page.
    expect(Object.keys(carried.session)).toEqual(['user']);
    expect(page).not.toContain(decodeURIComponent(session.split('=')[1]!.split(';')[0]!).split('.')[0]!);
  });

  it('is drawn again only when what it shows changed: kept for the same month, drawn anew after a change to it', async () => {
    const drawing = async () => {
      const page = (await web.get('/?month=2026-04', { cookie: `${session}; ${VIEW}` })).body;
      const [, n, employees] = /data-drawing="(\d+)" data-employees="(\d+)"/.exec(page)!;
      return { n: Number(n), employees: Number(employees) };
    };
    const first = await drawing();
    expect(await drawing()).toEqual(first);
    await addToRampa('Ewa', 'Mazur', 'ewa.drawn@example.com', '+48 512 345 678');
    const after = await drawing();
    expect(after.n).toBeGreaterThan(first.n);
    expect(after.employees).toBe(first.employees + 1);
  });

  it('carries the publication and last generations of the first screen’s groups, as their own routes answer them', async () => {
    await addToRampa('Jan', 'Sowa', 'jan.drawn@example.com', '+48 512 345 679');
    const page = (await web.get('/?month=2026-05', { cookie: `${session}; ${VIEW}` })).body;
    const carried = carriedIn(page) as { answers: { key: unknown[]; data: unknown }[] };
    const publication = await web.app.inject({ method: 'GET', url: '/api/publishing?role=Rampa&month=2026-05', headers: { cookie: session } });
    const runs = await web.app.inject({ method: 'GET', url: '/api/generation/runs?role=Rampa&month=2026-05', headers: { cookie: session } });
    expect(carried.answers).toContainEqual({ key: ['publishing', 'Rampa', '2026-05'], data: publication.json() });
    expect(carried.answers).toContainEqual({ key: ['runs', 'Rampa', '2026-05'], data: runs.json() });
    // Only for the groups the entry says the first screen shows (here: those with employees), two answers each.
    const month = (await web.app.inject({ method: 'GET', url: '/api/month?month=2026-05', headers: { cookie: session } })).json() as {
      groups: { name: string; employees: unknown[] }[];
    };
    const shown = month.groups.filter((g) => g.employees.length > 0).map((g) => g.name);
    expect(month.groups.length).toBeGreaterThan(shown.length);
    expect(carried.answers.map((a) => a.key[1]).sort()).toEqual([...shown, ...shown].sort());
  });

  it('is not drawn without the view cookie, for a phone, with an ended session, or for another address', async () => {
    const phone = `grafik.view=${viewCookieValue({ language: 'pl', density: 'compact', strip: true, phone: true })}`;
    for (const [url, cookie] of [
      ['/?month=2026-03', session],
      ['/?month=2026-03', `${session}; ${phone}`],
      ['/?month=2026-03', `grafik.session_token=ended.session; ${VIEW}`],
      ['/flights?month=2026-03', `${session}; ${VIEW}`],
    ] as const) {
      const res = await web.get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('data-drawn');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('a user who must change a one-time password', () => {
  it('gets no drawing of the dashboard: the app sends them to their account first', async () => {
    const web = await createWebApp({ 'index.html': INDEX, '.vite/manifest.json': JSON.stringify(MANIFEST) }, ENTRY);
    try {
      await createUser(web.t.auth, { email: 'onetime@grafik.test', password: TEST_PASSWORD, mustChangePassword: true });
      const cookie = await signInAs(web.app, 'onetime@grafik.test', TEST_PASSWORD);
      const res = await web.get('/?month=2026-03', { cookie: `${cookie}; ${VIEW}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-drawn');
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await web.close();
    }
  });
});

describe('drawings at once', () => {
  it('one page is drawn at a time: pages asked meanwhile go out at once without a drawing, as the plain app page', async () => {
    // A drawing that takes a while, as React's of a large month does.
    const slow = ENTRY.replace('drawings += 1;', 'drawings += 1; await new Promise((r) => setTimeout(r, 300));');
    const web = await createWebApp({ 'index.html': INDEX, '.vite/manifest.json': JSON.stringify(MANIFEST) }, slow);
    try {
      const cookie = `${await web.t.signIn('busy-drawer@grafik.test')}; ${VIEW}`;
      const pages = await Promise.all(['2026-01', '2026-02', '2026-03', '2026-04'].map((m) => web.get(`/?month=${m}`, { cookie })));
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200]);
      const drawn = pages.filter((p) => p.body.includes('data-drawn'));
      expect(drawn).toHaveLength(1);
      for (const plain of pages.filter((p) => !p.body.includes('data-drawn'))) {
        // The app's page with its first screen's files and month named: the browser draws it.
        expect(plain.body).toContain('<div id="root"></div>');
        expect(plain.body).toMatch(/<link rel="preload" as="fetch" crossorigin href="\/api\/month\?month=2026-0\d">/);
      }
      // Once the drawing is done, the next page is drawn again.
      expect((await web.get('/?month=2026-05', { cookie })).body).toContain('data-drawn');
    } finally {
      await web.close();
    }
  });
});

describe('the view cookie', () => {
  it('reads back what the dashboard wrote, and nothing it did not', () => {
    const view = { language: 'pl', density: 'compact', strip: true, phone: true } as const;
    expect(viewFromCookie(`a=b; grafik.view=${viewCookieValue(view)}; c=d`)).toEqual(view);
    expect(viewFromCookie('grafik.view=de.compact.strip.wide')).toBeNull();
    expect(viewFromCookie('grafik.view=pl.compact.strip')).toBeNull();
    expect(viewFromCookie(undefined)).toBeNull();
  });
});
