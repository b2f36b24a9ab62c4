// Fetchers, query keys and hooks of the Users page (administrators only).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, paramsOf, saveAnswer } from '../../lib/api.ts';
import type { AuditPage, CreateUserBody, UserRow } from '../../../shared/api/users.ts';

const USERS_KEY = ['admin', 'users'] as const;
const AUDIT_KEY = ['admin', 'audit'] as const;
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

/** What a restore answers (src/server/backup/backup.ts RestoreReport): what the screen says of it. */
export interface RestoreOutcome {
  restored: Record<string, number>;
  credentials: 'from backup' | 'kept';
  calendarAddresses: { kept: number; ended: number };
  sessionsEnded: number;
}

async function refusal(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: { code?: string; message?: string; field?: string; params?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { message: text };
  }
  return new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.field, paramsOf(body.params));
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/api${path}`, { credentials: 'same-origin', ...init });
  } catch (err) {
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : 'Network error');
  }
}

/** Makes a backup and hands it to the browser to save; a refusal (a weak passphrase) throws an ApiError. */
export async function downloadBackup(withSecrets: boolean, passphrase: string): Promise<void> {
  const response = await send('/backup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(passphrase ? { withSecrets, passphrase } : { withSecrets }),
  });
  if (!response.ok) throw await refusal(response);
  await saveAnswer(response, 'grafik-backup.json');
}

/** Sends a backup file to be restored, its passphrase (if any) in the header the server reads it from. */
export async function restoreBackupFile(file: Blob, passphrase: string): Promise<RestoreOutcome> {
  const response = await send('/backup/restore', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', ...(passphrase ? { 'x-backup-passphrase': encodeURIComponent(passphrase) } : {}) },
    body: file,
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as RestoreOutcome;
}
