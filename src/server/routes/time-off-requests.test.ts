// Employees' requests for time off (docs/time-off-requests.md), on PGlite and on PostgreSQL: an
// employee asks for days off and sees their requests; a planner sees the queue with what a request
// takes, approves (an ordinary approved time off appears, audited) or refuses with a reason; the
// employee withdraws what still waits. Another employee's request is not found, and is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiCaller, createTestApp, signInAs, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { auditLog, employees, timeOff, timeOffRequests } from '../db/schema.ts';
import { acceptInvitation, inviteEmployee } from '../employee-accounts/service.ts';
import { createBackup, restoreBackup } from '../backup/backup.ts';

const MONTH = '2030-06';
const PASSWORD = 'tarmac lights at six 8812';

let t: TestApp;
let ewa = '';
let annaCookie = '';
let janCookie = '';
let anna: string;
let jan: string;

async function accountFor(employeeId: string, email: string): Promise<string> {
  const invited = await inviteEmployee(
    { db: t.database.db, auth: t.auth, baseUrl: TEST_BASE_URL, mail: null },
    employeeId,
    {},
    {
      userId: null,
      email: null,
      ipAddress: null,
    },
  );
  await acceptInvitation(t.database.db, t.auth, { token: invited.path.split('#')[1]!, password: PASSWORD }, null);
  return signInAs(t.app, email, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  ewa = await t.signIn('ewa@grafik.test');
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna.nowak@example.com', role: 'Rampa' },
      { firstName: 'Jan', lastName: 'Kowalski', email: 'jan.kowalski@example.com', role: 'Rampa' },
    ])
    .returning();
  [anna, jan] = rows.map((r) => r.id) as [string, string];
  annaCookie = await accountFor(anna, 'anna.nowak@example.com');
  janCookie = await accountFor(jan, 'jan.kowalski@example.com');
  // Anna works on the 10th: a request for the 10th–11th takes that shift.
  expect((await asEwa('PUT', '/api/schedules', { employeeId: anna, date: `${MONTH}-10`, startTime: '05:00', endTime: '13:00' })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

const asEwa = apiCaller(
  () => t.app,
  () => ewa,
);
const asAnna = apiCaller(
  () => t.app,
  () => annaCookie,
);
const asJan = apiCaller(
  () => t.app,
  () => janCookie,
);

describe('time-off requests', () => {
  let asked = '';

  it('lets an employee ask for days off for themselves, and list their own requests', async () => {
    const res = await asAnna('POST', '/api/me/time-off-requests', {
      kind: 'vacation',
      startDate: `${MONTH}-10`,
      endDate: `${MONTH}-11`,
      note: 'Wesele siostry',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'vacation',
      startDate: `${MONTH}-10`,
      endDate: `${MONTH}-11`,
      note: 'Wesele siostry',
      status: 'pending',
      decidedAt: null,
    });
    asked = body.id;
    const list = (await asAnna('GET', '/api/me/time-off-requests')).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([asked]);
    // Jan sees none of Anna's.
    expect((await asJan('GET', '/api/me/time-off-requests')).json()).toEqual([]);
    // A request is not time off: nothing is planned until a planner approves it.
    expect(await t.database.db.select().from(timeOff)).toEqual([]);
  });

  it('refuses a bad request naming what is wrong', async () => {
    const cases: Array<[object, string, string]> = [
      [{ kind: 'vacation', startDate: `${MONTH}-12`, endDate: `${MONTH}-11` }, 'endDate', 'endBeforeStart'],
      [{ kind: 'other', startDate: `${MONTH}-20`, endDate: `${MONTH}-20` }, 'note', 'noteRequired'],
      [{ kind: 'vacation', startDate: '2030-01-01', endDate: '2030-06-30' }, 'endDate', 'requestTooLong'],
      [{ kind: 'vacation', startDate: '2030-02-30', endDate: '2030-03-01' }, 'startDate', 'notInCalendar'],
      [{ kind: 'vacation', startDate: '2020-01-10', endDate: '2020-01-11' }, 'startDate', 'startInPast'],
      [{ kind: 'vacation', startDate: `${MONTH}-20`, endDate: `${MONTH}-20`, note: 'a\tb' }, 'note', 'plainTextLines'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await asAnna('POST', '/api/me/time-off-requests', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 'BAD_REQUEST', field, params: { rule } });
    }
    const sick = await asAnna('POST', '/api/me/time-off-requests', { kind: 'sick', startDate: `${MONTH}-20`, endDate: `${MONTH}-20` });
    expect(sick.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'kind' });
    const someone = await asAnna('POST', '/api/me/time-off-requests', { kind: 'vacation', startDate: `${MONTH}-20`, endDate: `${MONTH}-20`, employeeId: jan });
    expect(someone.statusCode).toBe(400);
    // Days already asked for.
    const again = await asAnna('POST', '/api/me/time-off-requests', { kind: 'onDemand', startDate: `${MONTH}-11`, endDate: `${MONTH}-12` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REQUEST_OVERLAPS' });
    // A planner has no own requests.
    expect((await asEwa('GET', '/api/me/time-off-requests')).json()).toMatchObject({ code: 'EMPLOYEES_ONLY' });
  });

  it('shows the planner a queue, pending first, with a count for the badge, and what the request takes', async () => {
    expect((await asEwa('GET', '/api/time-off-requests/count')).json()).toEqual({ pending: 1 });
    const queue = (await asEwa('GET', '/api/time-off-requests')).json();
    expect(queue.more).toBe(0);
    expect(queue.requests).toEqual([expect.objectContaining({ id: asked, employeeId: anna, employeeName: 'Anna Nowak', role: 'Rampa', status: 'pending' })]);
    const impact = (await asEwa('GET', `/api/time-off/impact?employeeId=${anna}&startDate=${MONTH}-10&endDate=${MONTH}-11`)).json();
    expect(impact.shifts).toEqual([expect.objectContaining({ date: `${MONTH}-10`, startTime: '05:00', endTime: '13:00' })]);
    // The queue and the decisions are the planners': an employee is refused.
    expect((await asAnna('GET', '/api/time-off-requests')).json()).toMatchObject({ code: 'PLANNERS_ONLY' });
    expect((await asAnna('GET', '/api/time-off-requests/count')).statusCode).toBe(403);
    const own = await asAnna('PUT', `/api/time-off-requests/${asked}/decision`, { decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'PLANNERS_ONLY' });
    expect((await asAnna('GET', '/api/me/time-off-requests')).json()[0].status).toBe('pending');
  });

  it('answers another employee’s request as not found, and changes nothing', async () => {
    const res = await asJan('DELETE', `/api/me/time-off-requests/${asked}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body).not.toContain('Anna');
    const [row] = await t.database.db.select().from(timeOffRequests).where(eq(timeOffRequests.id, asked));
    expect(row!.status).toBe('pending');
  });

  it('approves: an ordinary approved time off appears, linked and audited; a second decision gets 409', async () => {
    const res = await asEwa('PUT', `/api/time-off-requests/${asked}/decision`, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: asked, status: 'approved', decisionReason: null });
    const [off] = await t.database.db.select().from(timeOff);
    expect(off).toMatchObject({
      employeeId: anna,
      startDate: `${MONTH}-10`,
      endDate: `${MONTH}-11`,
      kind: 'vacation',
      status: 'approved',
      reason: 'Wesele siostry',
    });
    const [row] = await t.database.db.select().from(timeOffRequests).where(eq(timeOffRequests.id, asked));
    expect(row!.timeOffId).toBe(off!.id);
    expect(row!.decidedBy).not.toBeNull();
    // The planner's time off screen lists it as any other.
    expect((await asEwa('GET', `/api/time-off?month=${MONTH}`)).json()).toEqual([expect.objectContaining({ id: off!.id, status: 'approved' })]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'time-off-request.approved'));
    expect(audit).toEqual([
      expect.objectContaining({ email: 'ewa@grafik.test', detail: expect.objectContaining({ requestId: asked, employeeId: anna, timeOffId: off!.id }) }),
    ]);

    // Decided already: refused by code, and nothing changes.
    const second = await asEwa('PUT', `/api/time-off-requests/${asked}/decision`, { decision: 'refuse', reason: 'Za późno' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'REQUEST_DECIDED', params: { status: 'approved' } });
    const withdraw = await asAnna('DELETE', `/api/me/time-off-requests/${asked}`);
    expect(withdraw.statusCode).toBe(409);
    expect(await t.database.db.select().from(timeOff)).toHaveLength(1);
    // The employee sees it approved, and in their month.
    expect((await asAnna('GET', '/api/me/time-off-requests')).json()[0]).toMatchObject({ status: 'approved' });
    expect((await asEwa('GET', '/api/time-off-requests/count')).json()).toEqual({ pending: 0 });
  });

  it('takes two decisions at once one after the other: one wins, the other gets 409', async () => {
    const id = (await asJan('POST', '/api/me/time-off-requests', { kind: 'onDemand', startDate: `${MONTH}-15`, endDate: `${MONTH}-15` })).json().id;
    const [a, b] = await Promise.all([
      asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'approve' }),
      asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'refuse', reason: 'Brak zastępstwa' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'REQUEST_DECIDED' });
    const jans = await t.database.db.select().from(timeOff).where(eq(timeOff.employeeId, jan));
    expect(jans).toHaveLength(a.statusCode === 200 ? 1 : 0);
  });

  it('refuses only with a reason, which the employee then reads', async () => {
    const id = (await asAnna('POST', '/api/me/time-off-requests', { kind: 'onDemand', startDate: `${MONTH}-20`, endDate: `${MONTH}-20` })).json().id;
    const bare = await asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'refuse' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'reason', params: { rule: 'refusalReasonRequired' } });
    const blank = await asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'refuse', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'maybe', reason: 'x' })).json()).toMatchObject({ field: 'decision' });
    const res = await asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'refuse', reason: 'Tego dnia szkolenie całej zmiany' });
    expect(res.statusCode).toBe(200);
    const mine = (await asAnna('GET', '/api/me/time-off-requests')).json();
    expect(mine.find((r: { id: string }) => r.id === id)).toMatchObject({ status: 'refused', decisionReason: 'Tego dnia szkolenie całej zmiany' });
    expect(
      await t.database.db
        .select()
        .from(timeOff)
        .where(eq(timeOff.startDate, `${MONTH}-20`)),
    ).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'time-off-request.refused'))).not.toEqual([]);
  });

  it('lets the employee withdraw a pending request of their own', async () => {
    const id = (await asAnna('POST', '/api/me/time-off-requests', { kind: 'vacation', startDate: `${MONTH}-25`, endDate: `${MONTH}-26` })).json().id;
    expect((await asAnna('DELETE', `/api/me/time-off-requests/${id}`)).statusCode).toBe(204);
    const mine = (await asAnna('GET', '/api/me/time-off-requests')).json();
    expect(mine.find((r: { id: string }) => r.id === id)).toMatchObject({ status: 'withdrawn' });
    // Withdrawn: no longer in the way of asking for those days again, and no longer decidable.
    expect((await asEwa('PUT', `/api/time-off-requests/${id}/decision`, { decision: 'approve' })).statusCode).toBe(409);
    expect((await asAnna('POST', '/api/me/time-off-requests', { kind: 'vacation', startDate: `${MONTH}-25`, endDate: `${MONTH}-26` })).statusCode).toBe(201);
    expect((await asAnna('DELETE', '/api/me/time-off-requests/not-an-id')).statusCode).toBe(400);
  });

  it('keeps requests in a backup: they belong to the employee record and come back with it', async () => {
    const before = await t.database.db.select().from(timeOffRequests);
    const backup = await createBackup(t.database.db);
    expect((backup.tables.time_off_requests as unknown[]).length).toBe(before.length);
    // A note the API would refuse is refused in a restore too, naming the table and the column.
    const rows = backup.tables.time_off_requests as Array<Record<string, unknown>>;
    await expect(
      restoreBackup(t.database.db, {
        ...backup,
        tables: { ...backup.tables, time_off_requests: rows.map((r, i) => (i === 0 ? { ...r, note: 'a\u0007b' } : r)) },
      }),
    ).rejects.toMatchObject({ code: 'BAD_FIELD', params: { table: 'time_off_requests', column: 'note' } });
    await restoreBackup(t.database.db, backup);
    const after = await t.database.db.select().from(timeOffRequests);
    expect(after.map((r) => [r.id, r.status, r.timeOffId]).sort()).toEqual(before.map((r) => [r.id, r.status, r.timeOffId]).sort());
  });
});
