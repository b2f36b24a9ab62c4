import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { employees, events, monthlyWorkHours, schedules, timeOff } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let zofia: string;
let adam: string;
let bartek: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  const rows = await db
    .insert(employees)
    .values([
      { firstName: 'Zofia', lastName: 'Wójcik', email: 'zofia@example.com', role: 'Rampa' },
      { firstName: 'Adam', lastName: 'Kowalski', email: 'adam@example.com', role: 'Rampa' },
      { firstName: 'Bartek', lastName: 'Nowak', email: 'bartek@example.com', role: 'Koordynator' },
    ])
    .returning();
  [zofia, adam, bartek] = rows.map((r) => r.id) as [string, string, string];
  await db.insert(monthlyWorkHours).values({ month: 2, year: 2026, requiredHours: 160 });
  await db.insert(schedules).values([
    { employeeId: zofia, date: '2026-03-02', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    { employeeId: zofia, date: '2026-03-31', startTime: '10:00', endTime: '17:30', totalHours: 7.5 },
    // Outside March: not part of the month.
    { employeeId: zofia, date: '2026-04-01', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    { employeeId: adam, date: '2026-03-10', startTime: '12:00', endTime: '18:00', totalHours: 6 },
  ]);
  await db.insert(timeOff).values([
    // Counts as work, 2 of its 4 days inside March: 2 × 6 h.
    { employeeId: zofia, startDate: '2026-02-27', endDate: '2026-03-02', reason: 'Training', countAsWork: true, workHours: 6 },
    // Does not count as work: adds nothing.
    { employeeId: zofia, startDate: '2026-03-20', endDate: '2026-03-22', reason: 'Vacation', countAsWork: false, workHours: null },
    // Counts as work, but wholly in April.
    { employeeId: adam, startDate: '2026-04-02', endDate: '2026-04-03', reason: 'Course', countAsWork: true, workHours: 8 },
    // Counts as work, crosses into April: 2 days in March × 7.5 h.
    { employeeId: adam, startDate: '2026-03-30', endDate: '2026-04-04', reason: 'Course', countAsWork: true, workHours: 7.5 },
  ]);
  await db.insert(events).values([
    { employeeId: bartek, date: '2026-03-05', name: 'Badania', description: 'Okresowe' },
    { employeeId: bartek, date: '2026-04-05', name: 'Later', description: null },
  ]);
});
afterAll(async () => t.close());

const get = (url: string, withCookie = true) =>
  t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

describe('GET /api/month', () => {
  it('returns the month in one answer: hours, settings, groups, shifts, time off, events and totals', async () => {
    const res = await get('/api/month?month=2026-03');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.month).toBe('2026-03');
    expect(body.requiredHours).toBe(160);
    expect(body.settings).toEqual({ timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4, timeZone: 'Europe/Warsaw' });
    // Every staff group in its order, even those without employees; employees by last name.
    expect(body.groups.map((g: { name: string }) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
    const rampa = body.groups.find((g: { name: string }) => g.name === 'Rampa');
    expect(rampa.employees).toEqual([
      { id: adam, firstName: 'Adam', lastName: 'Kowalski' },
      { id: zofia, firstName: 'Zofia', lastName: 'Wójcik' },
    ]);
    expect(body.groups.find((g: { name: string }) => g.name === 'TEST 3').employees).toEqual([]);
    // Only March's shifts, times as HH:mm.
    expect(body.schedules.map((s: { date: string }) => s.date)).toEqual(['2026-03-02', '2026-03-10', '2026-03-31']);
    expect(body.schedules[0]).toMatchObject({ employeeId: zofia, startTime: '06:00', endTime: '14:00', totalHours: 8, version: 1 });
    // Time off touching March (not the one wholly in April), with the employee's name.
    expect(body.timeOff).toHaveLength(3);
    expect(body.timeOff[0]).toMatchObject({ employeeId: zofia, employeeName: 'Zofia Wójcik', startDate: '2026-02-27', workHours: 6, status: 'pending' });
    expect(body.events).toEqual([
      { id: expect.any(String), employeeId: bartek, date: '2026-03-05', name: 'Badania', description: 'Okresowe', version: 1 },
    ]);
    // Shifts + count-as-work time off × its days inside the month.
    expect(body.totals).toEqual({ [zofia]: 8 + 7.5 + 2 * 6, [adam]: 6 + 2 * 7.5, [bartek]: 0 });
  });

  it('says null when the month has no required hours', async () => {
    const res = await get('/api/month?month=2026-04');
    expect(res.statusCode).toBe(200);
    expect(res.json().requiredHours).toBeNull();
    // April: the shift of 1 April, 2 days of the course (8 h) and 3 days of the other (7.5 h).
    expect(res.json().totals).toEqual({ [zofia]: 8, [adam]: 2 * 8 + 4 * 7.5, [bartek]: 0 });
  });

  it('refuses a month that is not YYYY-MM, naming the field', async () => {
    for (const url of ['/api/month', '/api/month?month=2026-13', '/api/month?month=March']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^month: /);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await get('/api/month?month=2026-03', false);
    expect(res.statusCode).toBe(401);
  });
});
