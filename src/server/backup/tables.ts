// Which tables a backup holds, and what a backup file's header must say.
import { BackupFormatError } from './errors.ts';

/** Every table of the database, parents before children (the order rows are restored in). */
export const ALL_TABLES = [
  'staff_groups',
  'employees',
  'qualifications',
  'employee_qualifications',
  'schedules',
  'time_off',
  'time_off_requests',
  'employee_wishes',
  'shift_swaps',
  'events',
  'monthly_work_hours',
  'flight_imports',
  'flights',
  'import_profiles',
  'aircraft_staffing',
  'aircraft_type_names',
  'handling_rules',
  'airport_hours',
  'settings',
  'generation_runs',
  'published_months',
  'published_shifts',
  'schedule_edits',
  'publication_notices',
  'calendar_feeds',
  'app_meta',
  'audit_log',
  'auth_user',
  'auth_session',
  'auth_account',
  'auth_verification',
  'auth_two_factor',
  'auth_rate_limit',
  'employee_accounts',
] as const;

/**
 * Never in a backup, and never restored: sessions (a token in a backup is a way in), sign-in
 * challenges, and the throttling counters and used-code claims (restoring old ones would lift a lock).
 */
export const SESSION_TABLES: readonly string[] = ['auth_session', 'auth_verification', 'auth_rate_limit'];

/** Password hashes (auth_account) and two-factor secrets: in a backup only when asked for, and then encrypted. */
export const SECRET_TABLES: readonly string[] = ['auth_account', 'auth_two_factor'];

/** The app_meta key of the generated signing secret; travels with the secret tables. */
export { SIGNING_SECRET_KEY } from '../repos/app-meta.ts';

/**
 * Never in a backup, and kept through a restore as the database has them (docs/decisions/0030-calendar-addresses-and-backups.md):
 * calendar addresses. A token hash in a backup would bring a revoked address back; the addresses
 * that work at the time of a restore keep working for the employees the backup has.
 */
export const KEPT_TABLES: readonly string[] = ['calendar_feeds'];

/**
 * Never in a backup, and emptied by a restore (docs/security.md, promise 50): the links between
 * employees and their own accounts, with their open invitations. The employees' accounts themselves
 * (users with role 'employee') are left out of a backup too and removed by a restore, so a restore
 * never brings back an account or an invitation a planner had revoked: employees are invited again.
 */
export const EMPLOYEE_ACCOUNT_TABLES: readonly string[] = ['employee_accounts'];

/** The tables a backup can hold: everything but the session tables, calendar addresses and employee accounts' links. */
export const BACKUP_TABLES: readonly string[] = ALL_TABLES.filter(
  (t) => !SESSION_TABLES.includes(t) && !KEPT_TABLES.includes(t) && !EMPLOYEE_ACCOUNT_TABLES.includes(t),
);

/** The tables every backup holds, with or without secrets. */
export const DATA_TABLES: readonly string[] = BACKUP_TABLES.filter((t) => !SECRET_TABLES.includes(t));

/** Emptied by a restore: everything but the throttling counters, which stay as they are. */
export const RESTORED_TABLES: readonly string[] = ALL_TABLES.filter((t) => t !== 'auth_rate_limit');

export const FORMAT = 'grafik-backup';
export const FORMAT_VERSION = 2;

/** What a backup file says about itself, before its tables. */
export interface BackupHeader {
  format: typeof FORMAT;
  /** 1: every table, secrets in plain text (read, never written); 2: no sessions, secrets only on request. */
  formatVersion: 1 | 2;
  appVersion: string;
  createdAt: string;
  /** Whether the file holds password hashes, two-factor secrets and the signing secret (always so in version 1). */
  secrets: boolean;
}

/** Checks the top-level fields of a backup; throws a BackupFormatError that names the problem. */
export function checkHeader(fields: Record<string, unknown>): BackupHeader {
  if (fields.format !== FORMAT) throw new BackupFormatError('Not a Grafik backup file (format is missing).');
  const version = fields.formatVersion;
  if (version !== 1 && version !== 2) {
    throw new BackupFormatError(`Unknown backup format version ${String(version)}: this version of Grafik reads versions 1 and 2.`);
  }
  if (version === 2 && typeof fields.secrets !== 'boolean') {
    throw new BackupFormatError('The backup does not say whether it holds secrets (the field secrets is missing).');
  }
  return {
    format: FORMAT,
    formatVersion: version,
    appVersion: typeof fields.appVersion === 'string' ? fields.appVersion : 'unknown',
    createdAt: typeof fields.createdAt === 'string' ? fields.createdAt : 'unknown',
    secrets: version === 1 ? true : (fields.secrets as boolean),
  };
}

/** Tables added after backup format 2 was set: a backup written before them lacks them, and restores without. */
const LATER_TABLES: readonly string[] = [
  'flight_imports',
  'import_profiles',
  'qualifications',
  'employee_qualifications',
  'aircraft_type_names',
  'handling_rules',
  'time_off_requests',
  'employee_wishes',
  'shift_swaps',
];

/** The tables a file with this header must have. */
export function requiredTables(header: BackupHeader): readonly string[] {
  return (header.secrets ? BACKUP_TABLES : DATA_TABLES).filter((t) => !LATER_TABLES.includes(t));
}
