// The dashboard's first screen drawn on the server (docs/decisions/0025-first-screen-drawn-by-the-server.md).
// For a browser with a session cookie and the cookie of the way it last showed the dashboard, the page
// for '/' carries the screen's markup, drawn by the browser's own components (the build's server entry,
// dist/ssr), the session's user, and the publication and last generations of the groups whose title
// lines the first screen shows: the browser paints the grid as the page arrives, and the app takes the
// page over once its code and the month's answer (named in the page, fetched with it) are there.
//
// The session comes from the app's own route (GET /api/auth/get-session, asked with the request's
// cookie), checked once. The month's answer comes from the month cache that GET /api/month sends, under
// that route's own rules: a session, and a password the user chose (requireSession and
// requireChosenPassword in security/access.ts). Anything missing or failing (no session, no view
// cookie, a phone, a password to change, an error) leaves the page as it is without the drawing. The
// last drawings are kept with the month's answer they were drawn from: a page is drawn anew only when
// what it shows changed (its month's answer, as the cache rebuilds it after a change, its address, its
// view, its user, the day or the groups' answers).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Piscina } from 'piscina';
import type { MonthAnswer } from '../cache/month-cache.ts';
import { workerPool } from '../work/pools.ts';
import { viewFromCookie, type FirstView } from '../../shared/view-cookie.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The server entry's drawing of the first screen (src/web/server-entry.tsx). */
type FirstScreenRenderer = (input: { url: string; view: FirstView; month: string; data: unknown; carried: Carried }) => Promise<string>;

/** An answer the first screen shows beside the month, under the app's query key for it. */
type CarriedAnswer = { key: readonly unknown[]; data: unknown };

/**
 * What the page carries for the app (src/web/lib/first-screen-data.ts): the time, the view, the session's
 * user, and the publication and last generations of the groups whose title lines the first screen shows.
 */
type Carried = { at: number; view: FirstView; session: { user: Record<string, unknown> }; answers: CarriedAnswer[] };

type Named = { name: string; employees: readonly unknown[] };

/** What the server entry (src/web/server-entry.tsx) exports. */
export interface FirstScreenEntry {
  renderFirstScreen: FirstScreenRenderer;
  /** What the first screen at `url` shows beside the month: each answer's query key in the app, and its API path. */
  firstScreenAnswers: (
    url: string,
    month: string,
    groups: readonly Named[],
    facts: { cookie: string; shifts: number },
  ) => { key: readonly unknown[]; path: string }[];
}

/** A drawer with the built server entry in `dir`, or null when there is none (pages then go out without a drawing). */
export async function loadFirstScreenDrawer(dir: string | null): Promise<FirstScreenDrawer | null> {
  const file = dir && path.join(dir, 'server-entry.js');
  if (!file || !fs.existsSync(file)) return null;
  return new FirstScreenDrawer((await import(pathToFileURL(file).href)) as FirstScreenEntry, file);
}

/** The id of the page's element that carries the answers (src/web/lib/first-screen-data.ts reads it). */
const DATA_ID = 'grafik-first-screen';

/** JSON text safe inside a <script> element: no '<' that could close it. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page with the drawn markup in its root and the answers after it. */
function pageWithDrawing(page: string, markup: string, carried: string): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error('The page has no empty root to draw in.');
  return page.replace(root, () => `<div id="root">${markup}</div>\n    <script type="application/json" id="${DATA_ID}">${scriptSafe(carried)}</script>`);
}

type Drawn = { html: string; setCookies: string[] };

/** Drawings kept, each with the month's answer it was drawn from. */
const KEPT_DRAWINGS = 16;

/**
 * Pages drawn at once. React renders the grid in a worker thread (first-screen-worker.ts), and asking
 * for the session and the title lines' answers costs the server's thread too: while one page is being
 * drawn, another goes out at once without a drawing (the app draws it in the browser, as for a phone),
 * so twelve pages asked at once cost one drawing, not twelve in a row (decision record 0032).
 */
const DRAWINGS_AT_ONCE = 1;

/** Draws the dashboard's first screen for the pages of one app, keeping its last drawings. */
export class FirstScreenDrawer {
  readonly #entry: FirstScreenEntry;
  readonly #kept = new Map<string, { answer: MonthAnswer; markup: string }>();
  /** The groups of each month's answer (names and employees) and its count of shifts, read once per answer. */
  readonly #outlines = new WeakMap<MonthAnswer, { groups: Named[]; shifts: number }>();
  /** Drawings being made now. */
  #drawing = 0;
  /** The built entry's file, drawn from in a worker thread (first-screen-worker.ts). */
  readonly #file: string;
  #pool: Piscina | null = null;
  constructor(entry: FirstScreenEntry, file: string) {
    this.#entry = entry;
    this.#file = file;
  }

