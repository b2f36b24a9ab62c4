// Fetchers, query keys and hooks of the settings screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { Settings, SettingsUpdate } from '../../../shared/api/settings.ts';
import type { MonthlyHours, MonthNormAnswer } from '../../../shared/api/monthly-hours.ts';

export const SETTINGS_KEY = ['settings'] as const;
const monthlyHoursKey = (month: string) => ['monthly-hours', month] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => api<Settings>('/settings', { signal }) });
}

/** Saves the settings at the version the form was based on (a stale version is refused: 409). */
export const saveSettings = (body: SettingsUpdate) => api<Settings>('/settings', { method: 'PUT', body });

/** The settings as stored now: the screen shows them (it starts the form again from a newer version). */
export function useStoredSettings() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    return queryClient.fetchQuery({ queryKey: SETTINGS_KEY, queryFn: () => api<Settings>('/settings') });
  };
}

export function useMonthlyHours(month: string) {
  return useQuery({
    queryKey: monthlyHoursKey(month),
    queryFn: ({ signal }) => api<MonthlyHours[]>(`/monthly-hours?month=${month}`, { signal }),
  });
}

/** The month's working-time norm (Labour Code art. 130), or null outside Poland. */
export function useMonthNorm(month: string) {
  return useQuery({
    queryKey: ['monthly-hours', month, 'norm'] as const,
    queryFn: ({ signal }) => api<MonthNormAnswer>(`/monthly-hours/norm?month=${month}`, { signal }),
    staleTime: Infinity,
  });
}

export function useAddMonthlyHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { month: string; requiredHours: number; reason?: string }) => api<MonthlyHours>('/monthly-hours', { method: 'POST', body }),
    // The new record goes at the top of the list (docs/product.md §4).
    onSuccess: (created) =>
      queryClient.setQueryData<MonthlyHours[]>(monthlyHoursKey(created.month), (list) => [created, ...(list ?? []).filter((r) => r.id !== created.id)]),
  });
}

export function useDeleteMonthlyHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: MonthlyHours) => api<null>(`/monthly-hours/${row.id}`, { method: 'DELETE' }),
    onSuccess: (_data, row) => queryClient.setQueryData<MonthlyHours[]>(monthlyHoursKey(row.month), (list) => (list ?? []).filter((r) => r.id !== row.id)),
  });
}
