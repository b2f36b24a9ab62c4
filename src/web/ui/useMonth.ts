import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { addMonths } from '../../shared/month.ts';
import { isoMonth } from '../../shared/api/dates.ts';

export function currentMonthKey(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The month a screen shows, kept in the address (?month=YYYY-MM) so reloads and links keep it. */
export function useMonth(): [string, (delta: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('month');
  const month = raw && isoMonth.safeParse(raw).success ? raw : currentMonthKey();
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

/** "listopad 2026" / "November 2026": the full month name and four-digit year in the UI language. */
export function formatMonth(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  const text = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
  return text.charAt(0).toUpperCase() + text.slice(1);
}
