// Fetchers, query keys and hooks of the Time Off screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { TimeOff, TimeOffInput } from '../../../shared/api/time-off.ts';

export const TIME_OFF_KEY = ['time-off'] as const;
export const timeOffMonthKey = (month: string) => ['time-off', month] as const;

export function useTimeOffMonth(month: string) {
  return useQuery({
    queryKey: timeOffMonthKey(month),
    queryFn: ({ signal }) => api<TimeOff[]>(`/time-off?month=${month}`, { signal }),
  });
}

/** Time off shows on the month's screens (dashboard totals too): every month's data is reloaded. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'staff-groups' && q.queryKey[0] !== 'employees' });
}

export function useRequestTimeOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TimeOffInput) => api<TimeOff>('/time-off', { method: 'POST', body: data }),
    onSuccess: refresh,
  });
}

export function useDeleteTimeOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/time-off/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
