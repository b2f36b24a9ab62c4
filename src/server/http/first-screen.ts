// The page the app is opened at ('/', the dashboard) names what its first screen needs, so that the
// browser fetches it with the page instead of after the app's code has run
// (docs/decisions/0024-first-screen-from-the-page.md):
// - the screen's code and style sheets (the built files of the signed-in shell, the dashboard and its texts),
//   found in the build's manifest;
// - the session check and the month the dashboard opens on (GET /api/month), as fetch preloads, which
//   the app's own requests then take over.
// Only when the request carries a session cookie: the sign-in page stays as small as it is, and a
// request without one is answered from the file, as every other path is. The cookie is not checked
// here: with an ended session the API answers the preloaded requests 401, as it would the app's.
import { createHash } from 'node:crypto';
import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { monthIssue } from '../../shared/date-rules.ts';
import { cookiesOf } from '../../shared/view-cookie.ts';

/** The source files (relative to src/web) of what the dashboard shows first. */
const FIRST_SCREEN_SOURCES = ['app/Layout.tsx', 'features/dashboard/DashboardPage.tsx', 'features/dashboard/i18n.ts'] as const;

/** The session cookie's names (better-auth's, with the app's prefix; the second over HTTPS). */
const SESSION_COOKIES = ['grafik.session_token', '__Secure-grafik.session_token'];

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type FirstScreenFiles = { scripts: string[]; styles: string[] };

/**
 * The built files the first screen needs beyond those the page already loads (the entry and its
 * imports), from the build's manifest; null when the build has none (the page is then sent as built).
 */
export function firstScreenFiles(manifest: Manifest, sources: readonly string[] = FIRST_SCREEN_SOURCES): FirstScreenFiles | null {
  // Each file after the files it imports, as the bundler's loader adds their style sheets.
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const ordered: string[] = [];
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key]!.imports ?? []) visit(next);
      ordered.push(key);
    };
    keys.forEach(visit);
    return ordered;
  };
  if (sources.some((source) => !manifest[source])) return null;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loaded = new Set(closure(entries));
  const loadedStyles = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  const needed = closure(sources).filter((key) => !loaded.has(key));
  return {
    scripts: needed.map((key) => manifest[key]!.file),
    styles: [...new Set(needed.flatMap((key) => manifest[key]!.css ?? []))].filter((file) => !loadedStyles.has(file)),
  };
}

/** Reads the build's manifest beside index.html; null without one. */
export function readFirstScreenFiles(webRoot: string): FirstScreenFiles | null {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  return firstScreenFiles(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
}

/** Whether a Cookie header holds a session cookie (by name only). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  const cookies = cookiesOf(cookieHeader);
  return SESSION_COOKIES.some((name) => cookies[name] !== undefined);
}

/**
 * The month the dashboard opens on, as the app picks it from the address: `?month=YYYY-MM` when it is
 * one, otherwise the current month (the server's clock; a guess the app corrects if it differs).
 */
export function monthToPreload(query: string | undefined, now = new Date()): string {
  const asked = new URLSearchParams(query ?? '').get('month');
  if (asked && monthIssue(asked) === null) return asked;
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the first screen's files and requests named in its head; without the session check
 * for a page that carries the session (first-screen-drawing.ts).
 */
function pageWithFirstScreen(html: string, files: FirstScreenFiles, month: string, session = true): string {
  const links = [
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`),
    // As style sheets, not preloads: the loader then finds them in the page and adds none of its own.
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`),
    // As the app asks: the month with the same-origin credentials of fetch(), the session with "include".
    `<link rel="preload" as="fetch" crossorigin href="/api/month?month=${attribute(month)}">`,
    ...(session ? [`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">`] : []),
  ];
  return html.replace(/\n?[ \t]*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
}

/** A strong validator of a page's text, so that a revalidation of the same page answers 304. */
function pageTag(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

type Page = { html: string; tag: string; br: Buffer; gzip: Buffer; forDrawing?: string };

/** Pages kept, one per month asked for; a few, as the months a planner moves between. */
const KEPT_PAGES = 24;

/**
 * The dashboard's page for a signed-in browser, made once per month (with its compressed copies) and
 * kept: the page differs only by the month it names.
 */
export class FirstScreenPages {
  readonly #pages = new Map<string, Page>();
  readonly #index: string;
  readonly #files: FirstScreenFiles;
  constructor(index: string, files: FirstScreenFiles) {
    this.#index = index;
    this.#files = files;
  }

  /**
   * The page for a drawing on the server (first-screen-drawing.ts), which carries the session itself:
   * made once per month, with that month's page.
   */
  forDrawing(month: string): string {
    const page = this.page(month);
    return (page.forDrawing ??= pageWithFirstScreen(this.#index, this.#files, month, false));
  }

  page(month: string): Page {
    let page = this.#pages.get(month);
    if (!page) {
      const html = pageWithFirstScreen(this.#index, this.#files, month);
      page = {
        html,
        tag: pageTag(html),
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      if (this.#pages.size >= KEPT_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
      this.#pages.set(month, page);
    }
    return page;
  }
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/** The best of brotli and gzip an Accept-Encoding header allows, or none. */
export function pageEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const chosen = accept ? encodings.negotiate(accept) : null;
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}
