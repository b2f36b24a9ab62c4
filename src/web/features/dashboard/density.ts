// The grid's density: compact by default on screens up to 1600 px wide (31 days fit at 1440 px),
// comfortable above; the planner's own choice is remembered in this browser
// (docs/decisions/0015-month-grid.md).
import { useCallback, useState } from 'react';
import type { Density } from './GroupTable.tsx';
import { useServerView } from '../../lib/first-view.ts';

const KEY = 'grafik.dashboard.density';
export const COMPACT_UP_TO = '(max-width: 1600px)';
/** Below this width the dashboard is a list of one day instead of the grid. */
export const PHONE = '(max-width: 599.98px)';

function stored(): Density | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'compact' || value === 'comfortable' ? value : null;
  } catch {
    return null;
  }
}

function byWidth(): Density {
  return typeof window !== 'undefined' && window.matchMedia(COMPACT_UP_TO).matches ? 'compact' : 'comfortable';
}

export function useDensity(): [Density, (density: Density) => void] {
  // On the server, the density the page is drawn with (the last one this browser showed).
  const server = useServerView();
  const [density, setDensity] = useState<Density>(() => server?.density ?? stored() ?? byWidth());
  const choose = useCallback((next: Density) => {
    setDensity(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // A browser that keeps nothing: the choice lasts until the page is left.
    }
  }, []);
  return [density, choose];
}
