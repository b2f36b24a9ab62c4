// What a backup may carry away and what a restore may bring back: sessions never, secrets only when
// asked for and then encrypted, credentials of today kept when the file has none, and both actions
// in the audit log.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { apiCaller, createTestApp, nextTestAddress, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { account, appMeta, auditLog, employees, session, twoFactor, user, verification } from '../db/schema.ts';
import { ALL_TABLES, SECRET_TABLES, SESSION_TABLES, createBackup, databaseChecksum, readTables, restoreBackup, restoreFile, restoreSummary } from './backup.ts';
import { hashPassword } from '../auth/auth.ts';
import { encryptBackup } from './encryption.ts';
import { backupText, readBackupFile } from './file.ts';

const PASSPHRASE = 'a long backup passphrase, zażółć gęślą jaźń';
const SIGNING_SECRET = 'signing-secret-of-this-installation-0123456789';
const TWO_FACTOR_SECRET = 'two-factor-secret-marker';
const CHALLENGE = 'sign-in-challenge-marker';

let t: TestApp;
let other: TestApp;
let adminCookie = '';
let plannerId = '';

const get = (app: TestApp, cookie: string) => app.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
const post = (app: TestApp, url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_BASE_URL, ...headers }, payload: payload as object });

async function collect(pieces: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const piece of pieces) out.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
  return Buffer.concat(out);
}

async function secretsOf(app: TestApp) {
  const db = app.database.db;
  return {
    tokens: (await db.select({ token: session.token }).from(session)).map((r) => r.token),
    hashes: (await db.select({ password: account.password }).from(account)).map((r) => r.password!).filter(Boolean),
  };
}

beforeAll(async () => {
  [t, other] = await Promise.all([createTestApp(), createTestApp()]);
  adminCookie = await t.signIn('admin@backup.test', { role: 'admin' });
  await t.signIn('planner@backup.test');
  const [planner] = await t.database.db.select().from(user).where(eq(user.email, 'planner@backup.test'));
  plannerId = planner!.id;
  // A second factor, a sign-in challenge and the generated signing secret, as a real installation has them.
  await t.database.db.insert(twoFactor).values({ id: 'tf-1', secret: TWO_FACTOR_SECRET, backupCodes: 'backup-codes-marker', userId: plannerId });
  await t.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, plannerId));
  await t.database.db.insert(verification).values({ id: 'v-1', identifier: 'challenge', value: CHALLENGE, expiresAt: new Date(Date.now() + 600_000) });
  await t.database.db.insert(appMeta).values({ key: 'auth_secret', value: SIGNING_SECRET });
});
afterAll(async () => Promise.all([t.close(), other.close()]));

