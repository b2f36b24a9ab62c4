// npm run db:backup -- --output backup.json [--with-secrets]
// npm run db:restore -- --input backup.json
// A backup never holds sessions. With --with-secrets it also holds password hashes, two-factor
// secrets and the signing secret, and is encrypted with the passphrase in GRAFIK_BACKUP_PASSPHRASE
// (never on the command line, where other users of the machine can read it); the same variable
// opens an encrypted backup to restore it. Backup files are readable by their owner only (0600).
// With the embedded database, only one process may own the data folder: while the server runs,
// go through it with --server <address> (an administrator's email with --email, and the password
// in the GRAFIK_PASSWORD environment variable).
import fs from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { DataFolderLockedError, type Database } from '../server/db/client.ts';
import { backupAuditDetail, createBackup, rowCounts, restoreFile, restoreSummary } from '../server/backup/backup.ts';
import { encryptBackup, passphraseProblem } from '../server/backup/encryption.ts';
import { BackupFormatError } from '../server/backup/errors.ts';
import { backupText, readBackupFile, writeBackupFile, type ReadBackup } from '../server/backup/file.ts';
import { writeAudit } from '../server/repos/audit.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { cliActor } from './user-common.ts';

export const PASSPHRASE_VARIABLE = 'GRAFIK_BACKUP_PASSPHRASE';

export interface DbBackupIo {
  env: Record<string, string | undefined>;
  log(line: string): void;
  error(line: string): void;
  /** Opens the database (the runtime's by default; tests pass their own). */
  open?: () => Promise<{ database: Database; close(): Promise<void> }>;
}

const USAGE = {
  backup:
    'Usage: npm run db:backup -- --output backup.json [--with-secrets] [--server http://127.0.0.1:3000 --email admin@example.com]\n' +
    `  --with-secrets  also password hashes, two-factor secrets and the signing secret, encrypted with the passphrase in ${PASSPHRASE_VARIABLE}`,
  restore:
    'Usage: npm run db:restore -- --input backup.json [--server http://127.0.0.1:3000 --email admin@example.com]\n' +
    `  an encrypted backup needs its passphrase in ${PASSPHRASE_VARIABLE}`,
};

