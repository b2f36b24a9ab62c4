// The month answer (GET /api/month) under one query key, read by the dashboard, the coverage day view
// and the printout alike, and fetched early when the app is opened on the dashboard.
import type { QueryClient } from '@tanstack/react-query';
import type { MonthData } from '../../shared/api/schedule.ts';
import { api } from './api.ts';

export const monthQueryKey = (month: string) => ['month', month] as const;

export const fetchMonth = (month: string, signal?: AbortSignal) => api<MonthData>(`/month?month=${month}`, signal ? { signal } : {});

/** How long a month answer counts as fresh: colleagues' changes arrive by the dashboard's own interval. */
export const MONTH_STALE_MS = 5_000;

/**
 * Starts reading a month before any screen asks for it (alongside the session check and the screen's
 * code), so that the screen finds it there. Without a session it answers 401, which only ends in the
 * sign-in page the session check leads to anyway.
 */
export function prefetchMonth(client: QueryClient, month: string): Promise<void> {
  return client.prefetchQuery({ queryKey: monthQueryKey(month), queryFn: ({ signal }) => fetchMonth(month, signal), staleTime: MONTH_STALE_MS });
}
