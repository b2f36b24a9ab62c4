import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { airportHours } from '../db/schema.ts';

const DUPLICATE = 'Hours already exist for this role and day. Please delete the existing hours first.';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const list = (month: string) => t.app.inject({ method: 'GET', url: `/api/airport-hours?month=${month}`, headers: { cookie } });
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_BASE_URL }, payload });
const add = (payload: Record<string, unknown>) => post('/api/airport-hours', payload);
const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/airport-hours/${id}`, headers: { cookie, origin: TEST_BASE_URL } });
const row = (overrides: Record<string, unknown> = {}) => ({
  role: 'Rampa',
  dayOfWeek: 1,
  openingTime: '05:00',
  closingTime: '21:30',
  minimumStaff: 2,
  month: '2026-11',
  ...overrides,
});
const edit = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/airport-hours/${id}`, headers: { cookie, origin: TEST_BASE_URL }, payload });
const stored = (month: number, year: number) =>
  t.database.db
    .select()
    .from(airportHours)
    .where(and(eq(airportHours.month, month), eq(airportHours.year, year)));

describe('adding and deleting operating hours', () => {
  it('adds a row, lists it in its month ordered by group position then day, and deletes it', async () => {
    const monday = await add(row({ month: '2026-10' }));
    expect(monday.statusCode).toBe(201);
    expect(monday.json()).toMatchObject({ role: 'Rampa', dayOfWeek: 1, openingTime: '05:00', closingTime: '21:30', minimumStaff: 2, month: '2026-10' });
    const sunday = await add(row({ month: '2026-10', dayOfWeek: 0 }));
    const coordinator = await add(row({ month: '2026-10', role: 'Koordynator', dayOfWeek: 6 }));
    const pax = await add(row({ month: '2026-10', role: 'PAX/INFO', dayOfWeek: 3 }));
    expect([sunday, coordinator, pax].map((r) => r.statusCode)).toEqual([201, 201, 201]);

    const listed = (await list('2026-10')).json() as { role: string; dayOfWeek: number }[];
    expect(listed.map((r) => `${r.role}/${r.dayOfWeek}`)).toEqual(['Koordynator/6', 'Rampa/0', 'Rampa/1', 'PAX/INFO/3']);
    expect((await list('2026-09')).json()).toEqual([]);

    expect((await remove(monday.json().id)).statusCode).toBe(204);
    expect(((await list('2026-10')).json() as unknown[]).length).toBe(3);
    expect((await remove(monday.json().id)).statusCode).toBe(404);
  });

  it('refuses a duplicate for the same group, day, month and year with the specification message', async () => {
    const first = await add(row({ month: '2026-12', dayOfWeek: 2 }));
    expect(first.statusCode).toBe(201);
    const again = await add(row({ month: '2026-12', dayOfWeek: 2, openingTime: '08:00' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AIRPORT_HOURS_EXIST', message: DUPLICATE });
    const rows = await stored(11, 2026);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.openingTime).toBe('05:00:00');
    // The same day in another month, or of another group, is fine.
    expect((await add(row({ month: '2027-12', dayOfWeek: 2 }))).statusCode).toBe(201);
    expect((await add(row({ month: '2026-12', dayOfWeek: 2, role: 'Koordynator' }))).statusCode).toBe(201);
  });

  it('lets only one of several simultaneous identical adds through; the others get the duplicate message', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(row({ month: '2026-08', dayOfWeek: 5 }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(DUPLICATE);
    expect(await stored(7, 2026)).toHaveLength(1);
  });

  it('needs minimum staff of at least 1: 1 is saved, 0 refused naming the field', async () => {
    expect((await add(row({ month: '2025-01', minimumStaff: 1 }))).statusCode).toBe(201);
    const zero = await add(row({ month: '2025-01', dayOfWeek: 2, minimumStaff: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('minimumStaff: must be at least 1');
    const text = await add(row({ month: '2025-01', dayOfWeek: 2, minimumStaff: 'two' }));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/^minimumStaff: /);
    expect(await stored(0, 2025)).toHaveLength(1);
  });

  it('closes on the next day when closing is at or before opening, and is open all day from 00:00 to 24:00', async () => {
    const night = await add(row({ month: '2024-03', dayOfWeek: 1, openingTime: '04:00', closingTime: '02:00' }));
    expect(night.statusCode).toBe(201);
    expect(night.json()).toMatchObject({ openingTime: '04:00', closingTime: '02:00' });
    const allDay = await add(row({ month: '2024-03', dayOfWeek: 2, openingTime: '00:00', closingTime: '24:00' }));
    expect(allDay.statusCode).toBe(201);
    expect(allDay.json()).toMatchObject({ openingTime: '00:00', closingTime: '24:00' });
    const round = await add(row({ month: '2024-03', dayOfWeek: 3, openingTime: '06:00', closingTime: '06:00' }));
    expect(round.statusCode).toBe(201);
    expect((await list('2024-03')).json().map((r: { closingTime: string }) => r.closingTime)).toEqual(['02:00', '24:00', '06:00']);
    // An edit may move the closing past midnight too, and a delete names it as seen.
    const edited = await edit(night.json().id, {
      openingTime: '05:00',
      closingTime: '24:00',
      minimumStaff: 2,
      basedOn: { openingTime: '04:00', closingTime: '02:00', minimumStaff: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ openingTime: '05:00', closingTime: '24:00' });
    // The database keeps an opening of 24:00 out, whoever writes it.
    await expect(
      t.database.db.insert(airportHours).values({ role: 'Rampa', dayOfWeek: 4, openingTime: '24:00', closingTime: '06:00', month: 2, year: 2024 }),
    ).rejects.toThrow();
  });

  it('needs times as HH:mm, a closing of at most 24:00', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ openingTime: '24:00' }, 'openingTime: must be a time as HH:mm'],
      [{ openingTime: '8am' }, 'openingTime: must be a time as HH:mm'],
      [{ closingTime: '24:30' }, 'closingTime: must be a time as HH:mm'],
      [{ dayOfWeek: 7 }, 'dayOfWeek: must be a day of the week from 0 (Sunday) to 6 (Saturday)'],
      [{ month: '2025-2' }, 'month: must be a month as YYYY-MM'],
      [{ month: '1999-12' }, 'month: must be between 2000-01 and 2100-12'],
    ];
    for (const [overrides, message] of cases) {
      const res = await add(row({ month: '2025-02', ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { role: _r, ...withoutRole } = row({ month: '2025-02' });
    const missing = await add(withoutRole);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^role: /);
    expect(await stored(1, 2025)).toEqual([]);
  });

  it('accepts only groups that take part in operating hours', async () => {
    const unknown = await add(row({ month: '2025-03', role: 'Catering' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'role', message: 'role: there is no staff group named "Catering"' });
    const notTaking = await add(row({ month: '2025-03', role: 'TEST 1' }));
    expect(notTaking.statusCode).toBe(400);
    expect(notTaking.json().message).toBe('role: the group "TEST 1" does not take part in airport operating hours');
    expect(await stored(2, 2025)).toEqual([]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await remove('42');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('answers 401 to every operating hours call without a session', async () => {
    const created = (await add(row({ month: '2025-05', dayOfWeek: 6 }))).json();
    const calls = [
      { method: 'GET', url: '/api/airport-hours?month=2025-05' },
      { method: 'POST', url: '/api/airport-hours', payload: row({ month: '2025-05', dayOfWeek: 0 }) },
      {
        method: 'PUT',
        url: `/api/airport-hours/${created.id}`,
        payload: { openingTime: '01:00', closingTime: '02:00', minimumStaff: 1, basedOn: { openingTime: '05:00', closingTime: '21:30', minimumStaff: 2 } },
      },
      { method: 'DELETE', url: `/api/airport-hours/${created.id}` },
      { method: 'POST', url: '/api/airport-hours/quick-setup', payload: { role: 'Koordynator', month: '2025-05' } },
      { method: 'POST', url: '/api/airport-hours/copy-previous', payload: { month: '2025-05' } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: { origin: TEST_BASE_URL } });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await list('2025-05')).json()).toEqual([created]);
  });

  it('answers 401 without a session and writes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/airport-hours', headers: { origin: TEST_BASE_URL }, payload: row({ month: '2025-04' }) });
    expect(res.statusCode).toBe(401);
    for (const url of ['/api/airport-hours/quick-setup', '/api/airport-hours/copy-previous']) {
      const r = await t.app.inject({ method: 'POST', url, headers: { origin: TEST_BASE_URL }, payload: { role: 'Rampa', month: '2025-04' } });
      expect(r.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/airport-hours?month=2025-04' })).statusCode).toBe(401);
    expect(await stored(3, 2025)).toEqual([]);
  });
});

describe('editing a row', () => {
  const basedOn = { openingTime: '05:00', closingTime: '21:30', minimumStaff: 2 };

  it('changes the times and minimum staff of the row it was based on', async () => {
    const created = (await add(row({ month: '2025-09', dayOfWeek: 4 }))).json();
    const res = await edit(created.id, { openingTime: '05:30', closingTime: '22:00', minimumStaff: 3, basedOn });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, role: 'Rampa', dayOfWeek: 4, openingTime: '05:30', closingTime: '22:00', minimumStaff: 3 });
    expect((await list('2025-09')).json()).toEqual([res.json()]);
  });

  it('refuses an edit based on values someone else has changed, with 409 STALE, and keeps theirs', async () => {
    const created = (await add(row({ month: '2025-10', dayOfWeek: 4 }))).json();
    expect((await edit(created.id, { openingTime: '06:00', closingTime: '21:30', minimumStaff: 2, basedOn })).statusCode).toBe(200);
    const stale = await edit(created.id, { openingTime: '04:00', closingTime: '21:30', minimumStaff: 5, basedOn });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect((await list('2025-10')).json()[0]).toMatchObject({ openingTime: '06:00', minimumStaff: 2 });
  });

  it('a delete naming the values the planner saw keeps a row someone else changed (409 STALE), and deletes it unchanged', async () => {
    const created = (await add(row({ month: '2025-12', dayOfWeek: 4 }))).json();
    const removeSeen = (values: Record<string, string | number>) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/airport-hours/${created.id}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`,
        headers: { cookie, origin: TEST_BASE_URL },
      });
    expect((await edit(created.id, { openingTime: '05:00', closingTime: '21:30', minimumStaff: 4, basedOn })).statusCode).toBe(200);
    const stale = await removeSeen(basedOn);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect((await list('2025-12')).json()).toHaveLength(1);
    // Only some of the values: refused, naming what is needed.
    const partial = await removeSeen({ openingTime: '05:00' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/openingTime, closingTime and minimumStaff together/);
    expect((await removeSeen({ ...basedOn, minimumStaff: 4 })).statusCode).toBe(204);
    expect((await list('2025-12')).json()).toEqual([]);
  });

  it('checks the new values like an add, and answers 404 for an unknown id', async () => {
    const created = (await add(row({ month: '2025-11', dayOfWeek: 4 }))).json();
    const badTime = await edit(created.id, { openingTime: '23:00', closingTime: '25:00', minimumStaff: 2, basedOn });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().message).toBe('closingTime: must be a time as HH:mm');
    const zero = await edit(created.id, { openingTime: '05:00', closingTime: '21:30', minimumStaff: 0, basedOn });
    expect(zero.json().message).toBe('minimumStaff: must be at least 1');
    const missing = await edit('00000000-0000-4000-8000-000000000000', { ...basedOn, basedOn });
    expect(missing.statusCode).toBe(404);
    expect((await list('2025-11')).json()[0]).toMatchObject(basedOn);
  });
});

describe('quick setup', () => {
  it('fills all seven days 06:00–22:00 with minimum staff 1 for a group with no hours', async () => {
    const res = await post('/api/airport-hours/quick-setup', { role: 'PAX/INFO', month: '2025-06' });
    expect(res.statusCode).toBe(201);
    const rows = res.json() as { dayOfWeek: number; openingTime: string; closingTime: string; minimumStaff: number }[];
    expect(rows.map((r) => r.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const r of rows) expect(r).toMatchObject({ openingTime: '06:00', closingTime: '22:00', minimumStaff: 1, role: 'PAX/INFO', month: '2025-06' });
    expect(await stored(5, 2025)).toHaveLength(7);
  });

  it('fills all seven days with the hours asked for: past midnight, or open around the clock', async () => {
    const res = await post('/api/airport-hours/quick-setup', { role: 'Rampa', month: '2024-05', openingTime: '00:00', closingTime: '24:00', minimumStaff: 2 });
    expect(res.statusCode).toBe(201);
    for (const r of res.json()) expect(r).toMatchObject({ openingTime: '00:00', closingTime: '24:00', minimumStaff: 2 });
    const late = await post('/api/airport-hours/quick-setup', { role: 'Koordynator', month: '2024-05', openingTime: '04:00', closingTime: '01:30' });
    expect(late.json().map((r: { closingTime: string }) => r.closingTime)).toEqual(Array(7).fill('01:30'));
    const bad = await post('/api/airport-hours/quick-setup', { role: 'PAX/INFO', month: '2024-05', closingTime: '24:30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('closingTime: must be a time as HH:mm');
  });

  it('is refused for a group that already has any hours this month, and writes nothing', async () => {
    expect((await add(row({ month: '2025-07', dayOfWeek: 3, openingTime: '07:00' }))).statusCode).toBe(201);
    const res = await post('/api/airport-hours/quick-setup', { role: 'Rampa', month: '2025-07' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has operating hours this month/);
    const rows = await stored(6, 2025);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.openingTime).toBe('07:00:00');
    // Another group in the same month still can.
    expect((await post('/api/airport-hours/quick-setup', { role: 'Koordynator', month: '2025-07' })).statusCode).toBe(201);
  });

  it('refuses an unknown group or one outside operating hours, naming the field', async () => {
    const unknown = await post('/api/airport-hours/quick-setup', { role: 'Nobody', month: '2025-08' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^role: /);
    const test3 = await post('/api/airport-hours/quick-setup', { role: 'TEST 3', month: '2025-08' });
    expect(test3.statusCode).toBe(400);
    expect(test3.json().message).toMatch(/^role: .*does not take part/);
    const badMonth = await post('/api/airport-hours/quick-setup', { role: 'Rampa' });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toMatch(/^month: /);
    expect(await stored(7, 2025)).toEqual([]);
  });
});

describe('copy from the previous month', () => {
  it('copies one group, skipping the days that already have hours, and says how many', async () => {
    // January 2024 → February 2024.
    for (const day of [0, 1, 2]) {
      expect((await add(row({ month: '2024-01', dayOfWeek: day, openingTime: '04:00', minimumStaff: 3 }))).statusCode).toBe(201);
    }
    expect((await add(row({ month: '2024-01', role: 'Koordynator', dayOfWeek: 5 }))).statusCode).toBe(201);
    expect((await add(row({ month: '2024-02', dayOfWeek: 1, openingTime: '09:00' }))).statusCode).toBe(201);

    const res = await post('/api/airport-hours/copy-previous', { month: '2024-02', role: 'Rampa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ copied: 2, skipped: 1 });
    const february = (await list('2024-02')).json() as { role: string; dayOfWeek: number; openingTime: string; minimumStaff: number }[];
    expect(february.map((r) => `${r.role}/${r.dayOfWeek}/${r.openingTime}/${r.minimumStaff}`)).toEqual([
      'Rampa/0/04:00/3',
      'Rampa/1/09:00/2', // kept as it was
      'Rampa/2/04:00/3',
    ]);
    // The previous month is untouched.
    expect(((await list('2024-01')).json() as unknown[]).length).toBe(4);
  });

  it('copies every group when none is named, across a year boundary, and copies nothing twice', async () => {
    await add(row({ month: '2023-12', dayOfWeek: 4 }));
    await add(row({ month: '2023-12', role: 'PAX/INFO', dayOfWeek: 4 }));
    const res = await post('/api/airport-hours/copy-previous', { month: '2024-01' });
    // January already had 3 Rampa rows and 1 Koordynator (days 0, 1, 2, and 5): Rampa/4 and PAX/INFO/4 are new.
    expect(res.json()).toEqual({ copied: 2, skipped: 0 });
    const again = await post('/api/airport-hours/copy-previous', { month: '2024-01' });
    expect(again.json()).toEqual({ copied: 0, skipped: 2 });
  });

  it('copies 0 when the previous month has none', async () => {
    const res = await post('/api/airport-hours/copy-previous', { month: '2030-05' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ copied: 0, skipped: 0 });
    expect(await stored(4, 2030)).toEqual([]);
  });

  it('refuses a group outside operating hours and a bad month', async () => {
    const res = await post('/api/airport-hours/copy-previous', { month: '2024-03', role: 'TEST 2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^role: /);
    const bad = await post('/api/airport-hours/copy-previous', { month: 'March' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^month: /);
  });
});

describe('setting several days at once', () => {
  const put = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/airport-hours/days', headers: { cookie, origin: TEST_BASE_URL }, payload });
  const day = (dayOfWeek: number, over: Record<string, unknown> = {}) => ({ dayOfWeek, openingTime: '05:00', closingTime: '21:00', minimumStaff: 2, ...over });

  it('adds the days without hours and replaces the days with hours, leaving the other days alone', async () => {
    expect((await add(row({ month: '2028-02', dayOfWeek: 1, openingTime: '08:00', closingTime: '12:00' }))).statusCode).toBe(201);
    expect((await add(row({ month: '2028-02', dayOfWeek: 0, openingTime: '09:00', closingTime: '10:00' }))).statusCode).toBe(201);
    const res = await put({
      role: 'Rampa',
      month: '2028-02',
      days: [1, 2, 3, 4, 5].map((d) => day(d, d === 5 ? { openingTime: '04:00', closingTime: '01:30' } : {})),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { dayOfWeek: number }[]).map((r) => r.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
    const listed = (await list('2028-02')).json() as { dayOfWeek: number; openingTime: string; closingTime: string; minimumStaff: number }[];
    expect(listed.map((r) => `${r.dayOfWeek} ${r.openingTime}-${r.closingTime} ×${r.minimumStaff}`)).toEqual([
      '0 09:00-10:00 ×2',
      '1 05:00-21:00 ×2',
      '2 05:00-21:00 ×2',
      '3 05:00-21:00 ×2',
      '4 05:00-21:00 ×2',
      '5 04:00-01:30 ×2',
    ]);
  });

  it('takes 24:00 as a closing time and open around the clock', async () => {
    const res = await put({ role: 'Koordynator', month: '2028-03', days: [day(6, { openingTime: '00:00', closingTime: '24:00' })] });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ openingTime: '00:00', closingTime: '24:00' });
  });

  it('writes nothing when one day is wrong, and names that day and field', async () => {
    const res = await put({ role: 'Rampa', month: '2028-04', days: [day(1), day(2, { openingTime: '25:00' }), day(3)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('days.1.openingTime: must be a time as HH:mm');
    expect(await stored(3, 2028)).toHaveLength(0);
    const repeated = await put({ role: 'Rampa', month: '2028-04', days: [day(1), day(1)] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe('days: must name each day once');
    expect((await put({ role: 'Rampa', month: '2028-04', days: [] })).json().message).toBe('days: must name at least one day');
    expect((await put({ role: 'TEST 1', month: '2028-04', days: [day(1)] })).json().message).toBe(
      'role: the group "TEST 1" does not take part in airport operating hours',
    );
    expect(await stored(3, 2028)).toHaveLength(0);
  });
});
