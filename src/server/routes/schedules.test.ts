import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { employees, schedules } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let anna: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const [row] = await t.database.db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
  anna = row!.id;
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const stored = () => t.database.db.select().from(schedules).where(eq(schedules.employeeId, anna));

describe('PUT /api/schedules', () => {
  it('creates the day’s shift with its hours, then replaces it in place', async () => {
    const created = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-02', startTime: '06:00', endTime: '14:30' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ employeeId: anna, date: '2026-03-02', startTime: '06:00', endTime: '14:30', totalHours: 8.5, version: 1 });
    const updated = await call('PUT', '/api/schedules', {
      employeeId: anna,
      date: '2026-03-02',
      startTime: '10:00',
      endTime: '12:15',
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.json().id, startTime: '10:00', endTime: '12:15', totalHours: 2.25, version: 2 });
    // Still one shift on that day.
    const rows = (await stored()).filter((r) => r.date === '2026-03-02');
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.totalHours)).toBe(2.25);
  });

  it('puts a deleted generated shift back as generated (undo); an edit of it is manual again', async () => {
    const day = { employeeId: anna, date: '2026-03-20', startTime: '06:00', endTime: '14:00' };
    const created = await call('PUT', '/api/schedules', { ...day, source: 'generated' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ source: 'generated', version: 1 });
    const edited = await call('PUT', '/api/schedules', { ...day, endTime: '15:00', version: 1, source: 'generated' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ source: 'manual', endTime: '15:00' });
    expect((await stored()).find((r) => r.date === '2026-03-20')).toMatchObject({ source: 'manual' });
    const plain = await call('PUT', '/api/schedules', { ...day, date: '2026-03-21' });
    expect(plain.json()).toMatchObject({ source: 'manual' });
    const bad = await call('PUT', '/api/schedules', { ...day, date: '2026-03-22', source: 'imported' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/source/);
  });

  it('counts elapsed hours in the airport zone on the daylight-saving night', async () => {
    // Europe/Warsaw springs forward at 02:00 on 29 March 2026: 00:00–06:00 is 5 hours.
    const res = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-29', startTime: '00:00', endTime: '06:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().totalHours).toBe(5);
  });

  it('refuses a start or end the clocks skip on the spring-forward night, naming the field', async () => {
    // Europe/Warsaw (the default zone) goes from 02:00 straight to 03:00 on 29 March 2026.
    const cases: [string, string, string, string][] = [
      ['02:00', '02:30', 'startTime', 'startTime: 02:00 does not exist on 29.03.2026 in Europe/Warsaw (the clocks go forward)'],
      ['02:30', '08:00', 'startTime', 'startTime: 02:30 does not exist on 29.03.2026 in Europe/Warsaw (the clocks go forward)'],
      ['01:00', '02:30', 'endTime', 'endTime: 02:30 does not exist on 29.03.2026 in Europe/Warsaw (the clocks go forward)'],
    ];
    for (const [startTime, endTime, field, message] of cases) {
      const res = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-29', startTime, endTime });
      expect(res.statusCode, `${startTime}–${endTime}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LOCAL_TIME_SKIPPED', field, message });
    }
    // An existing shift that day is not replaced by one at a skipped time either.
    const rows = (await stored()).filter((r) => r.date === '2026-03-29');
    expect(rows.map((r) => [r.startTime, r.endTime])).toEqual([['00:00:00', '06:00:00']]);
    // The same times on an ordinary night are a shift.
    const ordinary = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-28', startTime: '02:00', endTime: '02:30' });
    expect(ordinary.statusCode).toBe(201);
    expect(ordinary.json().totalHours).toBe(0.5);
  });

  it('refuses a date the calendar does not have, quoting it, and years outside 2000–2100', async () => {
    const cases: [string, string][] = [
      ['2026-02-29', 'date: 2026-02-29 is not a date in the calendar'],
      ['2101-01-01', 'date: must be between 2000-01-01 and 2100-12-31'],
    ];
    for (const [date, message] of cases) {
      const res = await call('PUT', '/api/schedules', { employeeId: anna, date, startTime: '06:00', endTime: '14:00' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'date', message });
    }
    const removal = await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-02-29`);
    expect(removal.statusCode).toBe(400);
    expect(removal.json()).toMatchObject({ field: 'date', message: 'date: 2026-02-29 is not a date in the calendar' });
  });

  it('refuses an end that is not after the start with the exact message, writing nothing', async () => {
    for (const [startTime, endTime] of [
      ['14:00', '06:00'],
      ['08:00', '08:00'],
    ]) {
      const res = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-05', startTime, endTime });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'End time must be after start time', field: 'endTime' });
    }
    expect((await stored()).some((r) => r.date === '2026-03-05')).toBe(false);
  });

  it('saves an overnight shift on its start date, ending on the next date, with its elapsed hours', async () => {
    const res = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-06-10', startTime: '22:00', endTime: '06:00', endDate: '2026-06-11' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date: '2026-06-10', endDate: '2026-06-11', startTime: '22:00', endTime: '06:00', totalHours: 8 });
    const [row] = (await stored()).filter((r) => r.date === '2026-06-10');
    expect(row).toMatchObject({ endDate: '2026-06-11', totalHours: 8 });
    // A same-day shift answers its own date as its end date.
    const day = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-06-13', startTime: '06:00', endTime: '14:00' });
    expect(day.json()).toMatchObject({ date: '2026-06-13', endDate: '2026-06-13' });
  });

  it('counts a 22:00–06:00 shift as 7 h the night the clocks go forward and 9 h the night they go back', async () => {
    const [row] = await t.database.db
      .insert(employees)
      .values({ firstName: 'Bartosz', lastName: 'Lis', email: 'bartosz@example.com', role: 'Rampa' })
      .returning();
    const bartosz = row!.id;
    const spring = await call('PUT', '/api/schedules', {
      employeeId: bartosz,
      date: '2026-03-28',
      startTime: '22:00',
      endTime: '06:00',
      endDate: '2026-03-29',
    });
    expect(spring.json()).toMatchObject({ totalHours: 7 });
    const autumn = await call('PUT', '/api/schedules', {
      employeeId: bartosz,
      date: '2026-10-24',
      startTime: '22:00',
      endTime: '06:00',
      endDate: '2026-10-25',
    });
    expect(autumn.json()).toMatchObject({ totalHours: 9 });
    // 22:00 to 22:00 is 24 h on an ordinary night, and 25 h over the autumn one: longer than a shift may be.
    const day = await call('PUT', '/api/schedules', { employeeId: bartosz, date: '2026-10-20', startTime: '22:00', endTime: '22:00', endDate: '2026-10-21' });
    expect(day.json()).toMatchObject({ totalHours: 24 });
    const long = await call('PUT', '/api/schedules', {
      employeeId: bartosz,
      date: '2026-10-24',
      startTime: '22:00',
      endTime: '22:00',
      endDate: '2026-10-25',
      version: 1,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ params: { rule: 'atMost24Hours' } });
  });

  it('refuses an end two days later, or a next-day end after the start time (over 24 h), naming the field', async () => {
    const twoDays = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-06-20', startTime: '22:00', endTime: '06:00', endDate: '2026-06-22' });
    expect(twoDays.statusCode).toBe(400);
    expect(twoDays.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'endDate', params: { rule: 'endDateNextDay' } });
    const before = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-06-20', startTime: '22:00', endTime: '06:00', endDate: '2026-06-19' });
    expect(before.json()).toMatchObject({ field: 'endDate', params: { rule: 'endDateNextDay' } });
    const tooLong = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-06-20', startTime: '08:00', endTime: '09:00', endDate: '2026-06-21' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'endTime', message: 'endTime: a shift lasts at most 24 hours', params: { rule: 'atMost24Hours' } });
    expect((await stored()).some((r) => r.date === '2026-06-20')).toBe(false);
  });

  it('refuses a shift that overlaps the overnight shift before it or the shift after it, and keeps both', async () => {
    const night = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-07-01', startTime: '20:00', endTime: '04:00', endDate: '2026-07-02' });
    expect(night.statusCode).toBe(201);
    // The next morning starts while the night shift still runs.
    const morning = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-07-02', startTime: '03:00', endTime: '11:00' });
    expect(morning.statusCode).toBe(400);
    expect(morning.json()).toMatchObject({
      code: 'SHIFT_OVERLAP',
      field: 'startTime',
      params: { date: '2026-07-01', startTime: '20:00', endTime: '04:00', endDate: '2026-07-02' },
    });
    // Starting when it ends is fine.
    const after = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-07-02', startTime: '04:00', endTime: '12:00' });
    expect(after.statusCode).toBe(201);
    // The evening before may not run into that morning either.
    const evening = await call('PUT', '/api/schedules', {
      employeeId: anna,
      date: '2026-07-01',
      startTime: '22:00',
      endTime: '06:00',
      endDate: '2026-07-02',
      version: 1,
    });
    expect(evening.statusCode).toBe(400);
    expect(evening.json()).toMatchObject({ code: 'SHIFT_OVERLAP', field: 'endTime', params: { date: '2026-07-02', startTime: '04:00' } });
    const rows = (await stored()).filter((r) => r.date === '2026-07-01' || r.date === '2026-07-02');
    expect(rows.map((r) => [r.date, r.startTime.slice(0, 5), r.endTime.slice(0, 5)]).sort()).toEqual([
      ['2026-07-01', '20:00', '04:00'],
      ['2026-07-02', '04:00', '12:00'],
    ]);
  });

  it('keeps the database to the same shape: no next-day end after the start, no end two days later', async () => {
    const db = t.database.db;
    await expect(
      db.insert(schedules).values({ employeeId: anna, date: '2026-08-01', endDate: '2026-08-02', startTime: '08:00', endTime: '09:00', totalHours: 25 }),
    ).rejects.toThrow();
    await expect(
      db.insert(schedules).values({ employeeId: anna, date: '2026-08-01', endDate: '2026-08-03', startTime: '22:00', endTime: '06:00', totalHours: 8 }),
    ).rejects.toThrow();
    await db.insert(schedules).values({ employeeId: anna, date: '2026-08-01', endDate: '2026-08-02', startTime: '22:00', endTime: '06:00', totalHours: 8 });
  });

  it('refuses a stale version with 409 STALE and keeps the stored shift', async () => {
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-06', startTime: '06:00', endTime: '14:00' });
    const edited = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-06', startTime: '07:00', endTime: '15:00', version: 1 });
    expect(edited.statusCode).toBe(200);
    // A second planner still holds version 1.
    const late = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-06', startTime: '18:00', endTime: '22:00', version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'STALE', message: expect.stringContaining('changed by someone else') });
    // A planner who saw an empty day while someone else added a shift is stale too.
    const blind = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-06', startTime: '18:00', endTime: '22:00' });
    expect(blind.statusCode).toBe(409);
    // A version for a day that has no shift.
    const ghost = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-07', startTime: '08:00', endTime: '12:00', version: 3 });
    expect(ghost.statusCode).toBe(409);
    const row = (await stored()).find((r) => r.date === '2026-03-06')!;
    expect(row.startTime).toBe('07:00:00');
    expect(row.version).toBe(2);
  });

  it('names the bad field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ employeeId: anna, date: '2026-02-30', startTime: '06:00', endTime: '14:00' }, /^date: /],
      [{ employeeId: anna, date: '2026-03-08', startTime: '6am', endTime: '14:00' }, /^startTime: /],
      [{ employeeId: anna, date: '2026-03-08', startTime: '06:00', endTime: '24:00' }, /^endTime: /],
      [{ employeeId: 'nobody', date: '2026-03-08', startTime: '06:00', endTime: '14:00' }, /^employeeId: /],
      [{ employeeId: anna, date: '2026-03-08', startTime: '06:00' }, /^endTime: /],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/api/schedules', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await stored()).some((r) => r.date === '2026-03-08')).toBe(false);
  });

  it('answers 404 for an employee that does not exist', async () => {
    const res = await call('PUT', '/api/schedules', { employeeId: MISSING, date: '2026-03-08', startTime: '06:00', endTime: '14:00' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Employee not found');
  });

  it('answers 401 without a session', async () => {
    const res = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-09', startTime: '06:00', endTime: '14:00' }, false);
    expect(res.statusCode).toBe(401);
    expect((await stored()).some((r) => r.date === '2026-03-09')).toBe(false);
  });
});

