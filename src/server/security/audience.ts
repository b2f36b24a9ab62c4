// Who may call a route is said where the route is registered, in its options:
//   api.get('/employees', { config: { audience: 'planner' }, schema: … }, handler)
// and nowhere else. An /api route that names no audience stops the server from starting, so a new route
// cannot be left open by forgetting a hook. The guards for an audience run before the body is read, for
// the route the router matched, however its address was spelled (docs/security.md, promise 42).
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { HttpError } from '../http/errors.ts';
import { EMPLOYEES_ONLY, PLANNERS_ONLY } from '../../shared/api/employee-accounts.ts';
import { requireChosenPassword, requireSession } from './access.ts';

/**
 * - `public`: anyone, without a session (liveness, sign-in, a calendar address whose token is its key,
 *   an invitation link);
 * - `account`: anyone signed in, even before they have chosen their own password (their own account),
 *   employees too;
 * - `planner`: planners and administrators, once they have chosen their own password; never an employee;
 * - `admin`: administrators only;
 * - `employee`: an employee's own account (role 'employee') linked to an employee record. The route is
 *   handed that record's id as `request.employeeId`, taken from the link alone, never from the request,
 *   and answers with that employee's data only (docs/security.md, promise 45).
 */
const AUDIENCES = ['public', 'account', 'planner', 'admin', 'employee'] as const;
export type Audience = (typeof AUDIENCES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (security/audience.ts). Required on every /api route. */
    audience?: Audience;
    /** What an `admin` route says to a signed-in user who is not an administrator. */
    forbidden?: string;
    /** A POST that computes and saves nothing (a proposal, a curve): the kept months stay (app.ts). */
    savesNothing?: true;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On an `employee` route: the employee record the session's account is linked to. */
    employeeId: string | null;
  }
}

/** The employee record a user's account is linked to, or null (repos/employee-accounts.ts). */
export type EmployeeLookup = (userId: string) => Promise<string | null>;

/** One route as the server registered it, with who may call it. */
export interface RouteAudience {
  method: string;
  url: string;
  audience: Audience;
}

const NOT_ADMIN_MESSAGE = 'Only an administrator can do this.';

/** An employee's account reaches its own screens only: every planner's and administrator's route refuses it. */
const refuseEmployees: onRequestAsyncHookHandler = async function employeeRefusal(request: FastifyRequest) {
  if (request.user?.role === 'employee') {
    throw new HttpError(403, PLANNERS_ONLY, 'This is for planners. Your own schedule is on your page.');
  }
};

/** The employee the session's account is linked to, or 403: a planner's or an unlinked account has no own month. */
function linkedEmployee(lookup: EmployeeLookup | undefined): onRequestAsyncHookHandler {
  return async function employeeGuard(request: FastifyRequest) {
    const employeeId = request.user?.role === 'employee' && lookup ? await lookup(request.user.id) : null;
    if (!employeeId) throw new HttpError(403, EMPLOYEES_ONLY, 'This is for employees signed in with their own account.');
    request.employeeId = employeeId;
  };
}

function administrators(message: string): onRequestAsyncHookHandler {
  return async function adminGuard(request: FastifyRequest) {
    if (request.user?.role !== 'admin') throw new HttpError(403, 'FORBIDDEN', message);
  };
}

/** The checks an audience's routes run first, in order. */
function guardsFor(audience: Audience, auth: Auth, employeeOf: EmployeeLookup | undefined, forbidden = NOT_ADMIN_MESSAGE): onRequestAsyncHookHandler[] {
  switch (audience) {
    case 'public':
      return [];
    case 'account':
      return [requireSession(auth)];
    case 'planner':
      return [requireSession(auth), refuseEmployees, requireChosenPassword];
    case 'admin':
      return [requireSession(auth), refuseEmployees, requireChosenPassword, administrators(forbidden)];
    case 'employee':
      return [requireSession(auth), requireChosenPassword, linkedEmployee(employeeOf)];
  }
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Makes every route registered on `app` under `prefix` from now on declare its audience, puts that
 * audience's guards before the route's own onRequest hooks, and lists each route with its audience.
 * `employeeOf` finds the employee an account is linked to (without it, `employee` routes refuse
 * everyone). Must be called before the routes are registered.
 */
export function declareAudiences(app: FastifyInstance, auth: Auth, employeeOf?: EmployeeLookup, prefix = '/api'): RouteAudience[] {
  const routes: RouteAudience[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(prefix)) return;
    const config = route.config as { audience?: unknown; forbidden?: string } | undefined;
    const audience = config?.audience;
    const methods = asList(route.method);
    if (typeof audience !== 'string' || !(AUDIENCES as readonly string[]).includes(audience)) {
      throw new Error(`${methods.join(',')} ${route.url}: the route does not say who may call it (config.audience: ${AUDIENCES.join(', ')})`);
    }
    // A GET's HEAD twin is registered from the options as they were before this hook, so it is guarded here too, once.
    const guards = guardsFor(audience as Audience, auth, employeeOf, config?.forbidden);
    if (guards.length > 0) route.onRequest = [...guards, ...asList(route.onRequest)] as RouteOptions['onRequest'];
    for (const method of methods) routes.push({ method, url: route.url, audience: audience as Audience });
  });
  return routes;
}
