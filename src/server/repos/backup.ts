// The SQL of backup and restore. Tables are read and written whole and generically, by name, as
// PostgreSQL's own JSON (json_agg out, json_populate_recordset in), so every column type round-trips
// exactly whatever the driver's type parsers do. Which tables, in what order, and what a restore
// keeps are decided by src/server/backup/; the functions here take the transaction they run in.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The first row's `n` of a counting statement. */
async function countOf(db: Db, query: SQL): Promise<number> {
  return Number(rowsOf(await db.execute(query))[0]!.n);
}

/** Every row of `table`, as the JSON PostgreSQL makes of it. */
export async function readTable(db: Db, table: string): Promise<Row[]> {
  const result = await db.execute(sql`select coalesce(json_agg(t), '[]'::json)::text as rows from ${sql.identifier(table)} t`);
  return JSON.parse(String(rowsOf(result)[0]!.rows)) as Row[];
}

/** Every row of `tables`, read in one repeatable-read, read-only transaction: a consistent snapshot. */
export async function readTables(db: Db, tables: readonly string[]): Promise<Record<string, Row[]>> {
  return db.transaction(
    async (tx) => {
      const out: Record<string, Row[]> = {};
      for (const table of tables) out[table] = await readTable(tx, table);
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The columns `table` has in this database, in their order. */
export async function columnsOf(db: Db, table: string): Promise<string[]> {
  const result = await db.execute(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return rowsOf(result).map((r) => String(r.column_name));
}

/** How many sessions there are (a restore ends them all). */
export async function countSessions(db: Db): Promise<number> {
  return countOf(db, sql`select count(*)::int as n from auth_session`);
}

/** Each account's two-factor and must-change-password flags, as a JSON array of `{ id, two_factor_enabled, must_change_password }`. */
export async function accountFlagsJson(db: Db): Promise<string> {
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_object('id', id, 'two_factor_enabled', two_factor_enabled, 'must_change_password', must_change_password)), '[]'::json)::text as rows from auth_user`,
  );
  return rowsOf(result)[0]!.rows as string;
}

/** Empties `tables` and restarts their sequences; rows of other tables that refer to them go too. */
export async function emptyTables(db: Db, tables: readonly string[]): Promise<void> {
  await db.execute(
    sql`truncate ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )} restart identity cascade`,
  );
}

/** Inserts a JSON array of rows into `table`, filling only `columns` (the others take their defaults). */
export async function insertJsonRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rowsJson: string,
  /** Columns the file lacks that are copied from another of the row's columns (target → source). */
  derived: Readonly<Record<string, string>> = {},
): Promise<void> {
  const targets = [...columns, ...Object.keys(derived)];
  const sources = [...columns, ...Object.values(derived)];
  const names = sql.join(
    targets.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const values = sql.join(
    sources.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select ${values} from json_populate_recordset(null::${sql.identifier(table)}, ${rowsJson}::json)`,
  );
}

/**
 * Puts back the password accounts and two-factor secrets read before a restore, for the accounts
 * that exist after it, with their two-factor and must-change-password flags; an account left without
 * a second factor is not asked for one. Returns how many accounts and secrets were put back.
 */
export async function keepCredentials(
  db: Db,
  before: { accounts: Row[]; twoFactor: Row[]; accountFlags: string },
): Promise<{ accounts: number; twoFactor: number }> {
  const accounts = await countOf(
    db,
    sql`with added as (insert into auth_account select r.* from json_populate_recordset(null::auth_account, ${JSON.stringify(before.accounts)}::json) r
        where r.user_id in (select id from auth_user) returning 1) select count(*)::int as n from added`,
  );
  const twoFactor = await countOf(
    db,
    sql`with added as (insert into auth_two_factor select r.* from json_populate_recordset(null::auth_two_factor, ${JSON.stringify(before.twoFactor)}::json) r
        where r.user_id in (select id from auth_user) returning 1) select count(*)::int as n from added`,
  );
  await db.execute(sql`update auth_user u set two_factor_enabled = k.two_factor_enabled, must_change_password = k.must_change_password
    from json_populate_recordset(null::auth_user, ${before.accountFlags}::json) k where u.id = k.id`);
  await db.execute(sql`update auth_user u set two_factor_enabled = false
    where u.two_factor_enabled and not exists (select 1 from auth_two_factor t where t.user_id = u.id)`);
  return { accounts, twoFactor };
}

/** Moves the id sequence of each of `tables` past the largest id it holds, so the next insert does not collide. */
export async function followIdSequences(db: Db, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`);
  }
}

/** What a constraint of `table` is about: its kind, its columns and the table it refers to (no row's values). */
export async function constraintOf(db: Db, table: string, name: string): Promise<{ kind: string; columns: string[]; references: string | null } | null> {
  const result = await db.execute(sql`select c.contype::text as kind, c.confrelid::regclass::text as refers,
      (select coalesce(json_agg(a.attname::text order by a.attnum), '[]'::json)::text from pg_attribute a
        where a.attrelid = c.conrelid and a.attnum = any(c.conkey)) as columns
    from pg_constraint c where c.conname = ${name} and c.conrelid = ${table}::regclass`);
  const row = rowsOf(result)[0];
  if (!row) return null;
  const refers = String(row.refers ?? '-');
  return { kind: String(row.kind), columns: JSON.parse(String(row.columns)) as string[], references: refers === '-' || refers === '0' ? null : refers };
}

/**
 * Puts back the calendar addresses the database had before a restore, for the employees that are
 * there after it; how many were put back.
 */
export async function keepCalendarFeeds(db: Db, before: Row[]): Promise<number> {
  return countOf(
    db,
    sql`with added as (insert into calendar_feeds select r.* from json_populate_recordset(null::calendar_feeds, ${JSON.stringify(before)}::json) r
        where r.employee_id in (select id from employees) returning 1) select count(*)::int as n from added`,
  );
}

/**
 * Removes every employee's own account (role 'employee'; their passwords, second factors and links go
 * with them): a restore never brings one back. How many there were.
 */
export async function removeEmployeeUsers(db: Db): Promise<number> {
  return countOf(db, sql`with gone as (delete from auth_user where role = 'employee' returning 1) select count(*)::int as n from gone`);
}

/** The emails of the accounts without a password, in order. */
export async function emailsWithoutPassword(db: Db): Promise<string[]> {
  const result = await db.execute(sql`select email from auth_user u where not exists (
    select 1 from auth_account a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) order by email`);
  return rowsOf(result).map((r) => String(r.email));
}

/** Administrators who are not banned and have a password. */
export async function countAdministratorsWithPassword(db: Db): Promise<number> {
  return countOf(
    db,
    sql`select count(*)::int as n from auth_user u where u.role = 'admin' and not coalesce(u.banned, false) and exists (
      select 1 from auth_account a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null)`,
  );
}
