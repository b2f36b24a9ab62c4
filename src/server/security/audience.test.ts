// Who may call each route, as the routes declare it (security/audience.ts): the whole table, and a sweep
// that calls every registered route as each kind of caller and checks that only its audience gets past
// the guards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createUser } from '../auth/users.ts';
import { declareAudiences, type Audience } from './audience.ts';

let t: TestApp;
const cookies: Record<'admin' | 'planner' | 'unsettled', string> = { admin: '', planner: '', unsettled: '' };

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.signIn('boss@grafik.test', { role: 'admin' });
  cookies.planner = await t.signIn('planner@grafik.test');
  // An account an administrator has just created: it must choose its own password before anything else.
  await createUser(t.auth, { email: 'new.planner@grafik.test', password: TEST_PASSWORD, mustChangePassword: true });
  cookies.unsettled = await signInAs(t.app, 'new.planner@grafik.test', TEST_PASSWORD);
});
afterAll(async () => t?.close());

/** Each method and route once (HEAD is GET's twin), as "METHOD url audience". */
function table(): string[] {
  const rows = t.app.routeAudiences.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.audience}`);
  return [...new Set(rows)].sort();
}

describe('who may call each route', () => {
  it('is declared by every /api route: the table a reviewer reads', () => {
    expect(table()).toEqual([
      'DELETE /api/account/sessions/:id account',
      'DELETE /api/admin/users/:id admin',
      'DELETE /api/airport-hours/:id planner',
      'DELETE /api/employees/:id planner',
      'DELETE /api/employees/:id/calendar-feed planner',
      'DELETE /api/events planner',
      'DELETE /api/flights/:id planner',
      'DELETE /api/monthly-hours/:id planner',
      'DELETE /api/qualifications/:code planner',
      'DELETE /api/schedules planner',
      'DELETE /api/staff-groups/:id admin',
      'DELETE /api/time-off/:id planner',
      'GET /api/account account',
      'GET /api/account/sessions account',
      'GET /api/admin/audit admin',
      'GET /api/admin/users admin',
      'GET /api/aircraft-staffing planner',
      'GET /api/airport-hours planner',
      'GET /api/auth/* public',
      'GET /api/backup admin',
      'GET /api/calendar/:file public',
      'GET /api/coverage planner',
      'GET /api/coverage/day planner',
      'GET /api/employees planner',
      'GET /api/employees/:id/calendar-feed planner',
      'GET /api/employees/:id/dependents planner',
      'GET /api/export/payroll planner',
      'GET /api/flights planner',
      'GET /api/flights/import-profiles planner',
      'GET /api/flights/imports planner',
      'GET /api/generation/queue planner',
      'GET /api/generation/runs planner',
      'GET /api/handling-rules planner',
      'GET /api/health public',
      'GET /api/health/details planner',
      'GET /api/month planner',
      'GET /api/monthly-hours planner',
      'GET /api/publishing planner',
      'GET /api/publishing/changes planner',
      'GET /api/qualifications planner',
      'GET /api/qualifications/losses planner',
      'GET /api/schedules/:role/:month/cover-candidates planner',
      'GET /api/settings planner',
      'GET /api/setup-status planner',
      'GET /api/staff-groups planner',
      'GET /api/time-off planner',
      'GET /api/time-off/:id planner',
      'GET /api/time-off/impact planner',
      'GET /api/time-off/overlapping-shifts planner',
      'POST /api/admin/users admin',
      'POST /api/admin/users/:id/ban admin',
      'POST /api/admin/users/:id/reset-password admin',
      'POST /api/admin/users/:id/unban admin',
      'POST /api/airport-hours planner',
      'POST /api/airport-hours/copy-previous planner',
      'POST /api/airport-hours/quick-setup planner',
      'POST /api/auth/* public',
      'POST /api/backup admin',
      'POST /api/backup/restore admin',
      'POST /api/employees planner',
      'POST /api/employees/:id/calendar-feed planner',
      'POST /api/employees/import planner',
      'POST /api/flights planner',
      'POST /api/flights/copy planner',
      'POST /api/flights/delete planner',
      'POST /api/flights/import planner',
      'POST /api/flights/import-ssim planner',
      'POST /api/generation planner',
      'POST /api/generation/clear planner',
      'POST /api/generation/replan planner',
      'POST /api/generation/replan/apply planner',
      'POST /api/monthly-hours planner',
      'POST /api/publishing planner',
      'POST /api/publishing/reset planner',
      'POST /api/qualifications planner',
      'POST /api/schedules/:role/:month/cover planner',
      'POST /api/staff-groups admin',
      'POST /api/time-off planner',
      'PUT /api/aircraft-staffing planner',
      'PUT /api/aircraft-type-names planner',
      'PUT /api/airport-hours/:id planner',
      'PUT /api/airport-hours/days planner',
      'PUT /api/employees/:id planner',
      'PUT /api/employees/:id/qualifications planner',
      'PUT /api/events planner',
      'PUT /api/flights/:id planner',
      'PUT /api/handling-rules planner',
      'PUT /api/qualifications/:code planner',
      'PUT /api/schedules planner',
      'PUT /api/settings planner',
      'PUT /api/staff-groups/:id admin',
      'PUT /api/time-off/:id planner',
      'PUT /api/time-off/:id/status planner',
    ]);
  });

  it('lets only the route’s audience past its guards, for every route and every kind of caller', { timeout: 120_000 }, async () => {
    // What each kind of caller must meet, by the route's audience: null where the guards let it through.
    const expected: Record<Audience, Record<'anonymous' | 'unsettled' | 'planner' | 'admin', string | null>> = {
      public: { anonymous: null, unsettled: null, planner: null, admin: null },
      account: { anonymous: 'UNAUTHORIZED', unsettled: null, planner: null, admin: null },
      planner: { anonymous: 'UNAUTHORIZED', unsettled: 'PASSWORD_CHANGE_REQUIRED', planner: null, admin: null },
      admin: { anonymous: 'UNAUTHORIZED', unsettled: 'PASSWORD_CHANGE_REQUIRED', planner: 'FORBIDDEN', admin: null },
    };
    const guardStatus: Record<string, number> = { UNAUTHORIZED: 401, PASSWORD_CHANGE_REQUIRED: 403, FORBIDDEN: 403 };
    const failures: string[] = [];
    let calls = 0;
    // HEAD too: a GET's twin must be guarded as the GET is.
    const routes = t.app.routeAudiences;
    // Every caller in turn, the administrator last: an administrator's call that gets through may change
    // data, and the other callers must meet the guards, not an answer shaped by such a change.
    for (const caller of ['anonymous', 'unsettled', 'planner', 'admin'] as const) {
      for (const route of routes) {
        // The auth routes are better-auth's own (sign-in, sign-out): they are public and need no sweep with a session.
        if (route.url === '/api/auth/*' && caller !== 'anonymous') continue;
        const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'no-such-endpoint');
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { origin: TEST_BASE_URL, ...(caller === 'anonymous' ? {} : { cookie: cookies[caller] }) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        calls++;
        const code = route.method !== 'HEAD' && (res.headers['content-type'] ?? '').includes('json') ? (res.json() as { code?: string }).code : undefined;
        const want = expected[route.audience][caller];
        // A HEAD answer has no body: it is judged by its status alone.
        const met =
          route.method === 'HEAD' ? (res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : null) : code && code in guardStatus ? code : null;
        const expectedMet = route.method === 'HEAD' && want ? guardStatus[want] : want;
        if (met !== expectedMet || (want && res.statusCode !== guardStatus[want])) {
          failures.push(
            `${caller} ${route.method} ${route.url} (${route.audience}): ${res.statusCode} ${code ?? ''}, expected ${want ?? 'to get past the guards'}`,
          );
        }
      }
    }
    expect(calls).toBeGreaterThan(350);
    expect(failures).toEqual([]);
  });

  it('keeps a server from starting with a route that does not say who may call it', async () => {
    const app = Fastify();
    declareAudiences(app, t.auth);
    expect(() => app.get('/api/open-by-mistake', async () => 'data')).toThrow('GET /api/open-by-mistake: the route does not say who may call it');
    app.get('/api/declared', { config: { audience: 'planner' } }, async () => 'data');
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(401);
    await app.close();
  });
});
