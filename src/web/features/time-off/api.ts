// Fetchers, query keys and hooks of the Time Off screen. Requesting time off is the shared modal's
// own (src/web/ui/time-off).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { TimeOff, TimeOffStatus } from '../../../shared/api/time-off.ts';
import { fetchTimeOff, reloadAfterTimeOffChange } from '../../ui/time-off/api.ts';

const timeOffMonthKey = (month: string) => ['time-off', month] as const;

export function useTimeOffMonth(month: string) {
  return useQuery({
    queryKey: timeOffMonthKey(month),
    queryFn: ({ signal }) => api<TimeOff[]>(`/time-off?month=${month}`, { signal }),
  });
}

/** A manager's decision, on the version the list showed (a changed request is refused: 409). */
export const decideTimeOff = ({ row, status }: { row: TimeOff; status: TimeOffStatus }) =>
  api<TimeOff>(`/time-off/${row.id}/status`, { method: 'PUT', body: { status, version: row.version } });

/** The version the planner saw: a time off changed meanwhile is kept and refused as stale. */
export const deleteTimeOff = (row: { id: string; version: number }) => api<null>(`/time-off/${row.id}?version=${row.version}`, { method: 'DELETE' });

/** Reloads every screen that shows time off. */
export function useReloadTimeOff() {
  const queryClient = useQueryClient();
  return () => reloadAfterTimeOffChange(queryClient);
}

/** Reloads every screen that shows time off and answers one as stored now, or null when deleted. */
export function useStoredTimeOff() {
  const reload = useReloadTimeOff();
  return async (id: string) => {
    await reload();
    return fetchTimeOff(id);
  };
}
