// The way this browser last showed the dashboard, kept in a cookie for the server's drawing of the next
// load's first screen (src/shared/view-cookie.ts, docs/decisions/0025-first-screen-drawn-by-the-server.md).
// The app itself goes by the browser's own settings (localStorage, the window's width); only while the
// server draws, and in the render that takes a drawn page over, does a component read the view the page
// is drawn with (useServerView).
import { createContext, useContext, useSyncExternalStore } from 'react';
import { takenOverView } from './first-screen-data.ts';
import type { FirstView } from '../../shared/view-cookie.ts';

export type { FirstView };
export { rememberView } from './remember-view.ts';

/** On the server, the view the page is drawn with (the server's drawing provides it). */
export const FirstViewContext = createContext<FirstView | null>(null);

const unchanging = () => () => undefined;
const inThisBrowser = () => null;

/**
 * The view to draw with: on the server, the page's; in the browser, the drawn page's while React takes
 * that page over (so that its render matches the page), and null otherwise: React renders once more
 * after taking the page over, and the screen then goes by this browser's own settings. A screen mounted
 * later never sees it.
 */
export function useServerView(): FirstView | null {
  const onServer = useContext(FirstViewContext);
  return useSyncExternalStore(unchanging, inThisBrowser, () => onServer ?? takenOverView());
}
