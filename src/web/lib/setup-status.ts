// The first-run checklist's counts of a month (docs/getting-started.md): read each time the dashboard
// opens, so that what was done on another screen shows at once.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import type { SetupStatus } from '../../shared/api/setup.ts';

export const setupStatusKey = (month: string) => ['setup-status', month] as const;

export function useSetupStatus(month: string) {
  return useQuery({
    queryKey: setupStatusKey(month),
    queryFn: ({ signal }) => api<SetupStatus>(`/setup-status?month=${month}`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
