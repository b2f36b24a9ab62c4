// docs/security.md promises 16–19 where they touch accounts: unlisted fields refused, cross-origin writes
// refused, malformed input never a 500, and an audit log that holds the events but no secret.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { createTestApp, cookieHeader, nextTestAddress, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createUser } from '../auth/users.ts';
import { auditLog, user } from '../db/schema.ts';

let t: TestApp;
let admin: string;
let logged = '';
const consoleOutput: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logStream: stream, logLevel: 'trace' });
  admin = await t.signIn('chief@grafik.test', { role: 'admin' });
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleOutput.push(args.map(String).join(' '));
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_BASE_URL, ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
    remoteAddress: nextTestAddress(),
  });

describe('16. unlisted fields are refused, not stored', () => {
  it('refuses a new user with an extra field, naming it', async () => {
    const res = await inject('POST', '/api/admin/users', admin, { email: 'extra@grafik.test', role: 'user', banned: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/banned|Unrecognized/i);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'extra@grafik.test'))).toEqual([]);
  });

  it('refuses a "role" on better-auth endpoints, and unknown auth endpoints answer 404', async () => {
    const cookie = await t.signIn('climber@grafik.test');
    const res = await inject('POST', '/api/auth/change-password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a new passphrase for me',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'role' });
    const update = await inject('POST', '/api/auth/update-user', cookie, { role: 'admin' });
    expect(update.statusCode).toBe(404);
    const adminEndpoint = await inject('POST', '/api/auth/admin/set-role', cookie, { userId: 'x', role: 'admin' });
    expect(adminEndpoint.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'climber@grafik.test'));
    expect(row!.role).toBe('user');
  });

  it('refuses a body on a ban that names a field the API does not have', async () => {
    const [target] = await t.database.db.select().from(user).where(eq(user.email, 'climber@grafik.test'));
    const res = await inject('POST', `/api/admin/users/${target!.id}/ban`, admin, { reason: 'x', role: 'admin' });
    expect(res.statusCode).toBe(400);
    const [after] = await t.database.db.select().from(user).where(eq(user.id, target!.id));
    expect(after!.banned).toBe(false);
  });

  it('answers 403 to a user who is not an administrator, with the reason', async () => {
    const cookie = await t.signIn('nosy@grafik.test');
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', '/api/admin/audit'],
    ] as const) {
      const res = await inject(method, url, cookie, method === 'POST' ? { email: 'x@grafik.test' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Only administrators can manage accounts.');
    }
  });
});

describe('17. cross-origin writes are refused', () => {
  it('refuses account and admin writes from another origin, and does nothing', async () => {
    const victim = await t.signIn('origin-victim@grafik.test');
    const [target] = await t.database.db.select().from(user).where(eq(user.email, 'origin-victim@grafik.test'));
    const cases = [
      ['POST', '/api/auth/revoke-sessions', victim, {}],
      ['POST', '/api/auth/change-password', victim, { currentPassword: TEST_PASSWORD, newPassword: 'evil chosen passphrase' }],
      ['POST', `/api/admin/users/${target!.id}/ban`, admin, {}],
      ['POST', '/api/admin/users', admin, { email: 'evil@grafik.test' }],
    ] as const;
    for (const [method, url, cookie, body] of cases) {
      const res = await inject(method, url, cookie, body, { origin: 'https://elsewhere.example' });
      expect(res.statusCode, url).toBe(403);
      const site = await inject(method, url, cookie, body, { origin: '', 'sec-fetch-site': 'cross-site' });
      expect(site.statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie: victim } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'evil@grafik.test'))).toEqual([]);
  });
});

