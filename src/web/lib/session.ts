import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;
/** How often the session is checked while the tab is visible. */
const SESSION_TICK_MS = 60_000;

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

/** How long a checked session counts as fresh. */
const SESSION_STALE_MS = 30_000;

/**
 * Starts the session check before React renders (the signed-in screens wait for it), alongside the
 * screen's code; useSession then finds the answer there.
 */
export function prefetchSession(client: QueryClient): Promise<void> {
  return client.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: SESSION_STALE_MS });
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
    staleTime: SESSION_STALE_MS,
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
