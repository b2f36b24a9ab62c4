// Employees' own accounts (docs/staff-accounts.md), on PGlite and on PostgreSQL, with a real mail
// server started in the test: a planner invites an employee, the link arrives by mail, the employee
// sets a password with it and signs in, and sees their own published month and nothing else. A link
// works once, for seven days, and inviting again kills the old one; revoking ends the account.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { apiCaller, createTestApp, signInAs, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { auditLog, employeeAccounts, employees, monthlyWorkHours, user } from '../db/schema.ts';
import { createBackup, restoreBackup } from '../backup/backup.ts';
import { INVITATION_ACCEPT_BODY_LIMIT } from './invitations.ts';

const MONTH = '2027-03';
const DRAFT = '2027-04';
const PASSWORD = 'tarmac lights at six 8812';

let t: TestApp;
let smtp: SMTPServer;
const mails: string[] = [];
let ewa: string;
let anna: string;
let jan: string;
let logs = '';

/** A message's text as a reader sees it: quoted-printable soft breaks joined, escapes decoded. */
function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let data = '';
      stream.setEncoding('latin1');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        mails.push(readable(data));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Grafik <grafik@airport.test>' },
    logStream: { write: (line: string) => ((logs += line), true) } as unknown as NodeJS.WritableStream,
  });
  ewa = await t.signIn('ewa@grafik.test');
  const rows = await t.database.db
    .insert(employees)
    .values([
      { firstName: 'Anna', lastName: 'Nowak', email: 'anna.nowak@example.com', role: 'Rampa', workingTimeFraction: 0.5 },
      { firstName: 'Jan', lastName: 'Kowalski', email: 'jan.kowalski@example.com', role: 'Rampa' },
    ])
    .returning();
  [anna, jan] = rows.map((r) => r.id) as [string, string];
  await t.database.db.insert(monthlyWorkHours).values({ month: 2, year: 2027, requiredHours: 176 });
  const asPlanner = apiCaller(
    () => t.app,
    () => ewa,
  );
  // March: Anna on the 15th and 16th, Jan on the 15th, published; April: Anna on the 1st, a draft.
  for (const [employeeId, date, startTime, endTime] of [
    [anna, `${MONTH}-15`, '05:00', '13:00'],
    [anna, `${MONTH}-16`, '14:00', '22:00'],
    [jan, `${MONTH}-15`, '06:00', '14:00'],
    [anna, `${DRAFT}-01`, '05:00', '13:00'],
  ] as const) {
    expect((await asPlanner('PUT', '/api/schedules', { employeeId, date, startTime, endTime })).statusCode).toBe(201);
  }
  expect((await asPlanner('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
  expect(
    (
      await asPlanner('POST', '/api/time-off', {
        employeeId: anna,
        startDate: `${MONTH}-22`,
        endDate: `${MONTH}-23`,
        kind: 'vacation',
        countAsWork: false,
        workHours: null,
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const asEwa = apiCaller(
  () => t.app,
  () => ewa,
);
const accept = (token: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: { origin: TEST_BASE_URL }, payload: { token, password } });
const tokenOf = (path: string) => path.split('#')[1]!;

describe('inviting an employee', () => {
  let annaCookie = '';

  it('gives the employee an account and a link that works for seven days, mailed to them', async () => {
    expect((await asEwa('GET', `/api/employees/${anna}/account`)).json()).toMatchObject({ state: 'none' });
    const before = Date.now();
    const res = await asEwa('POST', `/api/employees/${anna}/account`, { language: 'en' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ state: 'invited', email: 'anna.nowak@example.com', mailed: true, acceptedAt: null });
    expect(body.path).toMatch(/^\/invitation#[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // The mail reached the server, for Anna, with the link.
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]).toContain('To: anna.nowak@example.com');
    expect(mails[0]).toContain(`${TEST_BASE_URL}${body.path}`);
    expect(mails[0]).toContain('Hello Anna');
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(employeeAccounts).where(eq(employeeAccounts.employeeId, anna));
    expect(row!.inviteTokenHash).not.toContain(tokenOf(body.path));
    expect(row!.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The status says so, without the link.
    const status = (await asEwa('GET', `/api/employees/${anna}/account`)).json();
    expect(status).toMatchObject({ state: 'invited', email: 'anna.nowak@example.com' });
    expect(JSON.stringify(status)).not.toContain(tokenOf(body.path));

    // A weak password is refused with its reason, and the link still works.
    const weak = await accept(tokenOf(body.path), 'anna nowak 1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_REJECTED', field: 'password' });
    const taken = await accept(tokenOf(body.path));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ email: 'anna.nowak@example.com' });
    expect((await asEwa('GET', `/api/employees/${anna}/account`)).json()).toMatchObject({ state: 'active', expiresAt: null });

    // Used once: a second use is refused with a sentence.
    const again = await accept(tokenOf(body.path));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVITATION_INVALID' });
    expect(again.json().message).toMatch(/used already/);
    annaCookie = await signInAs(t.app, 'anna.nowak@example.com', PASSWORD);
  });

  it('lets the employee see their own published month: shifts, time off and hours against their target', async () => {
    const asAnna = apiCaller(
      () => t.app,
      () => annaCookie,
    );
    expect((await asAnna('GET', '/api/me')).json()).toEqual({ firstName: 'Anna', lastName: 'Nowak', group: 'Rampa', showColleagues: false });
    const month = (await asAnna('GET', `/api/me/month?month=${MONTH}`)).json();
    expect(month.published).toBe(true);
    expect(month.shifts).toEqual([
      { date: `${MONTH}-15`, startTime: '05:00', endTime: '13:00', endDate: `${MONTH}-15`, hours: 8 },
      { date: `${MONTH}-16`, startTime: '14:00', endTime: '22:00', endDate: `${MONTH}-16`, hours: 8 },
    ]);
    expect(month.timeOff).toEqual([{ startDate: `${MONTH}-22`, endDate: `${MONTH}-23`, kind: 'vacation', status: 'pending' }]);
    // Half time of 176 h, less 8 h × ½ for each of the vacation's two working days (a Monday and a Tuesday), as the dashboard counts it.
    expect(month.hours).toEqual({ worked: 16, target: 80 });
    // A draft month shows nothing, though Anna has a shift in it.
    const draft = (await asAnna('GET', `/api/me/month?month=${DRAFT}`)).json();
    expect(draft).toMatchObject({ published: false, shifts: [] });
    // Planners' screens are not for her: refused with a sentence.
    const planners = await asAnna('GET', '/api/employees');
    expect(planners.statusCode).toBe(403);
    expect(planners.json()).toMatchObject({ code: 'PLANNERS_ONLY' });
    expect(planners.body).not.toContain('Kowalski');
  });

  it('shows colleagues of the group working the same day by name only, when the airport turns it on', async () => {
    const settings = (await asEwa('GET', '/api/settings')).json();
    const { id: _id, version, showColleagues: _off, ...values } = settings;
    expect((await asEwa('PUT', '/api/settings', { ...values, showColleagues: true, version })).statusCode).toBe(200);
    const asAnna = apiCaller(
      () => t.app,
      () => annaCookie,
    );
    const month = (await asAnna('GET', `/api/me/month?month=${MONTH}`)).json();
    expect(month.shifts.map((s: { date: string; colleagues: string[] }) => [s.date, s.colleagues])).toEqual([
      [`${MONTH}-15`, ['Jan Kowalski']],
      [`${MONTH}-16`, []],
    ]);
    expect(JSON.stringify(month)).not.toContain('jan.kowalski@example.com');
    const back = (await asEwa('GET', '/api/settings')).json();
    await asEwa('PUT', '/api/settings', { ...values, showColleagues: false, version: back.version });
  });

  it('kills the old link when the employee is invited again, and refuses a link past its seven days with a sentence', async () => {
    const first = (await asEwa('POST', `/api/employees/${jan}/account`, {})).json();
    const second = (await asEwa('POST', `/api/employees/${jan}/account`, { email: 'jan.k@example.com' })).json();
    expect(second).toMatchObject({ state: 'invited', email: 'jan.k@example.com' });
    const dead = await accept(tokenOf(first.path));
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ code: 'INVITATION_INVALID' });
    // Seven days later (the row's expiry set to a moment ago): refused, saying when it ran out.
    const past = new Date(Date.now() - 60_000);
    await t.database.db.update(employeeAccounts).set({ inviteExpiresAt: past }).where(eq(employeeAccounts.employeeId, jan));
    expect((await asEwa('GET', `/api/employees/${jan}/account`)).json()).toMatchObject({ state: 'expired' });
    const expired = await accept(tokenOf(second.path));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVITATION_EXPIRED', params: { expiresAt: past.toISOString() } });
    expect(expired.json().message).toMatch(/expired/);
    // The mail of the second invitation went to the new address.
    await expect.poll(() => mails.some((m) => m.includes('To: jan.k@example.com'))).toBe(true);
  });

  it('refuses an address another account has, naming the field', async () => {
    const res = await asEwa('POST', `/api/employees/${jan}/account`, { email: 'ewa@grafik.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    const bad = await asEwa('POST', `/api/employees/${jan}/account`, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email/);
  });

  it('keeps employees’ accounts out of a backup, and a restore brings back no account and no invitation', async () => {
    // Jan has an open invitation again, Anna an account.
    const open = (await asEwa('POST', `/api/employees/${jan}/account`, {})).json();
    const backup = await createBackup(t.database.db, { withSecrets: true });
    expect(Object.keys(backup.tables)).not.toContain('employee_accounts');
    const users = backup.tables.auth_user as Array<{ id: string; email: string; role: string }>;
    expect(users.map((u) => u.email)).toContain('ewa@grafik.test');
    expect(users.filter((u) => u.role === 'employee')).toEqual([]);
    // No password of an employee's account either: every password in the file is a planner's.
    const passwords = backup.tables.auth_account as Array<{ user_id: string }>;
    expect(passwords.length).toBeGreaterThan(0);
    expect(passwords.every((p) => users.some((u) => u.id === p.user_id))).toBe(true);

    // A plain backup restored (one with secrets is encrypted; its contents were checked above).
    const report = await restoreBackup(t.database.db, await createBackup(t.database.db));
    expect(report.employeeAccountsEnded).toBe(2);
    expect(await t.database.db.select().from(employeeAccounts)).toEqual([]);
    expect((await t.database.db.select().from(user).where(eq(user.role, 'employee'))).length).toBe(0);
    // Neither Anna's password nor Jan's link works after the restore; the employees themselves are there.
    await expect(signInAs(t.app, 'anna.nowak@example.com', PASSWORD)).rejects.toThrow(/sign-in failed: 401/);
    expect((await accept(tokenOf(open.path))).json()).toMatchObject({ code: 'INVITATION_INVALID' });
    ewa = await signInAs(t.app, 'ewa@grafik.test', 'correct horse battery staple');
    expect((await asEwa('GET', `/api/employees/${anna}/account`)).json()).toMatchObject({ state: 'none' });
    // Invited again, Anna has her account back.
    const again = (await asEwa('POST', `/api/employees/${anna}/account`, {})).json();
    expect((await accept(tokenOf(again.path))).statusCode).toBe(200);
    annaCookie = await signInAs(t.app, 'anna.nowak@example.com', PASSWORD);
  });

  it('ends the account when revoked: its session stops, it cannot sign in', async () => {
    expect((await asEwa('DELETE', `/api/employees/${anna}/account`)).statusCode).toBe(204);
    const asAnna = apiCaller(
      () => t.app,
      () => annaCookie,
    );
    expect((await asAnna('GET', `/api/me/month?month=${MONTH}`)).statusCode).toBe(401);
    await expect(signInAs(t.app, 'anna.nowak@example.com', PASSWORD)).rejects.toThrow(/sign-in failed: 401/);
    expect((await asEwa('GET', `/api/employees/${anna}/account`)).json()).toMatchObject({ state: 'none' });
    // The audit log has each step by employee id.
    const actions = (await t.database.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['employee-account.invited', 'employee-account.accepted', 'employee-account.reinvited', 'employee-account.revoked']),
    );
  });

  it('refuses a large or malformed body on the open acceptance route before any work, naming the field', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { origin: TEST_BASE_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'x'.repeat(43), password: 'p'.repeat(INVITATION_ACCEPT_BODY_LIMIT) }),
    });
    expect(large.statusCode).toBe(413);
    const short = await accept('too-short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'token' });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { origin: TEST_BASE_URL },
      payload: { token: 'x'.repeat(43), password: PASSWORD, employeeId: anna },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('limits acceptance attempts per client address, as sign-in is', async () => {
    const limited = await createTestApp({ invitationAttemptsPerMinute: 3 });
    try {
      const tries = [];
      for (let i = 0; i < 4; i++) {
        tries.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/invitations/accept',
            headers: { origin: TEST_BASE_URL },
            payload: { token: 'y'.repeat(43), password: PASSWORD },
            remoteAddress: '10.9.9.9',
          }),
        );
      }
      expect(tries.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
      expect(tries[3]!.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('keeps the employees’ addresses and names out of the server log', () => {
    expect(logs.length).toBeGreaterThan(0);
    for (const text of ['anna.nowak@example.com', 'jan.k@example.com', 'Nowak', 'Kowalski']) expect(logs).not.toContain(text);
  });
});
