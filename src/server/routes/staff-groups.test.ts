import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { aircraftStaffing, airportHours, employees, flights, staffGroups } from '../db/schema.ts';

let t: TestApp;
let admin: string;
let planner: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('boss@grafik.test', { role: 'admin' });
  planner = await t.signIn('planner@grafik.test');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, payload?: unknown, cookie: string | null = admin) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: TEST_BASE_URL }) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const group = (over: Record<string, unknown> = {}) => ({ name: 'Cargo', takesFlights: false, takesAirportHours: false, ...over });
const groupNames = async () => (await t.database.db.select().from(staffGroups)).map((g) => g.name).sort();

describe('GET /api/staff-groups', () => {
  it('lists the six seeded groups by position with employee counts, for any signed-in user', async () => {
    await t.database.db.insert(employees).values([
      { firstName: 'A', lastName: 'One', email: 'one@example.com', role: 'Rampa' },
      { firstName: 'B', lastName: 'Two', email: 'two@example.com', role: 'Rampa' },
    ]);
    const res = await call('GET', '/api/staff-groups', undefined, planner);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; employeeCount: number; takesFlights: boolean }[];
    expect(list.map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
    expect(list[1]).toMatchObject({ name: 'Rampa', employeeCount: 2, takesFlights: true });
    expect(list[0]!.employeeCount).toBe(0);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/staff-groups', undefined, null)).statusCode).toBe(401);
  });
});

