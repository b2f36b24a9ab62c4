import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;
/** How often the session is checked while the tab is visible. */
export const SESSION_TICK_MS = 60_000;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  /** Set by an administrator's create or reset: the app sends the user to /account first. */
  mustChangePassword?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

async function fetchSession(): Promise<{ user: SessionUser } | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new Error(error.message ?? 'Session check failed');
  return data ? { user: data.user as SessionUser } : null;
}

/**
 * The current session. It is re-checked on a fixed tick while the tab is visible; TanStack Query
 * pauses the interval while the tab is hidden.
 */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    refetchInterval: SESSION_TICK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}

/** Ends this session only (scope `local`), then calls `after` (which leaves the signed-in pages) and forgets all data. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async (after: () => void) => {
    await authClient.signOut();
    after();
    queryClient.clear();
  };
}
