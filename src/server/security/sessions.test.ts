// docs/security.md promises 5–13: password storage and rules, no self sign-up, session tokens, cookie
// flags, idle and absolute expiry on a fake clock, sign-out scopes, password change and admin actions
// ending sessions.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, cookieHeader, nextTestAddress, signInAs, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { RefusedError } from '../domain/errors.ts';
import { createUser, ensureFirstAdmin, generatePassword } from '../auth/users.ts';
import { account, user } from '../db/schema.ts';
import { isCommonPassword, passwordProblem } from './password-policy.ts';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn('boss@grafik.test', { role: 'admin' });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_BASE_URL }, payload: payload as object, remoteAddress: nextTestAddress() });
const data = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie } });
const status = async (cookie: string) => (await data(cookie)).statusCode;

async function userId(email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  return row!.id;
}

describe('5. password storage', () => {
  it('stores salted argon2id hashes at OWASP parameters: one password, two different hashes', async () => {
    await createUser(t.auth, { email: 'same1@grafik.test', password: TEST_PASSWORD });
    await createUser(t.auth, { email: 'same2@grafik.test', password: TEST_PASSWORD });
    const hashes = [];
    for (const email of ['same1@grafik.test', 'same2@grafik.test']) {
      const [acc] = await t.database.db
        .select()
        .from(account)
        .where(eq(account.userId, await userId(email)));
      hashes.push(acc!.password!);
    }
    expect(hashes[0]).not.toBe(hashes[1]);
    for (const h of hashes) {
      expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(h).not.toContain(TEST_PASSWORD);
    }
  });
});

describe('6. password rules', () => {
  const LONGEST = 'snow on the apron at dawn, tugs idle by gate nine; '.repeat(3).slice(0, 128);

  it('accepts a Unicode passphrase of any characters, which then signs in', async () => {
    const passphrase = 'Zażółć gęślą jaźń — 東京 🛫 żurek';
    await createUser(t.auth, { email: 'unicode@grafik.test', password: passphrase });
    const cookie = await signInAs(t.app, 'unicode@grafik.test', passphrase);
    expect(await status(cookie)).toBe(200);
  });

  it('has no composition rules: twelve lower-case letters with spaces will do', () => {
    expect(passwordProblem('plane on time')).toBeNull();
    expect(passwordProblem(LONGEST)).toBeNull();
  });

  it('refuses fewer than 12 or more than 128 characters, counting characters not bytes', () => {
    expect(passwordProblem('short pass1')?.message).toMatch(/at least 12/);
    expect(passwordProblem(`${LONGEST}x`)?.message).toMatch(/at most 128/);
    expect(passwordProblem('ąćęłńóśźżąćę')).toBeNull();
  });

  it('refuses the most common passwords, also with digits and symbols appended', async () => {
    expect(isCommonPassword('Password123!')).toBe(true);
    expect(isCommonPassword('qwerty123456')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    await expect(createUser(t.auth, { email: 'weak@grafik.test', password: 'Password123!' })).rejects.toBeInstanceOf(RefusedError);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'weak@grafik.test'))).toEqual([]);
    // And on a password change, with a message naming the field.
    const cookie = await t.signIn('changer-weak@grafik.test');
    const res = await post('/api/auth/change-password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'Password123!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^newPassword: .*common/);
    expect(await status(await signInAs(t.app, 'changer-weak@grafik.test', TEST_PASSWORD))).toBe(200);
  });
});

describe('7. no self sign-up, no known default password', () => {
  it('refuses sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'self@grafik.test', password: 'a long enough password', name: 'Self' },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'self@grafik.test'))).toEqual([]);
  });

  it('gives the first administrator a random password unless one is set', async () => {
    expect(await ensureFirstAdmin(t.database.db, t.auth, {})).toBeNull(); // not on a database that has users
    const a = generatePassword();
    const b = generatePassword();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(24);
    expect(passwordProblem(a)).toBeNull();
  });
});

