// Logical backup and restore, identical on the embedded database and PostgreSQL. Rows travel as
// PostgreSQL's own JSON (json_agg / json_populate_recordset), so dates, times, numerics and JSON
// columns round-trip exactly, whatever the driver's type parsers do.
//
// A backup never holds sessions, sign-in challenges, throttling counters or calendar addresses (a
// restore keeps those the database has, for the employees it restores: docs/decisions/0030-calendar-addresses-and-backups.md). Password hashes,
// two-factor secrets and the signing secret are in it only when asked for (and the file is then
// encrypted, ./encryption.ts). Employees' own accounts and their links are never in a backup, and a
// restore removes them: employees are invited again (docs/security.md, promise 50). A restore ends every session; without secrets in the file, the
// accounts keep the credentials they have now (docs/decisions/0003-accounts-and-security.md).
// The statements themselves are in ../repos/backup.ts.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { metaValue, setMetaValue } from '../repos/app-meta.ts';
import {
  accountFlagsJson,
  columnsOf,
  constraintOf,
  countAdministratorsWithPassword,
  countSessions,
  emailsWithoutPassword,
  emptyTables,
  followIdSequences,
  insertJsonRows,
  keepCalendarFeeds,
  keepCredentials,
  readTable,
  readTables as readTablesOf,
  removeEmployeeUsers,
} from '../repos/backup.ts';
import { APP_VERSION } from '../../shared/version.ts';
import { BackupFormatError } from './errors.ts';
import { backupText, readBackupFile, type BackupContent, type ReadBackup } from './file.ts';
import {
  ALL_TABLES,
  BACKUP_TABLES,
  DATA_TABLES,
  FORMAT,
  FORMAT_VERSION,
  RESTORED_TABLES,
  SECRET_TABLES,
  SESSION_TABLES,
  SIGNING_SECRET_KEY,
} from './tables.ts';

export { ALL_TABLES, BACKUP_TABLES, DATA_TABLES, SECRET_TABLES, SESSION_TABLES };

/** Tables whose integer ids come from a sequence that must follow the restored rows. */
const SERIAL_TABLES = ['staff_groups', 'audit_log'] as const;
/** Rows per insert statement. */
const BATCH_ROWS = 1000;

/** A backup as this version writes it. */
export interface Backup extends BackupContent {
  formatVersion: typeof FORMAT_VERSION;
}

/** Every row of `tables` (all of them unless named), read in one repeatable-read transaction: a consistent snapshot. */
export async function readTables(db: Db, tables: readonly string[] = ALL_TABLES): Promise<Record<string, Record<string, unknown>[]>> {
  return readTablesOf(db, tables);
}

/**
 * A consistent snapshot of what a backup holds. Without `withSecrets`: no password hashes (the
 * accounts table), no two-factor secrets and no signing secret. Never any session, sign-in
 * challenge or throttling counter.
 */
export async function createBackup(db: Db, options: { withSecrets?: boolean } = {}): Promise<Backup> {
  const withSecrets = options.withSecrets === true;
  const tables = leaveOutEmployeeAccounts(await readTables(db, withSecrets ? BACKUP_TABLES : DATA_TABLES));
  if (!withSecrets) tables.app_meta = (tables.app_meta ?? []).filter((row) => row.key !== SIGNING_SECRET_KEY);
  return { format: FORMAT, formatVersion: FORMAT_VERSION, appVersion: APP_VERSION, createdAt: new Date().toISOString(), secrets: withSecrets, tables };
}

/** The tables without employees' own accounts (role 'employee'), their passwords and second factors. */
function leaveOutEmployeeAccounts(tables: Record<string, Record<string, unknown>[]>): Record<string, Record<string, unknown>[]> {
  const employeeUsers = new Set((tables.auth_user ?? []).filter((row) => row.role === 'employee').map((row) => row.id));
  if (employeeUsers.size === 0) return tables;
  const out: Record<string, Record<string, unknown>[]> = { ...tables, auth_user: tables.auth_user!.filter((row) => !employeeUsers.has(row.id)) };
  for (const name of ['auth_account', 'auth_two_factor']) {
    const rows = out[name];
    if (rows) out[name] = rows.filter((row) => !employeeUsers.has(row.user_id));
  }
  return out;
}

/** Rows per table, and in all. */
export function rowCounts(tables: Record<string, unknown[]>): { rows: number; tables: Record<string, number> } {
  const counts = Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length]));
  return { rows: Object.values(counts).reduce((n, c) => n + c, 0), tables: counts };
}

