// Fetchers, query keys and mutations of the dashboard. Every save or delete reloads the month.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reloadCoverage } from '../../lib/coverage.ts';
import type { EventInput, MonthData, Schedule, ScheduleEvent, ScheduleInput } from '../../../shared/api/schedule.ts';
import { addMonths } from '../../../shared/month.ts';
import { replanAppliedSchema, replanProposalSchema, type ReplanApplied, type ReplanProposal } from '../../../shared/api/replan.ts';
import { generateResponseSchema, generationQueueSchema, type GenerateResponse } from '../../../shared/api/generation.ts';

import { fetchMonth, monthQueryKey, MONTH_STALE_MS } from '../../lib/month-query.ts';

export { monthQueryKey };

export function useMonthData(month: string) {
  return useQuery({
    queryKey: monthQueryKey(month),
    queryFn: ({ signal }) => fetchMonth(month, signal),
    staleTime: MONTH_STALE_MS,
    // Colleagues plan the same month: the grid shows their changes within half a minute, and at once
    // when the planner comes back to the tab (the server keeps the month ready, so this is cheap).
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** The days of the previous month that the labour rules look back at, from a date in the first two weeks. */
const LOOK_BACK_DAYS = 14;

/**
 * The month before `month`, read once the planner has chosen a shift on `date` in the first two weeks:
 * rest, weekly rest and working days in a row count the shifts before the month. Not read otherwise.
 */
export function usePreviousMonthData(month: string, date: string, chosen: boolean) {
  const previous = addMonths(month, -1);
  const enabled = chosen && Number(date.slice(8, 10)) <= LOOK_BACK_DAYS && previous >= '2000-01';
  return useQuery({
    queryKey: monthQueryKey(previous),
    queryFn: ({ signal }) => fetchMonth(previous, signal),
    staleTime: 30_000,
    enabled,
    retry: false,
  });
}

/**
 * The month before `month` for the grid's rule marks (rest, weekly rest and runs of working days look
 * back 14 days), read once the month itself is on screen.
 */
export function usePreviousMonth(month: string, enabled: boolean) {
  const previous = addMonths(month, -1);
  return useQuery({
    queryKey: monthQueryKey(previous),
    queryFn: ({ signal }) => fetchMonth(previous, signal),
    staleTime: 30_000,
    enabled: enabled && previous >= '2000-01',
    retry: false,
  });
}

/** Reloads the month (and any other screen's view of time off, and the month's coverage and runs). */
export function useReloadMonth(month: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: monthQueryKey(month) }),
      queryClient.invalidateQueries({ queryKey: ['time-off'] }),
      reloadCoverage(queryClient),
    ]);
}

/**
 * Puts a shift the server has just saved into the month on screen (replacing the day's shift), so that
 * the grid shows it at once; the reload that follows brings everything else it changed.
 */
export function usePutShiftInMonth(month: string) {
  const queryClient = useQueryClient();
  return (saved: Schedule) =>
    queryClient.setQueryData<MonthData>(monthQueryKey(month), (data) => {
      if (!data || !saved.date.startsWith(month)) return data;
      // In the replaced shift's place, so that every other shift keeps its place in the list: the query's
      // comparison of the old and new month then finds them unchanged at once instead of comparing each.
      const at = data.schedules.findIndex((s) => s.employeeId === saved.employeeId && s.date === saved.date);
      const schedules = at < 0 ? [...data.schedules, saved] : data.schedules.with(at, saved);
      return { ...data, schedules };
    });
}

/** Reloads the month and answers it as the server has it now. */
export function useFreshMonth(month: string) {
  const queryClient = useQueryClient();
  const reload = useReloadMonth(month);
  return async () => {
    await reload();
    return queryClient.getQueryData<MonthData>(monthQueryKey(month));
  };
}

const dayQuery = (employeeId: string, date: string) => `employeeId=${encodeURIComponent(employeeId)}&date=${encodeURIComponent(date)}`;

export const saveSchedule = (input: ScheduleInput) => api<Schedule>('/schedules', { method: 'PUT', body: input });
// A delete names the version the planner saw: one changed meanwhile is kept and refused as stale.
export const deleteSchedule = (employeeId: string, date: string, version: number) =>
  api<void>(`/schedules?${dayQuery(employeeId, date)}&version=${version}`, { method: 'DELETE' });
export const saveEvent = (input: EventInput) => api<ScheduleEvent>('/events', { method: 'PUT', body: input });
export const deleteEvent = (employeeId: string, date: string, version: number) =>
  api<void>(`/events?${dayQuery(employeeId, date)}&version=${version}`, { method: 'DELETE' });
export const deleteTimeOff = (id: string, version: number) => api<void>(`/time-off/${encodeURIComponent(id)}?version=${version}`, { method: 'DELETE' });

/**
 * Where the planner's own generation stands in the server's queue (waiting with its place, or running),
 * asked every second while `active` (a run is on its way): the panel says that it waits in a queue.
 */
export function useGenerationQueue(active: boolean) {
  return useQuery({
    queryKey: ['generation-queue'],
    queryFn: async ({ signal }) => generationQueueSchema.parse(await api<unknown>('/generation/queue', { signal })),
    enabled: active,
    refetchInterval: active ? 1000 : false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Runs the generator; the answer is read through the API's own schema. */
/** `confirmPublished`: the planner agreed to change a published month (otherwise 409 MONTH_PUBLISHED). */
export const generateSchedule = async (role: string, month: string, confirmPublished = false): Promise<GenerateResponse> =>
  generateResponseSchema.parse(await api<unknown>('/generation', { method: 'POST', body: { role, month, ...(confirmPublished ? { confirmPublished } : {}) } }));
export const clearSchedule = (role: string, month: string, confirmPublished = false) =>
  api<{ deleted: number }>('/generation/clear', { method: 'POST', body: { role, month, ...(confirmPublished ? { confirmPublished } : {}) } });

/** A re-plan of a published month from a date (docs/replanning.md): the proposal; nothing is saved. */
export const proposeReplan = async (role: string, month: string, from: string): Promise<ReplanProposal> =>
  replanProposalSchema.parse(await api<unknown>('/generation/replan', { method: 'POST', body: { role, month, from } }));
/** Applies a proposal, sent back as the server signed it. */
export const applyReplan = async (role: string, month: string, token: string): Promise<ReplanApplied> =>
  replanAppliedSchema.parse(await api<unknown>('/generation/replan/apply', { method: 'POST', body: { role, month, token } }));
