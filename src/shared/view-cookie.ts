// How the dashboard was last shown in a browser (its language, the grid's density, whether the day strip
// was on, and whether it was the phone's list), kept in a cookie so that the server can draw the same
// first screen before the app's code has run (docs/decisions/0025-first-screen-drawn-by-the-server.md).
// Four fixed words, nothing about the person. Cookie headers are read and written by the `cookie`
// library, on the server (the page's request) and in the browser (document.cookie) alike.
import { parseCookie, stringifySetCookie } from 'cookie';

export type FirstView = { language: 'pl' | 'en'; density: 'compact' | 'comfortable'; strip: boolean; phone: boolean };

const FIRST_VIEW_COOKIE = 'grafik.view';

/** The cookies a Cookie header (or document.cookie) holds, by name. */
export const cookiesOf = (cookieHeader: string | undefined): Record<string, string | undefined> => parseCookie(cookieHeader ?? '');

/** The cookie's value, e.g. "pl.compact.strip.wide". */
export function viewCookieValue(view: FirstView): string {
  return [view.language, view.density, view.strip ? 'strip' : 'nostrip', view.phone ? 'phone' : 'wide'].join('.');
}

/** The view a Cookie header names, or null when it names none (or one this app did not write). */
export function viewFromCookie(cookieHeader: string | undefined): FirstView | null {
  const match = /^(pl|en)\.(compact|comfortable)\.(strip|nostrip)\.(phone|wide)$/.exec(cookiesOf(cookieHeader)[FIRST_VIEW_COOKIE] ?? '');
  if (!match) return null;
  return { language: match[1] as FirstView['language'], density: match[2] as FirstView['density'], strip: match[3] === 'strip', phone: match[4] === 'phone' };
}

/** A cookie of the app's as the browser keeps it: a year, for the whole app, never sent along from another site. */
export function keptCookie(name: string, value: string, secure: boolean): string {
  return stringifySetCookie({ name, value, path: '/', maxAge: 31536000, sameSite: 'lax', secure });
}

/** The view cookie as the browser keeps it. */
export function viewCookie(view: FirstView, secure: boolean): string {
  return keptCookie(FIRST_VIEW_COOKIE, viewCookieValue(view), secure);
}
