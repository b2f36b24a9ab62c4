// The restore route: who may send a body (decided before a byte of it is read), how much, and how
// an encrypted file's passphrase comes along.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { SESSION_TABLES, createBackup, databaseChecksum } from './backup.ts';
import { encryptBackup } from './encryption.ts';
import { backupText } from './file.ts';

const PASSPHRASE = 'correct horse battery staple backup';
const MB = 1024 * 1024;

let t: TestApp;
let small: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  process.env.BACKUP_MAX_MB = '1';
  try {
    small = await createTestApp();
  } finally {
    delete process.env.BACKUP_MAX_MB;
  }
  admin = await t.signIn('admin@routes.test', { role: 'admin' });
});
afterAll(async () => Promise.all([t.close(), small.close()]));

/** A body of `total` bytes of spaces that counts how much of it was read. */
function countedBody(total: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const body = { produced: 0, stream: null as unknown as Readable };
  body.stream = new Readable({
    read() {
      if (body.produced >= total) return void this.push(null);
      body.produced += chunk.length;
      this.push(chunk);
    },
  });
  return body;
}

const restore = (app: TestApp, cookie: string, payload: Buffer | string | Readable, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/backup/restore',
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_BASE_URL, 'content-type': 'application/octet-stream', ...headers },
    payload,
  });

describe('restore through the server', () => {
  it('refuses a caller without a session (401) and a non-administrator (403) before reading the body', async () => {
    const planner = await t.signIn('planner@routes.test');
    for (const [cookie, status] of [
      ['', 401],
      [planner, 403],
    ] as const) {
      const body = countedBody(50 * MB);
      const started = performance.now();
      const res = await restore(t, cookie, body.stream);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
      // The rest of the upload is not read, so the connection closes instead of being reused.
      expect(res.headers.connection).toBe('close');
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(body.produced, 'bytes of the 50 MB body read').toBeLessThan(MB);
      body.stream.destroy();
    }
    const download = await t.app.inject({ method: 'GET', url: '/api/backup', headers: { cookie: planner } });
    expect(download.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Only an administrator can back up or restore the database.' });
  });

  it('answers 413 over the limit, naming it, whether the size is declared or found while reading, and changes nothing', async () => {
    const smallAdmin = await small.signIn('admin@small.test', { role: 'admin' });
    const before = await databaseChecksum(small.database.db, { exclude: [...SESSION_TABLES, 'audit_log'] });
    const streamed = countedBody(3 * MB);
    const over = await restore(small, smallAdmin, streamed.stream);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 1 MB \(BACKUP_MAX_MB\)/) });
    expect(streamed.produced).toBeLessThan(2 * MB);
    expect(over.headers.connection).toBe('close');
    streamed.stream.destroy();

    const declared = countedBody(10);
    const big = await restore(t, admin, declared.stream, { 'content-length': String(300 * MB) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/at most 200 MB/);
    expect(await databaseChecksum(small.database.db, { exclude: [...SESSION_TABLES, 'audit_log'] })).toBe(before);
    // The session survived: nothing was restored.
    expect((await small.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: smallAdmin } })).statusCode).toBe(200);
  });

  it('takes an encrypted file with its passphrase in X-Backup-Passphrase, and says what is missing or wrong', async () => {
    const backup = await createBackup(t.database.db, { withSecrets: true });
    const chunks: Buffer[] = [];
    for await (const piece of await encryptBackup(backupText(backup), PASSPHRASE, backup)) chunks.push(piece);
    const file = Buffer.concat(chunks);
    const steady = { exclude: [...SESSION_TABLES, 'audit_log'] };
    const before = await databaseChecksum(t.database.db, steady);

    const missing = await restore(t, admin, file);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'PASSPHRASE_REQUIRED', message: expect.stringMatching(/encrypted.*X-Backup-Passphrase header/) });
    const wrong = await restore(t, admin, file, { 'x-backup-passphrase': 'a wrong passphrase, long enough' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSPHRASE', field: 'passphrase' });
    const garbled = await restore(t, admin, file, { 'x-backup-passphrase': '%E0%A4%A' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toMatch(/X-Backup-Passphrase: not valid percent-encoded UTF-8/);
    expect(await databaseChecksum(t.database.db, steady)).toBe(before);

    const ok = await restore(t, admin, Readable.from([file.subarray(0, 1000), file.subarray(1000)]), { 'x-backup-passphrase': encodeURIComponent(PASSPHRASE) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.connection).not.toBe('close');
    expect(ok.json()).toMatchObject({ credentials: 'from backup', file: { encrypted: true, formatVersion: 2 }, signedOut: true });
    expect(await databaseChecksum(t.database.db, steady)).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: admin } })).statusCode).toBe(401);
  });
});
