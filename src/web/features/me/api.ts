// What the employee's own screens read: who they are and their published month (the server takes the
// employee from the session, never from the address), and the invitation's acceptance.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { Me, MeMonth } from '../../../shared/api/employee-accounts.ts';

export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: ({ signal }) => api<Me>('/me', { signal }) });
}

export function useMyMonth(month: string) {
  return useQuery({
    queryKey: ['me', 'month', month],
    queryFn: ({ signal }) => api<MeMonth>(`/me/month?month=${month}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const acceptInvitation = (token: string, password: string) =>
  api<{ email: string }>('/invitations/accept', { method: 'POST', body: { token, password } });
