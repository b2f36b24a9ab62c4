// Fetchers, query keys and hooks of the Employees screen and staff group management.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { EMPLOYEES_KEY } from '../../lib/employees.ts';
import type { Employee, EmployeeDependents, EmployeeInput } from '../../../shared/api/employees.ts';
import type { StaffGroup, StaffGroupInput } from '../../../shared/api/staff-groups.ts';

export const STAFF_GROUPS_KEY = ['staff-groups'] as const;
export const dependentsKey = (id: string) => ['employees', id, 'dependents'] as const;

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
function useRefreshEmployees() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
      queryClient.invalidateQueries({ queryKey: STAFF_GROUPS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['time-off'] }),
    ]);
}

export function useSaveEmployee() {
  const refresh = useRefreshEmployees();
  return useMutation({
    mutationFn: (args: { id?: string; version?: number; data: EmployeeInput }) =>
      args.id
        ? api<Employee>(`/employees/${args.id}`, { method: 'PUT', body: { version: args.version, data: args.data } })
        : api<Employee>('/employees', { method: 'POST', body: args.data }),
    onSettled: refresh,
  });
}

export function useDeleteEmployee() {
  const refresh = useRefreshEmployees();
  return useMutation({
    // The version the planner saw: an employee changed meanwhile is kept and refused as stale.
    mutationFn: (employee: { id: string; version: number }) => api<null>(`/employees/${employee.id}?version=${employee.version}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** A group change reaches employees, operating hours and flights: every screen's data is refreshed. */
export function useSaveStaffGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id?: number; version?: number; data: StaffGroupInput }) =>
      args.id
        ? api<StaffGroup>(`/staff-groups/${args.id}`, { method: 'PUT', body: { ...args.data, version: args.version } })
        : api<StaffGroup>('/staff-groups', { method: 'POST', body: args.data }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteStaffGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    // The version the administrator saw: a group renamed meanwhile is kept and refused as stale.
    mutationFn: (group: { id: number; version: number }) => api<null>(`/staff-groups/${group.id}?version=${group.version}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