describe('DELETE /api/schedules', () => {
  it('removes the day’s shift, then answers 404', async () => {
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-12', startTime: '06:00', endTime: '14:00' });
    const res = await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-12`);
    expect(res.statusCode).toBe(204);
    expect((await stored()).some((r) => r.date === '2026-03-12')).toBe(false);
    const again = await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-12`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Schedule not found');
  });

  it('with the version the planner saw: a shift changed since is kept and refused as stale; the current one goes', async () => {
    const created = (await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-16', startTime: '06:00', endTime: '14:00' })).json();
    // A colleague moves it after the planner's grid showed version 1.
    const moved = await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-16', startTime: '10:00', endTime: '18:00', version: created.version });
    expect(moved.statusCode).toBe(200);
    const stale = await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-16&version=${created.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE', message: 'This record was changed by someone else. Reload to see the latest version.' });
    expect((await stored()).find((r) => r.date === '2026-03-16')).toMatchObject({ startTime: '10:00:00', version: 2 });

    expect((await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-16&version=2`)).statusCode).toBe(204);
    expect((await stored()).some((r) => r.date === '2026-03-16')).toBe(false);
    // Gone meanwhile: 404 whatever the version.
    expect((await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-16&version=2`)).statusCode).toBe(404);
  });

  it('refuses a version that is not a whole number above 0, naming it, and deletes nothing', async () => {
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-17', startTime: '06:00', endTime: '14:00' });
    for (const version of ['0', '-1', '1.5', 'abc', '']) {
      const res = await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-17&version=${version}`);
      expect(res.statusCode, version).toBe(400);
      expect(res.json().message).toBe('version: must be the version the delete was based on');
    }
    expect((await stored()).some((r) => r.date === '2026-03-17')).toBe(true);
  });

  it('refuses a bad date and answers 401 without a session', async () => {
    expect((await call('DELETE', `/api/schedules?employeeId=${anna}&date=12.03.2026`)).statusCode).toBe(400);
    await call('PUT', '/api/schedules', { employeeId: anna, date: '2026-03-13', startTime: '06:00', endTime: '14:00' });
    expect((await call('DELETE', `/api/schedules?employeeId=${anna}&date=2026-03-13`, undefined, false)).statusCode).toBe(401);
    expect((await stored()).some((r) => r.date === '2026-03-13')).toBe(true);
  });
});
