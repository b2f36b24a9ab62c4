// Coverage as it stands (docs/coverage.md): the month's answer per group, one day's profile and a
// group-month's last generation runs. Shared by the Flights, Coverage and dashboard screens. Every
// write that can change a month's coverage (shifts, generation, time off, flights, hours, staff,
// settings) reloads these with reloadCoverage().
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { fetchMonth, monthQueryKey, MONTH_STALE_MS } from './month-query.ts';
import type { DayProfile, MonthCoverage } from '../../shared/api/coverage.ts';
import type { GenerationRuns } from '../../shared/api/generation.ts';

export const coverageKeys = {
  all: ['coverage'] as const,
  month: (month: string) => ['coverage', 'month', month] as const,
  day: (date: string, role: string) => ['coverage', 'day', date, role] as const,
  runs: (role: string, month: string) => ['coverage', 'runs', role, month] as const,
};

/** Reloads every coverage answer on screen (after a save, delete, generation or clear). */
export const reloadCoverage = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: coverageKeys.all });

/**
 * A month's coverage per group. Colleagues plan too: it is read again every half minute and when the
 * planner comes back to the tab, and every few seconds while a group's best possible coverage is
 * still being computed.
 */
export function useCoverage(month: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: coverageKeys.month(month),
    queryFn: ({ signal }) => api<MonthCoverage>(`/coverage?month=${month}`, { signal }),
    enabled,
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.groups.some((g) => g.bound?.status === 'pending') ? 4_000 : 30_000),
  });
}

/** One day of one group in 15-minute steps: the most demand and the fewest on duty in each. */
export function useCoverageDay(date: string, role: string) {
  return useQuery({
    queryKey: coverageKeys.day(date, role),
    queryFn: ({ signal }) => api<DayProfile>(`/coverage/day?date=${date}&role=${encodeURIComponent(role)}`, { signal }),
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

/** The API path of a group-month's last generation runs. */
export const runsPath = (role: string, month: string) => `/generation/runs?role=${encodeURIComponent(role)}&month=${month}`;

/** A group-month's last five generation runs, newest first. */
export function useGenerationRuns(role: string, month: string) {
  return useQuery({
    queryKey: coverageKeys.runs(role, month),
    queryFn: ({ signal }) => api<GenerationRuns>(runsPath(role, month), { signal }),
    staleTime: 5_000,
  });
}

/** The month's shifts and people, under the dashboard's own key (['month', month]), so both share it. */
export function useMonthShifts(month: string) {
  return useQuery({
    queryKey: monthQueryKey(month),
    queryFn: ({ signal }) => fetchMonth(month, signal),
    staleTime: MONTH_STALE_MS,
  });
}

/** The address of a group's day view (the Coverage screen's day). */
export const coverageDayPath = (date: string, group: string) => `/coverage/day?date=${date}&group=${encodeURIComponent(group)}`;