export interface RestoreReport {
  /** What the file said about itself. */
  file: { formatVersion: 1 | 2; appVersion: string; createdAt: string; encrypted: boolean };
  /** Rows restored from the file, per table. */
  restored: Record<string, number>;
  /** Rows of sessions, sign-in challenges and counters in the file (version 1), left out. */
  ignored: Record<string, number>;
  /** 'from backup': passwords, two-factor and the signing secret are the file's; 'kept': they are the ones the database had. */
  credentials: 'from backup' | 'kept';
  /** With 'kept': how many password accounts and two-factor secrets stayed, and whether the signing secret did. */
  kept: { accounts: number; twoFactor: number; signingSecret: boolean };
  /** Calendar addresses (never in a backup): those that worked before and still do, and those that ended with their employee. */
  calendarAddresses: { kept: number; ended: number };
  /** Employees' own accounts (never in a backup) that the restore removed: those employees are invited again. */
  employeeAccountsEnded: number;
  /** Sessions that the restore ended (all of them). */
  sessionsEnded: number;
  /** Accounts that cannot sign in until an administrator gives them a password (npm run user:reset). */
  usersWithoutPassword: string[];
  /** Administrators (not banned) with a password after the restore. */
  administratorsWithPassword: number;
  /** Whether the signing secret kept in the database is another one now (the running server still uses the old one). */
  signingSecretChanged: boolean;
}

/**
 * Replaces the database's contents with a backup file's, in one transaction: all or nothing.
 * Every session ends. A file without secrets leaves each account that exists in both with the
 * password, two-factor secret and signing secret the database has now. `audit` is written last,
 * inside the transaction, so it is in the restored log.
 */
/**
 * Columns added without a default, and the column whose value a backup made before them takes:
 * a shift's end date is its start date (overnight shifts came with the column).
 */
const DERIVED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  schedules: { end_date: 'date' },
};

/** The fields of a PostgreSQL error that say which rule a row broke (never the row's values). */
interface ViolatedRule {
  code: string;
  constraint: string | undefined;
  column: string | undefined;
}

function violatedRule(err: unknown): ViolatedRule | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; column?: unknown };
    if (typeof e.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        column: typeof e.column === 'string' ? e.column : undefined,
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Inserts a batch of a table's rows; when one breaks a key or a rule (a shift of an employee the
 * backup lacks, a repeated id), finds which one, and refuses the file naming the table, the row's
 * position in it and the rule in words. The database's error is not passed on: its detail holds the
 * row's values.
 */
async function insertBatch(tx: Db, table: string, columns: string[], batch: string, derived: Record<string, string>, offset: number) {
  try {
    await tx.transaction(async (sp) => insertJsonRows(sp, table, columns, batch, derived));
    return;
  } catch (err) {
    if (!violatedRule(err)) throw err;
  }
  const rows = JSON.parse(batch) as unknown[];
  for (const [i, row] of rows.entries()) {
    try {
      await tx.transaction(async (sp) => insertJsonRows(sp, table, columns, JSON.stringify([row]), derived));
    } catch (err) {
      const rule = violatedRule(err);
      if (!rule) throw err;
      const position = offset + i + 1;
      const words = await ruleInWords(tx, table, rule);
      throw new BackupFormatError(`Row ${position} of the backup's table ${table} ${words.text}. Nothing was restored.`, 'BROKEN_ROW', {
        table,
        row: position,
        ...words.params,
      });
    }
  }
  // Each row alone went in: they broke a rule only together (a key repeated within the batch is found above).
  throw new BackupFormatError(
    `The rows ${offset + 1}–${offset + rows.length} of the backup's table ${table} break a rule of the database together. Nothing was restored.`,
    'BROKEN_ROW',
    {
      table,
      row: offset + 1,
      rule: 'other',
    },
  );
}

async function ruleInWords(tx: Db, table: string, rule: ViolatedRule): Promise<{ text: string; params: Record<string, unknown> }> {
  const about = rule.constraint ? await constraintOf(tx, table, rule.constraint) : null;
  const columns = about?.columns.join(', ') ?? rule.column ?? '';
  switch (rule.code) {
    case '23503':
      return {
        text: `refers through ${columns} to a row of ${about?.references ?? 'another table'} that is not in the backup`,
        params: { rule: 'missingReference', columns, references: about?.references ?? null },
      };
    case '23505':
      return { text: `repeats the ${columns} of another row (${rule.constraint ?? 'a unique key'})`, params: { rule: 'duplicate', columns } };
    case '23502':
      return { text: `has no value for ${columns}, which is required`, params: { rule: 'missingValue', columns } };
    case '23514':
      return {
        text: `breaks the check ${rule.constraint ?? ''} of the database`.replace('  ', ' '),
        params: { rule: 'check', constraint: rule.constraint ?? null },
      };
    case '23P01':
      return {
        text: `overlaps another row (${rule.constraint ?? 'an exclusion constraint'})`,
        params: { rule: 'overlap', constraint: rule.constraint ?? null },
      };
    default:
      return {
        text: `holds a value its column${columns ? ` ${columns}` : ''} cannot take (${rule.code.startsWith('22') ? 'a wrong kind of value' : 'a broken rule'})`,
        params: { rule: 'badValue', columns },
      };
  }
}

