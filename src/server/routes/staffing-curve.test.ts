import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { airportHours, employees, flights, monthlyWorkHours } from '../db/schema.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  await db.insert(employees).values([
    { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' },
    { firstName: 'Bartek', lastName: 'Lis', email: 'bartek@example.com', role: 'Rampa' },
  ]);
  await db.insert(monthlyWorkHours).values({ month: 3, year: 2026, requiredHours: 160 });
  // Rampa open 06:00–22:00 every day of April with two people needed all day: 960 staff-hours, more than two can work.
  await db
    .insert(airportHours)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '06:00', closingTime: '22:00', minimumStaff: 2, month: 3, year: 2026 })),
    );
  await db
    .insert(flights)
    .values([{ flightNumber: 'LO100', departureTime: '2026-04-06T10:00:00+02:00', arrivalTime: '2026-04-06T11:00:00+02:00', requiredStaff: { Rampa: 3 } }]);
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

describe('the staffing curve', () => {
  it('is nothing until asked, then computed off the request thread with progress, then the curve with today marked', async () => {
    const url = '/api/coverage/staffing-curve?month=2026-04&role=Rampa';
    expect((await call('GET', url)).json()).toEqual({ status: 'none' });
    const started = await call('POST', '/api/coverage/staffing-curve', { month: '2026-04', role: 'Rampa' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'pending', done: 0 });
    let body = (await call('GET', url)).json();
    for (let i = 0; i < 240 && body.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      body = (await call('GET', url)).json();
    }
    expect(body).toMatchObject({ status: 'ready', headcount: 2, fte: 2, typical: { requiredHours: 160, maxHours: null, qualifications: [] } });
    const headcounts = body.points.map((p: { headcount: number }) => p.headcount);
    expect(headcounts).toContain(1);
    expect(headcounts).toContain(2);
    const percents = body.points.map((p: { coveragePercent: number }) => p.coveragePercent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // Two people cannot cover 960 staff-hours; the curve says how many can.
    expect(body.points.find((p: { headcount: number }) => p.headcount === 2).coveragePercent).toBeLessThan(100);
    expect(body.reach100.headcount).toBeGreaterThan(2);
    expect(body.points.find((p: { headcount: number }) => p.headcount === body.reach100.headcount).coveragePercent).toBe(100);
    // The figure is kept: asking again answers it at once.
    expect((await call('POST', '/api/coverage/staffing-curve', { month: '2026-04', role: 'Rampa' })).json()).toMatchObject({
      status: 'ready',
      computedAt: body.computedAt,
    });
  }, 120_000);

  it('says a month that asks for nobody has no curve', async () => {
    await call('POST', '/api/coverage/staffing-curve', { month: '2026-07', role: 'Rampa' });
    let body = (await call('GET', '/api/coverage/staffing-curve?month=2026-07&role=Rampa')).json();
    for (let i = 0; i < 120 && body.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      body = (await call('GET', '/api/coverage/staffing-curve?month=2026-07&role=Rampa')).json();
    }
    expect(body.status).toBe('unavailable');
  }, 60_000);

  it('refuses a bad month or no group naming the field, and answers 401 without a session', async () => {
    const bad = await call('POST', '/api/coverage/staffing-curve', { month: '2026-13', role: 'Rampa' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/month/);
    const noRole = await call('GET', '/api/coverage/staffing-curve?month=2026-04&role=');
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toMatch(/^role: /);
    expect((await call('GET', '/api/coverage/staffing-curve?month=2026-04&role=Rampa', undefined, false)).statusCode).toBe(401);
  });
});
