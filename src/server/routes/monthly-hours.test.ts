import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const list = (month: string) => t.app.inject({ method: 'GET', url: `/api/monthly-hours?month=${month}`, headers: { cookie } });
const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/monthly-hours', headers: { cookie, origin: TEST_BASE_URL }, payload });
/** A figure with a reason, for the tests of the figure itself (a figure other than the norm needs one). */
const add = (payload: Record<string, unknown>) => post({ reason: 'Test airport', ...payload });
const norm = (month: string) => t.app.inject({ method: 'GET', url: `/api/monthly-hours/norm?month=${month}`, headers: { cookie } });
const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/monthly-hours/${id}`, headers: { cookie, origin: TEST_BASE_URL } });

describe('the working-time norm (Labour Code art. 130)', () => {
  it('is suggested for the month from the calendar and the holidays that lower it, named', async () => {
    const res = await norm('2026-12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      month: '2026-12',
      norm: {
        hours: 160,
        fullWeeks: 4,
        remainingWeekdays: 3,
        holidays: [
          { date: '2026-12-24', names: expect.objectContaining({ pl: 'Wigilia Bożego Narodzenia' }) },
          { date: '2026-12-25', names: expect.objectContaining({ pl: expect.stringContaining('Bożego Narodzenia') }) },
          { date: '2026-12-26', names: expect.objectContaining({ pl: expect.stringContaining('Bożego Narodzenia') }) },
        ],
      },
    });
    // 1 November 2026 is a Sunday: only the 11th lowers November's norm.
    expect((await norm('2026-11')).json().norm).toMatchObject({ hours: 160, holidays: [{ date: '2026-11-11' }] });
    expect((await norm('2026-13')).statusCode).toBe(400);
  });

  it('is taken without a reason; another figure needs one, and is kept with it', async () => {
    const accepted = await post({ month: '2029-03', requiredHours: (await norm('2029-03')).json().norm.hours });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().reason).toBeNull();

    // April 2029: 21 weekdays, less Easter Monday on the 2nd: 160 h.
    const bare = await post({ month: '2029-04', requiredHours: 150 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'REQUIRED_HOURS_REASON', field: 'reason', params: { norm: 160, requiredHours: 150 } });
    expect((await post({ month: '2029-04', requiredHours: 150, reason: '   ' })).json()).toMatchObject({ code: 'REQUIRED_HOURS_REASON' });
    expect((await list('2029-04')).json()).toEqual([]);
    const tooLong = await post({ month: '2029-04', requiredHours: 150, reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('reason: must be at most 500 characters');

    const explained = await post({ month: '2029-04', requiredHours: 150, reason: ' Skrócony wymiar w okresie przestoju ' });
    expect(explained.statusCode).toBe(201);
    expect((await list('2029-04')).json()).toEqual([expect.objectContaining({ requiredHours: 150, reason: 'Skrócony wymiar w okresie przestoju' })]);
  });

  it('is not suggested, nor a reason asked, where the airport is outside Poland', async () => {
    const put = (timeZone: string) => t.database.db.execute(sql`update settings set time_zone = ${timeZone}`);
    await put('America/Boise');
    try {
      expect((await norm('2026-12')).json()).toEqual({ month: '2026-12', norm: null });
      const res = await post({ month: '2030-01', requiredHours: 150 });
      expect(res.statusCode).toBe(201);
      expect(res.json().reason).toBeNull();
    } finally {
      await put('Europe/Warsaw');
    }
  });
});

describe('monthly required hours', () => {
  it('adds a month, lists it for that month only, and deletes it', async () => {
    const created = await add({ month: '2026-11', requiredHours: 168 });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ month: '2026-11', requiredHours: 168, reason: 'Test airport' });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await list('2026-11');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([row]);
    expect((await list('2026-12')).json()).toEqual([]);
    expect((await list('2025-11')).json()).toEqual([]);

    expect((await remove(row.id)).statusCode).toBe(204);
    expect((await list('2026-11')).json()).toEqual([]);
    expect((await remove(row.id)).statusCode).toBe(404);
  });

  it('keeps one row per month: a second is refused with 409 and a clear message, the first stays', async () => {
    const first = await add({ month: '2027-01', requiredHours: 160 });
    expect(first.statusCode).toBe(201);
    const second = await add({ month: '2027-01', requiredHours: 120 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'MONTHLY_HOURS_EXIST',
      message: 'Required hours for this month are already set. Delete them first.',
    });
    expect((await list('2027-01')).json()).toEqual([first.json()]);
    // After the delete the month can be set again.
    await remove(first.json().id);
    expect((await add({ month: '2027-01', requiredHours: 120 })).statusCode).toBe(201);
  });

  it('takes required hours from 1 to 300: 1 and 300 saved, 0 and 301 refused naming the field', async () => {
    expect((await add({ month: '2028-01', requiredHours: 1 })).json()).toMatchObject({ requiredHours: 1 });
    expect((await add({ month: '2028-02', requiredHours: 300 })).json()).toMatchObject({ requiredHours: 300 });
    for (const [value, message] of [
      [0, 'requiredHours: must be at least 1'],
      [301, 'requiredHours: must be at most 300'],
      [12.5, 'requiredHours: must be a whole number'],
      ['lots', 'requiredHours: must be a whole number from 1 to 300'],
      [null, 'requiredHours: must be a whole number from 1 to 300'],
    ] as const) {
      const res = await add({ month: '2028-03', requiredHours: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await list('2028-03')).json()).toEqual([]);
  });

  it('accepts the hours as a numeric string', async () => {
    const res = await add({ month: '2028-04', requiredHours: '176' });
    expect(res.statusCode).toBe(201);
    expect(res.json().requiredHours).toBe(176);
  });

  it('refuses a bad month, a missing field and an unlisted one, naming them', async () => {
    const badMonth = await add({ month: '2028-13', requiredHours: 160 });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe('month: 2028-13 is not a month: months are numbered 01 to 12');
    for (const month of ['1999-12', '2101-01', '0000-01']) {
      const outside = await add({ month, requiredHours: 160 });
      expect(outside.statusCode, month).toBe(400);
      expect(outside.json()).toMatchObject({ field: 'month', message: 'month: must be between 2000-01 and 2100-12' });
      expect((await list(month)).json()).toMatchObject({ field: 'month', message: 'month: must be between 2000-01 and 2100-12' });
    }
    const missing = await add({ requiredHours: 160 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^month: /);
    const extra = await add({ month: '2028-05', requiredHours: 160, year: 2028 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/year/);
    const query = await list('november');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^month: /);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await remove('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('answers 401 without a session and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/monthly-hours',
      headers: { origin: TEST_BASE_URL },
      payload: { month: '2029-01', requiredHours: 160 },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/monthly-hours?month=2029-01' })).statusCode).toBe(401);
    const kept = (await add({ month: '2029-02', requiredHours: 160 })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/monthly-hours/${kept.id}`, headers: { origin: TEST_BASE_URL } });
    expect(del.statusCode).toBe(401);
    expect((await list('2029-02')).json()).toEqual([kept]);
    expect((await list('2029-01')).json()).toEqual([]);
  });
});
