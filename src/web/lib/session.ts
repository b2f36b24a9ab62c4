import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

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

/**
 * better-auth's own endpoint, asked with a plain request so the entry carries no auth client
 * (src/web/lib/auth-client.ts): it answers `null` without a session, or the session and its user.
 */
async function fetchSession(): Promise<{ user: SessionUser } | null> {
  const res = await fetch('/api/auth/get-session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Session check failed (HTTP ${res.status})`);
  const data = (await res.json()) as { user: SessionUser } | null;
  return data?.user ? { user: data.user } : null;
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
    // better-auth's sign-out wants a JSON body; the same-origin request carries the Origin it checks.
    await fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}' });
    after();
    queryClient.clear();
  };
}
