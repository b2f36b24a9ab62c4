// Fetchers, query keys and hooks of the operating hours screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reloadCoverage } from '../../lib/coverage.ts';
import type { AirportHours, AirportHoursInput, CopyPreviousResult, QuickSetupInput, SetDaysInput } from '../../../shared/api/airport-hours.ts';
import type { Flight } from '../../../shared/api/flights.ts';
import type { StaffGroup } from '../../../shared/api/staff-groups.ts';

const airportHoursKeys = {
  all: ['airport-hours'] as const,
  month: (month: string) => ['airport-hours', month] as const,
};
const STAFF_GROUPS_KEY = ['staff-groups'] as const;

export function useStaffGroups() {
  return useQuery({ queryKey: STAFF_GROUPS_KEY, queryFn: ({ signal }) => api<StaffGroup[]>('/staff-groups', { signal }) });
}

export function useAirportHours(month: string) {
  return useQuery({
    queryKey: airportHoursKeys.month(month),
    queryFn: ({ signal }) => api<AirportHours[]>(`/airport-hours?month=${month}`, { signal }),
  });
}

function useInvalidateMonth() {
  const queryClient = useQueryClient();
  // The hours are the demand's frame: the month's coverage changes with them.
  return (month: string) => Promise.all([queryClient.invalidateQueries({ queryKey: airportHoursKeys.month(month) }), reloadCoverage(queryClient)]);
}

export function useAddAirportHours() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    mutationFn: (input: AirportHoursInput) => api<AirportHours>('/airport-hours', { method: 'POST', body: input }),
    onSettled: (_data, _error, input) => invalidate(input.month),
  });
}

export interface AirportHoursEdit {
  id: string;
  month: string;
  openingTime: string;
  closingTime: string;
  minimumStaff: number;
  basedOn: { openingTime: string; closingTime: string; minimumStaff: number };
}

export function useEditAirportHours() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    mutationFn: ({ id, month: _month, ...body }: AirportHoursEdit) => api<AirportHours>(`/airport-hours/${id}`, { method: 'PUT', body }),
    onSettled: (_data, _error, input) => invalidate(input.month),
  });
}

export function useDeleteAirportHours() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    // The values the planner saw: a row changed meanwhile is kept and refused as stale.
    mutationFn: (row: AirportHours) =>
      api<null>(
        `/airport-hours/${row.id}?${new URLSearchParams({ openingTime: row.openingTime, closingTime: row.closingTime, minimumStaff: String(row.minimumStaff) })}`,
        { method: 'DELETE' },
      ),
    onSettled: (_data, _error, row) => invalidate(row.month),
  });
}

export function useQuickSetup() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    // Without times the week gets 06:00–22:00; the planner may name others (past midnight, 00:00–24:00).
    mutationFn: (body: QuickSetupInput) => api<AirportHours[]>('/airport-hours/quick-setup', { method: 'POST', body }),
    onSettled: (_data, _error, body) => invalidate(body.month),
  });
}

export function useCopyPrevious() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    mutationFn: (body: { month: string; role?: string }) => api<CopyPreviousResult>('/airport-hours/copy-previous', { method: 'POST', body }),
    onSettled: (_data, _error, body) => invalidate(body.month),
  });
}

/** The month's flights, read only when the planner asks for hours derived from them. */
export function useMonthFlights(month: string, enabled: boolean) {
  return useQuery({
    queryKey: ['flights', month] as const,
    queryFn: ({ signal }) => api<Flight[]>(`/flights?month=${month}`, { signal }),
    enabled,
  });
}

export function useSetDays() {
  const invalidate = useInvalidateMonth();
  return useMutation({
    // Several days at once, each with its hours: added where missing, replaced where set; all or nothing.
    mutationFn: (body: SetDaysInput) => api<AirportHours[]>('/airport-hours/days', { method: 'PUT', body }),
    onSettled: (_data, _error, body) => invalidate(body.month),
  });
}
