// Fetchers, query keys and hooks of the Users page (administrators only).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { AuditPage, CreateUserBody, UserRow } from '../../../shared/api/users.ts';

export const USERS_KEY = ['admin', 'users'] as const;
export const AUDIT_KEY = ['admin', 'audit'] as const;
const AUDIT_PAGE = 50;

export function useUsers() {
  return useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => api<UserRow[]>('/admin/users', { signal }), retry: false });
}

function useUserAction<TArg, TResult>(fn: (arg: TArg) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      await queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export const useCreateUser = () =>
  useUserAction((body: CreateUserBody) => api<{ user: UserRow; oneTimePassword: string }>('/admin/users', { method: 'POST', body }));
export const useResetPassword = () =>
  useUserAction((id: string) => api<{ oneTimePassword: string }>(`/admin/users/${id}/reset-password`, { method: 'POST', body: {} }));
export const useBanUser = () =>
  useUserAction(({ id, reason }: { id: string; reason: string }) =>
    api<void>(`/admin/users/${id}/ban`, { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} }),
  );
export const useUnbanUser = () => useUserAction((id: string) => api<void>(`/admin/users/${id}/unban`, { method: 'POST', body: {} }));
export const useDeleteUser = () => useUserAction((id: string) => api<void>(`/admin/users/${id}`, { method: 'DELETE' }));

/** The audit log a page at a time, newest first; `action` narrows it to one kind of event. */
export function useAudit(action: string | null = null) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_KEY, action ?? 'all'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE) });
      if (pageParam !== undefined) query.set('before', String(pageParam));
      if (action) query.set('action', action);
      return api<AuditPage>(`/admin/audit?${query}`, { signal });
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
}
