// Publishing a group's month (docs/publishing.md), on PGlite and on PostgreSQL: publish, edit and see
// each change since publication with who made it; publish again; reset the draft to the published
// version; and the confirmation that generating or clearing a published month asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lte } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { airportHours, employees, monthlyWorkHours, schedules } from '../db/schema.ts';

const MONTH = '2027-02';
let t: TestApp;
let ewa: string;
let olek: string;
let anna: string;
let jan: string;
let piotr: string;

beforeAll(async () => {
  t = await createTestApp();
  ewa = await t.signIn('ewa@grafik.test');
  olek = await t.signIn('olek@grafik.test');
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' },
      { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.com', role: 'Rampa' },
      { firstName: 'Piotr', lastName: 'Wiśniewski', email: 'piotr@example.com', role: 'Rampa' },
    ])
    .returning();
  [anna, jan, piotr] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(async () => t.close());

const asEwa = apiCaller(
  () => t.app,
  () => ewa,
);
const asOlek = apiCaller(
  () => t.app,
  () => olek,
);
const status = async () => (await asEwa('GET', `/api/publishing?role=Rampa&month=${MONTH}`)).json();
const changes = async () => (await asEwa('GET', `/api/publishing/changes?role=Rampa&month=${MONTH}`)).json();
const put = (call: typeof asEwa, employeeId: string, date: string, startTime: string, endTime: string, version?: number) =>
  call('PUT', '/api/schedules', { employeeId, date, startTime, endTime, ...(version ? { version } : {}) });
const monthShifts = async () =>
  (
    await t.database.db
      .select()
      .from(schedules)
      .where(and(gte(schedules.date, `${MONTH}-01`), lte(schedules.date, `${MONTH}-28`)))
  )
    .map(
      (s) =>
        `${s.employeeId === anna ? 'Anna' : s.employeeId === jan ? 'Jan' : 'Piotr'} ${s.date} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} ${s.source}`,
    )
    .sort();

describe('publishing a group’s month', () => {
  it('is a draft until published: no publication, no changes', async () => {
    expect(await status()).toEqual({ role: 'Rampa', month: MONTH, publication: null, changes: 0, lastEditId: 0, told: 0 });
  });

  it('freezes the month’s shifts with who published it and when', async () => {
    expect((await put(asEwa, anna, `${MONTH}-01`, '06:00', '14:00')).statusCode).toBe(201);
    expect((await put(asEwa, jan, `${MONTH}-01`, '14:00', '22:00')).statusCode).toBe(201);
    // Another group's shift is not part of this month's publication.
    const before = Date.now();
    const res = await asEwa('POST', '/api/publishing', { role: 'Rampa', month: MONTH });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.publication).toMatchObject({ publishedBy: 'ewa', version: 1, shiftCount: 2 });
    expect(Date.parse(body.publication.publishedAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect(body.changes).toBe(0);
    expect((await changes()).list).toEqual([]);
  });

  it('shows every later edit as a change since publication, with who made it and when', async () => {
    const [annaShift] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, anna), eq(schedules.date, `${MONTH}-01`)));
    expect((await put(asOlek, anna, `${MONTH}-01`, '07:00', '15:00', annaShift!.version)).statusCode).toBe(200);
    const [janShift] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, jan), eq(schedules.date, `${MONTH}-01`)));
    expect((await asEwa('DELETE', `/api/schedules?employeeId=${jan}&date=${MONTH}-01&version=${janShift!.version}`)).statusCode).toBe(204);
    expect((await put(asOlek, piotr, `${MONTH}-03`, '10:00', '18:00')).statusCode).toBe(201);

    const answer = await changes();
    expect(answer.changes).toBe(3);
    const said = answer.list.map((c: Record<string, unknown>) => [c.firstName, c.date, c.kind, c.how, c.by]);
    expect(said).toEqual([
      ['Jan', `${MONTH}-01`, 'removed', 'deleted', 'ewa'],
      ['Anna', `${MONTH}-01`, 'changed', 'saved', 'olek'],
      ['Piotr', `${MONTH}-03`, 'added', 'saved', 'olek'],
    ]);
    const annaChange = answer.list.find((c: { firstName: string }) => c.firstName === 'Anna');
    expect(annaChange.before).toEqual({ startTime: '06:00', endTime: '14:00', endDate: `${MONTH}-01`, totalHours: 8, source: 'manual' });
    expect(annaChange.after).toMatchObject({ startTime: '07:00', endTime: '15:00' });
    expect(Number.isNaN(Date.parse(annaChange.at))).toBe(false);
    expect((await status()).changes).toBe(3);
  });

  it('counts in its status exactly the changes it lists: a night shift’s next-day end, and an employee who moved to another group', async () => {
    const LATER = '2027-08';
    const statusOf = async () => (await asEwa('GET', `/api/publishing?role=Rampa&month=${LATER}`)).json();
    const listOf = async () => (await asEwa('GET', `/api/publishing/changes?role=Rampa&month=${LATER}`)).json();
    const moved = (
      await t.database.db.insert(employees).values({ firstName: 'Zofia', lastName: 'Lis', email: 'zofia@example.com', role: 'Rampa' }).returning()
    )[0]!.id;
    expect((await put(asEwa, moved, `${LATER}-02`, '06:00', '14:00')).statusCode).toBe(201);
    expect((await put(asEwa, piotr, `${LATER}-02`, '14:00', '22:00')).statusCode).toBe(201);
    expect((await put(asEwa, anna, `${LATER}-05`, '06:00', '14:00')).statusCode).toBe(201);
    expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: LATER })).statusCode).toBe(200);
    expect(await statusOf()).toMatchObject({ changes: 0, publication: { shiftCount: 3 } });

    // The same start, a next-day end: a change. Zofia's shift leaves the group with her: a change too.
    const [night] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, piotr), eq(schedules.date, `${LATER}-02`)));
    const overnight = await asEwa('PUT', '/api/schedules', {
      employeeId: piotr,
      date: `${LATER}-02`,
      startTime: '14:00',
      endTime: '06:00',
      endDate: `${LATER}-03`,
      version: night!.version,
    });
    expect(overnight.statusCode, overnight.body).toBe(200);
    await t.database.db.update(employees).set({ role: 'Koordynator' }).where(eq(employees.id, moved));
    // Saved again with the same times: not a change.
    const [same] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, anna), eq(schedules.date, `${LATER}-05`)));
    expect((await put(asEwa, anna, `${LATER}-05`, '06:00', '14:00', same!.version)).statusCode).toBe(200);

    const list = await listOf();
    expect(list.list.map((c: { firstName: string; kind: string }) => `${c.firstName} ${c.kind}`)).toEqual(['Zofia removed', 'Piotr changed']);
    expect(await statusOf()).toMatchObject({ changes: 2, publication: { shiftCount: 3 } });
  });

  it('marks each shift of the month’s answer as the planner’s or the generator’s', async () => {
    const month = (await asEwa('GET', `/api/month?month=${MONTH}`)).json();
    expect(month.schedules.map((s: { source: string }) => s.source)).toEqual(['manual', 'manual']);
  });

  it('publishes again only from the version the planner saw, and then has no changes', async () => {
    const stale = await asEwa('POST', '/api/publishing', { role: 'Rampa', month: MONTH });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    const again = await asEwa('POST', '/api/publishing', { role: 'Rampa', month: MONTH, version: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ publication: { version: 2, shiftCount: 2 }, changes: 0 });
    expect((await changes()).list).toEqual([]);
  });

  it('resets the draft to the published version, refusing when the month changed since the planner looked', async () => {
    const seen = await status();
    expect((await put(asOlek, jan, `${MONTH}-05`, '06:00', '12:00')).statusCode).toBe(201);
    // The planner's view predates Olek's save: nothing is reset.
    const stale = await asEwa('POST', '/api/publishing/reset', { role: 'Rampa', month: MONTH, version: seen.publication.version, lastEditId: seen.lastEditId });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    expect(await monthShifts()).toContain(`Jan ${MONTH}-05 06:00–12:00 manual`);

    const now = await status();
    expect(now.changes).toBe(1);
    const reset = await asEwa('POST', '/api/publishing/reset', { role: 'Rampa', month: MONTH, version: now.publication.version, lastEditId: now.lastEditId });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ restored: 2, changes: 0 });
    expect(await monthShifts()).toEqual([`Anna ${MONTH}-01 07:00–15:00 manual`, `Piotr ${MONTH}-03 10:00–18:00 manual`]);
  });

  it('refuses a reset whose published shifts would overlap a night shift saved since at the month’s edges, and changes nothing', async () => {
    const may = '2027-05';
    const save = (employeeId: string, date: string, startTime: string, endTime: string, endDate = date, version?: number) =>
      asEwa('PUT', '/api/schedules', { employeeId, date, startTime, endTime, endDate, ...(version ? { version } : {}) });
    const status = async () => (await asEwa('GET', `/api/publishing?role=Rampa&month=${may}`)).json();
    const first = await save(anna, `${may}-01`, '06:00', '14:00');
    const last = await save(jan, `${may}-31`, '22:00', '06:00', '2027-06-01');
    expect([first.statusCode, last.statusCode]).toEqual([201, 201]);
    expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: may })).statusCode).toBe(200);
    // Since publication: Anna starts later on the 1st and works the night before it, in April;
    // Jan's last night became an evening, and he opens the 1st of June.
    expect((await save(anna, `${may}-01`, '08:00', '16:00', `${may}-01`, first.json().version)).statusCode).toBe(200);
    expect((await save(anna, '2027-04-30', '22:00', '07:00', `${may}-01`)).statusCode).toBe(201);
    expect((await save(jan, `${may}-31`, '14:00', '22:00', `${may}-31`, last.json().version)).statusCode).toBe(200);
    expect((await save(jan, '2027-06-01', '04:00', '12:00')).statusCode).toBe(201);

    const seen = await status();
    const reset = () => asEwa('POST', '/api/publishing/reset', { role: 'Rampa', month: may, version: seen.publication.version, lastEditId: seen.lastEditId });
    const refused = await reset();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'RESET_OVERLAP',
      params: { name: 'Anna Nowak', date: `${may}-01`, startTime: '06:00', endTime: '14:00', otherDate: '2027-04-30', otherStart: '22:00', otherEnd: '07:00' },
    });
    const kept = async () =>
      (
        await t.database.db
          .select()
          .from(schedules)
          .where(and(gte(schedules.date, '2027-04-30'), lte(schedules.date, '2027-06-01')))
      )
        .map((s) => `${s.date} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}`)
        .sort();
    const before = await kept();
    expect(before).toEqual(['2027-04-30 22:00–07:00', `${may}-01 08:00–16:00`, `${may}-31 14:00–22:00`, '2027-06-01 04:00–12:00']);

    // With April's night gone, the other edge stands in the way: Jan's published night into June.
    const night = (await asEwa('GET', `/api/month?month=2027-04`)).json().schedules.find((s: { date: string }) => s.date === '2027-04-30');
    expect((await asEwa('DELETE', `/api/schedules?employeeId=${anna}&date=2027-04-30&version=${night.version}`)).statusCode).toBe(204);
    const seenAgain = await status();
    const second = await asEwa('POST', '/api/publishing/reset', {
      role: 'Rampa',
      month: may,
      version: seenAgain.publication.version,
      lastEditId: seenAgain.lastEditId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().params).toMatchObject({
      name: 'Jan Kowalski',
      date: `${may}-31`,
      startTime: '22:00',
      endTime: '06:00',
      otherDate: '2027-06-01',
      otherStart: '04:00',
    });
    expect(await kept()).toEqual([`${may}-01 08:00–16:00`, `${may}-31 14:00–22:00`, '2027-06-01 04:00–12:00']);
  });

  it('refuses to reset a month that was never published', async () => {
    const res = await asEwa('POST', '/api/publishing/reset', { role: 'Rampa', month: '2027-03', version: 1, lastEditId: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_PUBLISHED');
  });

  it('names an unknown group and a bad month', async () => {
    const unknown = await asEwa('GET', `/api/publishing?role=Nobody&month=${MONTH}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', field: 'role' });
    const bad = await asEwa('POST', '/api/publishing', { role: 'Rampa', month: '2027-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('month');
  });

  it('needs a session', async () => {
    const res = await asEwa('GET', `/api/publishing?role=Rampa&month=${MONTH}`, undefined, false);
    expect(res.statusCode).toBe(401);
  });
});

describe('generating or clearing a published month', () => {
  it('asks for a confirmation that says what would change, and changes nothing without it', async () => {
    const clear = await asEwa('POST', '/api/generation/clear', { role: 'Rampa', month: MONTH });
    expect(clear.statusCode).toBe(409);
    expect(clear.json()).toMatchObject({ code: 'MONTH_PUBLISHED', params: { action: 'clear', publishedShifts: 2, affected: 2 } });
    const generate = await asEwa('POST', '/api/generation', { role: 'Rampa', month: MONTH });
    expect(generate.statusCode).toBe(409);
    // Only generated shifts are replaced by default: the two planner's shifts stay.
    expect(generate.json()).toMatchObject({ code: 'MONTH_PUBLISHED', params: { action: 'generate', publishedShifts: 2, affected: 0 } });
    expect(await monthShifts()).toHaveLength(2);
  });

  it('generates when confirmed, and the generated shifts show as changes made by the generation', async () => {
    await t.database.db.insert(monthlyWorkHours).values({ month: 1, year: 2027, requiredHours: 40 });
    await t.database.db
      .insert(airportHours)
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '06:00', closingTime: '14:00', minimumStaff: 1, month: 1, year: 2027 })),
      );
    const res = await asOlek('POST', '/api/generation', { role: 'Rampa', month: MONTH, confirmPublished: true });
    expect(res.statusCode).toBe(200);
    const answer = await changes();
    const generated = answer.list.filter((c: { after: { source: string } | null }) => c.after?.source === 'generated');
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.every((c: { how: string; by: string }) => c.how === 'generated' && c.by === 'olek')).toBe(true);
  });

  it('clears when confirmed', async () => {
    const res = await asEwa('POST', '/api/generation/clear', { role: 'Rampa', month: MONTH, confirmPublished: true });
    expect(res.statusCode).toBe(200);
    expect(await monthShifts()).toEqual([]);
    const answer = await changes();
    expect(answer.list.map((c: { kind: string; how: string }) => [c.kind, c.how])).toEqual([
      ['removed', 'cleared'],
      ['removed', 'cleared'],
    ]);
  });

  it('a draft month is generated and cleared without a confirmation', async () => {
    const res = await asEwa('POST', '/api/generation/clear', { role: 'Rampa', month: '2027-04' });
    expect(res.statusCode).toBe(200);
  });
});

describe('who publishing again told of a change', () => {
  const may = '2027-07';
  const changesOf = async (month: string) => (await asEwa('GET', `/api/publishing/changes?role=Rampa&month=${month}`)).json();
  const statusOf = async (month: string) => (await asEwa('GET', `/api/publishing?role=Rampa&month=${month}`)).json();

  it('names each person whose shifts the new publication changed, and whether their calendar has fetched it', async () => {
    expect((await put(asEwa, anna, `${may}-03`, '06:00', '14:00')).statusCode).toBe(201);
    expect((await put(asEwa, piotr, `${may}-03`, '14:00', '22:00')).statusCode).toBe(201);
    expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: may })).statusCode).toBe(200);
    // A first publication tells everybody their whole month: nobody is told "of a change".
    expect((await statusOf(may)).told).toBe(0);
    expect((await changesOf(may)).notices).toEqual([]);

    // Anna's shift moves, Jan gets a shift on two days; Piotr's stays as published.
    const annas = (await asEwa('GET', `/api/month?month=${may}`)).json().schedules.find((s: { employeeId: string }) => s.employeeId === anna);
    expect((await put(asEwa, anna, `${may}-03`, '07:00', '15:00', annas.version)).statusCode).toBe(200);
    expect((await put(asEwa, jan, `${may}-04`, '06:00', '14:00')).statusCode).toBe(201);
    expect((await put(asEwa, jan, `${may}-05`, '06:00', '14:00')).statusCode).toBe(201);
    const feed = await asEwa('POST', `/api/employees/${jan}/calendar-feed`);
    expect(feed.statusCode).toBe(201);
    const before = await statusOf(may);
    expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: may, version: before.publication.version })).statusCode).toBe(200);

    expect((await statusOf(may)).told).toBe(2);
    const told = (await changesOf(may)).notices;
    expect(told).toEqual([
      { employeeId: jan, firstName: 'Jan', lastName: 'Kowalski', changes: 2, calendar: 'waiting', fetchedAt: null },
      { employeeId: anna, firstName: 'Anna', lastName: 'Nowak', changes: 1, calendar: 'none', fetchedAt: null },
    ]);

    // Jan's phone fetches his calendar: the change has reached him.
    const fetched = await t.app.inject({ method: 'GET', url: feed.json().path });
    expect(fetched.statusCode).toBe(200);
    const [janNow] = (await changesOf(may)).notices;
    expect(janNow).toMatchObject({ firstName: 'Jan', calendar: 'fetched' });
    expect(Date.parse(janNow.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says nothing of a publication that changed nobody’s plan', async () => {
    const seen = await statusOf(may);
    expect((await asEwa('POST', '/api/publishing', { role: 'Rampa', month: may, version: seen.publication.version })).statusCode).toBe(200);
    expect((await statusOf(may)).told).toBe(0);
    expect((await changesOf(may)).notices).toEqual([]);
  });
});
