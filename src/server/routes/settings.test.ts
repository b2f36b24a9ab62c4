import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { settings } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const get = () => t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie, origin: TEST_BASE_URL }, payload });

async function current() {
  return (await get()).json() as { version: number; weeklyHours: number; minRestHours: number; minShiftHours: number; timeIncrement: string; timeZone: string };
}
async function valid(overrides: Record<string, unknown> = {}) {
  const { version } = await current();
  return { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4, timeZone: 'Europe/Warsaw', version, ...overrides };
}

beforeEach(async () => {
  // Every test starts from the defaults.
  await t.database.db.delete(settings);
});

describe('GET /api/settings', () => {
  it('creates and saves the defaults when none are stored', async () => {
    expect(await t.database.db.select().from(settings)).toEqual([]);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 1,
      timeIncrement: 'half',
      minRestHours: 11,
      weeklyHours: 40,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
      partTimeOvertimeHours: 0,
      fullTimeOvertimeHours: null,
      timeZone: 'Europe/Warsaw',
      version: 1,
    });
    expect(await t.database.db.select().from(settings)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('saves every field, bumps the version and returns the saved row', async () => {
    const res = await put(await valid({ timeIncrement: 'full', minRestHours: 10, weeklyHours: 48, minShiftHours: 6, timeZone: 'Europe/London' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeIncrement: 'full', minRestHours: 10, weeklyHours: 48, minShiftHours: 6, timeZone: 'Europe/London', version: 2 });
    expect(await current()).toMatchObject({ timeIncrement: 'full', weeklyHours: 48, version: 2 });
  });

  it('accepts numeric strings and converts them', async () => {
    const res = await put(await valid({ minRestHours: '12', weeklyHours: ' 37.5 ', minShiftHours: '3' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ minRestHours: 12, weeklyHours: 37.5, minShiftHours: 3 });
  });

  const bounds: [string, number, number, number, number][] = [
    ['minRestHours', 7, 8, 24, 25],
    ['weeklyHours', 19, 20, 60, 61],
    ['minShiftHours', 0, 1, 24, 25],
    ['weeklyRestHours', -1, 0, 48, 49],
    ['maxConsecutiveDays', -1, 0, 14, 15],
    ['partTimeOvertimeHours', -1, 0, 100, 101],
    ['fullTimeOvertimeHours', -1, 0, 100, 101],
  ];
  for (const [field, below, min, max, above] of bounds) {
    it(`keeps ${field} within ${min}–${max}: ${min} and ${max} are saved, ${below} and ${above} refused`, async () => {
      for (const ok of [min, max]) {
        const res = await put(await valid({ [field]: ok }));
        expect(res.statusCode, `${field}=${ok}`).toBe(200);
        expect(res.json()[field]).toBe(ok);
      }
      for (const bad of [below, above, String(above)]) {
        const before = await current();
        const res = await put(await valid({ [field]: bad }));
        expect(res.statusCode, `${field}=${bad}`).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^${field}: must be at (least ${min}|most ${max})$`));
        expect(await current()).toEqual(before);
      }
    });
  }

  it('saves the weekly rest and the run of working days, and keeps them when an older client leaves them out', async () => {
    const res = await put(await valid({ weeklyRestHours: '24.5', maxConsecutiveDays: 5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weeklyRestHours: 24.5, maxConsecutiveDays: 5, version: 2 });
    const older = await put(await valid({ weeklyHours: 38 }));
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ weeklyHours: 38, weeklyRestHours: 24.5, maxConsecutiveDays: 5, version: 3 });
  });

  it('saves the overtime allowed by contract, clears the full-time limit with null or blank, and keeps both when left out', async () => {
    const res = await put(await valid({ partTimeOvertimeHours: '8', fullTimeOvertimeHours: 12.5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ partTimeOvertimeHours: 8, fullTimeOvertimeHours: 12.5 });
    const older = await put(await valid({ weeklyHours: 38 }));
    expect(older.json()).toMatchObject({ partTimeOvertimeHours: 8, fullTimeOvertimeHours: 12.5 });
    const cleared = await put(await valid({ fullTimeOvertimeHours: '' }));
    expect(cleared.json()).toMatchObject({ partTimeOvertimeHours: 8, fullTimeOvertimeHours: null });
    const junk = await put(await valid({ partTimeOvertimeHours: 'a lot' }));
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('partTimeOvertimeHours: must be a number from 0 to 100');
  });

  it('refuses a run of working days that is not a whole number', async () => {
    const before = await current();
    const res = await put(await valid({ maxConsecutiveDays: 5.5 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('maxConsecutiveDays: must be a whole number from 0 to 14');
    expect(await current()).toEqual(before);
  });

  it('refuses junk with a message naming the field, and saves nothing', async () => {
    const cases: [string, unknown][] = [
      ['weeklyHours', 'forty'],
      ['weeklyHours', ''],
      ['weeklyHours', null],
      ['minRestHours', true],
      ['minShiftHours', [4]],
      ['weeklyRestHours', 'plenty'],
      ['maxConsecutiveDays', null],
      ['timeIncrement', 'quarter'],
      ['timeZone', 'Mars/Olympus_Mons'],
      ['timeZone', 42],
    ];
    for (const [field, value] of cases) {
      const before = await current();
      const res = await put(await valid({ [field]: value }));
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json().message.startsWith(`${field}: `)).toBe(true);
      expect(await current()).toEqual(before);
    }
  });

  it('refuses a missing field and an unlisted field', async () => {
    const { weeklyHours: _w, ...withoutWeekly } = await valid();
    const missing = await put(withoutWeekly);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^weeklyHours: /);
    const extra = await put(await valid({ maxNightShifts: 3 }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/maxNightShifts/);
  });

  it('refuses a stale version with 409 STALE and changes nothing', async () => {
    const first = await valid();
    expect((await put({ ...first, weeklyHours: 45 })).statusCode).toBe(200);
    const stale = await put({ ...first, weeklyHours: 30 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE',
      message: 'This record was changed by someone else. Reload to see the latest version.',
    });
    const [row] = await t.database.db.select().from(settings).where(eq(settings.id, 1));
    expect(row).toMatchObject({ weeklyHours: 45, version: 2 });
  });

  it('answers 401 without a session and saves nothing', async () => {
    const body = await valid({ weeklyHours: 50 });
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: { origin: TEST_BASE_URL }, payload: body });
    expect(res.statusCode).toBe(401);
    expect((await current()).weeklyHours).toBe(40);
  });
});
