// Logical backup and restore of every table, identical on the embedded database and PostgreSQL.
// Rows travel as PostgreSQL's own JSON (json_agg / json_populate_recordset), so dates, times,
// numerics and JSON columns round-trip exactly, whatever the driver's type parsers do.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { APP_VERSION } from '../../shared/version.ts';

/** Every table, parents before children (the order rows are restored in). */
export const BACKUP_TABLES = [
  'staff_groups',
  'employees',
  'schedules',
  'time_off',
  'events',
  'monthly_work_hours',
  'flights',
  'airport_hours',
  'settings',
  'generation_runs',
  'app_meta',
  'audit_log',
  'auth_user',
  'auth_session',
  'auth_account',
  'auth_verification',
  'auth_two_factor',
  'auth_rate_limit',
] as const;

/** Tables whose integer ids come from a sequence that must follow the restored rows. */
const SERIAL_TABLES = ['staff_groups', 'audit_log'] as const;

export interface Backup {
  format: 'grafik-backup';
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  tables: Record<string, unknown[]>;
}

type Executor = Pick<Db, 'execute'>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function readTable(db: Executor, table: string): Promise<unknown[]> {
  const result = await db.execute(
    sql.raw(`select coalesce(json_agg(t), '[]'::json)::text as rows from "${table}" t`),
  );
  return JSON.parse(String(rowsOf(result)[0]!.rows)) as unknown[];
}

/** A consistent snapshot of every table, taken in one repeatable-read transaction. */
export async function createBackup(db: Db): Promise<Backup> {
  const tables = await db.transaction(
    async (tx) => {
      const out: Record<string, unknown[]> = {};
      for (const table of BACKUP_TABLES) out[table] = await readTable(tx, table);
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { format: 'grafik-backup', formatVersion: 1, appVersion: APP_VERSION, createdAt: new Date().toISOString(), tables };
}

export class BackupFormatError extends Error {}

export function parseBackup(value: unknown): Backup {
  const b = value as Partial<Backup> | null;
  if (!b || typeof b !== 'object' || b.format !== 'grafik-backup') throw new BackupFormatError('Not a Grafik backup file (format is missing).');
  if (b.formatVersion !== 1) throw new BackupFormatError(`Unknown backup format version ${String(b.formatVersion)} (expected 1).`);
  if (!b.tables || typeof b.tables !== 'object') throw new BackupFormatError('The backup has no tables.');
  for (const table of BACKUP_TABLES) {
    if (!Array.isArray(b.tables[table])) throw new BackupFormatError(`The backup lacks the table ${table}.`);
  }
  return b as Backup;
}

async function columnsOf(db: Executor, table: string): Promise<string[]> {
  const result = await db.execute(
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  return rowsOf(result).map((r) => String(r.column_name));
}

/** Replaces every row of every table with the backup's, in one transaction: all or nothing. */
export async function restoreBackup(db: Db, backup: Backup): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${BACKUP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    for (const table of BACKUP_TABLES) {
      const rows = (backup.tables[table] ?? []) as Record<string, unknown>[];
      counts[table] = rows.length;
      if (rows.length === 0) continue;
      // Only the columns the backup has: a column added by a later version takes its default.
      const known = await columnsOf(tx, table);
      const present = new Set<string>();
      for (const row of rows) for (const key of Object.keys(row ?? {})) present.add(key);
      const unknown = [...present].filter((c) => !known.includes(c));
      if (unknown.length > 0) {
        throw new BackupFormatError(
          `The backup's table ${table} has ${unknown.length === 1 ? 'a column' : 'columns'} this version of Grafik (${APP_VERSION}) does not know: ` +
            `${unknown.join(', ')}. Restore it with the version that made it (${backup.appVersion}) or a later one.`,
        );
      }
      const columns = sql.join(
        known.filter((c) => present.has(c)).map((c) => sql.identifier(c)),
        sql`, `,
      );
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = JSON.stringify(rows.slice(i, i + 1000));
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${chunk}::json)`,
        );
      }
    }
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
        ),
      );
    }
  });
  return counts;
}

/** A digest of every row of every table: equal digests mean equal contents. */
export async function databaseChecksum(db: Db): Promise<string> {
  const { tables } = await createBackup(db);
  const hash = createHash('sha256');
  for (const table of BACKUP_TABLES) {
    const rows = (tables[table] ?? []).map((r) => JSON.stringify(r)).sort();
    hash.update(table).update('\n').update(rows.join('\n')).update('\n');
  }
  return hash.digest('hex');
}
