// Employees' wishes (docs/staff-accounts.md#wishes): an employee reads and replaces their own wishes of a
// month, within the airport's limit, never for a published or a past month; a published month says which
// were met; the generation instance carries them to the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createTestApp, signInAs, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { employees, employeeWishes, monthlyWorkHours } from '../db/schema.ts';
import { acceptInvitation, inviteEmployee } from '../employee-accounts/service.ts';
import { loadInstance } from '../generation/instance.ts';
import { DateTime } from 'luxon';

const NEXT = '2099-05';
const PUBLISHED = '2099-03';
const PAST = '2020-01';
const PASSWORD = 'a quiet hangar at dawn 4471';

let t: TestApp;
let own: string;
let other: string;
let asPlanner: ReturnType<typeof apiCaller>;
let asEmployee: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await createTestApp();
  const planner = await t.signIn('planner@grafik.test');
  asPlanner = apiCaller(
    () => t.app,
    () => planner,
  );
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Hanna', lastName: 'Sowa', email: 'hanna.sowa@example.com', role: 'Rampa' },
      { firstName: 'Marek', lastName: 'Zięba', email: 'marek.zieba@example.com', role: 'Rampa' },
    ])
    .returning();
  [own, other] = rows.map((r) => r.id) as [string, string];
  const invited = await inviteEmployee(
    { db: t.database.db, auth: t.auth, baseUrl: TEST_BASE_URL, mail: null },
    own,
    {},
    { userId: null, email: null, ipAddress: null },
  );
  await acceptInvitation(t.database.db, t.auth, { token: invited.path.split('#')[1]!, password: PASSWORD }, null);
  const cookie = await signInAs(t.app, 'hanna.sowa@example.com', PASSWORD);
  asEmployee = apiCaller(
    () => t.app,
    () => cookie,
  );
  // The published month: wishes stored before it was published, shifts on the 2nd (early) and the 3rd (late).
  await t.database.db.insert(employeeWishes).values([
    { employeeId: own, month: PUBLISHED, date: `${PUBLISHED}-02`, kind: 'noEarly' },
    { employeeId: own, month: PUBLISHED, date: `${PUBLISHED}-03`, kind: 'noEarly' },
    { employeeId: own, month: PUBLISHED, date: `${PUBLISHED}-04`, kind: 'dayOff' },
    { employeeId: other, month: NEXT, date: `${NEXT}-09`, kind: 'work' },
  ]);
  for (const [date, startTime, endTime] of [
    [`${PUBLISHED}-02`, '05:00', '13:00'],
    [`${PUBLISHED}-03`, '14:00', '22:00'],
  ] as const)
    expect((await asPlanner('PUT', '/api/schedules', { employeeId: own, date, startTime, endTime })).statusCode).toBe(201);
  expect((await asPlanner('POST', '/api/publishing', { role: 'Rampa', month: PUBLISHED })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('an employee’s wishes', () => {
  it('are empty at first, with the airport’s limit, for a month still open', async () => {
    const res = await asEmployee('GET', `/api/me/wishes?month=${NEXT}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ month: NEXT, limit: 6, editable: true, lockedBy: null, openFrom: `${NEXT}-01`, published: false, wishes: [] });
  });

  it('are replaced as a month’s whole set, their own only', async () => {
    const put = await asEmployee('PUT', '/api/me/wishes', {
      month: NEXT,
      wishes: [
        { date: `${NEXT}-21`, kind: 'dayOff' },
        { date: `${NEXT}-12`, kind: 'noEarly' },
        { date: `${NEXT}-13`, kind: 'noNight' },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().wishes).toEqual([
      { date: `${NEXT}-12`, kind: 'noEarly', met: null },
      { date: `${NEXT}-13`, kind: 'noNight', met: null },
      { date: `${NEXT}-21`, kind: 'dayOff', met: null },
    ]);
    const again = await asEmployee('PUT', '/api/me/wishes', { month: NEXT, wishes: [{ date: `${NEXT}-12`, kind: 'noLate' }] });
    expect(again.json().wishes).toEqual([{ date: `${NEXT}-12`, kind: 'noLate', met: null }]);
    // The colleague's wish is untouched and never shown.
    const theirs = await t.database.db.select().from(employeeWishes);
    expect(theirs.filter((w) => w.employeeId === other).map((w) => w.date)).toEqual([`${NEXT}-09`]);
    expect((await asEmployee('GET', `/api/me/wishes?month=${NEXT}`)).body).not.toContain(`${NEXT}-09`);
  });

  it('are refused with a code over the limit, outside the month, twice on a date or of an unknown kind; nothing changes', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({ date: `${NEXT}-${String(i + 1).padStart(2, '0')}`, kind: 'dayOff' }));
    const over = await asEmployee('PUT', '/api/me/wishes', { month: NEXT, wishes: seven });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'WISHES_OVER_LIMIT', params: { limit: 6, count: 7 } });
    const outside = await asEmployee('PUT', '/api/me/wishes', { month: NEXT, wishes: [{ date: '2099-06-01', kind: 'dayOff' }] });
    expect(outside.json()).toMatchObject({ code: 'WISH_OUTSIDE_MONTH' });
    const twice = await asEmployee('PUT', '/api/me/wishes', {
      month: NEXT,
      wishes: [
        { date: `${NEXT}-02`, kind: 'dayOff' },
        { date: `${NEXT}-02`, kind: 'noLate' },
      ],
    });
    expect(twice.json()).toMatchObject({ code: 'WISH_DATE_TWICE' });
    const unknown = await asEmployee('PUT', '/api/me/wishes', { month: NEXT, wishes: [{ date: `${NEXT}-02`, kind: 'early' }] });
    expect(unknown.statusCode).toBe(400);
    expect((await asEmployee('GET', `/api/me/wishes?month=${NEXT}`)).json().wishes).toEqual([{ date: `${NEXT}-12`, kind: 'noLate', met: null }]);
  });

  it('take no new wish on a day already begun in the current month, and keep one that was there before', async () => {
    const { timeZone } = (await asPlanner('GET', '/api/settings')).json() as { timeZone: string };
    const now = DateTime.now().setZone(timeZone);
    const month = now.toFormat('yyyy-MM');
    const today = now.toISODate()!;
    const tomorrow = now.plus({ days: 1 }).toISODate()!;
    expect((await asEmployee('GET', `/api/me/wishes?month=${month}`)).json()).toMatchObject({ editable: true, openFrom: tomorrow });
    const refused = await asEmployee('PUT', '/api/me/wishes', { month, wishes: [{ date: today, kind: 'dayOff' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'WISH_DAY_PAST', field: 'wishes', params: { date: today, from: tomorrow } });
    // A wish put on the day before it began stays when the others change, but it is not changed any more.
    await t.database.db.insert(employeeWishes).values({ employeeId: own, month, date: today, kind: 'noEarly' });
    const kept = await asEmployee('PUT', '/api/me/wishes', { month, wishes: [{ date: today, kind: 'noEarly' }] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().wishes).toEqual([{ date: today, kind: 'noEarly', met: null }]);
    const changed = await asEmployee('PUT', '/api/me/wishes', { month, wishes: [{ date: today, kind: 'noLate' }] });
    expect(changed.json()).toMatchObject({ code: 'WISH_DAY_PAST' });
    expect((await asEmployee('PUT', '/api/me/wishes', { month, wishes: [] })).json().wishes).toEqual([]);
  });

  it('cannot change once the month is published, and say which the published shifts met', async () => {
    const res = await asEmployee('GET', `/api/me/wishes?month=${PUBLISHED}`);
    expect(res.json()).toEqual({
      month: PUBLISHED,
      limit: 6,
      editable: false,
      lockedBy: 'published',
      openFrom: `${PUBLISHED}-01`,
      published: true,
      wishes: [
        { date: `${PUBLISHED}-02`, kind: 'noEarly', met: false },
        { date: `${PUBLISHED}-03`, kind: 'noEarly', met: true },
        { date: `${PUBLISHED}-04`, kind: 'dayOff', met: true },
      ],
    });
    const put = await asEmployee('PUT', '/api/me/wishes', { month: PUBLISHED, wishes: [] });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'WISHES_MONTH_PUBLISHED', params: { month: PUBLISHED } });
  });

  it('cannot change for a past month, nor when the airport takes none', async () => {
    const past = await asEmployee('PUT', '/api/me/wishes', { month: PAST, wishes: [] });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ code: 'WISHES_MONTH_PAST' });
    const settings = (await asPlanner('GET', '/api/settings')).json();
    const off = await asPlanner('PUT', '/api/settings', { ...pick(settings), maxWishesPerMonth: 0 });
    expect(off.statusCode).toBe(200);
    expect((await asEmployee('GET', `/api/me/wishes?month=${NEXT}`)).json()).toMatchObject({ limit: 0, editable: false, lockedBy: 'off' });
    expect((await asEmployee('PUT', '/api/me/wishes', { month: NEXT, wishes: [] })).json()).toMatchObject({ code: 'WISHES_OFF' });
    // …and the generation instance carries none then.
    await t.database.db.insert(monthlyWorkHours).values({ month: 4, year: 2099, requiredHours: 168 });
    const none = await loadInstance(t.database.db, 'Rampa', NEXT);
    expect(none.instance.employees.every((e) => e.wishes === undefined)).toBe(true);
    const back = await asPlanner('PUT', '/api/settings', { ...pick(off.json()), maxWishesPerMonth: 2 });
    expect(back.statusCode).toBe(200);
    const three = await asEmployee('PUT', '/api/me/wishes', {
      month: NEXT,
      wishes: [1, 2, 3].map((d) => ({ date: `${NEXT}-0${d}`, kind: 'dayOff' })),
    });
    expect(three.json()).toMatchObject({ code: 'WISHES_OVER_LIMIT', params: { limit: 2 } });
  });

  it('go into the generation instance, each employee’s own, and none for one without', async () => {
    const { instance } = await loadInstance(t.database.db, 'Rampa', NEXT);
    const byId = new Map(instance.employees.map((e) => [e.id, e]));
    expect(byId.get(own)!.wishes).toEqual([{ date: `${NEXT}-12`, kind: 'noLate' }]);
    expect(byId.get(other)!.wishes).toEqual([{ date: `${NEXT}-09`, kind: 'work' }]);
  });
});

/** The fields PUT /api/settings takes, from what GET gave. */
function pick(s: Record<string, unknown>) {
  const { timeIncrement, minRestHours, weeklyHours, minShiftHours, timeZone, version } = s;
  return { timeIncrement, minRestHours, weeklyHours, minShiftHours, timeZone, version };
}
