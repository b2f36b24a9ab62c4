// PostgreSQL stopped for a while and started again (its path cut and restored, see tcp-path.ts):
// while it is away every request gets a clean 503 that says nothing was saved, nothing is lost or
// half-written, and once it is back the same server process answers again, keeps months in memory
// again and hears of changes again, with no restart. PostgreSQL only (npm run test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { employees, schedules } from '../../src/server/db/schema.ts';
import { CONNECT_TIMEOUT_MS } from '../../src/server/db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/db/errors.ts';
import { adminClient, currentDatabaseName, dataChecksum, expectCleanServerError, waitFor } from './helpers.ts';
import { TcpPath } from './tcp-path.ts';

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL stopped, then started again', () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/test');
  const path = new TcpPath({ host: target.hostname, port: Number(target.port || 5432) });
  let t: TestApp;
  let cookie: string;
  let rampa: string[];

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie, ...(method === 'GET' ? {} : { origin: TEST_BASE_URL }) } });
  const readMonth = async () => {
    const res = await request('GET', `/api/month?month=${MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { schedules: { id: string; employeeId: string; date: string; startTime: string; version: number }[] };
  };

  beforeAll(async () => {
    await path.open();
    t = await createTestApp({ routeDatabase: (url) => path.route(url) });
    cookie = await t.signIn();
    await seedDemo(t.database.db);
    rampa = (await t.database.db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'Rampa'))).map((e) => e.id);
    expect((await request('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 1 })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await path.open().catch(() => {});
    await t?.close();
    await path.cut();
  });

  it('answers 503 while it is away, loses nothing, and serves again by itself when it is back', async () => {
    const feed = t.database.changes();
    const before = await readMonth();
    await waitFor(async () => (feed.live ? true : null), 'the change feed to connect');
    const checksum = await dataChecksum(t.database.db);
    const shift = before.schedules.find((s) => rampa.includes(s.employeeId))!;

    await path.cut();
    await waitFor(async () => (feed.live ? null : true), 'the change feed to notice the outage');

    // Reads, a save and a generate: each a clean 503 with the message a planner sees, none a hang.
    const outage = [
      await request('GET', `/api/month?month=${MONTH}`),
      await request('PUT', '/api/schedules', { employeeId: shift.employeeId, date: shift.date, startTime: '05:00', endTime: '13:00', version: shift.version }),
      await request('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 9 }),
      await request('GET', '/api/employees'),
    ];
    for (const res of outage) {
      const body = expectCleanServerError(res);
      expect(res.statusCode).toBe(503);
      expect(body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }

    // A network that drops packets instead of refusing: the request fails after the connect timeout
    // with the same answer, instead of hanging.
    await path.open({ silent: true });
    const started = Date.now();
    const silent = await request('GET', `/api/month?month=${MONTH}`);
    expect(silent.statusCode, silent.body).toBe(503);
    expect(expectCleanServerError(silent).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    await path.cut();

    // Started again: the same process answers, with nothing changed by the refused requests.
    await path.open();
    const after = await waitFor(async () => {
      const res = await request('GET', `/api/month?month=${MONTH}`);
      return res.statusCode === 200 ? (res.json() as typeof before) : null;
    }, 'the month to be served again');
    expect(after).toEqual(before);
    expect(await dataChecksum(t.database.db)).toBe(checksum);

    // Saves and generates work again.
    const save = await request('PUT', '/api/schedules', {
      employeeId: shift.employeeId,
      date: shift.date,
      startTime: '05:00',
      endTime: '13:00',
      version: shift.version,
    });
    expect(save.statusCode, save.body).toBe(200);
    expect((await readMonth()).schedules.find((s) => s.id === shift.id)).toMatchObject({ startTime: '05:00', version: shift.version + 1 });
    const generate = await request('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 9 });
    expect(generate.statusCode, generate.body).toBe(200);

    // The change feed reconnected by itself: months are kept again, and a change made by another
    // writer reaches them.
    await waitFor(async () => (feed.live ? true : null), 'the change feed to reconnect');
    // (The generate's own notices may still be on their way, so a read or two may build afresh.)
    const kept = await waitFor(async () => {
      const hits = t.app.monthCache.stats.hits;
      const month = await readMonth();
      return t.app.monthCache.stats.hits === hits + 1 ? month : null;
    }, 'a month read answered from memory');
    const [row] = await t.database.db
      .select()
      .from(schedules)
      .where(and(inArray(schedules.employeeId, rampa), eq(schedules.date, kept.schedules.find((s) => rampa.includes(s.employeeId))!.date)))
      .limit(1);
    const other = await adminClient(await currentDatabaseName(t.database.db));
    await other.query(`update schedules set start_time = '04:00', version = version + 1 where id = $1`, [row!.id]);
    await other.end();
    await waitFor(
      async () => ((await readMonth()).schedules.find((s) => s.id === row!.id)?.startTime === '04:00' ? true : null),
      'the change to reach the kept month',
    );
  });
});
