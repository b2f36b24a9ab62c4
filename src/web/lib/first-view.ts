// The way this browser last showed the dashboard, kept in a cookie for the server's drawing of the next
// load's first screen (src/shared/view-cookie.ts, docs/decisions/0025-first-screen-drawn-by-the-server.md).
// The app itself goes by the browser's own settings (localStorage, the window's width); only while the
// server draws does a component read the view it is drawn for, from FirstViewContext.
import { createContext, useContext } from 'react';
import { FIRST_VIEW_COOKIE, viewCookieValue, type FirstView } from '../../shared/view-cookie.ts';

export type { FirstView };

/** Keeps the view for the next load: a year, for the whole app, never sent along from another site. */
export function rememberView(view: FirstView): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${FIRST_VIEW_COOKIE}=${viewCookieValue(view)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** On the server, the view the page is drawn for; in the browser, null. */
export const FirstViewContext = createContext<FirstView | null>(null);

export const useServerView = () => useContext(FirstViewContext);
