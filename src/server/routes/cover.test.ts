// Who can take it? (docs/day-of-operations.md), on PGlite and on PostgreSQL: the ranked list for a
// shift, what a sick day takes from a month, and the move of a shift to a candidate in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules, timeOff } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
const id: Record<string, string> = {};
const MONTH = '2026-03';
// Monday 2 March.
const DAY = '2026-03-02';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const db = t.database.db;
  const people = ['Anna Nowak', 'Bartek Lis', 'Celina Wrona', 'Dorota Sowa', 'Ewa Kruk'];
  const rows = await db
    .insert(employees)
    .values(
      people.map((p) => ({ firstName: p.split(' ')[0]!, lastName: p.split(' ')[1]!, email: `${p.split(' ')[0]!.toLowerCase()}@example.com`, role: 'Rampa' })),
    )
    .returning();
  for (const r of rows) id[r.firstName] = r.id;
  await db.insert(monthlyWorkHours).values({ month: 2, year: 2026, requiredHours: 160 });
  await db
    .insert(airportHours)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '05:00', closingTime: '23:00', minimumStaff: 1, month: 2, year: 2026 })),
    );
  // Two of Rampa for the 10:00 departure.
  await db.insert(flights).values({
    flightNumber: 'LO3921',
    departureTime: '2026-03-02T10:00:00+01:00',
    arrivalTime: '2026-03-02T11:00:00+01:00',
    requiredStaff: { Rampa: 2 },
  });
  // Dorota is away on the day; Celina ends late the evening before (8 h of rest to 06:00); Ewa works that day.
  await db.insert(timeOff).values({ employeeId: id.Dorota!, startDate: DAY, endDate: DAY, reason: 'Urlop' });
  await db.insert(schedules).values([
    { employeeId: id.Anna!, date: DAY, endDate: DAY, startTime: '06:00', endTime: '14:00', totalHours: 8 },
    { employeeId: id.Ewa!, date: DAY, endDate: DAY, startTime: '08:00', endTime: '16:00', totalHours: 8 },
    { employeeId: id.Celina!, date: '2026-03-01', endDate: '2026-03-01', startTime: '14:00', endTime: '22:00', totalHours: 8 },
  ]);
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const candidates = (q: string) => call('GET', `/api/schedules/Rampa/${MONTH}/cover-candidates?${q}`);
const shiftOf = async (name: string) =>
  (
    await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, id[name]!), eq(schedules.date, DAY)))
  )[0];

describe('GET /api/schedules/:role/:month/cover-candidates', () => {
  it('ranks the group for Anna’s shift: the free one first, the one who would rest too little next, the busy and the absent last', async () => {
    const res = await candidates(`date=${DAY}&start=06:00&end=14:00&from=${id.Anna}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ role: 'Rampa', date: DAY, startTime: '06:00', endTime: '14:00', endDate: DAY, hours: 8, needed: [] });
    const list = body.candidates as Array<Record<string, unknown>>;
    expect(list.map((c) => c.firstName)).toEqual(['Bartek', 'Celina', 'Ewa', 'Dorota']);
    expect(list[0]).toMatchObject({
      standing: 'lawful',
      breaches: [],
      hoursBefore: 0,
      hoursAfter: 8,
      targetHours: 160,
      overtimeHours: 0,
      restBeforeHours: null,
    });
    // Celina: the engine's rest rule, with its figures for the sentence.
    expect(list[1]).toMatchObject({ standing: 'breaks', restBeforeHours: 8, hoursBefore: 8, hoursAfter: 16 });
    expect((list[1]!.breaches as Array<{ rule: string }>).map((b) => b.rule)).toEqual(['R7']);
    expect(list[2]).toMatchObject({ standing: 'unavailable', unavailable: { reason: 'busy', startTime: '08:00', endTime: '16:00' } });
    expect(list[3]).toMatchObject({ standing: 'unavailable', unavailable: { reason: 'timeOff' } });
    // Anna herself is not offered her own shift.
    expect(list.some((c) => c.employeeId === id.Anna)).toBe(false);
  });

  it('refuses a bad query with the field named', async () => {
    const bad = await candidates(`date=${DAY}&start=6am&end=14:00`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'start' });
    expect(bad.json().message).toMatch(/start/);
    const missing = await candidates(`start=06:00&end=14:00`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('date');
    const otherMonth = await candidates(`date=2026-04-02&start=06:00&end=14:00`);
    expect(otherMonth.statusCode).toBe(400);
    expect(otherMonth.json()).toMatchObject({ field: 'date', params: { rule: 'dateInMonth' } });
    const group = await call('GET', `/api/schedules/Nikt/${MONTH}/cover-candidates?date=${DAY}&start=06:00&end=14:00`);
    expect(group.statusCode).toBe(404);
  });
});

describe('GET /api/time-off/impact', () => {
  it('names the shift a sick day takes and the flight it leaves short, on the published month', async () => {
    expect((await call('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
    const res = await call('GET', `/api/time-off/impact?employeeId=${id.Anna}&startDate=${DAY}&endDate=${DAY}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ role: 'Rampa', published: true, shifts: [{ date: DAY, startTime: '06:00', endTime: '14:00', endDate: DAY, version: 1 }] });
    expect(body.shortFlights).toEqual([{ flightNumber: 'LO3921', date: DAY, time: '10:00', missing: 1, more: 1, tasks: [] }]);
    // A day without shifts takes nothing.
    const none = await call('GET', `/api/time-off/impact?employeeId=${id.Anna}&startDate=2026-03-10&endDate=2026-03-11`);
    expect(none.json()).toMatchObject({ shifts: [], shortFlights: [], published: false });
  });
});

