// Shared by the reliability suites: checksums that leave out the tables a refused request may
// legitimately touch, PostgreSQL admin connections, and assertions on error answers.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ALL_TABLES, databaseChecksum } from '../../src/server/backup/backup.ts';
import type { Db } from '../../src/server/db/client.ts';

/**
 * Tables that change without any planning data changing: sign-in sessions (sliding expiry), better-auth's
 * rate-limit counters and the audit log (failed attempts are logged on purpose). Everything else must
 * stay byte-for-byte identical across refused requests and failed writes.
 */
const BOOKKEEPING_TABLES = ['auth_session', 'auth_rate_limit', 'audit_log', 'auth_verification'] as const;

/** A digest of every row of every table except `exclude`: equal digests mean equal contents. */
export async function dataChecksum(db: Db, exclude: readonly string[] = BOOKKEEPING_TABLES): Promise<string> {
  return databaseChecksum(db, { exclude });
}

export async function currentDatabaseName(db: Db): Promise<string> {
  const result = await db.execute(sql`select current_database() as name`);
  return String((result as unknown as { rows: { name: string }[] }).rows[0]!.name);
}

/** A connection to the server's maintenance database (TEST_DATABASE_URL), outside the app's pool. */
export async function adminClient(database?: string): Promise<pg.Client> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // A terminated neighbour must not take this connection down with an unhandled error.
  client.on('error', () => {});
  return client;
}

/** Waits until `find` returns a value (polling), or fails after `timeoutMs`. */
export async function waitFor<T>(find: () => Promise<T | null | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await find();
    if (value !== null && value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The pid of the app's backend that waits on a lock in `database` (the blocked write). */
export async function blockedBackend(admin: pg.Client, database: string): Promise<number> {
  return waitFor(async () => {
    const res = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      [database],
    );
    return res.rows[0]?.pid ?? null;
  }, 'a backend blocked on a lock');
}

/** The pid of the app's backend sitting inside an open transaction in `database`. */
export async function backendInTransaction(admin: pg.Client, database: string): Promise<number> {
  return waitFor(async () => {
    const res = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
      [database],
    );
    return res.rows.length === 1 ? res.rows[0]!.pid : null;
  }, 'one backend inside a transaction');
}

export async function terminate(admin: pg.Client, pid: number): Promise<void> {
  const res = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [pid]);
  expect(res.rows[0]?.ok).toBe(true);
}

const STACK_LINE = /\bat\s+\S*\s*\(?(?:file:\/\/)?[^\s()]+\.(?:ts|js|mjs|cjs|tsx):\d+(?::\d+)?\)?/;

/** True when a body looks like it carries a stack trace (an "at fn (file.ts:12:3)" line). */
export function hasStackTrace(body: string): boolean {
  return STACK_LINE.test(body) || /node_modules|node:internal/.test(body);
}

/** A 5xx the way a user should see it: JSON with a readable message and the request id, no stack. */
export function expectCleanServerError(res: { statusCode: number; body: string }): { code: string; message: string; requestId: string } {
  expect(res.statusCode).toBeGreaterThanOrEqual(500);
  expect(res.statusCode).toBeLessThan(600);
  const body = JSON.parse(res.body) as { code: string; message: string; requestId: string };
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(10);
  expect(body.requestId).toEqual(expect.any(String));
  expect(hasStackTrace(res.body)).toBe(false);
  return body;
}

/**
 * The same guarantee as dataChecksum in one SQL statement (md5 of every row's text, per table), cheap
 * enough to run after every request of the fuzz.
 */
export async function quickChecksum(db: Db, exclude: readonly string[] = BOOKKEEPING_TABLES): Promise<string> {
  const parts = ALL_TABLES.filter((t) => !exclude.includes(t)).map(
    (t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${t}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const rows = (result as unknown as { rows: { t: string; h: string }[] }).rows;
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}
