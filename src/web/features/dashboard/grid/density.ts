// The grid's density: compact by default on screens up to 1600 px wide (31 days fit at 1440 px),
// comfortable above; the planner's own choice is remembered in this browser
// (docs/decisions/0015-month-grid.md).
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { Density } from './types.ts';
import { useServerView } from '../../../lib/first-view.ts';

const KEY = 'grafik.dashboard.density';
const COMPACT_UP_TO = '(max-width: 1600px)';
/** Below this width the dashboard is a list of one day instead of the grid. */
const PHONE = '(max-width: 599.98px)';

/** The phone's query, asked once: asking matchMedia anew on every render can force a style pass. */
const phoneQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null;
const followPhone = (changed: () => void) => {
  phoneQuery?.addEventListener('change', changed);
  return () => phoneQuery?.removeEventListener('change', changed);
};

/** Whether the window is a phone's width now (read at once, so a phone never builds the grid). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    followPhone,
    () => phoneQuery?.matches ?? false,
    () => false,
  );
}

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
  // On the server, and while a drawn page is taken over, the density the page was drawn with.
  const server = useServerView();
  const [own] = useState<Density>(() => stored() ?? byWidth());
  const [chosen, setChosen] = useState<Density | null>(null);
  const choose = useCallback((next: Density) => {
    setChosen(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // A browser that keeps nothing: the choice lasts until the page is left.
    }
  }, []);
  return [chosen ?? server?.density ?? own, choose];
}
