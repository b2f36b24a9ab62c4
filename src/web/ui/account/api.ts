// Fetchers, query keys and hooks of the account page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, paramsOf } from '../../lib/api.ts';
import { authClient } from '../../lib/auth-client.ts';
import type { Account, SessionInfo } from '../../../shared/api/account.ts';
import { SESSION_QUERY_KEY } from '../../lib/session.ts';

const ACCOUNT_KEY = ['account'] as const;
const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: ({ signal }) => api<Account>('/account', { signal }) });
}

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => api<SessionInfo[]>('/account/sessions', { signal }) });
}

type AuthError = { status: number; code?: string | undefined; message?: string | undefined; field?: unknown; params?: unknown };

/** better-auth answers errors as a result; this turns one into the ApiError the screens know. */
function unwrap<T>(result: { data: T | null; error: AuthError | null }): T {
  const error = result.error;
  if (error) {
    const field = typeof error.field === 'string' ? error.field : undefined;
    throw new ApiError(error.status, error.code ?? `HTTP_${error.status}`, error.message ?? '', field, paramsOf(error.params));
  }
  return result.data as T;
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await (await authClient()).revokeOtherSessions()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: async () => unwrap(await (await authClient()).revokeSessions()) });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) =>
      unwrap(await (await authClient()).changePassword({ ...body, revokeOtherSessions: true })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
    },
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async (password: string) => unwrap(await (await authClient()).twoFactor.enable({ password })) as { totpURI: string; backupCodes: string[] },
  });
}

export function useVerifyEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => unwrap(await (await authClient()).twoFactor.verifyTotp({ code })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => unwrap(await (await authClient()).twoFactor.disable({ password })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}
