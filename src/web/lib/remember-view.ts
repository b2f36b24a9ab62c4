// Writes the view cookie (src/shared/view-cookie.ts) in this browser. A module of its own, without the
// app's session or first-screen modules, so that the i18n module can use it too (src/web/i18n/index.ts).
import { viewCookie, type FirstView } from '../../shared/view-cookie.ts';

/** Keeps the view for the next load (docs/decisions/0025-first-screen-drawn-by-the-server.md). */
export function rememberView(view: FirstView): void {
  if (typeof document === 'undefined') return;
  document.cookie = viewCookie(view, location.protocol === 'https:');
}
