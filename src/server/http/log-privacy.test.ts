// The real app's log when the database refuses a write that carries an employee's email and phone:
// the log names PostgreSQL's code, the constraint and the table, never the values. And a full disk
// is answered as one (507 DISK_FULL), not as a generic 500. Both databases.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiCaller, createTestApp, type TestApp } from '../test/harness.ts';
import { DISK_FULL_MESSAGE } from '../db/errors.ts';

const EMAIL = 'marta.zielinska@example.com';
const PHONE = '+48 601 222 333';
const employee = { firstName: 'Marta', lastName: 'Zielińska', email: EMAIL, phoneNumber: PHONE, role: 'Rampa' };

let t: TestApp;
let cookie: string;
let log = '';
const api = apiCaller(
  () => t.app,
  () => cookie,
);

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logStream: stream, logLevel: 'info' });
  cookie = await t.signIn('logs@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());

/** The log lines written while `run` ran, parsed. */
async function logOf(run: () => Promise<unknown>): Promise<{ text: string; entries: Record<string, unknown>[] }> {
  const start = log.length;
  await run();
  const text = log.slice(start);
  return {
    text,
    entries: text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('a refused write is logged without the values it carried', () => {
  it('a unique violation on an employee: code, constraint and table, neither email nor phone', async () => {
    expect((await api('POST', '/api/employees', employee)).statusCode).toBe(201);
    // A constraint the database enforces on this copy only: the second employee with the same email fails in the database.
    await t.database.db.execute(sql`create unique index employees_email_log_test_key on employees (email)`);
    try {
      let status = 0;
      const { text, entries } = await logOf(async () => {
        status = (await api('POST', '/api/employees', { ...employee, firstName: 'Marta Anna' })).statusCode;
      });
      expect(status).toBe(500);
      const failed = entries.find((e) => e.msg === 'request failed');
      expect(failed?.err).toMatchObject({ code: '23505', constraint: 'employees_email_log_test_key', table: 'employees' });
      expect(text).toContain('employees_email_log_test_key');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('marta.zielinska');
      expect(text).not.toContain(PHONE);
      expect(text).not.toContain('601 222');
      expect(text).not.toContain('Marta Anna');
    } finally {
      await t.database.db.execute(sql`drop index employees_email_log_test_key`);
    }
  });
});

describe('a full disk', () => {
  it('a write the database refuses for want of space is answered 507 DISK_FULL, and logged without values', async () => {
    // PostgreSQL's disk_full, raised where a full disk would raise it: on the write itself.
    await t.database.db.execute(sql`
      create function grafik_test_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16813": No space left on device' using errcode = '53100';
      end $$`);
    await t.database.db.execute(sql`create trigger grafik_test_disk_full before insert on employees for each row execute function grafik_test_disk_full()`);
    try {
      let res: Awaited<ReturnType<typeof api>> | undefined;
      const { text } = await logOf(async () => {
        res = await api('POST', '/api/employees', { ...employee, firstName: 'Ewa' });
      });
      expect(res?.statusCode).toBe(507);
      expect(res?.json()).toMatchObject({ code: 'DISK_FULL', message: DISK_FULL_MESSAGE });
      expect(text).toContain('53100');
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain(PHONE);
    } finally {
      await t.database.db.execute(sql`drop trigger grafik_test_disk_full on employees`);
      await t.database.db.execute(sql`drop function grafik_test_disk_full()`);
    }
  });
});
