// Fetchers and hooks of the Qualifications screen: the catalogue's writes (its read is src/web/lib/qualifications.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { EMPLOYEES_KEY } from '../../lib/employees.ts';
import { QUALIFICATIONS_KEY } from '../../lib/qualifications.ts';
import type { Qualification, QualificationInput } from '../../../shared/api/qualifications.ts';

/** A change of the catalogue: the catalogue, and the employees whose badges name it. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: QUALIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY })]);
}

/** Adds a qualification, or replaces the one of `code` (whose code does not change). */
export function useSaveQualification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ code, data }: { code?: string; data: QualificationInput }) =>
      code
        ? api<Qualification>(`/qualifications/${encodeURIComponent(code)}`, { method: 'PUT', body: data })
        : api<Qualification>('/qualifications', { method: 'POST', body: data }),
    onSettled: refresh,
  });
}

/** Deletes a qualification no one holds and no task asks for (else 409 QUALIFICATION_IN_USE). */
export function useDeleteQualification() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => api<null>(`/qualifications/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
