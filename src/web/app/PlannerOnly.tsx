import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session.ts';

/**
 * The planners' screens: an employee's own account never gets them (nor their code). Any of their
 * addresses takes an employee to their own screen, /me (the server refuses the planners' routes to
 * them as well: src/server/security/audience.ts).
 */
export function PlannerOnly() {
  const { data: session } = useSession();
  if (session?.user.role === 'employee') return <Navigate to="/me" replace />;
  return <Outlet />;
}

/** The employee's own screens: a planner's account has none, and goes to the dashboard. */
export function EmployeeOnly() {
  const { data: session } = useSession();
  if (session && session.user.role !== 'employee') return <Navigate to="/" replace />;
  return <Outlet />;
}
