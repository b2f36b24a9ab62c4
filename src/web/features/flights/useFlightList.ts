// The flights the list shows: filtered by number, day and staffing (the staffing filter kept in the
// address), a page at a time; and each flight's status per group, from the month's coverage.
import { useMemo, useState } from 'react';
import { useAddressParam } from '../../ui/useAddressParam.ts';
import { DateTime } from 'luxon';
import type { FlightCoverage, MonthCoverage } from '../../../shared/api/coverage.ts';
import type { Flight } from '../../../shared/api/flights.ts';
import { localDate } from './format.ts';

const PAGE_SIZE = 50;

/** The staffing filter in the address (?short=…): any group short, or one group short. */
export const SHORT_ANY = 'any';

export function useFlightList(month: string, all: Flight[], coverage: MonthCoverage | undefined, zone: string, language: string) {
  const [shortFilter, setShortParam] = useAddressParam('short');
  const [filter, setFilter] = useState({ month, search: '', day: null as string | null, page: 1 });
  // A new month starts with no filter, on the first page.
  const current = filter.month === month ? filter : { month, search: '', day: null, page: 1 };
  const update = (change: Partial<typeof filter>) => setFilter({ ...current, page: 1, ...change });

  // Each flight's status per group, from the month's coverage (docs/coverage.md).
  const statuses = useMemo(() => {
    const map = new Map<string, Map<string, FlightCoverage>>();
    for (const g of coverage?.groups ?? []) {
      for (const f of g.flights) {
        let byGroup = map.get(f.flightId);
        if (!byGroup) map.set(f.flightId, (byGroup = new Map()));
        byGroup.set(g.role, f);
      }
    }
    return map;
  }, [coverage]);
  const coverageGroups = (coverage?.groups ?? []).map((g) => g.role);
  const shortGroup = shortFilter === null || shortFilter === '' ? null : coverageGroups.includes(shortFilter) ? shortFilter : SHORT_ANY;
  const isShort = (flightId: string) => {
    const byGroup = statuses.get(flightId);
    if (!byGroup) return false;
    if (shortGroup === SHORT_ANY) return [...byGroup.values()].some((f) => f.status === 'short');
    return byGroup.get(shortGroup!)?.status === 'short';
  };
  const setShortFilter = (value: string | null) => {
    // Mantine may call onChange with the value it already shows (a label changing with the language):
    // nothing to change then, and the address is left alone.
    if ((value || null) === shortGroup) return;
    setShortParam(value);
    setFilter({ ...current, page: 1 });
  };

  const days = useMemo(() => {
    const set = new Set(all.map((f) => localDate(f.departureTime, zone)));
    return [...set].sort().map((date) => ({
      value: date,
      label: DateTime.fromISO(date).setLocale(language).toFormat('d LLL, cccc'),
    }));
  }, [all, zone, language]);

  const search = current.search.trim().toUpperCase();
  const shown = all.filter(
    (f) =>
      (search === '' || f.flightNumber.toUpperCase().includes(search)) &&
      (current.day === null || localDate(f.departureTime, zone) === current.day) &&
      (shortGroup === null || isShort(f.id)),
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(current.page, pages);
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const filtered = search !== '' || current.day !== null || shortGroup !== null;

  const setPage = (p: number) => setFilter({ ...current, page: p });
  return { current, days, shown, pages, page, pageRows, filtered, statuses, coverageGroups, shortGroup, update, setShortFilter, setPage };
}