async function viaServer(io: DbBackupIo, server: string, email: string | undefined): Promise<{ cookie: string; base: string }> {
  const password = io.env.GRAFIK_PASSWORD;
  if (!email || !password) throw new Error('--server needs --email and the password in the GRAFIK_PASSWORD environment variable.');
  const base = server.replace(/\/$/, '');
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): ${(await res.text()).slice(0, 200)}`);
  return {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    base,
  };
}

async function refusedBy(res: Response): Promise<Error> {
  const text = await res.text();
  let message = text.slice(0, 300);
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    // not JSON: shown as it came
  }
  return new Error(`The server refused (${res.status}): ${message}`);
}

/** The command itself, callable in-process; returns the exit code. */
export async function runDbBackupCli(mode: 'backup' | 'restore', argv: readonly string[], io: DbBackupIo): Promise<number> {
  if (argv.some((a) => a === '--passphrase' || a.startsWith('--passphrase='))) {
    io.error(
      `The passphrase is never given on the command line, where other users of this machine can read it: put it in the ${PASSPHRASE_VARIABLE} environment variable.`,
    );
    return 2;
  }
  let args;
  try {
    args = options(
      {
        output: { type: 'string' },
        input: { type: 'string' },
        server: { type: 'string' },
        email: { type: 'string' },
        'with-secrets': { type: 'boolean' },
      },
      [...argv],
    );
  } catch (err) {
    io.error(`${(err as Error).message}\n${USAGE[mode]}`);
    return 2;
  }
  const file = mode === 'backup' ? args.output : args.input;
  if (mode === 'restore' && args['with-secrets']) {
    io.error('--with-secrets is for db:backup: a restore takes whatever secrets the file holds.');
    return 2;
  }
  if (!file) {
    io.error(USAGE[mode]);
    return 2;
  }
  const passphrase = io.env[PASSPHRASE_VARIABLE] || undefined;
  const withSecrets = args['with-secrets'] === true;
  if (mode === 'backup') {
    if (withSecrets && !passphrase) {
      io.error(
        `--with-secrets writes password hashes, two-factor secrets and the signing secret, so the file is encrypted: put a passphrase in ${PASSPHRASE_VARIABLE}.`,
      );
      return 2;
    }
    const problem = passphrase ? passphraseProblem(passphrase) : null;
    if (problem) {
      io.error(`${PASSPHRASE_VARIABLE}: ${problem.message}`);
      return 2;
    }
  }
  const what = withSecrets
    ? `with secrets, encrypted with the passphrase in ${PASSPHRASE_VARIABLE} (keep it: without it the file cannot be restored)`
    : `without secrets (no passwords, two-factor secrets or signing secret)${passphrase ? `, encrypted with the passphrase in ${PASSPHRASE_VARIABLE}` : ''}`;

  if (mode === 'restore' && !fs.existsSync(file)) {
    io.error(`${file}: no such file.`);
    return 1;
  }

  if (args.server) {
    const { cookie, base } = await viaServer(io, args.server, args.email);
    if (mode === 'backup') {
      const res =
        withSecrets || passphrase
          ? await fetch(`${base}/api/backup`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json', origin: new URL(base).origin },
              body: JSON.stringify({ withSecrets, passphrase }),
            })
          : await fetch(`${base}/api/backup`, { headers: { cookie } });
      if (!res.ok || !res.body) throw await refusedBy(res);
      await writeBackupFile(file, res.body as unknown as AsyncIterable<Uint8Array>);
      io.log(`Backup written to ${file} through ${args.server}, readable by you only, ${what}.`);
      return 0;
    }
    const res = await fetch(`${base}/api/backup/restore`, {
      method: 'POST',
      headers: {
        cookie,
        origin: new URL(base).origin,
        'content-type': 'application/octet-stream',
        ...(passphrase ? { 'x-backup-passphrase': encodeURIComponent(passphrase) } : {}),
      },
      body: Readable.toWeb(fs.createReadStream(file)) as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    if (!res.ok) throw await refusedBy(res);
    const answer = (await res.json()) as { message: string };
    io.log(`Restored ${file} through ${args.server}. ${answer.message}`);
    return 0;
  }

  // The file is read (and decrypted) before the database is opened: a wrong passphrase or a broken
  // file is refused without touching anything.
  let read: ReadBackup | null = null;
  if (mode === 'restore') {
    try {
      // Opened first, so that a missing file is an error here and not an unheard stream event.
      const handle = await fs.promises.open(file, 'r');
      read = await readBackupFile(handle.createReadStream(), { passphrase });
    } catch (err) {
      if (!(err instanceof BackupFormatError) && (err as { code?: string }).code !== 'ENOENT') throw err;
      const hint = err instanceof BackupFormatError && err.code === 'PASSPHRASE_REQUIRED' ? ` Put it in ${PASSPHRASE_VARIABLE}.` : '';
      io.error(`${file}: ${(err as Error).message}${hint}`);
      return 1;
    }
  }
  try {
    let opened;
    try {
      opened = await (io.open ?? openDefault(io))();
    } catch (err) {
      if (err instanceof DataFolderLockedError) {
        io.error(`\n${err.message}\nWhile the server runs, go through it: add --server <its address> --email <administrator> and set GRAFIK_PASSWORD.\n`);
        return 1;
      }
      throw err;
    }
    const { database } = opened;
    const actor = cliActor();
    try {
      if (mode === 'backup') {
        const made = await createBackup(database.db, { withSecrets });
        const body = passphrase ? await encryptBackup(backupText(made), passphrase, made) : backupText(made);
        await writeBackupFile(file, body);
        await writeAudit(database.db, {
          action: 'admin.backup-created',
          email: actor.email,
          detail: { via: 'cli', path: resolve(file), ...backupAuditDetail(made, passphrase !== undefined) },
        });
        const { rows, tables } = rowCounts(made.tables);
        io.log(`Backup of ${database.location} written to ${file}, readable by you only: ${rows} rows in ${Object.keys(tables).length} tables, ${what}.`);
      } else {
        const report = await restoreFile(database.db, read!, {
          audit: { action: 'admin.backup-restored', email: actor.email, detail: { via: 'cli', path: resolve(file) } },
        });
        io.log(`Restored ${file} into ${database.location}.`);
        for (const line of restoreSummary(report)) io.log(line);
      }
    } finally {
      await opened.close();
    }
  } catch (err) {
    if (err instanceof BackupFormatError) {
      io.error(`${file}: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await read?.close();
  }
  return 0;
}

function openDefault(io: DbBackupIo) {
  return async () => {
    const runtime = await openRuntime(loadEnv(io.env));
    return { database: runtime.database, close: () => runtime.database.close() };
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2] === 'restore' ? 'restore' : 'backup';
  runCli(() => runDbBackupCli(mode, process.argv.slice(3), { env: process.env, log: console.log, error: console.error }));
}