export async function restoreFile(db: Db, file: ReadBackup, options: { audit?: AuditEntry } = {}): Promise<RestoreReport> {
  const keep = !file.header.secrets;
  const restored: Record<string, number> = {};
  const report = await db.transaction(async (tx) => {
    const sessionsEnded = await countSessions(tx);
    const secretBefore = await metaValue(tx, SIGNING_SECRET_KEY);
    const feedsBefore = await readTable(tx, 'calendar_feeds');
    const employeeAccountsBefore = (await readTable(tx, 'employee_accounts')).length;
    const current = keep
      ? {
          accounts: await readTable(tx, 'auth_account'),
          twoFactor: await readTable(tx, 'auth_two_factor'),
          accountFlags: await accountFlagsJson(tx),
        }
      : null;

    await emptyTables(tx, RESTORED_TABLES);
    for (const table of file.tables) {
      restored[table] = file.rows(table);
      if (file.rows(table) === 0) continue;
      // Only the columns the backup has: a column added by a later version takes its default.
      const known = await columnsOf(tx, table);
      const present = file.columns(table);
      const unknown = present.filter((c) => !known.includes(c));
      if (unknown.length > 0) {
        throw new BackupFormatError(
          `The backup's table ${table} has ${unknown.length === 1 ? 'a column' : 'columns'} this version of Grafik (${APP_VERSION}) does not know: ` +
            `${unknown.join(', ')}. Restore it with the version that made it (${file.header.appVersion}) or a later one.`,
        );
      }
      const columns = known.filter((c) => present.includes(c));
      // A column added without a default is filled from the one it was derived from in that version.
      const derived = Object.fromEntries(Object.entries(DERIVED_COLUMNS[table] ?? {}).filter(([target]) => !present.includes(target)));
      let offset = 0;
      for await (const batch of file.batches(table, BATCH_ROWS)) {
        await insertBatch(tx, table, columns, batch, derived, offset);
        offset += BATCH_ROWS;
      }
    }

    const kept = { accounts: 0, twoFactor: 0, signingSecret: false };
    if (current) {
      // The credentials of the accounts that exist in both stay as they are now; an account new to
      // this database has no second factor here, so it cannot be asked for one.
      Object.assign(kept, await keepCredentials(tx, current));
      if (secretBefore !== null) {
        await setMetaValue(tx, SIGNING_SECRET_KEY, secretBefore);
        kept.signingSecret = true;
      }
    }
    await followIdSequences(tx, SERIAL_TABLES);
    const feedsKept = await keepCalendarFeeds(tx, feedsBefore);
    // Whatever the file holds, no employee's own account comes back with it.
    await removeEmployeeUsers(tx);

    const withoutPassword = await emailsWithoutPassword(tx);
    const administratorsWithPassword = await countAdministratorsWithPassword(tx);
    const result: RestoreReport = {
      file: { formatVersion: file.header.formatVersion, appVersion: file.header.appVersion, createdAt: file.header.createdAt, encrypted: file.encrypted },
      restored,
      ignored: file.ignored,
      credentials: keep ? 'kept' : 'from backup',
      kept,
      calendarAddresses: { kept: feedsKept, ended: feedsBefore.length - feedsKept },
      employeeAccountsEnded: employeeAccountsBefore,
      sessionsEnded,
      usersWithoutPassword: withoutPassword,
      administratorsWithPassword,
      signingSecretChanged: (await metaValue(tx, SIGNING_SECRET_KEY)) !== secretBefore,
    };
    if (options.audit) {
      const { detail, ...who } = options.audit;
      await writeAudit(tx, { ...who, detail: { ...detail, ...restoreAuditDetail(result) } });
    }
    return result;
  });
  return report;
}

/** What the audit log keeps of a restore: counts and choices, never a row. */
/**
 * The tables that hold rows, with their counts: the audit log keeps at most 20 keys of an object, and
 * the database has more tables than that, so empty ones are left out of the record.
 */
const tablesWithRows = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

function restoreAuditDetail(report: RestoreReport): Record<string, unknown> {
  return {
    file: report.file,
    secrets: report.credentials === 'from backup' ? 'from backup' : 'none in the backup; current credentials kept',
    rows: Object.values(report.restored).reduce((n, c) => n + c, 0),
    tables: tablesWithRows(report.restored),
    ...(Object.keys(report.ignored).length > 0 ? { ignored: report.ignored } : {}),
    sessionsEnded: report.sessionsEnded,
    calendarAddresses: report.calendarAddresses,
    usersWithoutPassword: report.usersWithoutPassword.length,
  };
}