describe('8. a new session token at sign-in', () => {
  it('makes a token planted before sign-in useless', async () => {
    await createUser(t.auth, { email: 'fixation@grafik.test', password: TEST_PASSWORD });
    const planted = 'grafik.session_token=planted-by-an-attacker.c2lnbmF0dXJl';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL, cookie: planted },
      payload: { email: 'fixation@grafik.test', password: TEST_PASSWORD },
      remoteAddress: nextTestAddress(),
    });
    expect(res.statusCode).toBe(200);
    const issued = cookieHeader(res);
    expect(issued).toMatch(/grafik\.session_token=/);
    expect(issued).not.toContain('planted-by-an-attacker');
    expect(await status(planted)).toBe(401);
    expect(await status(issued)).toBe(200);
    // A second sign-in gets yet another token.
    expect(await signInAs(t.app, 'fixation@grafik.test', TEST_PASSWORD)).not.toBe(issued);
  });
});

describe('9. the session cookie', () => {
  function sessionCookie(res: { headers: Record<string, unknown> }) {
    const raw = res.headers['set-cookie'];
    const list = (Array.isArray(raw) ? raw : [raw]) as string[];
    return list.find((c) => /session_token=/.test(c))!;
  }

  it('is HttpOnly, SameSite=Lax, host-only, not Secure over http, and never in a URL', async () => {
    await createUser(t.auth, { email: 'cookie@grafik.test', password: TEST_PASSWORD });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_BASE_URL },
      payload: { email: 'cookie@grafik.test', password: TEST_PASSWORD },
      remoteAddress: nextTestAddress(),
    });
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(res.headers.location).toBeUndefined();
  });

  it('is Secure (with the __Secure- prefix) when the app is served over https', async () => {
    const https = await createTestApp({ baseUrl: 'https://grafik.example' });
    try {
      await createUser(https.auth, { email: 'secure@grafik.test', password: TEST_PASSWORD });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://grafik.example' },
        payload: { email: 'secure@grafik.test', password: TEST_PASSWORD },
        remoteAddress: nextTestAddress(),
      });
      expect(res.statusCode).toBe(200);
      const cookie = sessionCookie(res);
      expect(cookie).toMatch(/^__Secure-grafik\.session_token=/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await https.close();
    }
  });
});

describe('10. idle and absolute expiry', () => {
  function clock() {
    let now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    return (minutes: number) => {
      now += minutes * 60_000;
      vi.setSystemTime(now);
    };
  }

  it('slides while used and ends after 30 idle minutes', async () => {
    const advance = clock();
    const cookie = await t.signIn('idle@grafik.test');
    for (let i = 0; i < 4; i++) {
      advance(20);
      expect(await status(cookie)).toBe(200); // 80 minutes in all, never 30 idle
    }
    advance(31);
    expect(await status(cookie)).toBe(401);
  });

  it('ends after the absolute lifetime (12 h) however active', async () => {
    const advance = clock();
    const cookie = await t.signIn('absolute@grafik.test');
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      advance(20);
      expect(await status(cookie), `after ${minutes} min`).toBe(200);
    }
    advance(20); // 12 h in
    expect(await status(cookie)).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toBeNull();
  });
});

