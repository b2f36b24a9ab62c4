import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { addMonths } from '../../shared/month.ts';
// The plain rule, not the API's schema: App.tsx reads the month before the sign-in page's code has zod.
import { monthProblem } from '../../shared/date-rules.ts';

export function currentMonthKey(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Where the month last shown is remembered for the tab, so the next screen opens on it. */
export const MONTH_STORAGE_KEY = 'grafik.month';

const validMonth = (text: string | null): string | null => (text && monthProblem(text) === null ? text : null);

function rememberedMonth(): string | null {
  try {
    return validMonth(sessionStorage.getItem(MONTH_STORAGE_KEY));
  } catch {
    return null;
  }
}

function remember(month: string): void {
  try {
    sessionStorage.setItem(MONTH_STORAGE_KEY, month);
  } catch {
    // Storage refused (private mode): the address still holds the month.
  }
}

/**
 * The month a screen opened at `search` (an address's query) shows: the address's own, else the one
 * remembered for the tab, else the current month.
 */
export function monthOfAddress(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return validMonth(params.get('month')) ?? rememberedMonth() ?? currentMonthKey();
}

/**
 * Whether the browser's current history entry is the one a screen was rendered for. The router keeps
 * its entry's key in the history state; with no key there (the first page, or a router in memory), it
 * is taken to be.
 */
function stillCurrent(key: string): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const current = state && typeof state === 'object' && 'key' in state ? (state as { key: unknown }).key : undefined;
  return typeof current !== 'string' || current === key;
}

/**
 * The month a screen shows, kept in the address (?month=YYYY-MM) so reloads and links keep it, and
 * remembered for the tab, so that moving to another screen opens it on the same month instead of the
 * current one. A screen opened without a month in its address takes the remembered one.
 */
export function useMonth(): [string, (delta: number) => void] {
  const [params, setParams] = useSearchParams();
  const month = monthOfAddress(params);
  const shown = params.get('month');
  const { key } = useLocation();
  useEffect(() => {
    remember(month);
    // The address always says the month, so a reload or a copied link opens the same one; but only
    // while this screen's address is still the browser's: a screen that mounts late (its code was
    // loading) after the planner clicked elsewhere must not send them back to it.
    if (!stillCurrent(key)) return;
    if (shown !== month)
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('month', month);
          return next;
        },
        { replace: true },
      );
  }, [month, shown, setParams, key]);
  const move = useCallback(
    (delta: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('month', addMonths(month, delta));
          return next;
        },
        { replace: true },
      ),
    [month, setParams],
  );
  return [month, move];
}

const firstDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1));
};

/**
 * "grudzień 2026" / "December 2026": the month and year in the nominative, for a sentence that names the
 * month as its subject or after a preposition that takes the nominative or accusative ("na grudzień 2026").
 */
export function monthNominative(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(firstDay(month));
}

/**
 * "grudnia 2026" / "December 2026": the month and year in the genitive, for a sentence that puts the month
 * after "dla", "z", "do", "spoza", "w ciągu" or another noun ("rozkład grudnia 2026"). Polish has the
 * genitive only with a day ("1 grudnia 2026"): the month and year are taken from that date's parts.
 */
export function monthGenitive(month: string, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(firstDay(month));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('year')}`;
}

/** "Listopad 2026" / "November 2026": the month standing alone (a heading, a list, the month navigator). */
export function formatMonth(month: string, language: string): string {
  const text = monthNominative(month, language);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