describe('POST /api/schedules/:role/:month/cover', () => {
  it('moves Anna’s shift to Bartek in one step, in the journal as a change since publication', async () => {
    const res = await call('POST', `/api/schedules/Rampa/${MONTH}/cover`, {
      date: DAY,
      startTime: '06:00',
      endTime: '14:00',
      toEmployeeId: id.Bartek,
      from: { employeeId: id.Anna, version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shift).toMatchObject({ employeeId: id.Bartek, date: DAY, startTime: '06:00', endTime: '14:00', totalHours: 8, source: 'manual' });
    expect(await shiftOf('Anna')).toBeUndefined();
    expect(await shiftOf('Bartek')).toMatchObject({ startTime: '06:00:00' });
    const changes = (await call('GET', `/api/publishing/changes?role=Rampa&month=${MONTH}`)).json();
    expect(changes.list.length).toBeGreaterThanOrEqual(2);
    const status = (await call('GET', `/api/publishing?role=Rampa&month=${MONTH}`)).json();
    expect(status.changes).toBe(2);
  });

  it('refuses, with 409 and nothing changed, a shift someone moved meanwhile and a candidate who got a shift meanwhile', async () => {
    // Anna's shift is no longer at version 1: it went to Bartek.
    const again = await call('POST', `/api/schedules/Rampa/${MONTH}/cover`, {
      date: DAY,
      startTime: '06:00',
      endTime: '14:00',
      toEmployeeId: id.Celina,
      from: { employeeId: id.Anna, version: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COVER_STALE', params: { who: 'from' } });
    expect(await shiftOf('Celina')).toBeUndefined();
    // Bartek works that day now: Ewa's shift cannot go to him, and stays hers.
    const taken = await call('POST', `/api/schedules/Rampa/${MONTH}/cover`, {
      date: DAY,
      startTime: '08:00',
      endTime: '16:00',
      toEmployeeId: id.Bartek,
      from: { employeeId: id.Ewa, version: 1 },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'COVER_TAKEN', params: { who: 'to' } });
    expect(await shiftOf('Ewa')).toMatchObject({ startTime: '08:00:00', version: 1 });
    expect(await shiftOf('Bartek')).toMatchObject({ startTime: '06:00:00' });
  });

  it('refuses a body without the candidate, naming the field', async () => {
    const bad = await call('POST', `/api/schedules/Rampa/${MONTH}/cover`, { date: DAY, startTime: '06:00', endTime: '14:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('toEmployeeId');
  });
});
