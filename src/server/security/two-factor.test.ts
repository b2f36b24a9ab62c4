// docs/security.md promises 14–15: with a verified TOTP factor a password alone gives no access (aal2),
// codes work once, repeated bad codes lock out. Codes are computed from the enrolled secret.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, nextTestAddress, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createUser } from '../auth/users.ts';
import { twoFactor, user } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A browser's cookie jar, enough for these tests. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (!c.value || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(part: string) {
    return [...this.cookies.keys()].some((k) => k.includes(part));
  }
}

async function call(jar: Jar, method: 'GET' | 'POST', url: string, payload?: object) {
  return jar.take(
    await t.app.inject({
      method,
      url,
      headers: { cookie: jar.header(), origin: TEST_BASE_URL },
      ...(payload ? { payload } : {}),
      remoteAddress: nextTestAddress(),
    }),
  );
}

function clock() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return (seconds: number) => {
    now += seconds * 1000;
    vi.setSystemTime(now);
  };
}

/** Creates a user, enrols TOTP with the first code, and returns the authenticator and backup codes. */
async function enrolled(email: string) {
  await createUser(t.auth, { email, password: TEST_PASSWORD });
  const jar = new Jar();
  expect((await call(jar, 'POST', '/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  const enable = await call(jar, 'POST', '/api/auth/two-factor/enable', { password: TEST_PASSWORD });
  expect(enable.statusCode).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect(totp.issuer).toBe('Grafik');
  const first = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
  expect(first.statusCode).toBe(200);
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  expect(row!.twoFactorEnabled).toBe(true);
  return { totp, backupCodes, userId: row!.id, jar };
}

async function passwordStep(email: string) {
  const jar = new Jar();
  const res = await call(jar, 'POST', '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  return { jar, res };
}

describe('14. assurance level aal2', () => {
  it('after the password alone no data endpoint answers; after the code they do', async () => {
    const advance = clock();
    const { totp } = await enrolled('aal2@grafik.test');
    const { jar, res } = await passwordStep('aal2@grafik.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(jar.has('session_token')).toBe(false);
    for (const url of ['/api/staff-groups', '/api/account', '/api/account/sessions']) {
      const r = await call(jar, 'GET', url);
      expect(r.statusCode, url).toBe(401);
    }
    expect((await call(jar, 'GET', '/api/auth/get-session')).json()).toBeNull();
    advance(30); // the enrolment's code has been used; the next one
    const verified = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(verified.statusCode).toBe(200);
    expect(jar.has('session_token')).toBe(true);
    expect((await call(jar, 'GET', '/api/staff-groups')).statusCode).toBe(200);
  });

  it('offers no "trust this device"', async () => {
    clock();
    const { totp } = await enrolled('trust@grafik.test');
    const { jar } = await passwordStep('trust@grafik.test');
    const res = await call(jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate(), trustDevice: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/trustDevice/);
    expect(jar.has('trust_device')).toBe(false);
  });

  it('stores the secret and backup codes encrypted', async () => {
    clock();
    const { totp, backupCodes, userId } = await enrolled('stored@grafik.test');
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    const stored = JSON.stringify(row);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    for (const code of backupCodes) expect(stored).not.toContain(code);
    expect(stored).not.toContain(totp.secret.base32);
    expect(stored).not.toContain(totp.secret.latin1);
  });

  it('removes the factor only with the password re-entered', async () => {
    const advance = clock();
    const { jar } = await enrolled('remove@grafik.test');
    const wrong = await call(jar, 'POST', '/api/auth/two-factor/disable', { password: 'not my password at all' });
    expect(wrong.statusCode).toBe(400);
    const missing = await call(jar, 'POST', '/api/auth/two-factor/disable', {});
    expect(missing.statusCode).toBe(400);
    advance(5);
    const ok = await call(jar, 'POST', '/api/auth/two-factor/disable', { password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const { jar: next } = await passwordStep('remove@grafik.test');
    expect(next.has('session_token')).toBe(true);
  });
});

describe('15. codes work once; bad codes lock out', () => {
  it('refuses a TOTP code the second time', async () => {
    const advance = clock();
    const { totp } = await enrolled('replay@grafik.test');
    advance(30);
    const code = totp.generate();
    const first = await passwordStep('replay@grafik.test');
    expect((await call(first.jar, 'POST', '/api/auth/two-factor/verify-totp', { code })).statusCode).toBe(200);
    advance(5);
    const second = await passwordStep('replay@grafik.test');
    const again = await call(second.jar, 'POST', '/api/auth/two-factor/verify-totp', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/already been used/);
    expect(second.jar.has('session_token')).toBe(false);
    advance(30);
    expect((await call(second.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
  });

  it('refuses a backup code the second time', async () => {
    clock();
    const { backupCodes } = await enrolled('backup@grafik.test');
    const code = backupCodes[0]!;
    const first = await passwordStep('backup@grafik.test');
    expect((await call(first.jar, 'POST', '/api/auth/two-factor/verify-backup-code', { code })).statusCode).toBe(200);
    expect((await call(first.jar, 'GET', '/api/staff-groups')).statusCode).toBe(200);
    const second = await passwordStep('backup@grafik.test');
    expect((await call(second.jar, 'POST', '/api/auth/two-factor/verify-backup-code', { code })).statusCode).toBe(401);
    expect((await call(second.jar, 'POST', '/api/auth/two-factor/verify-backup-code', { code: backupCodes[1]! })).statusCode).toBe(200);
  });

  it('locks the second factor after 10 bad codes, even for the right code, for a while', async () => {
    const advance = clock();
    const { totp } = await enrolled('locked@grafik.test');
    const statuses: number[] = [];
    let step = await passwordStep('locked@grafik.test');
    for (let i = 0; i < 10; i++) {
      if (i === 5) step = await passwordStep('locked@grafik.test'); // a challenge allows 5 tries
      const res = await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: String(100000 + i) });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    advance(30);
    step = await passwordStep('locked@grafik.test');
    const right = await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(right.statusCode).toBe(429);
    expect(step.jar.has('session_token')).toBe(false);
    advance(15 * 60);
    step = await passwordStep('locked@grafik.test');
    expect((await call(step.jar, 'POST', '/api/auth/two-factor/verify-totp', { code: totp.generate() })).statusCode).toBe(200);
  });

  it('limits code checks per client address too', async () => {
    clock();
    await enrolled('burst@grafik.test');
    const { jar } = await passwordStep('burst@grafik.test');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-backup-code',
        headers: { cookie: jar.header(), origin: TEST_BASE_URL },
        payload: { code: `nope-${i}` },
        remoteAddress: '192.0.2.77',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
