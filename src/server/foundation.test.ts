import { APP_VERSION } from '../shared/version.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, cookieHeader, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from './test/harness.ts';
import { DataFolderLockedError, openEmbedded } from './db/client.ts';
import { ensureFirstAdmin, createUser } from './auth/users.ts';
import { employees, schedules, staffGroups, user, account } from './db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('migrations', () => {
  it('create every table of the specification with its own names', async () => {
    const rows = await t.database.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    for (const table of ['employees', 'schedules', 'time_off', 'events', 'monthly_work_hours', 'flights', 'airport_hours', 'settings', 'staff_groups']) {
      expect(names).toContain(table);
    }
  });

  it('seed the six staff groups, the first three taking part in flights and operating hours', async () => {
    const groups = await t.database.db.select().from(staffGroups).orderBy(staffGroups.position);
    expect(groups.map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
    expect(groups.map((g) => g.takesFlights)).toEqual([true, true, true, false, false, false]);
  });

  it('keep one schedule per employee per day and refuse an end before the start', async () => {
    const db = t.database.db;
    const [e] = await db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
    await db.insert(schedules).values({ employeeId: e!.id, date: '2026-11-02', endDate: '2026-11-02', startTime: '06:00', endTime: '14:00', totalHours: 8 });
    await expect(
      db.insert(schedules).values({ employeeId: e!.id, date: '2026-11-02', endDate: '2026-11-02', startTime: '15:00', endTime: '18:00', totalHours: 3 }),
    ).rejects.toThrow();
    await expect(
      db.insert(schedules).values({ employeeId: e!.id, date: '2026-11-03', endDate: '2026-11-03', startTime: '14:00', endTime: '06:00', totalHours: 8 }),
    ).rejects.toThrow();
    // Deleting the employee takes their schedules along (ON DELETE CASCADE).
    await db.delete(employees).where(eq(employees.id, e!.id));
    expect(await db.select().from(schedules).where(eq(schedules.employeeId, e!.id))).toEqual([]);
  });

  it('refuse an employee in a group that does not exist', async () => {
    await expect(t.database.db.insert(employees).values({ firstName: 'A', lastName: 'B', email: 'a@b.co', role: 'Nobody' })).rejects.toThrow();
  });
});

describe('health', () => {
  it('tells anyone only that the server is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports the database and the version to a signed-in user only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/details' })).statusCode).toBe(401);
    const cookie = await t.signIn('health@grafik.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/health/details', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: APP_VERSION, database: { kind: t.database.kind, ok: true } });
  });
});

describe('sign-in', () => {
  it('answers 401 to a data call without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff-groups' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Not signed in' });
  });

  it('refuses sign-up for everyone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'new@grafik.test', password: 'a long enough password', name: 'New' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SIGN_UP_DISABLED');
    expect(await t.database.db.select().from(user).where(eq(user.email, 'new@grafik.test'))).toEqual([]);
  });

  it('signs in with the right password, serves data, and signs out for good', async () => {
    const cookie = await t.signIn('signin@grafik.test');
    const groups = await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie } });
    expect(groups.statusCode).toBe(200);
    expect(groups.json()).toHaveLength(6);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_BASE_URL }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a wrong password with a message, and sets no session', async () => {
    await createUser(t.auth, { email: 'wrong@grafik.test', password: TEST_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'wrong@grafik.test', password: 'not the password at all' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/invalid email or password/i);
    expect(cookieHeader(res)).not.toMatch(/session_token=[^;]+/);
  });

  it('stores passwords hashed, never in plain text', async () => {
    await createUser(t.auth, { email: 'hash@grafik.test', password: TEST_PASSWORD });
    const [u] = await t.database.db.select().from(user).where(eq(user.email, 'hash@grafik.test'));
    const [acc] = await t.database.db.select().from(account).where(eq(account.userId, u!.id));
    expect(acc!.password).toBeTruthy();
    expect(acc!.password).not.toContain(TEST_PASSWORD);
  });

  it('refuses a write from another origin', async () => {
    const cookie = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://elsewhere.example' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers an unknown API path with a JSON 404 and no stack', async () => {
    const cookie = await t.signIn();
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('first start', () => {
  it('creates one administrator with a generated password that is not stored in plain text', async () => {
    const fresh = await createTestApp();
    try {
      const first = await ensureFirstAdmin(fresh.database.db, fresh.auth, { email: 'boss@grafik.test' });
      expect(first?.generated).toBe(true);
      expect(first!.password!.length).toBeGreaterThanOrEqual(12);
      const rows = await fresh.database.db.select().from(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.role).toBe('admin');
      const accounts = await fresh.database.db.select().from(account);
      expect(JSON.stringify(accounts)).not.toContain(first!.password!);
      // The printed password signs in.
      await signInAs(fresh.app, 'boss@grafik.test', first!.password!);
      // A second start creates nobody.
      expect(await ensureFirstAdmin(fresh.database.db, fresh.auth, {})).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('takes the credentials from the environment when given', async () => {
    const fresh = await createTestApp();
    try {
      const first = await ensureFirstAdmin(fresh.database.db, fresh.auth, { email: 'env@grafik.test', password: TEST_PASSWORD });
      expect(first).toMatchObject({ email: 'env@grafik.test', generated: false, password: null });
      await signInAs(fresh.app, 'env@grafik.test', TEST_PASSWORD);
    } finally {
      await fresh.close();
    }
  });
});

describe('the embedded data folder', () => {
  it('is owned by one process: a second opener is refused with a clear message and nothing changes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-lock-'));
    const first = await openEmbedded(dir);
    try {
      await expect(openEmbedded(dir)).rejects.toBeInstanceOf(DataFolderLockedError);
      await expect(openEmbedded(dir)).rejects.toThrow(/already in use by another Grafik process/);
      // The first owner still works.
      const groups = await first.db.select().from(staffGroups);
      expect(groups).toHaveLength(6);
    } finally {
      await first.close();
    }
    // Once released, the folder opens again with its data.
    const again = await openEmbedded(dir);
    expect(await again.db.select().from(staffGroups)).toHaveLength(6);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
