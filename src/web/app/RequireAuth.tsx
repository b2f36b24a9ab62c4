import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../lib/api.ts';
import { SESSION_QUERY_KEY, useSession } from '../lib/session.ts';
import { RouteFallback } from './RouteFallback.tsx';

/**
 * Routes below this need a session. Without one the user goes to /login, which brings them back
 * to the page they were on after signing in.
 */
export function RequireAuth() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hadSession = useRef(false);

  // A data call answered 401: the session ended on the server.
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData(SESSION_QUERY_KEY, null);
      }),
    [queryClient],
  );

  useEffect(() => {
    if (session) hadSession.current = true;
    else if (!isPending && hadSession.current) {
      hadSession.current = false;
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      navigate('/login', { replace: true, state: { from: location.pathname + location.search, reason: 'expired' } });
    }
  }, [isPending, session, navigate, location, queryClient]);

  if (isPending) {
    return <RouteFallback fullScreen />;
  }
  if (!session) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
