// Fetchers, query keys and hooks of the Employees screen and staff group management.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { reloadCoverage } from '../../lib/coverage.ts';
import { EMPLOYEES_KEY } from '../../lib/employees.ts';
import { QUALIFICATIONS_KEY } from '../../lib/qualifications.ts';
import { z } from 'zod';
import { heldQualificationSchema, type HeldQualificationsBody } from '../../../shared/api/qualifications.ts';
import type { Employee, EmployeeDependents, EmployeeInput } from '../../../shared/api/employees.ts';
import type { StaffGroup, StaffGroupInput } from '../../../shared/api/staff-groups.ts';
import type { StaffImportAnswer, StaffImportBody } from '../../../shared/api/staff-import.ts';
import { calendarFeedCreatedSchema, calendarFeedSchema, type CalendarFeedCreated } from '../../../shared/api/publishing.ts';
import { employeeAccountSchema, invitationCreatedSchema, type InvitationCreated } from '../../../shared/api/employee-accounts.ts';

const STAFF_GROUPS_KEY = ['staff-groups'] as const;
const dependentsKey = (id: string) => ['employees', id, 'dependents'] as const;

export function useStaffGroups() {
  return useQuery({ queryKey: STAFF_GROUPS_KEY, queryFn: ({ signal }) => api<StaffGroup[]>('/staff-groups', { signal }) });
}

export function useEmployeeDependents(id: string | null) {
  return useQuery({
    queryKey: dependentsKey(id ?? ''),
    queryFn: ({ signal }) => api<EmployeeDependents>(`/employees/${id}/dependents`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Employees and group counts change together; time off lists carry names and groups too. */
export function useRefreshEmployees() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
      queryClient.invalidateQueries({ queryKey: STAFF_GROUPS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['time-off'] }),
      // Who is in a group changes its coverage.
      reloadCoverage(queryClient),
    ]);
}

/** Reloads every list that shows employees and answers one employee as stored now, or null when deleted. */
export function useStoredEmployee() {
  const queryClient = useQueryClient();
  const refresh = useRefreshEmployees();
  return async (id: string) => {
    await refresh();
    const list = await queryClient.fetchQuery({ queryKey: EMPLOYEES_KEY, queryFn: () => api<Employee[]>('/employees') });
    return list.find((e) => e.id === id) ?? null;
  };
}

/** Adds an employee, or replaces one at the version the planner saw (a stale version is refused: 409). */
export const saveEmployee = (args: { id?: string; version?: number; data: EmployeeInput }) =>
  args.id
    ? api<Employee>(`/employees/${args.id}`, { method: 'PUT', body: { version: args.version, data: args.data } })
    : api<Employee>('/employees', { method: 'POST', body: args.data });

/** The version the planner saw: an employee changed meanwhile is kept and refused as stale. */
export const deleteEmployee = (employee: { id: string; version: number }) =>
  api<null>(`/employees/${employee.id}?version=${employee.version}`, { method: 'DELETE' });

/** Adds a group, or replaces one at the version the administrator saw (a stale version is refused: 409). */
export const saveStaffGroup = (args: { id?: number; version?: number; data: StaffGroupInput }) =>
  args.id
    ? api<StaffGroup>(`/staff-groups/${args.id}`, { method: 'PUT', body: { ...args.data, version: args.version } })
    : api<StaffGroup>('/staff-groups', { method: 'POST', body: args.data });

/** The version the administrator saw: a group renamed meanwhile is kept and refused as stale. */
export const deleteStaffGroup = (group: { id: number; version: number }) =>
  api<null>(`/staff-groups/${group.id}?version=${group.version}`, { method: 'DELETE' });

/** A group change reaches employees, operating hours and flights: every screen's data is reloaded. */
export function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** Reloads every screen's data and answers one group as stored now, or null when deleted. */
export function useStoredStaffGroup() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAll();
  return async (id: number) => {
    await refresh();
    const list = await queryClient.fetchQuery({ queryKey: STAFF_GROUPS_KEY, queryFn: () => api<StaffGroup[]>('/staff-groups') });
    return list.find((g) => g.id === id) ?? null;
  };
}

/** Adding a group (a change of one goes through useVersionedSave). */
export function useAddStaffGroup() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: (data: StaffGroupInput) => saveStaffGroup({ data }), onSettled: refresh });
}

// ---- An employee's calendar address (docs/publishing.md#calendar-feed) ----

const calendarFeedKey = (id: string) => ['employees', id, 'calendar-feed'] as const;

export function useCalendarFeed(id: string) {
  return useQuery({
    queryKey: calendarFeedKey(id),
    queryFn: async ({ signal }) => calendarFeedSchema.parse(await api<unknown>(`/employees/${id}/calendar-feed`, { signal })),
    staleTime: 0,
  });
}

/** Creates or renews the address: the answer holds its path, shown this once. */
const createCalendarFeed = async (id: string): Promise<CalendarFeedCreated> =>
  calendarFeedCreatedSchema.parse(await api<unknown>(`/employees/${id}/calendar-feed`, { method: 'POST' }));

const revokeCalendarFeed = (id: string) => api<void>(`/employees/${id}/calendar-feed`, { method: 'DELETE' });

export function useCalendarFeedMutations(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedKey(id) });
  const create = useMutation({ mutationFn: () => createCalendarFeed(id), onSettled: refresh });
  const revoke = useMutation({ mutationFn: () => revokeCalendarFeed(id), onSettled: refresh });
  return { create, revoke };
}

// ---- An employee's own account (docs/staff-accounts.md) ----

const accountKey = (id: string) => ['employees', id, 'account'] as const;

export function useEmployeeAccount(id: string) {
  return useQuery({
    queryKey: accountKey(id),
    queryFn: async ({ signal }) => employeeAccountSchema.parse(await api<unknown>(`/employees/${id}/account`, { signal })),
    staleTime: 0,
  });
}

/** Invites (or invites again) and revokes; an invitation's answer holds its link, shown this once. */
export function useEmployeeAccountMutations(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKey(id) });
  const invite = useMutation({
    mutationFn: async (body: { email: string; language: 'pl' | 'en' }): Promise<InvitationCreated> =>
      invitationCreatedSchema.parse(await api<unknown>(`/employees/${id}/account`, { method: 'POST', body })),
    onSettled: refresh,
  });
  const revoke = useMutation({ mutationFn: () => api<void>(`/employees/${id}/account`, { method: 'DELETE' }), onSettled: refresh });
  return { invite, revoke };
}

/** The staff import's dry run: classifies the rows, writes nothing (docs/staff-import.md). */
export const previewStaffImport = (body: StaffImportBody) => api<StaffImportAnswer>('/employees/import', { method: 'POST', body: { ...body, dryRun: true } });

/** The staff import itself: the new and changed rows written in one go, the invalid ones left out. */
export function useImportStaff() {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (body: StaffImportBody) => api<StaffImportAnswer>('/employees/import', { method: 'POST', body: { ...body, dryRun: false } }),
    onSettled: refresh,
  });
}

/** What an employee holds as the server saved it. */
const heldAnswerSchema = z.object({ qualifications: z.array(heldQualificationSchema) });

/** Replaces everything an employee holds (PUT /api/employees/:id/qualifications). */
export function useSaveHeldQualifications(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HeldQualificationsBody) => heldAnswerSchema.parse(await api<unknown>(`/employees/${id}/qualifications`, { method: 'PUT', body })),
    // The catalogue counts holders.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }), queryClient.invalidateQueries({ queryKey: QUALIFICATIONS_KEY })]),
  });
}
