import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { airportHours, employees, flights, monthlyWorkHours } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let anna: string;
let bartek: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  const rows = await db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' },
      { firstName: 'Bartek', lastName: 'Lis', email: 'bartek@example.com', role: 'Rampa' },
    ])
    .returning();
  [anna, bartek] = rows.map((r) => r.id) as [string, string];
  await db.insert(monthlyWorkHours).values({ month: 2, year: 2026, requiredHours: 160 });
  // Rampa open 06:00–22:00 every day, and until 02:00 the next morning on Tuesdays (night flights).
  await db.insert(airportHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((d) => ({
      role: 'Rampa',
      dayOfWeek: d,
      openingTime: '06:00',
      closingTime: d === 2 ? '02:00' : '22:00',
      minimumStaff: 1,
      month: 2,
      year: 2026,
    })),
  );
  const inserted = await db
    .insert(flights)
    .values([
      // Monday 2 March: two of Rampa at 10:00, one at 16:00; PAX/INFO has no hours, so no coverage of its own.
      {
        flightNumber: 'LO100',
        departureTime: '2026-03-02T10:00:00+01:00',
        arrivalTime: '2026-03-02T11:00:00+01:00',
        requiredStaff: { Rampa: 2, 'PAX/INFO': 1 },
      },
      { flightNumber: 'LO160', departureTime: '2026-03-02T16:00:00+01:00', arrivalTime: '2026-03-02T17:00:00+01:00', requiredStaff: { Rampa: 1 } },
      // 01:00 on Wednesday 4 March, in Tuesday's hours (open until 02:00).
      { flightNumber: 'LO001', departureTime: '2026-03-04T01:00:00+01:00', arrivalTime: '2026-03-04T02:00:00+01:00', requiredStaff: { Rampa: 1 } },
      // 05:00 on Thursday: the group opens at 06:00.
      { flightNumber: 'LO050', departureTime: '2026-03-05T05:00:00+01:00', arrivalTime: '2026-03-05T06:00:00+01:00', requiredStaff: { Rampa: 1 } },
    ])
    .returning();
  for (const f of inserted) ids[f.flightNumber] = f.id;
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

describe('GET /api/coverage', () => {
  it('answers, for each group with operating hours, each flight staffed or short with the reason, and each day', async () => {
    // Anna 06:00–14:00 on Monday: LO100 is short by one (Bartek was free and under his hours), LO160 is short.
    expect((await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-02', startTime: '06:00', endTime: '14:00' })).statusCode).toBe(201);
    // Bartek's night on Tuesday covers the 01:00 departure.
    expect(
      (await call('PUT', '/api/schedules', { employeeId: bartek, date: '2026-03-03', startTime: '18:00', endTime: '02:00', endDate: '2026-03-04' })).statusCode,
    ).toBe(201);
    const res = await call('GET', '/api/coverage?month=2026-03');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.groups.map((g: { role: string }) => g.role)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO']);
    const rampa = body.groups.find((g: { role: string }) => g.role === 'Rampa');
    const byNumber = Object.fromEntries(rampa.flights.map((f: { flightNumber: string }) => [f.flightNumber, f]));
    expect(byNumber.LO100).toMatchObject({
      flightId: ids.LO100,
      date: '2026-03-02',
      time: '10:00',
      status: 'short',
      onDuty: 1,
      shortBy: 1,
      reason: 'unplanned',
      away: { free: 1 },
    });
    expect(byNumber.LO160).toMatchObject({ status: 'short', shortBy: 1, reason: 'unplanned' });
    expect(byNumber.LO001).toMatchObject({ flightId: ids.LO001, date: '2026-03-04', time: '01:00', status: 'staffed', onDuty: 1, reason: null });
    expect(byNumber.LO050).toMatchObject({ status: 'closed', reason: 'closed' });
    const monday = rampa.days.find((d: { date: string }) => d.date === '2026-03-02');
    expect(monday).toMatchObject({ flights: 2, shortFlights: 2 });
    expect(monday.coveragePercent).toBeLessThan(100);
    expect(rampa.days).toHaveLength(31);
    // The coverage follows every save: a second person on Monday staffs both flights.
    await call('PUT', '/api/schedules', { employeeId: bartek, date: '2026-03-02', startTime: '09:00', endTime: '17:00' });
    const after = (await call('GET', '/api/coverage?month=2026-03')).json().groups.find((g: { role: string }) => g.role === 'Rampa');
    expect(after.days.find((d: { date: string }) => d.date === '2026-03-02')).toMatchObject({ shortFlights: 0 });
    expect(after.coveragePercent).toBeGreaterThan(rampa.coveragePercent);
  });

  it('answers the best possible coverage beside the roster’s: first "being computed", then the figure, never below the roster', async () => {
    const rampa = async () => (await call('GET', '/api/coverage?month=2026-03')).json().groups.find((g: { role: string }) => g.role === 'Rampa');
    const first = await rampa();
    expect(['pending', 'ready']).toContain(first.bound.status);
    let bound = first.bound;
    for (let i = 0; i < 120 && bound.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      bound = (await rampa()).bound;
    }
    expect(bound).toMatchObject({ status: 'ready', computedAt: expect.any(String) });
    expect(bound.coveragePercent).toBeGreaterThanOrEqual(first.coveragePercent - 1e-9);
    expect(bound.coveragePercent).toBeLessThanOrEqual(100);
  }, 90_000);

  it('refuses a month that is not one, naming the field, and answers 401 without a session', async () => {
    const bad = await call('GET', '/api/coverage?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^month: /);
    expect((await call('GET', '/api/coverage?month=2026-03', undefined, false)).statusCode).toBe(401);
  });
});

describe('GET /api/coverage/day', () => {
  it('draws demand against staff on duty in 15-minute steps, past midnight where the hours run on', async () => {
    const res = await call('GET', '/api/coverage/day?date=2026-03-03&role=Rampa');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date: '2026-03-03', role: 'Rampa', step: 15, open: 360, close: 1440 + 120 });
    // Until 02:00 the next morning: 26 h of 15-minute steps.
    expect(body.points).toHaveLength(26 * 4);
    const at = (minute: number) => body.points.find((p: { minute: number }) => p.minute === minute);
    expect(at(23 * 60)).toEqual({ minute: 1380, demand: 1, staff: 1 });
    expect(at(1440 + 30)).toEqual({ minute: 1470, demand: 1, staff: 1 });
    expect(at(5 * 60)).toEqual({ minute: 300, demand: 0, staff: 0 });
  });

  it('refuses an unknown group with 404 and a bad date naming the field', async () => {
    expect((await call('GET', '/api/coverage/day?date=2026-03-03&role=Nobody')).statusCode).toBe(404);
    const bad = await call('GET', '/api/coverage/day?date=2026-02-30&role=Rampa');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^date: /);
  });
});
