// The employee's wishes of a month (docs/staff-accounts.md#wishes): read, and replaced as a whole.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { MyWishes, WishInput } from '../../../../shared/api/wishes.ts';

const keyOf = (month: string) => ['me', 'wishes', month] as const;

export function useMyWishes(month: string) {
  return useQuery({
    queryKey: keyOf(month),
    queryFn: ({ signal }) => api<MyWishes>(`/me/wishes?month=${month}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveWishes(month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wishes: WishInput[]) => api<MyWishes>('/me/wishes', { method: 'PUT', body: { month, wishes } }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(month), saved),
  });
}
