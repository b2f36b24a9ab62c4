// The months whose first-run checklist the planner hid, kept in a cookie beside the view cookie
// (view-cookie.ts) so that the server's drawing of the dashboard leaves the checklist out too
// (docs/getting-started.md). Month numbers only, nothing about the person. Its own module: only the
// dashboard and the server's drawing need it, not the sign-in page.
import { cookiesOf, keptCookie } from './view-cookie.ts';

/** The months whose first-run checklist the planner hid, e.g. "2030-06.2030-07": the server's drawing leaves it out too. */
export const FIRST_RUN_HIDDEN_COOKIE = 'grafik.firstRunHidden';
/** The months kept: the latest hidden, enough for a year of planning ahead and behind. */
const HIDDEN_MONTHS_KEPT = 24;

/** The months a Cookie header (or document.cookie) names as hidden; anything else in it is ignored. */
export function firstRunHiddenMonths(cookieHeader: string | undefined): string[] {
  return (cookiesOf(cookieHeader)[FIRST_RUN_HIDDEN_COOKIE] ?? '').split('.').filter((m) => /^\d{4}-(?:0[1-9]|1[0-2])$/.test(m));
}

/** The cookie with `month` added to those already hidden (the oldest let go past the limit), kept as the view cookie is. */
export function firstRunHiddenCookie(cookieHeader: string | undefined, month: string, secure: boolean): string {
  const months = [...firstRunHiddenMonths(cookieHeader).filter((m) => m !== month), month].slice(-HIDDEN_MONTHS_KEPT);
  return keptCookie(FIRST_RUN_HIDDEN_COOKIE, months.join('.'), secure);
}
