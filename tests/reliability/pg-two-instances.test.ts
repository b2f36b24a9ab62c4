// Two server instances behind one PostgreSQL database: sessions, rate limits and the generation lock
// hold across them. Each instance is built from its own copy of the server modules (vi.resetModules),
// so nothing held in one process's memory (the in-process generation guard) can help the other.
// PostgreSQL only (npm run test:pg).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';
import { employees, generationRuns, schedules } from '../../src/server/db/schema.ts';
import { monthRange, parseMonthKey } from '../../src/shared/month.ts';
import { adminClient, waitFor } from './helpers.ts';

const BASE_URL = 'http://127.0.0.1:3000';
const PASSWORD = 'correct horse battery staple';
const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');

interface Instance {
  app: FastifyInstance;
  /** This instance's own copy of the generation service module (and its in-process guard). */
  service: unknown;
  database: Database;
  createUser(email: string): Promise<void>;
}

/** One server instance, from a fresh copy of the server's modules, on its own connection pool. */
async function startInstance(url: string, migrate: boolean): Promise<Instance> {
  vi.resetModules();
  const { openPostgres } = await import('../../src/server/db/client.ts');
  const { createAuth } = await import('../../src/server/auth/auth.ts');
  const { buildApp } = await import('../../src/server/app.ts');
  const users = await import('../../src/server/auth/users.ts');
  const service = await import('../../src/server/generation/service.ts');
  const database = await openPostgres(url, { migrate, max: 5 });
  const auth = createAuth({ db: database.db, baseUrl: BASE_URL, secret: 'two-instances-secret-two-instances-0123', sessionIdleMinutes: 30 });
  const app = await buildApp({ database, auth, baseUrl: BASE_URL, logLevel: 'silent', webRoot: null });
  await app.ready();
  return {
    app,
    service,
    database,
    async createUser(email) {
      await users.createUser(auth, { email, password: PASSWORD, role: 'admin' });
    },
  };
}

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : raw ? [String(raw)] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances behind one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let admin: pg.Client;
  let name: string;
  let rampa: string[];

  const signIn = (on: Instance, email: string, password = PASSWORD, remoteAddress = '10.0.0.1') =>
    on.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: BASE_URL },
      payload: { email, password },
    });
  const generate = (on: Instance, cookie: string, role: string, seed: number) =>
    on.app.inject({
      method: 'POST',
      url: '/api/generation',
      headers: { cookie, origin: BASE_URL },
      payload: { role, month: MONTH, seed },
    });

  async function rampaMonth() {
    const { first, last } = monthRange(MONTH);
    return a.database.db
      .select()
      .from(schedules)
      .where(and(inArray(schedules.employeeId, rampa), gte(schedules.date, first), lte(schedules.date, last)));
  }

  beforeAll(async () => {
    admin = await adminClient();
    name = `grafik_two_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    a = await startInstance(url.toString(), true);
    b = await startInstance(url.toString(), false);
    const { seedDemo } = await import('../../src/server/demo/seed.ts');
    await seedDemo(a.database.db);
    rampa = (await a.database.db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'Rampa'))).map((e) => e.id);
  });
  afterAll(async () => {
    for (const i of [a, b]) {
      await i?.app.close();
      await i?.database.close();
    }
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('runs two separate copies of the server (two in-process generation guards)', () => {
    expect(a.service).not.toBe(b.service);
  });

  it('a session made on A works on B, and signing out on A ends it on B', async () => {
    await a.createUser('both@grafik.test');
    const res = await signIn(a, 'both@grafik.test');
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res);
    const onB = await b.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(onB.statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: BASE_URL }, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await b.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sign-in attempts exhausted on A are refused on B (429), even with the right password', async () => {
    await a.createUser('limited@grafik.test');
    let tries = 0;
    let last = 0;
    while (tries < 30) {
      tries++;
      last = (await signIn(a, 'limited@grafik.test', 'wrong password, wrong')).statusCode;
      if (last === 429) break;
      expect(last).toBe(401);
    }
    expect(last).toBe(429);
    expect(tries).toBeLessThanOrEqual(11);
    const onB = await signIn(b, 'limited@grafik.test');
    expect(onB.statusCode).toBe(429);
    // Another client address on B is not affected by A's counter for this address.
    await a.createUser('other@grafik.test');
    expect((await signIn(b, 'other@grafik.test', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('the generation lock holds across instances: B is refused while A replaces the month; other groups run in parallel', async () => {
    await a.createUser('planner@grafik.test');
    const cookie = cookieOf(await signIn(a, 'planner@grafik.test', PASSWORD, '10.0.0.3'));
    // A second session holds one of the month's rows: A takes the group-month's advisory lock, starts
    // deleting the month inside its transaction and waits there, holding the lock.
    expect((await generate(a, cookie, 'Rampa', 30)).statusCode).toBe(200);
    const [row] = await rampaMonth();
    const blocker = await adminClient(name);
    let onA: ReturnType<typeof generate> | undefined;
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from schedules where id = $1 for update', [row!.id]);
      onA = generate(a, cookie, 'Rampa', 31);
      const locks = await waitFor(async () => {
        const res = await admin.query(
          `select 1 from pg_locks l join pg_stat_activity s on s.pid = l.pid
           where l.locktype = 'advisory' and l.granted and s.datname = $1 and s.wait_event_type = 'Lock'`,
          [name],
        );
        return res.rowCount ? res.rowCount : null;
      }, 'A waiting inside its transaction with the advisory lock');
      expect(locks).toBe(1);
      const onB = await generate(b, cookie, 'Rampa', 32);
      expect(onB.statusCode).toBe(409);
      expect(onB.json()).toMatchObject({ code: 'GENERATION_RUNNING', message: expect.stringMatching(/already running/) });
      const clearOnB = await b.app.inject({
        method: 'POST',
        url: '/api/generation/clear',
        headers: { cookie, origin: BASE_URL },
        payload: { role: 'Rampa', month: MONTH },
      });
      expect(clearOnB.statusCode).toBe(409);
      expect(clearOnB.json()).toMatchObject({ code: 'GENERATION_RUNNING' });
      // Another group's month is not held up by A's lock.
      const otherGroup = await generate(b, cookie, 'Koordynator', 33);
      expect(otherGroup.statusCode).toBe(200);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const resA = await onA!;
    expect(resA.statusCode).toBe(200);
    const rows = await rampaMonth();
    expect(rows).toHaveLength(resA.json().shiftCount);
    expect(new Set(rows.map((r) => `${r.employeeId}|${r.date}`)).size).toBe(rows.length);
  });

  it('concurrent generates on A and B: one complete month, no duplicates, matching the last committed run', async () => {
    const cookie = cookieOf(await signIn(a, 'planner@grafik.test', PASSWORD, '10.0.0.4'));
    const results = await Promise.all([
      generate(a, cookie, 'Rampa', 41),
      generate(b, cookie, 'Rampa', 42),
      generate(a, cookie, 'Rampa', 43),
      generate(b, cookie, 'Rampa', 44),
    ]);
    const codes = results.map((r) => r.statusCode);
    for (const code of codes) expect([200, 409]).toContain(code);
    expect(codes).toContain(200);
    const { month: m0, year } = parseMonthKey(MONTH);
    const [last] = await a.database.db
      .select()
      .from(generationRuns)
      .where(and(eq(generationRuns.role, 'Rampa'), eq(generationRuns.month, m0), eq(generationRuns.year, year)))
      .orderBy(desc(generationRuns.createdAt))
      .limit(1);
    expect([41, 42, 43, 44]).toContain(last!.seed);
    const rows = await rampaMonth();
    expect(rows).toHaveLength(last!.shiftCount);
    expect(new Set(rows.map((r) => `${r.employeeId}|${r.date}`)).size).toBe(rows.length);
  });

  it('a month kept in memory on B shows a cell saved on A, and a generate on B reaches A', async () => {
    const cookie = cookieOf(await signIn(a, 'planner@grafik.test', PASSWORD, '10.0.0.5'));
    type Month = { schedules: { id: string; employeeId: string; date: string; startTime: string; version: number }[] };
    const read = async (on: Instance) => (await on.app.inject({ method: 'GET', url: `/api/month?month=${MONTH}`, headers: { cookie } })).json() as Month;
    const monthOn = (on: Instance, check: (m: Month) => boolean) =>
      waitFor(async () => {
        const m = await read(on);
        return check(m) ? m : null;
      }, 'the change to reach the other instance');

    // Both instances keep the month: the second read on B is answered from memory.
    const before = await read(a);
    await read(b);
    const hits = b.app.monthCache.stats.hits;
    await read(b);
    expect(b.app.monthCache.stats.hits).toBe(hits + 1);

    const shift = before.schedules.find((s) => rampa.includes(s.employeeId))!;
    const save = await a.app.inject({
      method: 'PUT',
      url: '/api/schedules',
      headers: { cookie, origin: BASE_URL },
      payload: { employeeId: shift.employeeId, date: shift.date, startTime: '03:30', endTime: '09:30', version: shift.version },
    });
    expect(save.statusCode).toBe(200);
    const onB = await monthOn(b, (m) => m.schedules.some((s) => s.id === shift.id && s.startTime === '03:30'));
    expect(onB.schedules.find((s) => s.id === shift.id)).toMatchObject({ version: shift.version + 1 });

    const regenerated = await generate(b, cookie, 'Rampa', 51);
    expect(regenerated.statusCode).toBe(200);
    const ids = new Set((await rampaMonth()).map((r) => r.id));
    await monthOn(a, (m) => {
      const onA = new Set(m.schedules.filter((s) => rampa.includes(s.employeeId)).map((s) => s.id));
      return onA.size === ids.size && [...ids].every((id) => onA.has(id));
    });
  });
});