describe('11. sign-out scopes', () => {
  it('local ends this session only; a replayed cookie gets 401', async () => {
    const email = 'local@grafik.test';
    const a = await t.signIn(email);
    const b = await signInAs(t.app, email, TEST_PASSWORD);
    expect((await post('/api/auth/sign-out', a)).statusCode).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(200);
  });

  it('others ends every other session and keeps this one', async () => {
    const email = 'others@grafik.test';
    const a = await t.signIn(email);
    const b = await signInAs(t.app, email, TEST_PASSWORD);
    const c = await signInAs(t.app, email, TEST_PASSWORD);
    const other = await t.signIn('someone-else@grafik.test');
    expect((await post('/api/auth/revoke-other-sessions', b)).statusCode).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await status(c)).toBe(401);
    expect(await status(b)).toBe(200);
    expect(await status(other)).toBe(200);
  });

  it('global ends all of them, this one too', async () => {
    const email = 'global@grafik.test';
    const a = await t.signIn(email);
    const b = await signInAs(t.app, email, TEST_PASSWORD);
    expect((await post('/api/auth/revoke-sessions', a)).statusCode).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(401);
  });

  it('ends one chosen session from the sessions list', async () => {
    const email = 'pick@grafik.test';
    const a = await t.signIn(email);
    const b = await signInAs(t.app, email, TEST_PASSWORD);
    const list = (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: a } })).json();
    expect(list).toHaveLength(2);
    const otherOne = list.find((s: { current: boolean }) => !s.current);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${otherOne.id}`, headers: { cookie: a, origin: TEST_BASE_URL } });
    expect(res.statusCode).toBe(204);
    expect(await status(b)).toBe(401);
    expect(await status(a)).toBe(200);
  });
});

describe('12. a password change ends the other sessions', () => {
  it('signs the other device out, keeps this one, and the new password is the one that works', async () => {
    const email = 'changer@grafik.test';
    const phone = await t.signIn(email);
    const laptop = await signInAs(t.app, email, TEST_PASSWORD);
    const res = await post('/api/auth/change-password', laptop, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase 2026',
    });
    expect(res.statusCode).toBe(200);
    expect(await status(phone)).toBe(401);
    const laptopNow = cookieHeader(res) || laptop;
    expect(await status(laptopNow)).toBe(200);
    await expect(signInAs(t.app, email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await status(await signInAs(t.app, email, 'a brand new passphrase 2026'))).toBe(200);
  });

  it('even when the client asks to keep them', async () => {
    const email = 'keeper@grafik.test';
    const phone = await t.signIn(email);
    const laptop = await signInAs(t.app, email, TEST_PASSWORD);
    const res = await post('/api/auth/change-password', laptop, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another new passphrase 2026',
      revokeOtherSessions: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await status(phone)).toBe(401);
  });

  it('requires the current password, and locks after repeated wrong ones', async () => {
    const cookie = await t.signIn('guesser@grafik.test');
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/change-password', cookie, { currentPassword: `wrong guess ${i}xx`, newPassword: 'a perfectly new passphrase' });
      expect(res.statusCode).toBe(400);
    }
    const locked = await post('/api/auth/change-password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'a perfectly new passphrase' });
    expect(locked.statusCode).toBe(429);
  });
});

describe("13. administrator actions end all of the user's sessions", () => {
  async function twoSessions(email: string) {
    const a = await t.signIn(email);
    const b = await signInAs(t.app, email, TEST_PASSWORD);
    expect(await status(a)).toBe(200);
    return { a, b, id: await userId(email) };
  }
  const admin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie, origin: TEST_BASE_URL }, ...(payload ? { payload } : {}) });

  it('ban', async () => {
    const s = await twoSessions('banned@grafik.test');
    expect((await admin('POST', `/api/admin/users/${s.id}/ban`, { reason: 'left the company' })).statusCode).toBe(204);
    expect(await status(s.a)).toBe(401);
    expect(await status(s.b)).toBe(401);
    await expect(signInAs(t.app, 'banned@grafik.test', TEST_PASSWORD)).rejects.toThrow(/403/);
    expect((await admin('POST', `/api/admin/users/${s.id}/unban`)).statusCode).toBe(204);
    expect(await status(await signInAs(t.app, 'banned@grafik.test', TEST_PASSWORD))).toBe(200);
  });

  it('password reset', async () => {
    const s = await twoSessions('reset@grafik.test');
    const res = await admin('POST', `/api/admin/users/${s.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    const { oneTimePassword } = res.json();
    expect(await status(s.a)).toBe(401);
    expect(await status(s.b)).toBe(401);
    await expect(signInAs(t.app, 'reset@grafik.test', TEST_PASSWORD)).rejects.toThrow(/401/);
    // The one-time password signs in, and must be changed before any data is served.
    const fresh = await signInAs(t.app, 'reset@grafik.test', oneTimePassword);
    const blocked = await data(fresh);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('deletion', async () => {
    const s = await twoSessions('deleted@grafik.test');
    expect((await admin('DELETE', `/api/admin/users/${s.id}`)).statusCode).toBe(204);
    expect(await status(s.a)).toBe(401);
    expect(await status(s.b)).toBe(401);
    expect(await t.database.db.select().from(user).where(eq(user.id, s.id))).toEqual([]);
  });
});
