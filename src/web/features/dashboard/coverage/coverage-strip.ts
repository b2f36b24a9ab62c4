// Whether the day strip (each group's coverage per day, docs/coverage.md) shows above the grid: yes
// unless the planner hid it. Their choice is remembered in this browser like the density, and the
// address may say it (`?coverage=1` or `?coverage=0`), which the toggle keeps up to date.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useServerView } from '../../../lib/first-view.ts';

const KEY = 'grafik.dashboard.coverageStrip';

/** The planner's remembered choice, or null when they never made one. */
export function storedStrip(): boolean | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'shown' ? true : value === 'hidden' ? false : null;
  } catch {
    return null;
  }
}

export function useCoverageStrip(): [boolean, (shown: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const said = params.get('coverage');
  const server = useServerView();
  const shown = said === '1' ? true : said === '0' ? false : (server?.strip ?? storedStrip() ?? true);
  const choose = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(KEY, next ? 'shown' : 'hidden');
      } catch {
        // A browser that keeps nothing: the address still says it.
      }
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('coverage', next ? '1' : '0');
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [shown, choose];
}
