// The log's error serializer on real database errors (both databases): the code, constraint, table
// and column are kept; the query's values, PostgreSQL's detail ("Failing row contains (…)") and quoted
// values in its messages are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { employees, staffGroups, user } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { loggedUrl, MAX_MESSAGE_LENGTH, queryShape, redactDatabaseMessage, redactLogText, serializeError } from './log-redaction.ts';

const EMAIL = 'anna.kowalska@example.com';
const PHONE = '+48 512 345 678';
const SURNAME = 'Kowalska';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(staffGroups).values({ name: 'Rampa', position: 1 }).onConflictDoNothing();
});
afterAll(async () => database.close());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected the statement to fail');
}

/** The serialized error as it would be written: JSON text. */
const logged = (err: unknown) => JSON.stringify(serializeError(err));

function expectNoPersonalData(text: string) {
  expect(text).not.toContain(EMAIL);
  expect(text).not.toContain('anna.kowalska');
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain('512 345');
  expect(text).not.toContain(SURNAME);
}

describe('database errors', () => {
  it('a check violation: code, constraint and table; neither the values nor the failing row', async () => {
    const err = await failure(() =>
      database.db.insert(employees).values({ firstName: 'Anna', lastName: SURNAME, email: 'anna.kowalska at example.com', phoneNumber: PHONE, role: 'Rampa' }),
    );
    // What the default serializer would have written: the statement, the values, the row.
    expect(String((err as Error).message)).toContain(PHONE);
    expect(String((err as { cause?: { detail?: string } }).cause?.detail)).toContain(PHONE);
    const out = serializeError(err);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      code: '23514',
      constraint: 'employees_email_shape',
      table: 'employees',
      values: 5,
      cause: { type: 'DatabaseError', code: '23514', constraint: 'employees_email_shape', table: 'employees' },
    });
    expect(out.query).toMatch(/^insert into "employees" \("id", "first_name", .*\) values …$/);
    expect(out.cause?.message).toBe('new row for relation "employees" violates check constraint "employees_email_shape"');
    expectNoPersonalData(logged(err));
  });

  it('a unique violation: the key named in the detail stays out', async () => {
    const row = { id: 'u-redaction', name: 'Anna Kowalska', email: EMAIL, emailVerified: false };
    await database.db.insert(user).values(row);
    const err = await failure(() => database.db.insert(user).values({ ...row, id: 'u-redaction-2' }));
    expect(String((err as { cause?: { detail?: string } }).cause?.detail)).toContain(EMAIL);
    expect(serializeError(err)).toMatchObject({ code: '23505', constraint: 'auth_user_email_unique', table: 'auth_user' });
    expectNoPersonalData(logged(err));
  });

  it('a not-null violation names the column', async () => {
    const err = await failure(() =>
      database.db.execute(
        sql`insert into employees (first_name, last_name, email, phone_number, role) values (${'Anna'}, ${null}, ${EMAIL}, ${PHONE}, ${'Rampa'})`,
      ),
    );
    expect(serializeError(err)).toMatchObject({ code: '23502', table: 'employees', column: 'last_name' });
    expectNoPersonalData(logged(err));
  });

  it('messages that quote the value have it replaced', async () => {
    const err = await failure(() => database.db.select().from(employees).where(eq(employees.id, EMAIL)));
    const out = serializeError(err);
    expect(out.code).toBe('22P02');
    expect(out.cause?.message).toBe('invalid input syntax for type uuid: "…"');
    expectNoPersonalData(logged(err));
  });

  it('literals written into the statement itself are taken out of its shape', async () => {
    const err = await failure(() => database.db.execute(sql.raw(`select * from employees where email = '${EMAIL}' and id = 'x'::uuid limit 5`)));
    const out = serializeError(err);
    expect(out.query).toBe('select * from employees where email = ? and id = ?::uuid limit ?');
    expectNoPersonalData(logged(err));
  });

  it('a failed import of thousands of rows is logged in a few lines, without a value', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      firstName: 'Anna',
      lastName: `${SURNAME}${i}`,
      email: i === 2999 ? 'not an email' : `anna.kowalska+${i}@example.com`,
      phoneNumber: PHONE,
      role: 'Rampa',
    }));
    const err = await failure(() => database.db.insert(employees).values(rows));
    expect((err as Error).message.length).toBeGreaterThan(200_000);
    const text = logged(err);
    expect(text.length).toBeLessThan(4_000);
    expect(serializeError(err)).toMatchObject({ code: '23514', values: 15_000 });
    expectNoPersonalData(text);
  });
});

