// The list of employees, read by the Employees screen and by others that pick an employee (time off).
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import type { Employee } from '../../shared/api/employees.ts';

export const EMPLOYEES_KEY = ['employees'] as const;

export function useEmployees() {
  return useQuery({ queryKey: EMPLOYEES_KEY, queryFn: ({ signal }) => api<Employee[]>('/employees', { signal }) });
}
