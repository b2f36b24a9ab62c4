// A page the server drew (docs/decisions/0025-first-screen-drawn-by-the-server.md) is on screen before
// the app has taken it over: its code and the month are still on the way. A click on a day cell or a
// button in that time would be lost, so the last one is kept and given again once the dashboard shows
// its month (DashboardPage): a planner who clicks a cell at once gets its menu a moment later. Links
// need nothing: they work without the app.

/** What a kept click may land on: a day cell of the grid (or a badge in it), or a button. */
const CLICKABLE = 'td[data-col], button';

let kept: { root: HTMLElement; target: HTMLElement | null; stop: () => void } | null = null;

/** Keeps the last click on a cell or a button inside `root` (the drawn page's root) until replayEarlyClick. */
export function keepEarlyClick(root: HTMLElement): void {
  kept?.stop();
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(CLICKABLE);
    if (target && root.contains(target) && kept) kept.target = target;
  };
  root.addEventListener('click', onClick, true);
  kept = { root, target: null, stop: () => root.removeEventListener('click', onClick, true) };
}

/**
 * Gives the kept click again, once, and stops keeping clicks: to the element clicked if it is still in
 * the page, or, for a day cell the app drew anew, to the cell of the same person and day.
 */
export function replayEarlyClick(): void {
  if (!kept) return;
  const { root, target, stop } = kept;
  kept = null;
  stop();
  if (!target) return;
  const { emp, date } = target.dataset;
  const again = target.isConnected
    ? target
    : emp && date
      ? root.querySelector<HTMLElement>(`td[data-emp="${CSS.escape(emp)}"][data-date="${CSS.escape(date)}"]`)
      : null;
  again?.click();
}