describe('what a backup holds', () => {
  it('never sessions, sign-in challenges or counters; no password hash, two-factor secret or signing secret unless asked', async () => {
    const counts = await readTables(t.database.db, SESSION_TABLES);
    for (const table of SESSION_TABLES) expect(counts[table]!.length, table).toBeGreaterThan(0);
    const { tokens, hashes } = await secretsOf(t);
    expect(hashes.length).toBeGreaterThan(1);

    const backup = await createBackup(t.database.db);
    expect(backup.secrets).toBe(false);
    for (const table of [...SESSION_TABLES, ...SECRET_TABLES]) expect(Object.keys(backup.tables)).not.toContain(table);
    const res = await t.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    for (const text of [[...backupText(backup)].join(''), res.body]) {
      expect(text).toContain('planner@backup.test'); // the accounts themselves are there
      for (const secret of [...tokens, ...hashes, '$argon2', TWO_FACTOR_SECRET, SIGNING_SECRET, CHALLENGE]) expect(text).not.toContain(secret);
    }
    expect(res.json().tables.app_meta).toEqual([]);
  });

  it('holds the secrets when asked, and then only encrypted: nothing of them (or anything else) readable in the file', async () => {
    const res = await post(t, '/api/backup', adminCookie, { withSecrets: true, passphrase: PASSPHRASE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/filename="grafik-backup-.+\.enc"/);
    const file = res.rawPayload;
    const { tokens, hashes } = await secretsOf(t);
    const text = file.toString('latin1');
    for (const secret of [...tokens, ...hashes, '$argon2', TWO_FACTOR_SECRET, SIGNING_SECRET, 'planner@backup.test', 'auth_account']) {
      expect(text).not.toContain(secret);
    }
    const header = JSON.parse(file.subarray(0, file.indexOf(0x0a)).toString());
    expect(header).toMatchObject({
      format: 'grafik-backup',
      encrypted: true,
      formatVersion: 2,
      secrets: true,
      kdf: { name: 'scrypt', N: 131072, r: 8, p: 1, salt: expect.any(String) },
      cipher: { name: 'aes-256-gcm', iv: expect.any(String), tagLength: 16 },
    });
    const read = await readBackupFile(Readable.from([file]), { passphrase: PASSPHRASE });
    try {
      expect(read.header.secrets).toBe(true);
      expect(read.tables).toEqual(expect.arrayContaining([...SECRET_TABLES]));
      for (const table of SESSION_TABLES) expect(read.tables).not.toContain(table);
    } finally {
      await read.close();
    }
  });

  it('refuses secrets without a passphrase, a passphrase that is short, blank, repeated, common or weak, and a passphrase in the address', async () => {
    const none = await post(t, '/api/backup', adminCookie, { withSecrets: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'passphrase', message: expect.stringMatching(/needs a passphrase \(at least 16 characters\)/) });
    const short = await post(t, '/api/backup', adminCookie, { withSecrets: true, passphrase: 'short one' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'WEAK_PASSPHRASE', message: expect.stringMatching(/at least 16 characters long \(it has 9\)/) });
    // The password rules hold for passphrases too: not blank, not one character repeated, not common, not weak.
    for (const [passphrase, reason, message] of [
      [' '.repeat(16), 'blank', /must not be blank/],
      ['a'.repeat(16), 'repeated', /must not be one character repeated/],
      ['passwordpassword', 'common', /is one of the most common passwords/],
      ['abcdefghijklmnop', 'weak', /is too easy to guess/],
    ] as const) {
      for (const withSecrets of [true, false]) {
        const weak = await post(t, '/api/backup', adminCookie, { withSecrets, passphrase });
        expect(weak.statusCode, passphrase).toBe(400);
        expect(weak.json(), passphrase).toMatchObject({
          code: 'WEAK_PASSPHRASE',
          field: 'passphrase',
          params: { reason, min: 16, max: 1024 },
          message: expect.stringMatching(message),
        });
      }
    }
    expect((await post(t, '/api/backup', adminCookie, { withSecrets: true, passphrase: PASSPHRASE })).statusCode).toBe(200);
    const inUrl = await t.app.inject({
      method: 'GET',
      url: `/api/backup?withSecrets=true&passphrase=${encodeURIComponent(PASSPHRASE)}`,
      headers: { cookie: adminCookie },
    });
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json().message).toMatch(/POST \/api\/backup .* never goes in an address/);
    const planner = await t.signIn('planner-2@backup.test');
    expect((await post(t, '/api/backup', planner, { withSecrets: true, passphrase: PASSPHRASE })).statusCode).toBe(403);
  });
});

