// Shift swaps (docs/swaps.md), on PGlite and on PostgreSQL: an employee offers a published shift; a
// colleague who would break a rule with it is refused, one who may take it takes it; the planner
// approves, and the shift is the colleague's in the plan, in both employees' published months and in
// the month's journal, with the published copy still matching the plan. An offer to a named colleague
// is nobody else's to take, a changed shift is not carried out, a refusal needs a reason, and nobody
// withdraws another's offer. A shift whose tasks need a licence the giver holds goes only to a colleague
// who holds it on that day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiCaller, createTestApp, signInAs, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { auditLog, employees, publishedMonths, scheduleEdits, schedules, settings, shiftSwaps } from '../db/schema.ts';
import { acceptInvitation, inviteEmployee } from '../employee-accounts/service.ts';
import { createBackup } from '../backup/backup.ts';

const MONTH = '2030-06';
const DRAFT = '2030-07';
const PASSWORD = 'tarmac lights at six 8812';

let t: TestApp;
let ewa = '';
const cookies = { anna: '', jan: '', ola: '' };
const ids = { anna: '', jan: '', ola: '' };

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

const asEwa = apiCaller(
  () => t.app,
  () => ewa,
);
const as = (who: keyof typeof cookies) =>
  apiCaller(
    () => t.app,
    () => cookies[who],
  );
const shift = (employeeId: string, date: string, startTime: string, endTime: string) =>
  asEwa('PUT', '/api/schedules', { employeeId, date, startTime, endTime }).then((r) => expect(r.statusCode, r.body).toBe(201));
const myDates = async (who: keyof typeof cookies, month = MONTH) =>
  ((await as(who)('GET', `/api/me/month?month=${month}`)).json().shifts as Array<{ date: string }>).map((s) => s.date);

beforeAll(async () => {
  t = await createTestApp();
  ewa = await t.signIn('ewa@grafik.test');
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna.nowak@example.com', role: 'Rampa' },
      { firstName: 'Jan', lastName: 'Kowalski', email: 'jan.kowalski@example.com', role: 'Rampa' },
      { firstName: 'Ola', lastName: 'Wiśniewska', email: 'ola.w@example.com', role: 'Rampa' },
    ])
    .returning();
  [ids.anna, ids.jan, ids.ola] = rows.map((r) => r.id) as [string, string, string];
  cookies.anna = await accountFor(ids.anna, 'anna.nowak@example.com');
  cookies.jan = await accountFor(ids.jan, 'jan.kowalski@example.com');
  cookies.ola = await accountFor(ids.ola, 'ola.w@example.com');
  // Anna works early on the 10th and the 20th; Jan works late on the 9th, ending 7 hours before the
  // 10th's early shift begins, so that he may not take it (11 hours of rest).
  await shift(ids.anna, `${MONTH}-10`, '05:00', '13:00');
  await shift(ids.anna, `${MONTH}-20`, '05:00', '13:00');
  await shift(ids.jan, `${MONTH}-09`, '14:00', '22:00');
  await shift(ids.anna, `${DRAFT}-03`, '05:00', '13:00');
  expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
  await t.database.db.update(settings).set({ showColleagues: true });
});
afterAll(async () => t?.close());

