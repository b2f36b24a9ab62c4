// Access is decided by the route the router matched, not by how the client spelled its path. Every
// signed-in route the app registers is called without a session under many spellings of its path
// (percent-encoded letters and slashes, upper case, doubled slashes, dot segments, a trailing slash,
// ";" parameters): each answers 401 or 404, shows nothing and changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { pathSpellings } from '../../src/server/test/path-spellings.ts';
import { routeList } from '../../src/server/test/route-capture.ts';
import { quickChecksum } from './helpers.ts';

vi.mock('fastify', async () => (await import('../../src/server/test/route-capture.ts')).capturingFastify());

// Open without a session by design (an invitation's link is its own key: tests in routes/employee-accounts.test.ts).
const PUBLIC = new Set(['/api/health', '/api/auth/*', '/api/invitations/accept']);
const PLANTED = { email: 'planted.person@airport.test', phone: '+48 600 700 800' };
const EVIL = { firstName: 'Mallory', lastName: 'Intruder', email: 'mallory@evil.test', phoneNumber: null, role: 'Rampa', name: 'Evil', month: '2026-11' };

let t: TestApp;
let admin = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('owner@grafik.test', { role: 'admin' });
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { cookie: admin, origin: TEST_BASE_URL } });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const groups = (await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie: admin } })).json() as { name: string }[];
  const role = groups[0]?.name ?? (await send('POST', '/api/staff-groups', { name: 'Rampa', takesFlights: true })).name;
  const employee = await send('POST', '/api/employees', {
    firstName: 'Planted',
    lastName: 'Person',
    email: PLANTED.email,
    phoneNumber: PLANTED.phone,
    role,
  });
  ids.employees = employee.id;
  ids.flights = (await send('POST', '/api/flights', { flightNumber: 'LO123', departureTime: '2026-11-04T06:00', arrivalTime: '2026-11-04T08:00' })).id;
  const timeOff = await send('POST', '/api/time-off', {
    employeeId: employee.id,
    startDate: '2026-11-05',
    endDate: '2026-11-06',
    reason: 'Leave',
    countAsWork: false,
    workHours: null,
  });
  ids['time-off'] = timeOff.id;
  const groupIds = await t.database.db.execute(sql`select id::text as id from staff_groups limit 1`);
  ids['staff-groups'] = (groupIds as unknown as { rows: { id: string }[] }).rows[0]!.id;
});

afterAll(async () => {
  await t?.close();
});

/** The route's URL with each parameter filled by a real record's id where one is known. */
function concrete(url: string): string {
  const resource = url.split('/')[2] ?? '';
  return url.replace(/:(\w+)/g, () => ids[resource] ?? ids.employees!).replace(/\/\*$/, '/x');
}

describe('the path as the client spells it', () => {
  const signedInRoutes = () => routeList((url) => url.startsWith('/api') && !PUBLIC.has(url));

  it('finds every signed-in route through the app itself', () => {
    const keys = signedInRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(40);
    for (const expected of ['GET /api/employees', 'GET /api/month', 'POST /api/generation', 'GET /api/backup', 'GET /api/health/details']) {
      expect(keys).toContain(expected);
    }
  });

  it('gets 401 or 404 under every spelling without a session, shows no data and changes nothing', { timeout: 240_000 }, async () => {
    const before = await quickChecksum(t.database.db);
    const failures: string[] = [];
    let tried = 0;
    for (const route of signedInRoutes()) {
      const path = concrete(route.url);
      for (const spelling of [{ name: 'as registered', url: path }, ...pathSpellings(path)]) {
        for (const cookie of [undefined, 'grafik.session_token=forged.value']) {
          tried++;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: spelling.url,
            headers: { origin: TEST_BASE_URL, ...(cookie ? { cookie } : {}) },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: EVIL }),
          });
          const leaked = res.body.includes(PLANTED.email) || res.body.includes(PLANTED.phone);
          if (![401, 404].includes(res.statusCode) || leaked) {
            failures.push(`${route.method} ${spelling.url} (${spelling.name}) → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await quickChecksum(t.database.db)).toBe(before);
  });

  it('reads the data with a session under a spelling the router matches, so the sweep above would have seen a leak', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/employees', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PLANTED.email);
  });

  it('refuses sign-up and the admin plugin under any spelling of the auth paths', async () => {
    const users = async () =>
      Number(((await t.database.db.execute(sql`select count(*)::int as n from auth_user`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const before = await users();
    for (const path of ['/api/auth/sign-up/email', '/api/auth/admin/create-user', '/api/auth/admin/set-role']) {
      for (const spelling of [{ name: 'as written', url: path }, ...pathSpellings(path)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: spelling.url,
          headers: { origin: TEST_BASE_URL, cookie: admin },
          payload: { email: 'sneaky@evil.test', password: 'a long enough password', name: 'Sneaky', role: 'admin', userId: 'x' },
        });
        expect([403, 404], `${spelling.url} (${spelling.name}) → ${res.statusCode} ${res.body.slice(0, 160)}`).toContain(res.statusCode);
      }
    }
    expect(await users()).toBe(before);
  });

  it('checks the origin of a write under any spelling', async () => {
    for (const spelling of [{ name: 'as written', url: '/api/employees' }, ...pathSpellings('/api/employees')]) {
      const res = await t.app.inject({ method: 'POST', url: spelling.url, headers: { origin: 'https://elsewhere.example', cookie: admin }, payload: EVIL });
      expect([403, 404], `${spelling.url} (${spelling.name}) → ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('marks every API answer no-store under any spelling the router matches', async () => {
    for (const spelling of [{ name: 'as written', url: '/api/employees' }, ...pathSpellings('/api/employees')]) {
      const res = await t.app.inject({ method: 'GET', url: spelling.url, headers: { cookie: admin } });
      if (res.statusCode === 200) expect(res.headers['cache-control'], spelling.url).toBe('no-store');
    }
  });

  it('answers an address it cannot decode, or matches nowhere, without echoing it back whole', async () => {
    const undecodable = await t.app.inject({ method: 'GET', url: '/api/employees/%E0%A4%A<script>' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toMatchObject({ code: 'BAD_URL' });
    expect(undecodable.body).not.toContain('<script>');
    const long = `/api/nowhere/${'x'.repeat(5000)}`;
    const unmatched = await t.app.inject({ method: 'POST', url: long, headers: { origin: TEST_BASE_URL }, payload: EVIL });
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.json().message.length).toBeLessThan(300);
    expect(unmatched.headers.connection).toBe('close');
  });
});
