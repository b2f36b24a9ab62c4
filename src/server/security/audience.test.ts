// Who may call each route, as the routes declare it (security/audience.ts): the whole table, and a sweep
// that calls every registered route as each kind of caller and checks that only its audience gets past
// the guards. An employee's own account reaches the employee routes, its own account and the public
// ones only; and asking for another employee's data anywhere in a request gets nothing of theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createUser } from '../auth/users.ts';
import { employees, schedules } from '../db/schema.ts';
import { acceptInvitation, inviteEmployee } from '../employee-accounts/service.ts';
import { declareAudiences, type Audience } from './audience.ts';

let t: TestApp;
const cookies: Record<'admin' | 'planner' | 'unsettled' | 'employee', string> = { admin: '', planner: '', unsettled: '', employee: '' };
/** The employee signed in with their own account, and another one of the same group. */
let own: string;
let other: string;
const EMPLOYEE_PASSWORD = 'a quiet hangar at dawn 4471';

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await t.signIn('boss@grafik.test', { role: 'admin' });
  cookies.planner = await t.signIn('planner@grafik.test');
  // An account an administrator has just created: it must choose its own password before anything else.
  await createUser(t.auth, { email: 'new.planner@grafik.test', password: TEST_PASSWORD, mustChangePassword: true });
  cookies.unsettled = await signInAs(t.app, 'new.planner@grafik.test', TEST_PASSWORD);
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Hanna', lastName: 'Sowa', email: 'hanna.sowa@example.com', role: 'Rampa', phoneNumber: '+48 600 100 200' },
      { firstName: 'Marek', lastName: 'Zięba', email: 'marek.zieba@example.com', role: 'Rampa', phoneNumber: '+48 600 300 400' },
    ])
    .returning();
  [own, other] = rows.map((r) => r.id) as [string, string];
  const invited = await inviteEmployee(
    { db: t.database.db, auth: t.auth, baseUrl: TEST_BASE_URL, mail: null },
    own,
    {},
    { userId: null, email: null, ipAddress: null },
  );
  await acceptInvitation(t.database.db, t.auth, { token: invited.path.split('#')[1]!, password: EMPLOYEE_PASSWORD }, null);
  cookies.employee = await signInAs(t.app, 'hanna.sowa@example.com', EMPLOYEE_PASSWORD);
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
      'DELETE /api/employees/:id/account planner',
      'DELETE /api/employees/:id/calendar-feed planner',
      'DELETE /api/events planner',
      'DELETE /api/flights/:id planner',
      'DELETE /api/me/swaps/:id employee',
      'DELETE /api/me/time-off-requests/:id employee',
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
      'GET /api/coverage/staffing-curve planner',
      'GET /api/employees planner',
      'GET /api/employees/:id/account planner',
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
      'GET /api/me employee',
      'GET /api/me/month employee',
      'GET /api/me/swaps employee',
      'GET /api/me/time-off-requests employee',
      'GET /api/me/wishes employee',
      'GET /api/month planner',
      'GET /api/monthly-hours planner',
      'GET /api/monthly-hours/norm planner',
      'GET /api/publishing planner',
      'GET /api/publishing/changes planner',
      'GET /api/qualifications planner',
      'GET /api/qualifications/losses planner',
      'GET /api/schedules/:role/:month/cover-candidates planner',
      'GET /api/settings planner',
      'GET /api/setup-status planner',
      'GET /api/staff-groups planner',
      'GET /api/swaps planner',
      'GET /api/swaps/count planner',
      'GET /api/time-off planner',
      'GET /api/time-off-requests planner',
      'GET /api/time-off-requests/count planner',
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
      'POST /api/coverage/staffing-curve planner',
      'POST /api/employees planner',
      'POST /api/employees/:id/account planner',
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
      'POST /api/invitations/accept public',
      'POST /api/me/swaps employee',
      'POST /api/me/swaps/:id/take employee',
      'POST /api/me/time-off-requests employee',
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
      'PUT /api/me/wishes employee',
      'PUT /api/qualifications/:code planner',
      'PUT /api/schedules planner',
      'PUT /api/settings planner',
      'PUT /api/staff-groups/:id admin',
      'PUT /api/swaps/:id/decision planner',
      'PUT /api/time-off-requests/:id/decision planner',
      'PUT /api/time-off/:id planner',
      'PUT /api/time-off/:id/status planner',
    ]);
  });

  it('lets only the route’s audience past its guards, for every route and every kind of caller', { timeout: 120_000 }, async () => {
    // What each kind of caller must meet, by the route's audience: null where the guards let it through.
    // An employee's account meets PLANNERS_ONLY on every planner's and administrator's route, and
    // every other account meets EMPLOYEES_ONLY on the employee's own.
    const expected: Record<Audience, Record<'anonymous' | 'unsettled' | 'employee' | 'planner' | 'admin', string | null>> = {
      public: { anonymous: null, unsettled: null, employee: null, planner: null, admin: null },
      account: { anonymous: 'UNAUTHORIZED', unsettled: null, employee: null, planner: null, admin: null },
      planner: { anonymous: 'UNAUTHORIZED', unsettled: 'PASSWORD_CHANGE_REQUIRED', employee: 'PLANNERS_ONLY', planner: null, admin: null },
      admin: { anonymous: 'UNAUTHORIZED', unsettled: 'PASSWORD_CHANGE_REQUIRED', employee: 'PLANNERS_ONLY', planner: 'FORBIDDEN', admin: null },
      employee: {
        anonymous: 'UNAUTHORIZED',
        unsettled: 'PASSWORD_CHANGE_REQUIRED',
        employee: null,
        planner: 'EMPLOYEES_ONLY',
        admin: 'EMPLOYEES_ONLY',
      },
    };
    const guardStatus: Record<string, number> = {
      UNAUTHORIZED: 401,
      PASSWORD_CHANGE_REQUIRED: 403,
      FORBIDDEN: 403,
      PLANNERS_ONLY: 403,
      EMPLOYEES_ONLY: 403,
    };
    const failures: string[] = [];
    let calls = 0;
    // HEAD too: a GET's twin must be guarded as the GET is.
    const routes = t.app.routeAudiences;
    // Every caller in turn, the administrator last: an administrator's call that gets through may change
    // data, and the other callers must meet the guards, not an answer shaped by such a change.
    for (const caller of ['anonymous', 'unsettled', 'employee', 'planner', 'admin'] as const) {
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
    expect(calls).toBeGreaterThan(450);
    expect(failures).toEqual([]);
  });

  it('gives an employee nothing of another employee’s, whatever id the request names, in the query, the path or the body', async () => {
    const MONTH = '2027-05';
    const planner = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { origin: TEST_BASE_URL, cookie: cookies.planner }, payload });
    for (const [employeeId, date] of [
      [own, `${MONTH}-03`],
      [other, `${MONTH}-03`],
      [other, `${MONTH}-04`],
    ] as const) {
      expect((await planner('PUT', '/api/schedules', { employeeId, date, startTime: '05:00', endTime: '13:00' })).statusCode).toBe(201);
    }
    expect((await planner('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
    const asEmployee = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { origin: TEST_BASE_URL, cookie: cookies.employee }, ...(payload ? { payload } : {}) });
    // Nothing that is the other employee's: their name, address, phone number or their own day (a
    // refusal may repeat the address asked for, their id with it; an answer never holds it).
    const theirs = ['Marek', 'Zięba', 'marek.zieba', '600 300 400', `${MONTH}-04`];
    const leaks = (body: string) => theirs.filter((text) => body.includes(text));

    // Their own month answers their own shifts only.
    const mine = await asEmployee('GET', `/api/me/month?month=${MONTH}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().shifts.map((s: { date: string }) => s.date)).toEqual([`${MONTH}-03`]);
    expect(leaks(mine.body)).toEqual([]);
    expect((await asEmployee('GET', '/api/me')).json()).toMatchObject({ firstName: 'Hanna', lastName: 'Sowa' });

    const attempts: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['query', 'GET', `/api/me/month?month=${MONTH}&employeeId=${other}`],
      ['query', 'GET', `/api/me/month?month=${MONTH}&id=${other}`],
      ['query', 'GET', `/api/me?employeeId=${other}`],
      ['body', 'GET', `/api/me/month?month=${MONTH}`, { employeeId: other }],
      ['path', 'GET', `/api/me/month/${other}?month=${MONTH}`],
      ['path', 'GET', `/api/me/${other}`],
      ['query', 'GET', `/api/me/wishes?month=${MONTH}&employeeId=${other}`],
      ['path', 'GET', `/api/me/wishes/${other}?month=${MONTH}`],
      ['body', 'PUT', '/api/me/wishes', { month: MONTH, employeeId: other, wishes: [] }],
      ['body', 'POST', '/api/time-off', { employeeId: other, startDate: `${MONTH}-10`, endDate: `${MONTH}-11`, kind: 'vacation' }],
      ['query', 'GET', `/api/time-off?employeeId=${other}`],
      ['body', 'POST', '/api/me/time-off-requests', { employeeId: other, kind: 'vacation', startDate: '2099-01-10', endDate: '2099-01-11' }],
      ['query', 'GET', `/api/me/time-off-requests?employeeId=${other}`],
      ['body', 'POST', '/api/me/swaps', { date: `${MONTH}-04`, offeredBy: other }],
      ['query', 'GET', `/api/me/swaps?employeeId=${other}`],
      ['body', 'PUT', '/api/schedules', { employeeId: other, date: `${MONTH}-05`, startTime: '05:00', endTime: '13:00' }],
    ];
    // Every planner's route that names an employee in its path, with the other employee's id.
    for (const route of t.app.routeAudiences.filter((r) => r.url.includes(':id') && r.method !== 'HEAD')) {
      attempts.push(['path', route.method as 'GET', route.url.replace(':id', other), route.method === 'GET' || route.method === 'DELETE' ? undefined : {}]);
    }
    for (const [where, method, url, payload] of attempts) {
      const res = await asEmployee(method, url, payload);
      const body = res.body;
      // Either refused outright, or (a body on a GET is never read) their own data, never the other's.
      expect(leaks(body), `${where}: ${method} ${url}`).toEqual([]);
      if (res.statusCode === 200) expect(body).not.toContain(other);
      if (res.statusCode === 200) expect(res.json().shifts?.map((s: { date: string }) => s.date) ?? [], `${method} ${url}`).toEqual([`${MONTH}-03`]);
      else expect([400, 401, 403, 404], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    // The other employee's day stayed as the planner left it: nothing was written for them.
    const theirDays = await t.database.db.select().from(schedules);
    expect(theirDays.filter((s) => s.employeeId === other).map((s) => s.date)).toEqual([`${MONTH}-03`, `${MONTH}-04`]);
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