describe('shift swaps', () => {
  let offered = '';

  it('lets an employee offer their published shift to anyone of the group, and shows it to colleagues with what stands in their way', async () => {
    const res = await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-10`, note: 'Wizyta u lekarza' });
    expect(res.statusCode, res.body).toBe(201);
    offered = res.json().id;
    expect(res.json()).toMatchObject({
      date: `${MONTH}-10`,
      startTime: '05:00',
      endTime: '13:00',
      hours: 8,
      status: 'open',
      note: 'Wizyta u lekarza',
      offeredBy: { id: ids.anna, name: 'Anna Nowak' },
      offeredTo: null,
      takenBy: null,
    });
    const anna = (await as('anna')('GET', '/api/me/swaps')).json();
    expect(anna.mine.map((s: { id: string }) => s.id)).toEqual([offered]);
    expect(anna.colleagues.map((c: { name: string }) => c.name).sort()).toEqual(['Jan Kowalski', 'Ola Wiśniewska']);
    // Of a colleague, a name only: no address, no phone.
    const listed = (await as('ola')('GET', '/api/me/swaps')).body;
    expect(listed).not.toMatch(/@example\.com/);

    const ola = (await as('ola')('GET', '/api/me/swaps')).json();
    expect(ola.forMe).toHaveLength(1);
    expect(ola.forMe[0]).toMatchObject({ id: offered, problems: [] });
    // Jan's late shift the day before leaves him 7 hours of rest: the rest rule stands in his way.
    const jan = (await as('jan')('GET', '/api/me/swaps')).json();
    expect(jan.forMe[0].problems).toEqual([expect.objectContaining({ kind: 'rule', rule: 'R7', date: `${MONTH}-10` })]);
  });

  it('refuses a colleague the rules forbid, and a second offer of the same shift, a draft month’s shift and a past one', async () => {
    const refused = await as('jan')('POST', `/api/me/swaps/${offered}/take`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SWAP_NOT_ALLOWED', params: { problems: [expect.objectContaining({ kind: 'rule', rule: 'R7' })] } });
    expect((await t.database.db.select().from(shiftSwaps).where(eq(shiftSwaps.id, offered)))[0]!.status).toBe('open');

    expect((await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-10` })).json().code).toBe('SWAP_ALREADY_OFFERED');
    const draft = await as('anna')('POST', '/api/me/swaps', { date: `${DRAFT}-03` });
    expect([draft.statusCode, draft.json().code]).toEqual([409, 'SWAP_NO_SHIFT']);
    const past = await as('anna')('POST', '/api/me/swaps', { date: '2020-01-10' });
    expect([past.statusCode, past.json().field]).toEqual([400, 'date']);
    const control = await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-20`, note: 'Zamiana\u0007' });
    expect([control.statusCode, control.json().field]).toEqual([400, 'note']);
    // Nobody's own shift to offer where they have none.
    expect((await as('ola')('POST', '/api/me/swaps', { date: `${MONTH}-10` })).json().code).toBe('SWAP_NO_SHIFT');
  });

  it('lets a colleague who may take it take it, for the planner to decide, with both people’s hours', async () => {
    const taken = await as('ola')('POST', `/api/me/swaps/${offered}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'accepted', takenBy: { id: ids.ola, name: 'Ola Wiśniewska' } });
    // Taken once: a second taker finds it taken.
    expect((await as('jan')('POST', `/api/me/swaps/${offered}/take`)).json().code).toBe('SWAP_DECIDED');
    expect((await asEwa('GET', '/api/swaps/count')).json()).toEqual({ waiting: 1 });
    const queue = (await asEwa('GET', '/api/swaps')).json();
    expect(queue.swaps[0]).toMatchObject({
      id: offered,
      role: 'Rampa',
      status: 'accepted',
      problems: [],
      hours: 8,
      monthHours: { giver: { before: 16, after: 8 }, taker: { before: 0, after: 8 } },
    });
    // Until a planner decides, the plan is as it was.
    expect(await myDates('anna')).toEqual([`${MONTH}-10`, `${MONTH}-20`]);
    expect(await myDates('ola')).toEqual([]);
  });

  it('carries an approved swap out: the plan, both published months, the journal and the audit log', async () => {
    const res = await asEwa('PUT', `/api/swaps/${offered}/decision`, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });

    const day = await t.database.db
      .select()
      .from(schedules)
      .where(eq(schedules.date, `${MONTH}-10`));
    expect(day.map((s) => s.employeeId)).toEqual([ids.ola]);
    expect(await myDates('anna')).toEqual([`${MONTH}-20`]);
    expect(await myDates('ola')).toEqual([`${MONTH}-10`]);
    // The published copy was changed with the plan: nothing waits to be published again.
    const status = (await asEwa('GET', `/api/publishing?role=Rampa&month=${MONTH}`)).json();
    expect(status).toMatchObject({ changes: 0 });
    const [publication] = await t.database.db.select().from(publishedMonths).where(eq(publishedMonths.role, 'Rampa'));
    expect(publication!.version).toBe(2);
    const journal = await t.database.db.select().from(scheduleEdits).where(eq(scheduleEdits.action, 'swapped'));
    expect(journal.map((e) => e.employeeId).sort()).toEqual([ids.anna, ids.ola].sort());
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shift-swap.approved'));
    expect(audit!.detail).toMatchObject({ swapId: offered, from: ids.anna, to: ids.ola, date: `${MONTH}-10` });

    expect((await asEwa('PUT', `/api/swaps/${offered}/decision`, { decision: 'approve' })).json().code).toBe('SWAP_DECIDED');
    expect((await as('anna')('GET', '/api/me/swaps')).json().mine[0]).toMatchObject({ id: offered, status: 'approved' });
  });

  it('keeps an offer to a named colleague theirs: another neither sees it nor takes it; nobody withdraws another’s offer', async () => {
    const res = await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-20`, offeredTo: ids.jan });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.json().offeredTo).toEqual({ id: ids.jan, name: 'Jan Kowalski' });
    expect((await as('ola')('GET', '/api/me/swaps')).json().forMe.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await as('ola')('POST', `/api/me/swaps/${id}/take`)).statusCode).toBe(404);
    expect((await as('jan')('DELETE', `/api/me/swaps/${id}`)).statusCode).toBe(404);
    expect((await as('jan')('GET', '/api/me/swaps')).json().forMe.map((s: { id: string }) => s.id)).toContain(id);
    // An unknown colleague is refused by name of the field.
    const stranger = await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-20`, offeredTo: '00000000-0000-4000-8000-000000000000' });
    expect([stranger.statusCode, stranger.json().field]).toEqual([404, 'offeredTo']);

    expect((await as('anna')('DELETE', `/api/me/swaps/${id}`)).statusCode).toBe(204);
    expect((await as('jan')('POST', `/api/me/swaps/${id}/take`)).json().code).toBe('SWAP_DECIDED');
  });

  it('does not carry out a swap whose shift a planner changed, and a refusal needs the reason both employees read', async () => {
    const id = (await as('anna')('POST', '/api/me/swaps', { date: `${MONTH}-20` })).json().id;
    expect((await as('ola')('POST', `/api/me/swaps/${id}/take`)).statusCode).toBe(200);
    // The planner moves the shift meanwhile: the swap offered 05:00–13:00 is not carried out.
    const [row] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, ids.anna), eq(schedules.date, `${MONTH}-20`)));
    const edited = await asEwa('PUT', '/api/schedules', {
      employeeId: ids.anna,
      date: `${MONTH}-20`,
      startTime: '06:00',
      endTime: '14:00',
      version: row!.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await asEwa('PUT', `/api/swaps/${id}/decision`, { decision: 'approve' });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'SWAP_SHIFT_CHANGED']);
    expect(await myDates('ola')).toEqual([`${MONTH}-10`]);

    const noReason = await asEwa('PUT', `/api/swaps/${id}/decision`, { decision: 'refuse', reason: '  ' });
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    const refused = await asEwa('PUT', `/api/swaps/${id}/decision`, { decision: 'refuse', reason: 'Zmiana została przesunięta.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await as('anna')('GET', '/api/me/swaps')).json().mine[0]).toMatchObject({ id, status: 'refused', decisionReason: 'Zmiana została przesunięta.' });
    expect((await asEwa('GET', '/api/swaps/count')).json()).toEqual({ waiting: 0 });
  });

  it('is kept in backups', async () => {
    const backup = await createBackup(t.database.db);
    expect((backup.tables.shift_swaps ?? []).length).toBe(3);
  });
});

