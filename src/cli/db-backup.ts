// npm run db:backup -- --output backup.json
// npm run db:restore -- --input backup.json
// With the embedded database, only one process may own the data folder: while the server runs,
// go through it with --server <address> (an administrator's email with --email, and the password
// in the GRAFIK_PASSWORD environment variable).
import fs from 'node:fs';
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { DataFolderLockedError } from '../server/db/client.ts';
import { createBackup, parseBackup, restoreBackup, type Backup } from '../server/backup/backup.ts';
import { writeJsonFileAtomically } from './generate.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';

const mode = process.argv[2] === 'restore' ? 'restore' : 'backup';
const USAGE =
  mode === 'backup'
    ? 'Usage: npm run db:backup -- --output backup.json [--server http://127.0.0.1:3000 --email admin@example.com]'
    : 'Usage: npm run db:restore -- --input backup.json [--server http://127.0.0.1:3000 --email admin@example.com]';

async function viaServer(server: string, email: string | undefined, work: (cookie: string, base: string) => Promise<void>) {
  const password = process.env.GRAFIK_PASSWORD;
  if (!email || !password) throw new Error('--server needs --email and the password in the GRAFIK_PASSWORD environment variable.');
  const base = server.replace(/\/$/, '');
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): ${(await res.text()).slice(0, 200)}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await work(cookie, base);
}

runCli(async () => {
  const args = options(
    { output: { type: 'string' }, input: { type: 'string' }, server: { type: 'string' }, email: { type: 'string' } },
    process.argv.slice(3),
  );
  const file = mode === 'backup' ? args.output : args.input;
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  let backup: Backup | null = null;
  if (mode === 'restore') {
    try {
      backup = parseBackup(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (err) {
      console.error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
  }
  if (args.server) {
    await viaServer(args.server, args.email, async (cookie, base) => {
      const res =
        mode === 'backup'
          ? await fetch(`${base}/api/backup`, { headers: { cookie } })
          : await fetch(`${base}/api/backup/restore`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json', origin: new URL(base).origin },
              body: JSON.stringify(backup),
            });
      if (!res.ok) throw new Error(`The server refused (${res.status}): ${(await res.text()).slice(0, 300)}`);
      if (mode === 'backup') writeJsonFileAtomically(file, await res.json());
    });
    console.log(mode === 'backup' ? `Backup written to ${file} through ${args.server}.` : `Restored ${file} through ${args.server}.`);
    return 0;
  }
  let runtime;
  try {
    runtime = await openRuntime(loadEnv());
  } catch (err) {
    if (err instanceof DataFolderLockedError) {
      console.error(`\n${err.message}\nWhile the server runs, go through it: add --server <its address> --email <administrator> and set GRAFIK_PASSWORD.\n`);
      return 1;
    }
    throw err;
  }
  try {
    if (mode === 'backup') {
      const made = await createBackup(runtime.database.db);
      writeJsonFileAtomically(file, made);
      const rows = Object.values(made.tables).reduce((n, t) => n + t.length, 0);
      console.log(`Backup of ${runtime.database.location} written to ${file}: ${rows} rows in ${Object.keys(made.tables).length} tables.`);
    } else {
      const counts = await restoreBackup(runtime.database.db, backup!);
      const rows = Object.values(counts).reduce((n, c) => n + c, 0);
      console.log(`Restored ${file} into ${runtime.database.location}: ${rows} rows. Everything that was there before was replaced.`);
    }
  } finally {
    await runtime.database.close();
  }
});