describe('an encrypted backup', () => {
  let encrypted: Buffer;
  beforeAll(async () => {
    const backup = await createBackup(t.database.db, { withSecrets: true });
    encrypted = await collect(await encryptBackup(backupText(backup), PASSPHRASE, backup));
  });

  it('restores with its passphrase: the accounts sign in with their passwords, the second factor and signing secret come along', async () => {
    await other.signIn('someone-else@backup.test', { role: 'admin' });
    const read = await readBackupFile(Readable.from([encrypted]), { passphrase: PASSPHRASE.normalize('NFD') });
    let report;
    try {
      report = await restoreFile(other.database.db, read);
    } finally {
      await read.close();
    }
    expect(report.credentials).toBe('from backup');
    expect(report.file.encrypted).toBe(true);
    expect(await other.database.db.select().from(twoFactor)).toMatchObject([{ secret: TWO_FACTOR_SECRET, userId: plannerId }]);
    expect(await other.database.db.select().from(appMeta)).toEqual([{ key: 'auth_secret', value: SIGNING_SECRET }]);
    expect(report.signingSecretChanged).toBe(true);
    expect(restoreSummary(report).join(' ')).toMatch(/restart the server/);
    expect(report.usersWithoutPassword).toEqual([]);
    expect((await get(other, await signInAs(other.app, 'admin@backup.test', TEST_PASSWORD))).statusCode).toBe(200);
    await expect(signInAs(other.app, 'someone-else@backup.test', TEST_PASSWORD)).rejects.toThrow(/sign-in failed: 401/);
  });

  it('refuses a wrong passphrase, a missing one and a changed file, saying so, and changes nothing', async () => {
    const before = await databaseChecksum(other.database.db);
    const flipped = Buffer.from(encrypted);
    flipped[flipped.length - 100]! ^= 1;
    const header = encrypted.subarray(0, encrypted.indexOf(0x0a)).toString();
    const newerHeader = Buffer.concat([
      Buffer.from(header.replace(/"createdAt":"[^"]+"/, '"createdAt":"2030-01-01T00:00:00.000Z"')),
      encrypted.subarray(header.length),
    ]);
    for (const [file, passphrase] of [
      [encrypted, 'not the right passphrase at all'],
      [flipped, PASSPHRASE],
      [newerHeader, PASSPHRASE],
    ] as const) {
      const error = await readBackupFile(Readable.from([file]), { passphrase }).catch((err: unknown) => err);
      expect(error).toMatchObject({
        code: 'WRONG_PASSPHRASE',
        message: expect.stringMatching(/The passphrase does not open this backup.*Nothing was restored/),
      });
    }
    // A header that asks scrypt for 4 GiB is refused before any key is derived.
    const greedy = Buffer.concat([Buffer.from(header.replace('"N":131072', '"N":4194304')), encrypted.subarray(header.length)]);
    await expect(readBackupFile(Readable.from([greedy]), { passphrase: PASSPHRASE })).rejects.toThrow(/key derivation settings outside what Grafik accepts/);
    await expect(readBackupFile(Readable.from([encrypted]))).rejects.toMatchObject({
      code: 'PASSPHRASE_REQUIRED',
      message: expect.stringMatching(/This backup is encrypted/),
    });
    await expect(readBackupFile(Readable.from([encrypted.subarray(0, encrypted.length - 10)]), { passphrase: PASSPHRASE })).rejects.toMatchObject({
      code: 'WRONG_PASSPHRASE',
    });
    expect(await databaseChecksum(other.database.db)).toBe(before);
  });
});

describe('a restore', () => {
  let fresh: TestApp;
  beforeEach(async () => {
    fresh = await createTestApp();
    return () => fresh.close();
  });

  it("brings back no session: one that signed out stays out, and every session ends, the restoring admin's included", async () => {
    const admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    const leaving = await fresh.signIn('leaving@restore.test');
    const older = await createBackup(fresh.database.db);
    const out = await post(fresh, '/api/auth/sign-out', leaving, {});
    expect(out.statusCode).toBe(200);
    expect((await get(fresh, leaving)).statusCode).toBe(401);
    const later = await fresh.signIn('later@restore.test');

    const res = await post(fresh, '/api/backup/restore', admin, [...backupText(older)].join(''), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedOut: true, credentials: 'kept', sessionsEnded: 2 });
    expect(res.json().message).toMatch(/Every session has ended \(2\): everyone must sign in again, the administrator who restored included/);
    for (const cookie of [leaving, later, admin]) expect((await get(fresh, cookie)).statusCode).toBe(401);
    expect(await fresh.database.db.select().from(session)).toEqual([]);
    // The restoring administrator signs in again with the password they have.
    expect((await get(fresh, await signInAs(fresh.app, 'admin@restore.test', TEST_PASSWORD))).statusCode).toBe(200);
  });

  it("without secrets keeps today's passwords and second factors; an account only in the backup has none, and is named", async () => {
    const admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    await fresh.signIn('gone@restore.test');
    const [me] = await fresh.database.db.select().from(user).where(eq(user.email, 'admin@restore.test'));
    await fresh.database.db.insert(appMeta).values({ key: 'auth_secret', value: SIGNING_SECRET });
    const older = await createBackup(fresh.database.db);
    // After the backup: the administrator changes password and turns on a second factor; an account goes.
    const changed = await post(fresh, '/api/auth/change-password', admin, { currentPassword: TEST_PASSWORD, newPassword: 'a new and better password' });
    expect(changed.statusCode).toBe(200);
    await fresh.database.db.insert(twoFactor).values({ id: 'tf-admin', secret: TWO_FACTOR_SECRET, backupCodes: 'codes', userId: me!.id });
    await fresh.database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, me!.id));
    await fresh.database.db.delete(user).where(eq(user.email, 'gone@restore.test'));
    await fresh.database.db.update(appMeta).set({ value: 'another-signing-secret-0123456789-abcdef' });

    const report = await restoreBackup(fresh.database.db, older);
    expect(report.credentials).toBe('kept');
    expect(report.kept).toEqual({ accounts: 1, twoFactor: 1, signingSecret: true });
    expect(report.usersWithoutPassword).toEqual(['gone@restore.test']);
    expect(report.signingSecretChanged).toBe(false);
    const summary = restoreSummary(report).join(' ');
    expect(summary).toMatch(/kept its current password and two-step verification/);
    expect(summary).toMatch(/1 account has no password now .*\(npm run user:reset -- --email …\): gone@restore.test/);
    // The account is back, but without a password; the administrator's current password works, the old one not.
    expect(await fresh.database.db.select({ email: user.email }).from(user).where(eq(user.email, 'gone@restore.test'))).toHaveLength(1);
    await expect(signInAs(fresh.app, 'gone@restore.test', TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signInAs(fresh.app, 'admin@restore.test', TEST_PASSWORD)).rejects.toThrow(/401/);
    const [restoredMe] = await fresh.database.db.select().from(user).where(eq(user.id, me!.id));
    expect(restoredMe!.twoFactorEnabled).toBe(true);
    expect(await fresh.database.db.select().from(appMeta)).toEqual([{ key: 'auth_secret', value: 'another-signing-secret-0123456789-abcdef' }]);
    const signIn = await fresh.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'admin@restore.test', password: 'a new and better password' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it("of a version 1 file leaves out its sessions, challenges and counters, and its plain-text secrets: today's credentials stay", async () => {
    const admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    await fresh.database.db.insert(verification).values({ id: 'v-1', identifier: 'challenge', value: CHALLENGE, expiresAt: new Date(Date.now() + 600_000) });
    // What the previous version wrote: every table, sessions and secrets in plain text.
    const v1 = {
      format: 'grafik-backup',
      formatVersion: 1,
      appVersion: '1.3.0',
      createdAt: new Date().toISOString(),
      tables: await readTables(fresh.database.db, ALL_TABLES),
    };
    const counters = (await readTables(fresh.database.db, ['auth_rate_limit'])).auth_rate_limit!.length;
    expect(v1.tables.auth_session!.length).toBeGreaterThan(0);
    // Anyone who can edit the file could put a hash of their choosing in it.
    const [adminAccount] = v1.tables.auth_account!.filter((a) => a.provider_id === 'credential') as { password: string }[];
    adminAccount!.password = await hashPassword('a planted password of the attacker');
    v1.tables.app_meta = [{ key: 'auth_secret', value: 'a planted signing secret 0123456789abcdef' }];
    await fresh.database.db.insert(appMeta).values({ key: 'auth_secret', value: SIGNING_SECRET });
    await post(fresh, '/api/auth/sign-out', admin, {});

    const res = await post(fresh, '/api/backup/restore', await fresh.signIn('second@restore.test', { role: 'admin' }), v1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credentials: 'kept',
      file: { formatVersion: 1 },
      ignored: { auth_session: 1, auth_verification: 1, auth_account: v1.tables.auth_account!.length, 'app_meta (signing secret)': 1 },
    });
    expect(res.json().message).toMatch(/version 1 backup: .* a file that is not encrypted cannot bring them, so they were left out/);
    expect(await fresh.database.db.select().from(session)).toEqual([]);
    expect(await fresh.database.db.select().from(verification)).toEqual([]);
    expect(await fresh.database.db.select().from(appMeta)).toEqual([{ key: 'auth_secret', value: SIGNING_SECRET }]);
    // Today's counters stay (a restore must not lift a lock); the file's are not taken.
    expect((await readTables(fresh.database.db, ['auth_rate_limit'])).auth_rate_limit!.length).toBeGreaterThanOrEqual(counters);
    expect((await get(fresh, admin)).statusCode).toBe(401);
    expect((await get(fresh, await signInAs(fresh.app, 'admin@restore.test', TEST_PASSWORD))).statusCode).toBe(200);
    await expect(signInAs(fresh.app, 'admin@restore.test', 'a planted password of the attacker')).rejects.toThrow(/401/);
    // second@ did not exist when the file was made: gone, as everything else that was not in it.
    await expect(signInAs(fresh.app, 'second@restore.test', TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('refuses a plain file that says it holds secrets (a planted administrator password), naming why, and changes nothing', async () => {
    const admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    await fresh.signIn('planner@restore.test');
    // The audit's attack: a plain backup edited to say "secrets": true and to carry the administrator's
    // account with a hash of a password the attacker knows.
    const plain = await createBackup(fresh.database.db);
    const withSecrets = await createBackup(fresh.database.db, { withSecrets: true });
    const planted = (withSecrets.tables.auth_account as { password: string | null }[]).map((a) => ({ ...a }));
    const hash = await hashPassword('a planted password of the attacker');
    for (const a of planted) if (a.password) a.password = hash;
    const before = await databaseChecksum(fresh.database.db, { exclude: ['auth_session', 'auth_rate_limit'] });
    for (const forged of [
      { ...plain, secrets: true, tables: { ...plain.tables, auth_account: planted, auth_two_factor: [] } },
      // A plain file that does not claim secrets yet carries an account row.
      { ...plain, tables: { ...plain.tables, auth_account: planted } },
    ]) {
      const res = await post(fresh, '/api/backup/restore', admin, [...backupText(forged)].join(''), { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/(not encrypted|says it holds no secrets, yet it has the table auth_account)/);
    }
    expect(
      (
        await post(
          fresh,
          '/api/backup/restore',
          admin,
          [...backupText({ ...plain, secrets: true, tables: { ...plain.tables, auth_account: planted, auth_two_factor: [] } })].join(''),
          { 'content-type': 'application/json' },
        )
      ).json(),
    ).toMatchObject({
      code: 'PLAIN_SECRETS',
      message: expect.stringMatching(/yet it is not encrypted: .*Passwords come only from an encrypted backup and its passphrase/),
    });
    expect(await databaseChecksum(fresh.database.db, { exclude: ['auth_session', 'auth_rate_limit'] })).toBe(before);
    await expect(signInAs(fresh.app, 'admin@restore.test', 'a planted password of the attacker')).rejects.toThrow(/401/);
    expect((await get(fresh, await signInAs(fresh.app, 'admin@restore.test', TEST_PASSWORD))).statusCode).toBe(200);

    // The same secrets in an encrypted file, with its passphrase, are restored.
    const encrypted = await collect(await encryptBackup(backupText(withSecrets), PASSPHRASE, withSecrets));
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { cookie: admin, origin: TEST_BASE_URL, 'content-type': 'application/octet-stream', 'x-backup-passphrase': encodeURIComponent(PASSPHRASE) },
      payload: encrypted,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ credentials: 'from backup', file: { encrypted: true } });
    expect((await get(fresh, await signInAs(fresh.app, 'planner@restore.test', TEST_PASSWORD))).statusCode).toBe(200);
  });

  it('never brings a revoked calendar address back: addresses are not in a backup, those in use stay, and the message says so', async () => {
    let admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    const call = apiCaller(
      () => fresh.app,
      () => admin,
    );
    const person = async (firstName: string) =>
      (
        await fresh.database.db
          .insert(employees)
          .values({ firstName, lastName: 'Nowak', email: `${firstName.toLowerCase()}@example.com`, role: 'Rampa' })
          .returning()
      )[0]!.id;
    const address = async (id: string) => {
      const res = await call('POST', `/api/employees/${id}/calendar-feed`);
      expect(res.statusCode).toBe(201);
      return res.json().path as string;
    };
    const feed = async (path: string) => (await fresh.app.inject({ method: 'GET', url: path, remoteAddress: nextTestAddress() })).statusCode;
    const anna = await person('Anna');
    const cara = await person('Cara');
    const annas = await address(anna);
    expect(await feed(annas)).toBe(200);
    const older = await createBackup(fresh.database.db);
    expect(older.tables.calendar_feeds).toBeUndefined();
    // After the backup: Anna's address is revoked, Cara gets one, and Bea (not in the backup) gets one.
    expect((await call('DELETE', `/api/employees/${anna}/calendar-feed`)).statusCode).toBe(204);
    expect(await feed(annas)).toBe(404);
    const caras = await address(cara);
    const beas = await address(await person('Bea'));

    const res = await post(fresh, '/api/backup/restore', admin, [...backupText(older)].join(''), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ calendarAddresses: { kept: 1, ended: 1 } });
    expect(res.json().message).toMatch(
      /Calendar addresses are never in a backup, so none came back from it \(an address revoked after the backup stays revoked\): the 1 address in use before the restore still works, and 1 ended because its employee is not in the backup/,
    );
    expect(await feed(annas)).toBe(404);
    expect(await feed(caras)).toBe(200);
    expect(await feed(beas)).toBe(404);

    // A file made before calendar addresses were left out still carries their token hashes: they are not taken.
    admin = await signInAs(fresh.app, 'admin@restore.test', TEST_PASSWORD);
    const annasAgain = await address(anna);
    const withFeeds = { ...older, tables: { ...older.tables, calendar_feeds: (await readTables(fresh.database.db, ['calendar_feeds'])).calendar_feeds! } };
    expect((await call('DELETE', `/api/employees/${anna}/calendar-feed`)).statusCode).toBe(204);
    const again = await post(fresh, '/api/backup/restore', admin, [...backupText(withFeeds)].join(''), { 'content-type': 'application/json' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ ignored: { calendar_feeds: 2 } });
    expect(await feed(annasAgain)).toBe(404);
    expect(await feed(caras)).toBe(200);
  });

  it("and a backup are in the audit log: who, with or without secrets, how many rows; the restore's entry survives the restore", async () => {
    const admin = await fresh.signIn('admin@restore.test', { role: 'admin' });
    const [me] = await fresh.database.db.select().from(user).where(eq(user.email, 'admin@restore.test'));
    const plain = await fresh.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie: admin } });
    const secret = await post(fresh, '/api/backup', admin, { withSecrets: true, passphrase: PASSPHRASE });
    expect(secret.statusCode).toBe(200);
    const entries = (action: string) => fresh.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
    const made = await entries('admin.backup-created');
    expect(made.map((e) => [e.userId, e.email, e.detail])).toEqual([
      [me!.id, 'admin@restore.test', expect.objectContaining({ via: 'web', withSecrets: true, encrypted: true, rows: expect.any(Number) })],
      [
        me!.id,
        'admin@restore.test',
        expect.objectContaining({ via: 'web', withSecrets: false, encrypted: false, tables: expect.objectContaining({ auth_user: 1 }) }),
      ],
    ]);
    expect(made.every((e) => e.ipAddress)).toBe(true);

    const res = await post(fresh, '/api/backup/restore', admin, secret.rawPayload, {
      'content-type': 'application/octet-stream',
      'x-backup-passphrase': encodeURIComponent(PASSPHRASE),
    });
    expect(res.statusCode).toBe(200);
    const [restored] = await entries('admin.backup-restored');
    expect(restored).toMatchObject({
      userId: me!.id,
      email: 'admin@restore.test',
      detail: {
        via: 'web',
        secrets: 'from backup',
        file: { formatVersion: 2, encrypted: true },
        rows: expect.any(Number),
        tables: expect.objectContaining({ auth_user: 1, auth_account: 1 }),
        sessionsEnded: 1,
      },
    });
    // It is the newest entry, after the restored log (which the file brought back up to the backup itself).
    const all = await fresh.database.db.select().from(auditLog).orderBy(desc(auditLog.id));
    expect(all[0]!.action).toBe('admin.backup-restored');
    expect(all.filter((e) => e.action === 'admin.backup-created')).toHaveLength(1);
    expect(plain.statusCode).toBe(200);
  });
});
