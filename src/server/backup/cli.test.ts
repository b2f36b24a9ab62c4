// npm run db:backup / db:restore, run in-process on the test database: the file's mode, the
// passphrase's way in, and the audit log.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, signInAs, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { auditLog } from '../db/schema.ts';
import { runDbBackupCli } from '../../cli/db-backup.ts';
import { SESSION_TABLES, databaseChecksum } from './backup.ts';

const PASSPHRASE = 'the backup passphrase of the night shift';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin@cli.test', { role: 'admin' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-cli-test-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(mode: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDbBackupCli(mode, args, {
    env,
    log: (line) => out.push(line),
    error: (line) => err.push(line),
    open: async () => ({ database: t.database, close: async () => {} }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const lastAudit = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('db:backup and db:restore', () => {
  it('writes a backup readable by its owner only (0600), also over a file that was readable by all, and logs it', async () => {
    const file = path.join(dir, 'plain.json');
    fs.writeFileSync(file, 'old', { mode: 0o644 });
    expect(modeOf(file)).toBe(0o644);
    const { code, out } = await run('backup', ['--output', file]);
    expect(code).toBe(0);
    expect(out).toMatch(/written to .*plain\.json, readable by you only: \d+ rows in \d+ tables, without secrets/);
    expect(modeOf(file)).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['plain.json']); // no temporary file left behind
    const backup = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(backup).toMatchObject({ format: 'grafik-backup', formatVersion: 2, secrets: false });
    expect(backup.tables.auth_account).toBeUndefined();
    expect(await lastAudit('admin.backup-created')).toMatchObject({
      userId: null,
      email: expect.stringMatching(/^command line/),
      detail: { via: 'cli', withSecrets: false, encrypted: false, rows: expect.any(Number) },
    });
  });

  it('takes the passphrase from GRAFIK_BACKUP_PASSPHRASE only, and refuses a short, blank or repeated one', async () => {
    const file = path.join(dir, 'refused.enc');
    const none = await run('backup', ['--output', file, '--with-secrets']);
    expect(none).toMatchObject({ code: 2, err: expect.stringMatching(/--with-secrets .* put a passphrase in GRAFIK_BACKUP_PASSPHRASE/) });
    const onLine = await run('backup', ['--output', file, '--with-secrets', '--passphrase', PASSPHRASE]);
    expect(onLine).toMatchObject({ code: 2, err: expect.stringMatching(/never given on the command line/) });
    const short = await run('backup', ['--output', file, '--with-secrets'], { GRAFIK_BACKUP_PASSPHRASE: 'too short' });
    expect(short).toMatchObject({ code: 2, err: expect.stringMatching(/GRAFIK_BACKUP_PASSPHRASE: The passphrase must be at least 16 characters/) });
    const spaces = await run('backup', ['--output', file, '--with-secrets'], { GRAFIK_BACKUP_PASSPHRASE: ' '.repeat(16) });
    expect(spaces).toMatchObject({ code: 2, err: expect.stringMatching(/GRAFIK_BACKUP_PASSPHRASE: The passphrase must not be blank/) });
    const repeated = await run('backup', ['--output', file, '--with-secrets'], { GRAFIK_BACKUP_PASSPHRASE: 'a'.repeat(16) });
    expect(repeated).toMatchObject({ code: 2, err: expect.stringMatching(/GRAFIK_BACKUP_PASSPHRASE: The passphrase must not be one character repeated/) });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with --with-secrets writes an encrypted file (0600) that restores only with its passphrase', async () => {
    const file = path.join(dir, 'secrets.enc');
    const made = await run('backup', ['--output', file, '--with-secrets'], { GRAFIK_BACKUP_PASSPHRASE: PASSPHRASE });
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/with secrets, encrypted with the passphrase in GRAFIK_BACKUP_PASSPHRASE/);
    expect(modeOf(file)).toBe(0o600);
    const bytes = fs.readFileSync(file);
    expect(bytes.toString('latin1')).not.toMatch(/\$argon2|admin@cli\.test/);
    expect(await lastAudit('admin.backup-created')).toMatchObject({ detail: { via: 'cli', withSecrets: true, encrypted: true } });

    const steady = { exclude: [...SESSION_TABLES, 'audit_log'] };
    const before = await databaseChecksum(t.database.db, steady);
    const without = await run('restore', ['--input', file]);
    expect(without).toMatchObject({ code: 1, err: expect.stringMatching(/This backup is encrypted: .* Put it in GRAFIK_BACKUP_PASSPHRASE/) });
    const wrong = await run('restore', ['--input', file], { GRAFIK_BACKUP_PASSPHRASE: 'this is not the passphrase' });
    expect(wrong).toMatchObject({ code: 1, err: expect.stringMatching(/The passphrase does not open this backup/) });
    expect(await databaseChecksum(t.database.db, steady)).toBe(before);

    const restored = await run('restore', ['--input', file], { GRAFIK_BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/Every session has ended \(\d+\): everyone must sign in again/);
    expect(restored.out).toMatch(/Passwords, two-step verification and the signing secret are the backup's/);
    expect(await databaseChecksum(t.database.db, steady)).toBe(before);
    expect(await lastAudit('admin.backup-restored')).toMatchObject({
      email: expect.stringMatching(/^command line/),
      detail: { via: 'cli', secrets: 'from backup', file: { encrypted: true } },
    });
    await signInAs(t.app, 'admin@cli.test', TEST_PASSWORD);
  });

  it("restores a plain backup, keeping today's credentials, and says so", async () => {
    const file = path.join(dir, 'plain.json');
    const restored = await run('restore', ['--input', file]);
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/holds no passwords, two-factor secrets or signing secret, so every account that was already here kept its current password/);
    await signInAs(t.app, 'admin@cli.test', TEST_PASSWORD);
    const missing = await run('restore', ['--input', path.join(dir, 'no-such-file.json')]);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/no-such-file\.json: .*no such file/i) });
  });
});
