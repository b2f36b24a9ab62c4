// The session a page drawn by the server was drawn for, carried in the page as JSON
// (docs/decisions/0025-first-screen-drawn-by-the-server.md), with the answers the first screen's group
// title lines show (their publication and last generation). The app puts them in its query cache before
// its first render, so that it renders what the page shows without asking for them again. The
// month's answer comes as without a drawing: the page names it, and the app waits for it before rendering.
// The page also says the view it was drawn with: the render that takes the page over uses it
// (useServerView in first-view.ts) so that it matches the page, and then turns to this browser's own settings.
import type { QueryClient } from '@tanstack/react-query';
import type { FirstView } from '../../shared/view-cookie.ts';
import { SESSION_QUERY_KEY, type SessionUser } from './session.ts';

export const FIRST_SCREEN_DATA_ID = 'grafik-first-screen';

/** An answer the first screen shows beside the month (a group's publication, its last generation), under its query key. */
type CarriedAnswer = { key: readonly unknown[]; data: unknown };

export type FirstScreenData = { at: number; view: FirstView; session: { user: SessionUser }; answers?: CarriedAnswer[] };

let drawn: FirstView | null = null;

/** The view the page was drawn with, when the server drew it (read while React takes the page over); null otherwise. */
export const takenOverView = (): FirstView | null => drawn;

/** Puts the page's session and answers in the cache as answered at the server's time; a page without them changes nothing. */
export function takeFirstScreenData(client: QueryClient, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  const element = doc?.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return;
  element.remove();
  let carried: FirstScreenData;
  try {
    carried = JSON.parse(element.textContent) as FirstScreenData;
  } catch {
    return;
  }
  // Not newer than now: a server clock ahead of the browser's must not keep them fresh for longer.
  const updatedAt = Math.min(carried.at, Date.now());
  client.setQueryData(SESSION_QUERY_KEY, carried.session, { updatedAt });
  for (const answer of carried.answers ?? []) client.setQueryData(answer.key, answer.data, { updatedAt });
  drawn = carried.view;
}
