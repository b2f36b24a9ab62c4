// Saving a time off from the 'Request Time Off' modal: a new one is created (POST), an existing one
// is replaced with the version it was read at (PUT {version, data}; a stale version is refused).
import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api.ts';
import type { OverlappingShift, TimeOff, TimeOffInput } from '../../../shared/api/time-off.ts';

/**
 * Time off shows on every month's screens (lists, grids, totals): after a change their data is
 * reloaded. The session, the groups and the employees do not depend on it.
 */
export const reloadAfterTimeOffChange = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'staff-groups' && q.queryKey[0] !== 'employees',
  });

/** Creates a time off, or replaces `existing` at the version it was read at. */
export const saveTimeOff = ({ input, existing }: { input: TimeOffInput; existing?: TimeOff }) =>
  existing
    ? api<TimeOff>(`/time-off/${encodeURIComponent(existing.id)}`, { method: 'PUT', body: { version: existing.version, data: input } })
    : api<TimeOff>('/time-off', { method: 'POST', body: input });

/** A time off as it is stored now, or null when it has been deleted. */
export async function fetchTimeOff(id: string): Promise<TimeOff | null> {
  try {
    return await api<TimeOff>(`/time-off/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The employee's shifts on the days from `startDate` to `endDate`: what the modal names before saving. */
export const fetchOverlappingShifts = (q: { employeeId: string; startDate: string; endDate: string }) =>
  api<OverlappingShift[]>(`/time-off/overlapping-shifts?${new URLSearchParams(q).toString()}`);