describe('other errors', () => {
  it('keeps the message, cut to its limit, and the stack without the message line', () => {
    const err = new Error(`line one ${'x'.repeat(2000)}\nline two`);
    const out = serializeError(err);
    expect(out.type).toBe('Error');
    expect(out.message.length).toBe(MAX_MESSAGE_LENGTH);
    expect(out.message.startsWith('line one ')).toBe(true);
    expect(out.stack).toMatch(/^\s+at /);
    expect(out.stack).not.toContain('line one');
    expect(out.stack).not.toContain('line two');
  });

  it('walks the cause chain, hoists the database fields and stops at a cycle', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'x_key',
      table: 'x',
      detail: `Key (email)=(${EMAIL}) already exists.`,
    });
    const wrapped = new HttpError(500, 'INTERNAL', 'saving failed', undefined);
    (wrapped as { cause?: unknown }).cause = pgError;
    const cyclic = new Error('outer', { cause: wrapped });
    (pgError as { cause?: unknown }).cause = cyclic;
    const out = serializeError(cyclic);
    expect(out).toMatchObject({ type: 'Error', message: 'outer', code: '23505', constraint: 'x_key', table: 'x' });
    expect(out.cause).toMatchObject({ type: 'HttpError', code: 'INTERNAL', statusCode: 500, cause: { type: 'DatabaseError', code: '23505' } });
    expect(out.cause?.cause?.cause).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain(EMAIL);
  });

  it('a message quoting a failed query keeps the statement shape only', () => {
    const text = redactLogText(`audit log write failed: Failed query: insert into "audit_log" ("email", "ip") values ($1, $2)\nparams: ${EMAIL},10.1.2.3`);
    expect(text).toBe('audit log write failed: Failed query: insert into "audit_log" ("email", "ip") values … (values left out)');
    expect(serializeError(new Error(`x: Failed query: select 1\nparams: ${EMAIL}`)).message).not.toContain(EMAIL);
  });

  it('keeps names of constraints, relations and files in database messages, and nothing else quoted', () => {
    expect(redactDatabaseMessage('null value in column "email" of relation "employees" violates not-null constraint')).toBe(
      'null value in column "email" of relation "employees" violates not-null constraint',
    );
    expect(redactDatabaseMessage('could not extend file "base/5/16813": No space left on device')).toBe(
      'could not extend file "base/5/16813": No space left on device',
    );
    expect(redactDatabaseMessage(`value "${EMAIL}" is out of range for type integer`)).toBe('value "…" is out of range for type integer');
    expect(redactDatabaseMessage(`syntax error at or near "'${EMAIL}'"`)).toBe('syntax error at or near "…"');
    expect(redactDatabaseMessage(`invalid value '${EMAIL}' for "x"`)).toBe(`invalid value '…' for "…"`);
    expect(queryShape(`insert into t (a) values ($1), ($2) on conflict do nothing returning "id"`)).toBe(
      'insert into t (a) values … on conflict do nothing returning "id"',
    );
    expect(queryShape('select $$secret$$, $tag$also secret$tag$, 3.5, "t1"."c2"')).toBe('select ?, ?, ?, "t1"."c2"');
  });

  it('non-error values are written as text', () => {
    expect(serializeError('plain text')).toEqual({ type: 'string', message: 'plain text' });
    expect(serializeError(undefined)).toEqual({ type: 'undefined', message: 'undefined' });
  });
});

describe('request addresses', () => {
  const token = 'XkTDVMXDsdUTzpV44kYG7HAmTph8NqQDte3FmjDDPw0';
  it('a route whose address carries a secret is logged by the matched route, however the address was spelled', () => {
    const routeOptions = { url: '/api/calendar/:file', config: { secretInAddress: true } };
    for (const url of [`/api/calendar/${token}.ics`, `/api/c%61lendar/${token}.ics`, `/API/CALENDAR/${token}.ics?lang=en`]) {
      expect(loggedUrl({ url, routeOptions })).toBe('/api/calendar/:file');
    }
  });

  it('an address that matched no such route is logged as sent, with anything after a calendar path cut out, encoded or not', () => {
    expect(loggedUrl({ url: '/api/employees?month=2026-12', routeOptions: { url: '/api/employees', config: {} } })).toBe('/api/employees?month=2026-12');
    for (const url of [`/api/calendar/${token}.ics/x`, `/api/c%61lendar/${token}`, `/api/%63alendar/${token}.ics%2F`]) {
      const logged = loggedUrl({ url });
      expect(logged, url).toBe('/api/calendar/…');
      expect(logged).not.toContain(token);
    }
    // Not valid percent-encoding: looked at as sent.
    expect(loggedUrl({ url: `/api/calendar/${token}%E0` })).toBe('/api/calendar/…');
    expect(loggedUrl({ url: '/api/x%E0' })).toBe('/api/x%E0');
  });
});
