// PostgreSQL connection killed (pg_terminate_backend) in the middle of a generate, a save and an
// import: the previous data is intact, the API answers a clean 5xx, and the next request succeeds
// without a restart. PostgreSQL only (npm run test:pg).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { employees, flights, schedules, settings } from '../../src/server/db/schema.ts';
import { monthRange } from '../../src/shared/month.ts';
import { CHANGES_APPLICATION_NAME } from '../../src/server/db/changes.ts';
import { adminClient, backendInTransaction, blockedBackend, currentDatabaseName, dataChecksum, expectCleanServerError, terminate, waitFor } from './helpers.ts';

// The generate route gets a fault hook that runs after the month's delete, inside the transaction.
const hook = vi.hoisted(() => ({ afterDelete: null as null | (() => Promise<void>) }));
vi.mock('../../src/server/generation/service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/generation/service.ts')>();
  return {
    ...original,
    generateMonth: (db: Parameters<typeof original.generateMonth>[0], options: Parameters<typeof original.generateMonth>[1]) =>
      original.generateMonth(db, {
        ...options,
        faults: { afterDelete: async () => (hook.afterDelete ? hook.afterDelete() : undefined) },
      }),
  };
});

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection killed mid-request', () => {
  let t: TestApp;
  let cookie: string;
  let admin: pg.Client;
  let dbName: string;
  let rampa: string[];

  const send = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie, origin: TEST_BASE_URL } });

  async function rampaMonth() {
    const { first, last } = monthRange(MONTH);
    const rows = await t.database.db
      .select()
      .from(schedules)
      .where(and(inArray(schedules.employeeId, rampa), gte(schedules.date, first), lte(schedules.date, last)));
    return rows.map((r) => `${r.id}|${r.employeeId}|${r.date}|${r.startTime}|${r.endTime}|${r.version}`).sort();
  }

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
    await seedDemo(t.database.db);
    rampa = (await t.database.db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'Rampa'))).map((e) => e.id);
    dbName = await currentDatabaseName(t.database.db);
    admin = await adminClient();
    const first = await send('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 1 });
    expect(first.statusCode).toBe(200);
  });
  afterAll(async () => {
    hook.afterDelete = null;
    await admin?.end();
    await t?.close();
  });

  it('generate: the month is intact, the answer is a clean 503, and the next generate succeeds', async () => {
    const before = await rampaMonth();
    const checksum = await dataChecksum(t.database.db);
    expect(before.length).toBeGreaterThan(100);
    let killed = 0;
    hook.afterDelete = async () => {
      // The month's rows are deleted inside the open transaction; now the connection dies.
      await terminate(admin, await backendInTransaction(admin, dbName));
      killed++;
    };
    const res = await send('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 2 });
    hook.afterDelete = null;
    expect(killed).toBe(1);
    const body = expectCleanServerError(res);
    expect(res.statusCode).toBe(503);
    expect(body.code).toBe('DATABASE_UNAVAILABLE');
    expect(await rampaMonth()).toEqual(before);
    expect(await dataChecksum(t.database.db)).toBe(checksum);

    // No restart: the pool drops the dead connection and the same app generates again.
    const again = await send('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 2 });
    expect(again.statusCode).toBe(200);
    expect((await rampaMonth()).length).toBe(again.json().shiftCount);
  });

  it('schedule save: the shift is unchanged, the answer is a clean 503, and the retry saves', async () => {
    const [shift] = await t.database.db.select().from(schedules).where(inArray(schedules.employeeId, rampa)).limit(1);
    const checksum = await dataChecksum(t.database.db);
    // A second session holds the row, so the save stops in the middle of its transaction.
    const blocker = await adminClient(dbName);
    await blocker.query('begin');
    await blocker.query('select * from schedules where id = $1 for update', [shift!.id]);
    const pending = send('PUT', '/api/schedules', {
      employeeId: shift!.employeeId,
      date: shift!.date,
      startTime: '06:00',
      endTime: '14:00',
      version: shift!.version,
    });
    await terminate(admin, await blockedBackend(admin, dbName));
    await blocker.query('rollback');
    await blocker.end();
    const res = await pending;
    expect(expectCleanServerError(res).code).toBe('DATABASE_UNAVAILABLE');
    const [after] = await t.database.db.select().from(schedules).where(eq(schedules.id, shift!.id));
    expect(after).toEqual(shift);
    expect(await dataChecksum(t.database.db)).toBe(checksum);

    const retry = await send('PUT', '/api/schedules', {
      employeeId: shift!.employeeId,
      date: shift!.date,
      startTime: '06:00',
      endTime: '14:00',
      version: shift!.version,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ startTime: '06:00', endTime: '14:00', version: shift!.version + 1 });
  });

  it('settings save: the settings are unchanged, the answer is a clean 503, and the retry saves', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json();
    const [row] = await t.database.db.select().from(settings);
    const blocker = await adminClient(dbName);
    await blocker.query('begin');
    await blocker.query('select * from settings where id = 1 for update');
    const { timeIncrement, weeklyHours, minShiftHours, timeZone, version } = current;
    const update = { timeIncrement, weeklyHours, minShiftHours, timeZone, version, minRestHours: current.minRestHours === 11 ? 12 : 11 };
    const pending = send('PUT', '/api/settings', update);
    await terminate(admin, await blockedBackend(admin, dbName));
    await blocker.query('rollback');
    await blocker.end();
    const res = await pending;
    expect(expectCleanServerError(res).code).toBe('DATABASE_UNAVAILABLE');
    expect(await t.database.db.select().from(settings)).toEqual([row]);

    const retry = await send('PUT', '/api/settings', update);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ minRestHours: update.minRestHours, version: row!.version + 1 });
  });

  it('flights import: no flight of the file is stored, the answer is a clean 503, and the retry imports all', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => {
      const at = DateTime.fromISO('2031-03-02T00:00:00Z', { zone: 'utc' }).plus({ minutes: 10 * i });
      return {
        row: i + 2,
        flight_number: `FT${1000 + i}`,
        departure_time: at.toISO({ suppressMilliseconds: true })!,
        arrival_time: at.plus({ hours: 2 }).toISO({ suppressMilliseconds: true })!,
      };
    });
    const countBefore = (await t.database.db.select({ id: flights.id }).from(flights)).length;
    const checksum = await dataChecksum(t.database.db);
    // An uncommitted flight equal to row 1200 makes the import wait in its third batch of 500:
    // two batches are already inserted inside its transaction when the connection dies.
    const clash = rows[1199]!;
    const blocker = await adminClient(dbName);
    await blocker.query('begin');
    await blocker.query(`insert into flights (flight_number, departure_time, arrival_time, required_staff) values ($1, $2, $3, '{}'::jsonb)`, [
      clash.flight_number,
      clash.departure_time,
      clash.arrival_time,
    ]);
    const body = {
      fileName: 'faults.csv',
      header: ['flight_number', 'departure_time', 'arrival_time'],
      mapping: { flightNumber: 'flight_number', departure: 'departure_time', arrival: 'arrival_time' },
      rows: rows.map((r) => ({ row: r.row, cells: [r.flight_number, r.departure_time, r.arrival_time] })),
    };
    const pending = send('POST', '/api/flights/import', body);
    const pid = await blockedBackend(admin, dbName);
    const blocked = await admin.query<{ query: string; xact: boolean }>('select query, backend_xid is not null as xact from pg_stat_activity where pid = $1', [
      pid,
    ]);
    // The import is inside its transaction, inserting (it already holds a transaction id from batches 1–2).
    expect(blocked.rows[0]).toMatchObject({ query: expect.stringMatching(/^insert into "flights"/), xact: true });
    await terminate(admin, pid);
    await blocker.query('rollback');
    await blocker.end();
    const res = await pending;
    expect(expectCleanServerError(res).code).toBe('DATABASE_UNAVAILABLE');
    expect((await t.database.db.select({ id: flights.id }).from(flights)).length).toBe(countBefore);
    expect(await dataChecksum(t.database.db)).toBe(checksum);

    const retry = await send('POST', '/api/flights/import', body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ counts: { new: 1500, changed: 0, unchanged: 0 } });
  });

  it("the change feed's connection killed: month reads stay right, and keeping months resumes by itself", async () => {
    const feed = t.database.changes();
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/month?month=${MONTH}`, headers: { cookie } })).json();
    const [shift] = await t.database.db.select().from(schedules).where(inArray(schedules.employeeId, rampa)).limit(1);
    const startOf = (body: { schedules: { id: string; startTime: string }[] }) => body.schedules.find((s) => s.id === shift!.id)?.startTime;
    await read();
    expect(feed.live).toBe(true);

    const listener = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and application_name = $2', [
      dbName,
      CHANGES_APPLICATION_NAME,
    ]);
    expect(listener.rows).toHaveLength(1);
    await terminate(admin, listener.rows[0]!.pid);
    await waitFor(async () => (feed.live ? null : true), 'the feed to notice its lost connection');

    // A change whose notice nobody hears: reads go to the database while the feed is down.
    const writer = await adminClient(dbName);
    await writer.query(`update schedules set start_time = '04:30', version = version + 1 where id = $1`, [shift!.id]);
    expect(startOf(await read())).toBe('04:30');

    // The feed reconnects by itself; months are kept again, and changes reach them again.
    await waitFor(async () => (feed.live ? true : null), 'the feed to reconnect');
    await read();
    const hits = t.app.monthCache.stats.hits;
    expect(startOf(await read())).toBe('04:30');
    expect(t.app.monthCache.stats.hits).toBe(hits + 1);
    await writer.query(`update schedules set start_time = '05:00', version = version + 1 where id = $1`, [shift!.id]);
    await writer.end();
    await waitFor(async () => (startOf(await read()) === '05:00' ? true : null), 'the change to reach the month');
  });
});