  /** Ends the drawing's thread. */
  async close() {
    await this.#pool?.destroy();
    this.#pool = null;
  }

  /**
   * The month's first-run counts (unless it has shifts, or the cookie says its checklist is hidden),
   * and the publication and last generations of the groups whose title lines the first screen shows,
   * as their own routes answer them to this request's cookie: drawn with them, the checklist and the
   * title lines are there as they will be once the app has taken the page over, and the grid under them
   * does not move. An answer that is not 200 is left out (the app asks for it itself).
   */
  async #answers(
    app: FastifyInstance,
    cookie: string,
    url: string,
    month: string,
    read: { groups: readonly Named[]; shifts: number },
  ): Promise<CarriedAnswer[]> {
    const answered = await Promise.all(
      this.#entry.firstScreenAnswers(url, month, read.groups, { cookie, shifts: read.shifts }).map(async ({ key, path }) => {
        const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: { cookie } });
        return res.statusCode === 200 ? { key, data: res.json() as unknown } : null;
      }),
    );
    return answered.filter((a): a is CarriedAnswer => a !== null);
  }

  /**
   * The page drawn for this request, or null when it cannot be (see the file's head). `page` is the page
   * with the first screen's files and its month named (first-screen.ts): the browser reads the month from
   * the month's own answer, as without a drawing, and the page carries only the session's user.
   */
  async draw(app: FastifyInstance, request: FastifyRequest, page: string, month: string): Promise<Drawn | null> {
    const cookie = request.headers.cookie;
    const view = viewFromCookie(cookie);
    // A phone's day list is code of its own, fetched when shown: a drawing would hold only the header.
    if (!view || view.phone || !cookie) return null;
    // Busy drawing another page: this one goes out at once without a drawing (DRAWINGS_AT_ONCE).
    if (this.#drawing >= DRAWINGS_AT_ONCE) return null;
    this.#drawing++;
    try {
      return await this.#draw(app, request, page, month, cookie, view);
    } finally {
      this.#drawing--;
    }
  }

  async #draw(app: FastifyInstance, request: FastifyRequest, page: string, month: string, cookie: string, view: FirstView): Promise<Drawn | null> {
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    const found = session.statusCode === 200 ? (session.json() as { user?: Record<string, unknown> } | null) : null;
    // A one-time password is changed first: the app sends the user elsewhere, and the month is refused.
    if (!found?.user || found.user.mustChangePassword) return null;
    const answer = await app.monthCache.get(month);
    // The month's JSON is read at most once a request: for its groups the first time this answer is
    // seen, and for a drawing made anew.
    let data: { groups: Named[]; schedules: readonly unknown[] } | undefined;
    const parsed = () => (data ??= JSON.parse(answer.json.toString('utf8')) as { groups: Named[]; schedules: readonly unknown[] });
    let read = this.#outlines.get(answer);
    if (!read) {
      const whole = parsed();
      read = { groups: whole.groups.map((g) => ({ name: g.name, employees: g.employees })), shifts: whole.schedules.length };
      this.#outlines.set(answer, read);
    }
    const answers = await this.#answers(app, cookie, request.url, month, read);
    const at = Date.now();
    // Only the user goes in the page, never the session's own record (its token stays in the HttpOnly cookie).
    const carried: Carried = { at, view, session: { user: found.user }, answers };
    // What else the drawing depends on: the address, the view, the user (the header names them), the
    // day (the grid marks today) and the groups' answers. The month's answer is the cache's own: the
    // same object until it changes.
    const key = JSON.stringify([request.url, view, found.user, new Date(at).toDateString(), answers]);
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    let markup = kept?.answer === answer ? kept.markup : undefined;
    if (markup === undefined) {
      // React renders the grid in the drawing's thread; the month crosses as its JSON text.
      this.#pool ??= workerPool(new URL('./first-screen-worker.ts', import.meta.url), DRAWINGS_AT_ONCE);
      const task = { file: this.#file, url: request.url, view, month, json: answer.json.toString('utf8'), carried };
      markup = (await this.#pool.run(task)) as string;
      if (this.#kept.size >= KEPT_DRAWINGS) this.#kept.delete(this.#kept.keys().next().value!);
    }
    this.#kept.set(key, { answer, markup });
    const setCookie = session.headers['set-cookie'];
    return {
      html: pageWithDrawing(page, markup, JSON.stringify(carried)),
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)],
    };
  }
}

/** Sends a drawn page: never kept by any cache (it holds the user's data), compressed as the browser accepts. */
export async function sendDrawn(reply: FastifyReply, drawn: Drawn, encoding: 'br' | 'gzip' | null) {
  for (const value of drawn.setCookies) reply.header('set-cookie', value);
  reply.header('cache-control', 'no-store').header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await brotli(drawn.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(drawn.html, { level: 6 }));
  return reply.send(drawn.html);
}
