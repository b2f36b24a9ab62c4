// The employee's wishes of a month (docs/staff-accounts.md#wishes): read, and replaced as a whole.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Saves the month's wishes as a whole. A plain function with its own state rather than useMutation:
 * that hook lives in the planners' shared file, which the employee's first screen must not fetch.
 */
export function useSaveWishes(month: string) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mutate = (wishes: WishInput[]) => {
    setPending(true);
    setError(null);
    api<MyWishes>('/me/wishes', { method: 'PUT', body: { month, wishes } })
      .then((saved) => queryClient.setQueryData(keyOf(month), saved))
      .catch(setError)
      .finally(() => setPending(false));
  };
  return { mutate, isPending, error: error as Error | null };
}