describe('POST /api/staff-groups', () => {
  it('lets an administrator add a group at the end of the list', async () => {
    const res = await call('POST', '/api/staff-groups', group({ name: '  Cargo ', takesFlights: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Cargo', takesFlights: true, takesAirportHours: false, employeeCount: 0 });
    const list = (await call('GET', '/api/staff-groups')).json() as { name: string }[];
    expect(list.at(-1)!.name).toBe('Cargo');
  });

  it('accepts names of 1 and 60 characters', async () => {
    expect((await call('POST', '/api/staff-groups', group({ name: 'X' }))).statusCode).toBe(201);
    expect((await call('POST', '/api/staff-groups', group({ name: 'y'.repeat(60) }))).statusCode).toBe(201);
  });

  it('refuses a name already taken with 409', async () => {
    const before = await groupNames();
    const res = await call('POST', '/api/staff-groups', group({ name: 'Rampa' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A staff group with this name already exists');
    expect(await groupNames()).toEqual(before);
  });

  const refusals: [string, Record<string, unknown>, RegExp][] = [
    ['an empty name', { name: '' }, /^name: is required/],
    ['a blank name', { name: '   ' }, /^name: is required/],
    ['a name over 60 characters', { name: 'z'.repeat(61) }, /^name: must be at most 60 characters/],
    ['a missing flag', { takesFlights: undefined }, /^takesFlights: must be true or false/],
    ['a flag as text', { takesAirportHours: 'yes' }, /^takesAirportHours: must be true or false/],
    ['a field the API does not know', { position: 3 }, /Unrecognized key: "position"/],
  ];
  for (const [what, over, message] of refusals) {
    it(`refuses ${what} with a message naming the field`, async () => {
      const before = await groupNames();
      const res = await call('POST', '/api/staff-groups', group({ name: 'Refused', ...over }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await groupNames()).toEqual(before);
    });
  }

  it('refuses a planner who is not an administrator with 403, and 401 without a session', async () => {
    const res = await call('POST', '/api/staff-groups', group({ name: 'Planner group' }), planner);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only an administrator can add, rename or remove staff groups.');
    expect((await call('POST', '/api/staff-groups', group({ name: 'Anon group' }), null)).statusCode).toBe(401);
    expect(await groupNames()).not.toContain('Planner group');
  });
});

describe('PUT /api/staff-groups/:id (rename)', () => {
  it('renames a group and carries the name to employees, operating hours and flight staffing', async () => {
    const db = t.database.db;
    const [g] = await db.insert(staffGroups).values({ name: 'Bagaż', takesFlights: true, takesAirportHours: true, position: 50 }).returning();
    const [e] = await db.insert(employees).values({ firstName: 'C', lastName: 'Three', email: 'c@example.com', role: 'Bagaż' }).returning();
    await db.insert(airportHours).values({ role: 'Bagaż', dayOfWeek: 1, openingTime: '06:00', closingTime: '22:00', minimumStaff: 2, month: 10, year: 2026 });
    const [f] = await db
      .insert(flights)
      .values({
        flightNumber: 'LO123',
        departureTime: '2026-11-02T10:00:00Z',
        arrivalTime: '2026-11-02T12:00:00Z',
        requiredStaff: { Bagaż: 3, Rampa: 2 },
        staffSources: { Bagaż: 'aircraft', Rampa: 'file' },
      })
      .returning();
    await db.insert(aircraftStaffing).values({ aircraftType: 'B738', requiredStaff: { Bagaż: 4, Rampa: 3 } });
    const [other] = await db
      .insert(flights)
      .values({ flightNumber: 'LO124', departureTime: '2026-11-02T11:00:00Z', arrivalTime: '2026-11-02T13:00:00Z', requiredStaff: { Rampa: 1 } })
      .returning();

    const res = await call('PUT', `/api/staff-groups/${g!.id}`, { name: 'Bagaż i cargo', takesFlights: true, takesAirportHours: false, version: g!.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: g!.id,
      name: 'Bagaż i cargo',
      takesFlights: true,
      takesAirportHours: false,
      employeeCount: 1,
      version: g!.version + 1,
    });

    const [emp] = await db.select().from(employees).where(eq(employees.id, e!.id));
    expect(emp!.role).toBe('Bagaż i cargo');
    const hours = await db.select().from(airportHours).where(eq(airportHours.month, 10));
    expect(hours.map((h) => h.role)).toEqual(['Bagaż i cargo']);
    const [flight] = await db.select().from(flights).where(eq(flights.id, f!.id));
    expect(flight!.requiredStaff).toEqual({ 'Bagaż i cargo': 3, Rampa: 2 });
    expect(flight!.staffSources).toEqual({ 'Bagaż i cargo': 'aircraft', Rampa: 'file' });
    const [table] = await db.select().from(aircraftStaffing).where(eq(aircraftStaffing.aircraftType, 'B738'));
    expect(table!.requiredStaff).toEqual({ 'Bagaż i cargo': 4, Rampa: 3 });
    const [untouched] = await db.select().from(flights).where(eq(flights.id, other!.id));
    expect(untouched!.requiredStaff).toEqual({ Rampa: 1 });
  });

  it('changes the flags alone when the name stays', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 1'));
    const res = await call('PUT', `/api/staff-groups/${g!.id}`, { name: 'TEST 1', takesFlights: true, takesAirportHours: true, version: g!.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'TEST 1', takesFlights: true, takesAirportHours: true });
  });

  it('refuses a rename onto another group’s name with 409 and changes nothing', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 2'));
    const res = await call('PUT', `/api/staff-groups/${g!.id}`, { name: 'Koordynator', takesFlights: false, takesAirportHours: false, version: g!.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A staff group with this name already exists');
    const [still] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.id, g!.id));
    expect(still!.name).toBe('TEST 2');
  });

  it('refuses an edit based on an older version with 409 STALE, and changes nothing', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 2'));
    const first = await call('PUT', `/api/staff-groups/${g!.id}`, { name: 'TEST 2', takesFlights: true, takesAirportHours: false, version: g!.version });
    expect(first.statusCode).toBe(200);
    // A second administrator still looking at the old version renames the group.
    const second = await call('PUT', `/api/staff-groups/${g!.id}`, { name: 'Old view', takesFlights: false, takesAirportHours: false, version: g!.version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STALE', message: 'This record was changed by someone else. Reload to see the latest version.' });
    const [still] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.id, g!.id));
    expect(still).toMatchObject({ name: 'TEST 2', takesFlights: true, version: g!.version + 1 });
  });

  it('requires the version the edit was based on', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 2'));
    const res = await call('PUT', `/api/staff-groups/${g!.id}`, group({ name: 'TEST 2' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('version: must be the version the edit was based on');
  });

  it('refuses a name over 60 characters', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 2'));
    const res = await call('PUT', `/api/staff-groups/${g!.id}`, group({ name: 'n'.repeat(61), version: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^name: must be at most 60 characters/);
  });

  it('answers 404 for an unknown id, 400 for a malformed one', async () => {
    const res = await call('PUT', '/api/staff-groups/99999', group({ name: 'Ghost', version: 1 }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Staff group not found');
    expect((await call('PUT', '/api/staff-groups/abc', group({ name: 'Ghost', version: 1 }))).statusCode).toBe(400);
  });

  it('refuses a planner with 403 and a missing session with 401, changing nothing', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'TEST 3'));
    expect((await call('PUT', `/api/staff-groups/${g!.id}`, group({ name: 'Hacked', version: 1 }), planner)).statusCode).toBe(403);
    expect((await call('PUT', `/api/staff-groups/${g!.id}`, group({ name: 'Hacked', version: 1 }), null)).statusCode).toBe(401);
    const [still] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.id, g!.id));
    expect(still!.name).toBe('TEST 3');
  });
});

describe('DELETE /api/staff-groups/:id', () => {
  it('removes an empty group, its operating hours and its flight staffing', async () => {
    const db = t.database.db;
    const [g] = await db.insert(staffGroups).values({ name: 'Odladzanie', position: 60 }).returning();
    await db.insert(airportHours).values({ role: 'Odladzanie', dayOfWeek: 2, openingTime: '06:00', closingTime: '22:00', month: 0, year: 2027 });
    const [f] = await db
      .insert(flights)
      .values({ flightNumber: 'LO900', departureTime: '2027-01-05T10:00:00Z', arrivalTime: '2027-01-05T12:00:00Z', requiredStaff: { Odladzanie: 2, Rampa: 1 } })
      .returning();
    const res = await call('DELETE', `/api/staff-groups/${g!.id}`);
    expect(res.statusCode).toBe(204);
    expect(await groupNames()).not.toContain('Odladzanie');
    expect(await db.select().from(airportHours).where(eq(airportHours.year, 2027))).toEqual([]);
    const [flight] = await db.select().from(flights).where(eq(flights.id, f!.id));
    expect(flight!.requiredStaff).toEqual({ Rampa: 1 });
    expect((await call('DELETE', `/api/staff-groups/${g!.id}`)).statusCode).toBe(404);
  });

  it('with the version the administrator saw: a group changed since is kept and refused as stale', async () => {
    const [g] = await t.database.db.insert(staffGroups).values({ name: 'Sprzątanie', position: 61 }).returning();
    const renamed = await call('PUT', `/api/staff-groups/${g!.id}`, {
      name: 'Sprzątanie kabin',
      takesFlights: false,
      takesAirportHours: false,
      version: g!.version,
    });
    expect(renamed.statusCode).toBe(200);
    const stale = await call('DELETE', `/api/staff-groups/${g!.id}?version=${g!.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect(await groupNames()).toContain('Sprzątanie kabin');
    expect((await call('DELETE', `/api/staff-groups/${g!.id}?version=${g!.version + 1}`)).statusCode).toBe(204);
    expect(await groupNames()).not.toContain('Sprzątanie kabin');
  });

  it('refuses to remove a group that still has employees, saying how many', async () => {
    const [g] = await t.database.db.select().from(staffGroups).where(eq(staffGroups.name, 'Rampa'));
    const res = await call('DELETE', `/api/staff-groups/${g!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The staff group Rampa still has 2 employees. Move or delete them before removing the group.');
    expect(await groupNames()).toContain('Rampa');
  });

  it('says "1 employee" for a group of one', async () => {
    const db = t.database.db;
    const [g] = await db.insert(staffGroups).values({ name: 'Solo', position: 70 }).returning();
    await db.insert(employees).values({ firstName: 'S', lastName: 'Solo', email: 'solo@example.com', role: 'Solo' });
    const res = await call('DELETE', `/api/staff-groups/${g!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still has 1 employee\./);
  });

  it('refuses a planner with 403 and a missing session with 401', async () => {
    const [g] = await t.database.db.insert(staffGroups).values({ name: 'Keep me', position: 80 }).returning();
    const res = await call('DELETE', `/api/staff-groups/${g!.id}`, undefined, planner);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await call('DELETE', `/api/staff-groups/${g!.id}`, undefined, null)).statusCode).toBe(401);
    expect(await groupNames()).toContain('Keep me');
  });
});
