import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { buildApp } from '../app.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { employees, events, monthlyWorkHours, schedules, settings, timeOff } from '../db/schema.ts';

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
      // Half time: half of the month's required hours.
      { firstName: 'Adam', lastName: 'Kowalski', email: 'adam@example.com', role: 'Rampa', workingTimeFraction: 0.5 },
      // Own monthly hours replace the fraction and stand even in a month without required hours.
      { firstName: 'Bartek', lastName: 'Nowak', email: 'bartek@example.com', role: 'Koordynator', workingTimeFraction: 0.75, monthlyHours: 100 },
    ])
    .returning();
  [zofia, adam, bartek] = rows.map((r) => r.id) as [string, string, string];
  await db.insert(monthlyWorkHours).values({ month: 2, year: 2026, requiredHours: 160 });
  await db.insert(schedules).values([
    { employeeId: zofia, date: '2026-03-02', endDate: '2026-03-02', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    // Overnight into April: March's shift, shown in April as still on duty that morning.
    { employeeId: zofia, date: '2026-03-31', endDate: '2026-04-01', startTime: '22:00', endTime: '05:30', totalHours: 7.5 },
    // Outside March: not part of the month.
    { employeeId: zofia, date: '2026-04-01', endDate: '2026-04-01', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    // The day before March ends in February: neither March's shift nor on duty in March.
    { employeeId: adam, date: '2026-02-28', endDate: '2026-02-28', startTime: '06:00', endTime: '14:00', totalHours: 8 },
    { employeeId: adam, date: '2026-03-10', endDate: '2026-03-10', startTime: '12:00', endTime: '18:00', totalHours: 6 },
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

const get = (url: string, withCookie = true) => t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

describe('GET /api/month', () => {
  it('returns the month in one answer: hours, settings, groups, shifts, time off, events and totals', async () => {
    const res = await get('/api/month?month=2026-03');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.month).toBe('2026-03');
    expect(body.requiredHours).toBe(160);
    expect(body.settings).toEqual({
      timeIncrement: 'half',
      minRestHours: 11,
      weeklyHours: 40,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
      timeZone: 'Europe/Warsaw',
    });
    // Every staff group in its order, even those without employees; employees by last name.
    expect(body.groups.map((g: { name: string }) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
    const rampa = body.groups.find((g: { name: string }) => g.name === 'Rampa');
    // Each with their own required hours: full time the month's, half time half of it; and their monthly
    // limit (R13): part time their hours plus no overtime by default, full time none.
    expect(rampa.employees).toEqual([
      { id: adam, firstName: 'Adam', lastName: 'Kowalski', requiredHours: 80, hoursLimit: 80 },
      // Her vacation of Friday 20 to Sunday 22 March covers one working day: 8 h less (art. 130 § 3).
      { id: zofia, firstName: 'Zofia', lastName: 'Wójcik', requiredHours: 152, hoursLimit: null },
    ]);
    expect(body.groups.find((g: { name: string }) => g.name === 'Koordynator').employees).toEqual([
      { id: bartek, firstName: 'Bartek', lastName: 'Nowak', requiredHours: 100, hoursLimit: 100 },
    ]);
    expect(body.groups.find((g: { name: string }) => g.name === 'TEST 3').employees).toEqual([]);
    // Only March's shifts, times as HH:mm.
    expect(body.schedules.map((s: { date: string }) => s.date)).toEqual(['2026-03-02', '2026-03-10', '2026-03-31']);
    expect(body.schedules[0]).toMatchObject({ employeeId: zofia, startTime: '06:00', endTime: '14:00', endDate: '2026-03-02', totalHours: 8, version: 1 });
    expect(body.schedules[2]).toMatchObject({ employeeId: zofia, date: '2026-03-31', startTime: '22:00', endTime: '05:30', endDate: '2026-04-01' });
    expect(body.overnightIn).toEqual([]);
    // Time off touching March (not the one wholly in April), with the employee's name.
    expect(body.timeOff).toHaveLength(3);
    expect(body.timeOff[0]).toMatchObject({ employeeId: zofia, employeeName: 'Zofia Wójcik', startDate: '2026-02-27', workHours: 6, status: 'pending' });
    expect(body.events).toEqual([{ id: expect.any(String), employeeId: bartek, date: '2026-03-05', name: 'Badania', description: 'Okresowe', version: 1 }]);
    // Shifts + count-as-work time off × its days inside the month.
    expect(body.totals).toEqual({ [zofia]: 8 + 7.5 + 2 * 6, [adam]: 6 + 2 * 7.5, [bartek]: 0 });
  });

  it("names the public holidays of the airport's country, which follows its time zone", async () => {
    const march = (await get('/api/month?month=2026-03')).json();
    expect(march.holidays).toEqual([]);
    const november = (await get('/api/month?month=2026-11')).json();
    expect(november.holidays).toEqual([
      { date: '2026-11-01', names: { pl: 'Wszystkich Świętych', en: "All Saints' Day" } },
      { date: '2026-11-11', names: { pl: 'Narodowe Święto Niepodległości', en: 'Independence Day' } },
    ]);
  });

  it('says null when the month has no required hours', async () => {
    const res = await get('/api/month?month=2026-04');
    expect(res.statusCode).toBe(200);
    expect(res.json().requiredHours).toBeNull();
    const people = (res.json().groups as { employees: { id: string; requiredHours: number | null }[] }[]).flatMap((g) => g.employees);
    expect(Object.fromEntries(people.map((e) => [e.id, e.requiredHours]))).toEqual({ [zofia]: null, [adam]: null, [bartek]: 100 });
    // April: the shift of 1 April, 2 days of the course (8 h) and 3 days of the other (7.5 h).
    expect(res.json().totals).toEqual({ [zofia]: 8, [adam]: 2 * 8 + 4 * 7.5, [bartek]: 0 });
    // March's last night runs into 1 April: shown, counted toward March.
    expect(res.json().schedules.map((s: { date: string }) => s.date)).toEqual(['2026-04-01']);
    expect(res.json().overnightIn).toEqual([
      {
        id: expect.any(String),
        employeeId: zofia,
        date: '2026-03-31',
        startTime: '22:00',
        endTime: '05:30',
        endDate: '2026-04-01',
        totalHours: 7.5,
        version: 1,
        source: 'manual',
      },
    ]);
  });

  it('refuses a month that is not YYYY-MM, naming the field', async () => {
    for (const url of ['/api/month', '/api/month?month=2026-13', '/api/month?month=March']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^month: /);
    }
  });

  it('refuses a month outside 2000–2100 or numbered past 12 with the field named and no database text', async () => {
    const cases: [string, string][] = [
      ['0000-01', 'month: must be between 2000-01 and 2100-12'],
      ['1999-12', 'month: must be between 2000-01 and 2100-12'],
      ['2101-01', 'month: must be between 2000-01 and 2100-12'],
      ['2026-13', 'month: 2026-13 is not a month: months are numbered 01 to 12'],
    ];
    for (const [month, message] of cases) {
      const res = await get(`/api/month?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'month', message });
      expect(res.body).not.toMatch(/PostgreSQL|cannot be stored|out of range/i);
    }
    expect((await get('/api/month?month=2100-12')).statusCode).toBe(200);
  });

  it('sends the month gzipped to a client that accepts it (browsers do), and plain JSON otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/month?month=2026-03', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const accept of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const zipped = await t.app.inject({ method: 'GET', url: '/api/month?month=2026-03', headers: { cookie, 'accept-encoding': accept } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/month?month=2026-03', headers: { cookie, 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it("shows an employee's new working time in the next read: their required hours follow it", async () => {
    type People = { groups: { employees: { id: string; requiredHours: number | null }[] }[] };
    const ownOf = async (id: string) =>
      ((await get('/api/month?month=2026-03')).json() as People).groups.flatMap((g) => g.employees).find((e) => e.id === id)!.requiredHours;
    expect(await ownOf(adam)).toBe(80);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, adam));
    const edit = (data: Record<string, unknown>, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/employees/${adam}`,
        headers: { cookie, origin: TEST_BASE_URL },
        payload: { version, data: { firstName: row!.firstName, lastName: row!.lastName, email: row!.email, role: row!.role, ...data } },
      });
    expect((await edit({ workingTimeFraction: 0.75 }, row!.version)).statusCode).toBe(200);
    expect(await ownOf(adam)).toBe(120);
    expect((await edit({ workingTimeFraction: 0.5 }, row!.version + 1)).statusCode).toBe(200);
    expect(await ownOf(adam)).toBe(80);
  });

  it('answers 401 without a session', async () => {
    const res = await get('/api/month?month=2026-03', false);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/month, kept between reads', () => {
  type Month = { schedules: { employeeId: string; date: string; startTime: string; version: number }[]; totals: Record<string, number> };
  const month = async (key: string) => (await get(`/api/month?month=${key}`)).json() as Month & Record<string, unknown>;
  const shiftOf = (body: Month, employeeId: string, date: string) => body.schedules.find((s) => s.employeeId === employeeId && s.date === date);
  /** Reads the month until `check` passes: a change made elsewhere arrives through the change feed. */
  const eventually = async (key: string, check: (body: Month & Record<string, unknown>) => boolean) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const body = await month(key);
      if (check(body)) return body;
      if (Date.now() > until) throw new Error(`month ${key} never showed the change`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('answers a month read again from memory while nothing changed', async () => {
    await month('2026-03');
    const before = { ...t.app.monthCache.stats };
    const again = await month('2026-03');
    expect(again.month).toBe('2026-03');
    expect(t.app.monthCache.stats.hits).toBe(before.hits + 1);
    expect(t.app.monthCache.stats.builds).toBe(before.builds);
  });

  it('keeps the month through sign-in traffic and refused writes, and drops it after a save', async () => {
    await month('2026-03');
    const write = (url: string, payload: object) =>
      t.app.inject({ method: url.startsWith('/api/auth/') ? 'POST' : 'PUT', url, headers: { cookie, origin: TEST_BASE_URL }, payload });
    const hitsAfter = async (send: () => Promise<unknown>) => {
      await send();
      const before = { ...t.app.monthCache.stats };
      await month('2026-03');
      return { hit: t.app.monthCache.stats.hits === before.hits + 1, built: t.app.monthCache.stats.builds === before.builds + 1 };
    };
    expect(await hitsAfter(() => write('/api/schedules', { employeeId: adam, date: '2026-03-12', startTime: '15:00', endTime: '07:00' }))).toEqual({
      hit: true,
      built: false,
    });
    expect(await hitsAfter(() => write('/api/auth/sign-in/email', { email: 'nobody@grafik.test', password: 'not the password at all' }))).toEqual({
      hit: true,
      built: false,
    });
    // A computation asked for by POST that saves nothing (the staffing curve) leaves the month kept.
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/coverage/staffing-curve',
        headers: { cookie, origin: TEST_BASE_URL },
        payload: { month: '2026-03', role: 'Rampa' },
      });
    expect(await hitsAfter(ask)).toEqual({ hit: true, built: false });
    expect(await hitsAfter(() => write('/api/schedules', { employeeId: adam, date: '2026-03-12', startTime: '07:00', endTime: '15:00' }))).toEqual({
      hit: false,
      built: true,
    });
    // Leave the month as the other tests expect it.
    await t.database.db.delete(schedules).where(and(eq(schedules.employeeId, adam), eq(schedules.date, '2026-03-12')));
  });

  it("shows a planner's own save in the very next read, without waiting for the change feed", async () => {
    // An instance whose feed is connected but slow: its notices have not arrived yet.
    const slowFeed: ChangeFeed = { live: true, subscribe: () => () => {}, close: async () => {} };
    const app = await buildApp({
      database: { ...t.database, changes: () => slowFeed },
      auth: t.auth,
      baseUrl: TEST_BASE_URL,
      logLevel: 'silent',
      webRoot: null,
    });
    onTestFinished(() => app.close());
    const read = async () => (await app.inject({ method: 'GET', url: '/api/month?month=2026-03', headers: { cookie } })).json() as Month;
    expect(shiftOf(await read(), adam, '2026-03-11')).toBeUndefined();
    const save = await app.inject({
      method: 'PUT',
      url: '/api/schedules',
      headers: { cookie, origin: TEST_BASE_URL },
      payload: { employeeId: adam, date: '2026-03-11', startTime: '07:00', endTime: '15:00' },
    });
    expect(save.statusCode).toBe(201);
    const next = await read();
    expect(shiftOf(next, adam, '2026-03-11')).toMatchObject({ startTime: '07:00' });
    expect(next.totals[adam]).toBe(6 + 2 * 7.5 + 8);
  });

  it('shows changes written to the database by anyone else (another server instance, a command)', async () => {
    const db = t.database.db;
    await month('2026-03');
    await month('2026-04');

    // A shift moved by another writer.
    await db
      .update(schedules)
      .set({ startTime: '08:00', endTime: '16:00', version: 2 })
      .where(and(eq(schedules.employeeId, zofia), eq(schedules.date, '2026-03-02')));
    await eventually('2026-03', (b) => shiftOf(b, zofia, '2026-03-02')?.startTime === '08:00');

    // Time off that spans March and April changes both months.
    await db
      .update(timeOff)
      .set({ workHours: 8 })
      .where(and(eq(timeOff.employeeId, adam), eq(timeOff.startDate, '2026-03-30')));
    await eventually('2026-03', (b) => b.totals[adam] === 6 + 2 * 8 + 8);
    await eventually('2026-04', (b) => b.totals[adam] === 2 * 8 + 4 * 8);

    // A renamed employee, the settings and the required hours concern every month.
    await db.update(employees).set({ firstName: 'Bartłomiej' }).where(eq(employees.id, bartek));
    await eventually('2026-04', (b) => JSON.stringify(b.groups).includes('Bartłomiej'));
    await db.update(settings).set({ minRestHours: 12 });
    await eventually('2026-03', (b) => (b.settings as { minRestHours: number }).minRestHours === 12);
    await db.update(monthlyWorkHours).set({ requiredHours: 168 });
    await eventually('2026-03', (b) => b.requiredHours === 168);

    // An event deleted by another writer.
    await db.delete(events).where(eq(events.employeeId, bartek));
    await eventually('2026-03', (b) => (b.events as unknown[]).length === 0);
  });
});
