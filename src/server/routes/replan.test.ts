// Re-planning a published month from a date (docs/replanning.md), on PGlite and on PostgreSQL: the
// proposal saves nothing; applying writes exactly its difference, journaled as changes since
// publication, and never a day before the date; a proposal whose month changed meanwhile, or whose
// token was altered, is refused and the planner's edit survives.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';
import { airportHours, employees, flights, monthlyWorkHours, scheduleEdits, schedules } from '../db/schema.ts';
import type { ReplanProposal } from '../../shared/api/replan.ts';

const MONTH = '2026-11';
/** The signing secret the test app is built with (server/test/harness.ts). */
const SERVER_SECRET = 'test-secret-test-secret-test-secret-0123';
const FROM = '2026-11-16';
let t: TestApp;
let cookie: string;
const staff: string[] = [];

const call = apiCaller(
  () => t.app,
  () => cookie,
);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('ewa@grafik.test');
  const db = t.database.db;
  const rows = await db
    .insert(employees)
    .values(Array.from({ length: 6 }, (_, i) => ({ firstName: `Osoba${i}`, lastName: `Rampowa${i}`, email: `r${i}@grafik.test`, role: 'Rampa' })))
    .returning();
  staff.push(...rows.map((r) => r.id));
  await db.insert(monthlyWorkHours).values({ month: 10, year: 2026, requiredHours: 120 });
  await db
    .insert(airportHours)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({ role: 'Rampa', dayOfWeek: d, openingTime: '05:00', closingTime: '21:00', minimumStaff: 1, month: 10, year: 2026 })),
    );
  const days = Array.from({ length: 30 }, (_, i) => String(i + 1).padStart(2, '0'));
  await db.insert(flights).values(
    days.map((d) => ({
      flightNumber: `LO${d}1`,
      departureTime: `2026-11-${d}T07:00:00+01:00`,
      arrivalTime: `2026-11-${d}T09:00:00+01:00`,
      requiredStaff: { Rampa: 2 } as Record<string, number>,
    })),
  );
  expect((await call('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 7 })).statusCode).toBe(200);
  expect((await call('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

/** The month's shifts as text, in a stable order: what a planner would see in the grid. */
async function month(): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(schedules)
    .where(and(inArray(schedules.employeeId, staff), gte(schedules.date, `${MONTH}-01`), lte(schedules.date, `${MONTH}-30`)))
    .orderBy(asc(schedules.date), asc(schedules.employeeId));
  return rows.map((s) => `${s.employeeId} ${s.date} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} ${s.endDate} ${s.source} v${s.version}`);
}
const journalLength = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(scheduleEdits))[0]!.n;

const propose = async (from = FROM) => {
  const res = await call('POST', '/api/generation/replan', { role: 'Rampa', month: MONTH, from });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReplanProposal;
};
const apply = (token: string) => call('POST', '/api/generation/replan/apply', { role: 'Rampa', month: MONTH, token });

/** Someone with a shift on the date and the two days after: they call in sick for those days. */
async function sickLeave(): Promise<{ employeeId: string; days: string[] }> {
  const days = [FROM, '2026-11-17', '2026-11-18'];
  const rows = await t.database.db.select().from(schedules).where(inArray(schedules.date, days));
  const employeeId = staff.find((id) => rows.some((r) => r.employeeId === id && r.date === FROM))!;
  const res = await call('POST', '/api/time-off', {
    employeeId,
    startDate: days[0],
    endDate: days[2],
    kind: 'sick',
    countAsWork: false,
    workHours: null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { employeeId, days: days.filter((d) => rows.some((r) => r.employeeId === employeeId && r.date === d)) };
}

describe('re-planning a published month from a date', () => {
  let sick: { employeeId: string; days: string[] };

  it('proposes the difference against the published month and saves nothing', async () => {
    sick = await sickLeave();
    const before = await month();
    const edits = await journalLength();
    const proposal = await propose();
    expect(await month()).toEqual(before);
    expect(await journalLength()).toBe(edits);

    // The sick person's shifts on their sick days are removed; the rest of the proposal keeps the rules.
    const person = proposal.people.find((p) => p.employeeId === sick.employeeId)!;
    expect(person.name).toBe(`Osoba${staff.indexOf(sick.employeeId)} Rampowa${staff.indexOf(sick.employeeId)}`);
    for (const day of sick.days) expect(person.changes).toContainEqual(expect.objectContaining({ date: day, kind: 'removed', after: null }));
    expect(proposal.breaches).toEqual([]);
    // Nothing before the date is proposed.
    expect(proposal.people.flatMap((p) => p.changes).every((c) => c.date >= FROM)).toBe(true);
    const all = proposal.people.flatMap((p) => p.changes);
    expect(proposal.counts).toEqual({
      people: proposal.people.length,
      moved: all.filter((c) => c.kind === 'moved').length,
      added: all.filter((c) => c.kind === 'added').length,
      removed: all.filter((c) => c.kind === 'removed').length,
    });
    expect(proposal.publishedChanged).toBe(all.filter((c) => c.before !== null).length);
    // The engine's Q8 counts the sick days' published shifts apart: the rest is what the re-plan chose to change.
    expect(proposal.disruption).toMatchObject({ forbiddenByTimeOff: sick.days.length, changed: proposal.publishedChanged - sick.days.length });
    expect(proposal.disruption!.percent).toBeCloseTo((100 * proposal.disruption!.changed) / proposal.disruption!.published, 1);
    expect(proposal.coverage.before).toBeGreaterThan(0);
    expect(proposal.coverage.after).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a proposal whose signature does not match, and writes nothing', async () => {
    const proposal = await propose();
    const before = await month();
    const [body, signature] = proposal.token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    payload.from = `${MONTH}-01`;
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    const res = await apply(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'REPLAN_TAMPERED', field: 'token' });
    expect((await apply(`${body}.${signature.slice(1)}x`)).statusCode).toBe(400);
    // Another month's address with this month's token.
    const elsewhere = await call('POST', '/api/generation/replan/apply', { role: 'Rampa', month: '2026-12', token: proposal.token });
    expect(elsewhere.json()).toMatchObject({ code: 'REPLAN_TAMPERED' });
    expect(await month()).toEqual(before);
  }, 60_000);

  it('refuses a proposal after an edit of a shift it touches (409), and the edit survives', async () => {
    const proposal = await propose();
    const touched = proposal.people.flatMap((p) => p.changes.map((c) => ({ employeeId: p.employeeId, ...c }))).find((c) => c.after !== null)!;
    // A shift the draft holds that day is edited at the version the planner sees; an empty day gets a new one.
    const draft = (await call('GET', `/api/month?month=${MONTH}`))
      .json()
      .schedules.find((s: { employeeId: string; date: string }) => s.employeeId === touched.employeeId && s.date === touched.date);
    const saved = await call('PUT', '/api/schedules', {
      employeeId: touched.employeeId,
      date: touched.date,
      startTime: '05:00',
      endTime: '09:00',
      ...(draft ? { version: draft.version } : {}),
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const after = await month();
    const res = await apply(proposal.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REPLAN_STALE', params: { change: 'shift', date: touched.date } });
    expect(await month()).toEqual(after);
    expect(after.some((row) => row.startsWith(`${touched.employeeId} ${touched.date} 05:00–09:00`))).toBe(true);
  }, 60_000);

  it('refuses a proposal after its inputs changed (time off), naming whose', async () => {
    const proposal = await propose();
    const other = staff.find((id) => id !== sick.employeeId)!;
    expect(
      (
        await call('POST', '/api/time-off', {
          employeeId: other,
          startDate: '2026-11-28',
          endDate: '2026-11-28',
          kind: 'vacation',
          countAsWork: false,
          workHours: null,
        })
      ).statusCode,
    ).toBe(201);
    const before = await month();
    const res = await apply(proposal.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REPLAN_STALE',
      params: { change: 'timeOff', employee: `Osoba${staff.indexOf(other)} Rampowa${staff.indexOf(other)}` },
    });
    expect(await month()).toEqual(before);
  }, 60_000);

  it('refuses a signed proposal whose month would break a rule it did not show, and writes nothing', async () => {
    // A proposal computed wrongly (here: one that keeps the sick person working their first sick day)
    // is signed by this server, so only the re-check of the written month stands between it and the roster.
    const proposal = await propose();
    const [body] = proposal.token.split('.') as [string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      writes: { e: string; d: string; now: unknown; next: [string, string, string, number] | null }[];
    };
    const write = payload.writes.find((w) => w.e === sick.employeeId && w.d === sick.days[0] && w.next === null);
    expect(write, 'the proposal removes the sick day’s shift').toBeDefined();
    write!.next = ['06:00', '14:00', write!.d, 8];
    const forgedBody = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const key = createHmac('sha256', SERVER_SECRET).update('grafik re-plan proposals').digest();
    const signed = `${forgedBody}.${createHmac('sha256', key).update(forgedBody).digest('base64url')}`;
    const before = await month();
    const edits = await journalLength();
    const res = await apply(signed);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REPLAN_BREAKS_RULE',
      params: { date: sick.days[0], name: `Osoba${staff.indexOf(sick.employeeId)} Rampowa${staff.indexOf(sick.employeeId)}` },
    });
    expect(await month()).toEqual(before);
    expect(await journalLength()).toBe(edits);
  }, 60_000);

  it('cancelling is not applying: the month stays byte-identical', async () => {
    const before = await month();
    const edits = await journalLength();
    await propose();
    expect(await month()).toEqual(before);
    expect(await journalLength()).toBe(edits);
  }, 60_000);

  it('applies exactly the difference in one action, journaled as changes since publication, never before the date', async () => {
    const before = await month();
    const proposal = await propose();
    const edits = await journalLength();
    const res = await apply(proposal.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ written: proposal.writes });
    const after = await month();
    // Days before the date: untouched, row for row.
    expect(after.filter((r) => r.split(' ')[1]! < FROM)).toEqual(before.filter((r) => r.split(' ')[1]! < FROM));
    // One journal entry per day written.
    expect((await journalLength()) - edits).toBe(proposal.writes);
    // From the date on, the published-changes list shows each change of the proposal as it was proposed.
    const changes = (await call('GET', `/api/publishing/changes?role=Rampa&month=${MONTH}`)).json() as {
      list: { employeeId: string; date: string; after: { startTime: string; endTime: string } | null; how: string }[];
    };
    const listed = changes.list.filter((c) => c.date >= FROM);
    const proposed = proposal.people.flatMap((p) => p.changes.map((c) => ({ employeeId: p.employeeId, ...c })));
    // Each day the re-plan wrote says so in the list, not "generated" or "deleted" as a planner's own action would.
    const journal = await t.database.db.select().from(scheduleEdits).orderBy(asc(scheduleEdits.id));
    const written = journal.slice(edits);
    expect(new Set(written.map((e) => e.action))).toEqual(new Set(['replanned']));
    for (const e of written) expect(listed.find((c) => c.employeeId === e.employeeId && c.date === e.date)?.how ?? 'replanned').toBe('replanned');
    expect(listed.map((c) => `${c.employeeId} ${c.date} ${c.after ? `${c.after.startTime}–${c.after.endTime}` : '-'}`).sort()).toEqual(
      proposed.map((c) => `${c.employeeId} ${c.date} ${c.after ? `${c.after.startTime}–${c.after.endTime}` : '-'}`).sort(),
    );
    // The sick person works none of their sick days now.
    for (const day of sick.days) expect(after.some((r) => r.startsWith(`${sick.employeeId} ${day}`))).toBe(false);
    // The same token again: the month changed (it was applied), so it is refused.
    expect((await apply(proposal.token)).statusCode).toBe(409);
  }, 60_000);

  it('refuses a token longer than any month’s proposal, naming it', async () => {
    const res = await apply('x'.repeat(3_000_001));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('token');
  });

  it('names a bad date and a month that is not published', async () => {
    const bad = await call('POST', '/api/generation/replan', { role: 'Rampa', month: MONTH, from: '2026-12-02' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    const draft = await call('POST', '/api/generation/replan', { role: 'Rampa', month: '2026-12', from: '2026-12-02' });
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ code: 'REPLAN_NOT_PUBLISHED' });
  });
});
