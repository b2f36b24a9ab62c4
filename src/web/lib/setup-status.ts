// The first-run checklist's counts of a month (docs/getting-started.md): read each time the dashboard
// opens, so that what was done on another screen shows at once.
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import type { SetupStatus } from '../../shared/api/setup.ts';

export const setupStatusKey = (month: string) => ['setup-status', month] as const;
/** The API path of the month's counts (the server's drawing asks it too). */
export const setupStatusPath = (month: string) => `/setup-status?month=${month}`;

export function useSetupStatus(month: string) {
  return useQuery({
    queryKey: setupStatusKey(month),
    queryFn: ({ signal }) => api<SetupStatus>(setupStatusPath(month), { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