/** What the audit log keeps of a backup. */
export function backupAuditDetail(backup: BackupContent, encrypted: boolean): Record<string, unknown> {
  const { rows, tables } = rowCounts(backup.tables);
  return { withSecrets: backup.secrets, encrypted, rows, tables: tablesWithRows(tables) };
}

/** Restores a backup held in memory (through the same checks as a file). */
export async function restoreBackup(db: Db, backup: BackupContent, options: { audit?: AuditEntry } = {}): Promise<RestoreReport> {
  const file = await readBackupFile(
    (async function* () {
      yield* backupText(backup);
    })(),
  );
  try {
    return await restoreFile(db, file, options);
  } finally {
    await file.close();
  }
}

/** The restore's outcome in sentences, for the command line and the API's answer. */
export function restoreSummary(report: RestoreReport): string[] {
  const rows = Object.values(report.restored).reduce((n, c) => n + c, 0);
  const lines = [
    `Restored ${rows} rows from a backup made ${report.file.createdAt} by Grafik ${report.file.appVersion}; everything that was there before was replaced.`,
    `Every session has ended (${report.sessionsEnded}): everyone must sign in again, the administrator who restored included.`,
  ];
  const { kept: feedsKept, ended: feedsEnded } = report.calendarAddresses;
  lines.push(
    `Calendar addresses are never in a backup, so none came back from it (an address revoked after the backup stays revoked): ` +
      `${feedsKept === 0 ? 'no address was in use' : `the ${feedsKept} address${feedsKept === 1 ? '' : 'es'} in use before the restore still work${feedsKept === 1 ? 's' : ''}`}` +
      `${feedsEnded > 0 ? `, and ${feedsEnded} ended because ${feedsEnded === 1 ? 'its employee is' : 'their employees are'} not in the backup` : ''}. ` +
      "Create an address on the employee's page for anyone who needs a new one.",
  );
  if (report.credentials === 'kept') {
    lines.push(
      `The backup holds no passwords, two-factor secrets or signing secret, so every account that was already here kept its current password and two-step verification` +
        ` (${report.kept.accounts} password${report.kept.accounts === 1 ? '' : 's'}, ${report.kept.twoFactor} two-factor secret${report.kept.twoFactor === 1 ? '' : 's'} kept)` +
        `${report.kept.signingSecret ? ', and the signing secret was kept' : ''}.`,
    );
  } else {
    lines.push("Passwords, two-step verification and the signing secret are the backup's: everyone signs in with the password they had when it was made.");
  }
  if (report.file.formatVersion === 1) {
    lines.push(
      'This was a version 1 backup: it holds password hashes, two-factor secrets and the signing secret in plain text, and a file that is not encrypted cannot bring them, so they were left out. ' +
        'Keep it locked away or delete it, and make a new backup.',
    );
  }
  if (report.usersWithoutPassword.length > 0) {
    lines.push(
      `${report.usersWithoutPassword.length} account${report.usersWithoutPassword.length === 1 ? ' has' : 's have'} no password now and cannot sign in until an administrator gives ${report.usersWithoutPassword.length === 1 ? 'it' : 'them'} one ` +
        `(npm run user:reset -- --email …): ${report.usersWithoutPassword.join(', ')}.`,
    );
  }
  if (report.administratorsWithPassword === 0) {
    lines.push(
      'No administrator can sign in now: give one a password with npm run user:reset -- --email <administrator>, or create one with npm run user:create -- --admin.',
    );
  }
  if (report.signingSecretChanged) {
    lines.push(
      'The backup brought another signing secret: restart the server so that it is used (until then, two-step verification codes of the restored accounts are refused).',
    );
  }
  return lines;
}

/**
 * A digest of every row of every table (those in `exclude` left out): equal digests mean equal
 * contents. Reads secrets and sessions too, unlike a backup.
 */
export async function databaseChecksum(db: Db, options: { exclude?: readonly string[] } = {}): Promise<string> {
  const exclude = options.exclude ?? [];
  const tables = await readTables(
    db,
    ALL_TABLES.filter((t) => !exclude.includes(t)),
  );
  const hash = createHash('sha256');
  for (const table of ALL_TABLES) {
    if (exclude.includes(table)) continue;
    const rows = (tables[table] ?? []).map((r) => JSON.stringify(r)).sort();
    hash.update(table).update('\n').update(rows.join('\n')).update('\n');
  }
  return hash.digest('hex');
}