describe('a shift whose tasks need a qualification', () => {
  // Anna holds the pushback licence; Ola and Jan do not. On the 25th a B738 leaves at 09:00, and its
  // pushback (08:50–09:05) needs the licence; Anna's early shift of that day covers it.
  const day = `${MONTH}-25`;
  let id = '';

  beforeAll(async () => {
    expect((await asEwa('POST', '/api/qualifications', { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug' })).statusCode).toBe(201);
    const held = await asEwa('PUT', `/api/employees/${ids.anna}/qualifications`, { qualifications: [{ code: 'PUSHBACK' }] });
    expect(held.statusCode, held.body).toBe(200);
    const rules = await asEwa('PUT', '/api/handling-rules', {
      rules: [
        {
          aircraftType: 'B738',
          tasks: [{ name: 'pushback', group: 'Rampa', staff: 1, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -10, endOffset: 5 }],
        },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const flight = await asEwa('POST', '/api/flights', {
      flightNumber: 'LO3901',
      departureTime: `${day}T09:00`,
      aircraftType: 'B738',
      requiredStaff: { Rampa: 1 },
    });
    expect(flight.statusCode, flight.body).toBe(201);
    await shift(ids.anna, day, '05:00', '13:00');
    const { publication } = (await asEwa('GET', `/api/publishing?role=Rampa&month=${MONTH}`)).json();
    const published = await asEwa('POST', '/api/publishing', { role: 'Rampa', month: MONTH, version: publication.version });
    expect(published.statusCode, published.body).toBe(200);
    const offered = await as('anna')('POST', '/api/me/swaps', { date: day });
    expect(offered.statusCode, offered.body).toBe(201);
    id = offered.json().id;
  });

  it('names the licence a colleague lacks, refuses them the shift, and lets it go once they hold it', async () => {
    const lacking = { kind: 'qualification', qualifications: [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug' }] };
    const seen = (await as('ola')('GET', '/api/me/swaps')).json().forMe.find((s: { id: string }) => s.id === id);
    expect(seen.problems).toEqual([lacking]);
    const refused = await as('ola')('POST', `/api/me/swaps/${id}/take`);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'SWAP_NOT_ALLOWED']);
    expect(refused.json().params.problems).toEqual([lacking]);

    // A licence that ends the day before does not count on the day.
    await asEwa('PUT', `/api/employees/${ids.ola}/qualifications`, { qualifications: [{ code: 'PUSHBACK', validUntil: `${MONTH}-24` }] });
    expect((await as('ola')('POST', `/api/me/swaps/${id}/take`)).json().code).toBe('SWAP_NOT_ALLOWED');

    await asEwa('PUT', `/api/employees/${ids.ola}/qualifications`, { qualifications: [{ code: 'PUSHBACK', validUntil: `${MONTH}-30` }] });
    const taken = await as('ola')('POST', `/api/me/swaps/${id}/take`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'accepted', takenBy: { id: ids.ola } });
  });
});