describe('18. malformed input never produces a 500 or a stack trace', () => {
  const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [
    { method: 'POST', url: '/api/auth/sign-in/email' },
    { method: 'POST', url: '/api/auth/change-password' },
    { method: 'POST', url: '/api/auth/two-factor/enable' },
    { method: 'POST', url: '/api/auth/two-factor/disable' },
    { method: 'POST', url: '/api/auth/two-factor/verify-totp' },
    { method: 'POST', url: '/api/auth/two-factor/verify-backup-code' },
    { method: 'POST', url: '/api/auth/revoke-session' },
    { method: 'POST', url: '/api/admin/users' },
    { method: 'POST', url: '/api/admin/users/some-id/ban' },
    { method: 'POST', url: '/api/admin/users/some-id/reset-password' },
    { method: 'POST', url: '/api/admin/users/some-id/unban' },
    { method: 'DELETE', url: '/api/admin/users/some-id' },
    { method: 'DELETE', url: '/api/account/sessions/some-id' },
    { method: 'GET', url: '/api/admin/audit' },
  ];

  it('fuzzes the account, admin and auth routes', async () => {
    const json = fc.jsonValue({ maxDepth: 2 });
    const body = fc.oneof(
      json,
      fc.dictionary(fc.constantFrom('email', 'password', 'code', 'newPassword', 'currentPassword', 'name', 'role', 'reason', 'until', 'token'), json),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'before', 'action', 'x'), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, query, fc.string({ maxLength: 30 }), async (route, payload, q, id) => {
        const url = route.url.replace('some-id', encodeURIComponent(id) || 'x');
        const qs = new URLSearchParams(q).toString();
        const res = await t.app.inject({
          method: route.method,
          url: route.method === 'GET' ? `${url}?${qs}` : url,
          headers: { cookie: admin, origin: TEST_BASE_URL, 'content-type': 'application/json' },
          ...(route.method !== 'GET' ? { payload: JSON.stringify(payload) } : {}),
          remoteAddress: nextTestAddress(),
        });
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
      }),
      { numRuns: 120 },
    );
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: admin, origin: TEST_BASE_URL, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

describe('19. the audit log', () => {
  it('records sign-ins, failures, sign-outs and admin actions with time, account and address; no secret anywhere in the logs', async () => {
    const secrets: string[] = [TEST_PASSWORD];
    await createUser(t.auth, { email: 'audited@grafik.test', password: TEST_PASSWORD });
    const wrongPassword = 'wrong but secret guess 42';
    secrets.push(wrongPassword);
    const fail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'audited@grafik.test', password: wrongPassword },
      remoteAddress: '198.51.100.19',
    });
    expect(fail.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'audited@grafik.test', password: TEST_PASSWORD },
      remoteAddress: '198.51.100.20',
    });
    const cookie = cookieHeader(ok);
    secrets.push(...cookie.split('; ').map((c) => decodeURIComponent(c.split('=')[1]!)), ok.json().token);

    // Two-factor: enrol, then a code at sign-in; the secret, the codes and backup codes stay out of logs.
    const enable = await inject('POST', '/api/auth/two-factor/enable', cookie, { password: TEST_PASSWORD });
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const firstCode = totp.generate();
    secrets.push(totp.secret.base32, firstCode, ...backupCodes);
    expect((await inject('POST', '/api/auth/two-factor/verify-totp', cookie, { code: firstCode })).statusCode).toBe(200);

    const [target] = await t.database.db.select().from(user).where(eq(user.email, 'audited@grafik.test'));
    const reset = await inject('POST', `/api/admin/users/${target!.id}/reset-password`, admin);
    secrets.push(reset.json().oneTimePassword);
    const created = await inject('POST', '/api/admin/users', admin, { email: 'audited-new@grafik.test' });
    secrets.push(created.json().oneTimePassword);
    const other = await signInAs(t.app, 'chief@grafik.test', TEST_PASSWORD);
    expect((await inject('POST', '/api/auth/sign-out', other, {})).statusCode).toBe(200);

    const rows = await t.database.db.select().from(auditLog);
    const actions = rows.map((r) => r.action);
    for (const action of ['sign-in', 'sign-in.failed', 'sign-out', 'two-factor.enabled', 'admin.password-reset', 'admin.user-created']) {
      expect(actions, action).toContain(action);
    }
    const failure = rows.find((r) => r.action === 'sign-in.failed' && r.email === 'audited@grafik.test')!;
    expect(failure.ipAddress).toBe('198.51.100.19');
    expect(failure.at).toBeInstanceOf(Date);
    const signIn = rows.find((r) => r.action === 'sign-in' && r.email === 'audited@grafik.test')!;
    expect(signIn.ipAddress).toBe('198.51.100.20');
    expect(signIn.userId).toBe(target!.id);
    const resetRow = rows.find((r) => r.action === 'admin.password-reset')!;
    expect(resetRow.email).toBe('chief@grafik.test');
    expect(resetRow.detail).toMatchObject({ targetEmail: 'audited@grafik.test', sessionsEnded: true });

    // The admin sees it through the API.
    const listed = await inject('GET', '/api/admin/audit?limit=100', admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().entries.map((r: { action: string }) => r.action)).toContain('sign-in.failed');

    const everything = [JSON.stringify(rows), listed.body, logged, consoleOutput.join('\n')].join('\n');
    expect(logged.length).toBeGreaterThan(0); // the server log was captured
    for (const secret of secrets.filter((s) => s && s.length >= 6)) {
      expect(everything.includes(secret), `a secret leaked: ${secret.slice(0, 3)}…`).toBe(false);
    }
  });
});
