// docs/security.md promises 1–4: sign-in throttling per client address and per account, counters in the
// database, forged X-Forwarded-For ignored, unknown email and wrong password alike. The clock is
// vitest's fake Date, moved by hand: no sleeps.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestApp, TEST_BASE_URL, TEST_PASSWORD, type TestApp } from '../test/harness.ts';
import { createUser } from '../auth/users.ts';
import { DEFAULT_LIMITS } from '../auth/auth.ts';
import { rateLimit } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function signIn(email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_BASE_URL, ...headers },
    payload: { email, password },
    remoteAddress,
  });
}

function freezeClock() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
}

describe('1. per client address', () => {
  it('throttles sign-in from one address even with the right password, until the window passes', async () => {
    await createUser(t.auth, { email: 'addr1@grafik.test', password: TEST_PASSWORD });
    const advance = freezeClock();
    const max = DEFAULT_LIMITS.signInPerAddressPerMinute;
    for (let i = 0; i < max; i++) {
      expect((await signIn('addr1@grafik.test', TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    }
    const blocked = await signIn('addr1@grafik.test', TEST_PASSWORD, '192.0.2.10');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/too many requests/i);
    expect(Number(blocked.headers['x-retry-after'])).toBeGreaterThan(0);
    // The counter is in the database, where every server instance sees it.
    const rows = await t.database.db.select().from(rateLimit).where(like(rateLimit.key, '%192.0.2.10%'));
    expect(rows.length).toBeGreaterThan(0);
    advance(30_000);
    expect((await signIn('addr1@grafik.test', TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    advance(31_000);
    expect((await signIn('addr1@grafik.test', TEST_PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('shares the counter between two server instances on one database', async () => {
    const { buildApp } = await import('../app.ts');
    const { createAuth } = await import('../auth/auth.ts');
    const auth2 = createAuth({ db: t.database.db, baseUrl: TEST_BASE_URL, secret: 'test-secret-test-secret-test-secret-0123', sessionIdleMinutes: 30 });
    const second = await buildApp({ database: t.database, auth: auth2, baseUrl: TEST_BASE_URL, logLevel: 'silent', webRoot: null });
    try {
      await createUser(t.auth, { email: 'addr2@grafik.test', password: TEST_PASSWORD });
      freezeClock();
      const max = DEFAULT_LIMITS.signInPerAddressPerMinute;
      for (let i = 0; i < max; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_BASE_URL },
          payload: { email: 'addr2@grafik.test', password: TEST_PASSWORD },
          remoteAddress: '192.0.2.20',
        });
        expect(res.statusCode).toBe(200);
      }
      expect((await signIn('addr2@grafik.test', TEST_PASSWORD, '192.0.2.20')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('2. per account', () => {
  it('locks an account after repeated failures from rotating addresses, for that email only, then unlocks by itself', async () => {
    await createUser(t.auth, { email: 'victim@grafik.test', password: TEST_PASSWORD });
    await createUser(t.auth, { email: 'bystander@grafik.test', password: TEST_PASSWORD });
    const advance = freezeClock();
    for (let i = 0; i < DEFAULT_LIMITS.accountFailures; i++) {
      const res = await signIn('victim@grafik.test', 'wrong password number ' + i, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    // From yet another address, and with the right password: still refused.
    const locked = await signIn('victim@grafik.test', TEST_PASSWORD, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/try again in 15 min/i);
    expect(locked.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();
    // Other users are not affected.
    expect((await signIn('bystander@grafik.test', TEST_PASSWORD, '198.51.100.98')).statusCode).toBe(200);
    // Attempts while locked do not extend the lock.
    advance(10 * 60_000);
    expect((await signIn('victim@grafik.test', TEST_PASSWORD, '198.51.100.97')).statusCode).toBe(429);
    advance(5 * 60_000 + 1_000);
    expect((await signIn('victim@grafik.test', TEST_PASSWORD, '198.51.100.96')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    await createUser(t.auth, { email: 'typo@grafik.test', password: TEST_PASSWORD });
    freezeClock();
    for (let i = 0; i < DEFAULT_LIMITS.accountFailures - 1; i++) {
      expect((await signIn('typo@grafik.test', 'mistyped password', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await signIn('typo@grafik.test', TEST_PASSWORD, '203.0.113.50')).statusCode).toBe(200);
    expect((await signIn('typo@grafik.test', 'mistyped password', '203.0.113.51')).statusCode).toBe(401);
    expect((await signIn('typo@grafik.test', TEST_PASSWORD, '203.0.113.52')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(rateLimit).where(eq(rateLimit.key, 'account:typo@grafik.test'));
    expect(row).toBeUndefined();
  });
});

describe('3. the client address comes from the socket', () => {
  it('ignores a forged X-Forwarded-For, and a second client is still served', async () => {
    await createUser(t.auth, { email: 'forger@grafik.test', password: TEST_PASSWORD });
    freezeClock();
    const max = DEFAULT_LIMITS.signInPerAddressPerMinute;
    for (let i = 0; i < max + 3; i++) {
      const forged = `${(i * 37) % 250}.${i}.${i * 3}.${i + 1}`;
      const res = await signIn('forger@grafik.test', TEST_PASSWORD, '192.0.2.30', {
        'x-forwarded-for': forged,
        'x-real-ip': forged,
        'x-grafik-client-ip': forged,
      });
      expect(res.statusCode).toBe(i < max ? 200 : 429);
    }
    expect((await signIn('forger@grafik.test', TEST_PASSWORD, '192.0.2.31')).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a configured proxy, one bucket per real client', async () => {
    const proxied = await createTestApp({ trustedProxies: ['192.0.2.1'] });
    try {
      await createUser(proxied.auth, { email: 'proxied@grafik.test', password: TEST_PASSWORD });
      const via = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: TEST_BASE_URL, 'x-forwarded-for': client },
          payload: { email: 'proxied@grafik.test', password: TEST_PASSWORD },
          remoteAddress: '192.0.2.1',
        });
      const max = DEFAULT_LIMITS.signInPerAddressPerMinute;
      for (let i = 0; i < max; i++) expect((await via('203.0.113.7')).statusCode).toBe(200);
      expect((await via('203.0.113.7')).statusCode).toBe(429);
      // Behind the same proxy, another client has its own bucket: not one shared bucket for all.
      expect((await via('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('4. no account enumeration', () => {
  it('answers an unknown email exactly like a wrong password', async () => {
    await createUser(t.auth, { email: 'known@grafik.test', password: TEST_PASSWORD });
    const wrong = await signIn('known@grafik.test', 'not the right password', '192.0.2.40');
    const unknown = await signIn('nobody-here@grafik.test', 'not the right password', '192.0.2.41');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().message).toMatch(/invalid email or password/i);
  });

  it('locks an unknown email after the same number of failures as a known one', async () => {
    freezeClock();
    for (const email of ['known2@grafik.test', 'unknown2@grafik.test']) {
      if (email.startsWith('known')) await createUser(t.auth, { email, password: TEST_PASSWORD });
      const answers: number[] = [];
      for (let i = 0; i <= DEFAULT_LIMITS.accountFailures; i++) {
        answers.push((await signIn(email, 'wrong password again', `192.0.2.${60 + i}`)).statusCode);
      }
      expect(answers).toEqual([...Array(DEFAULT_LIMITS.accountFailures).fill(401), 429]);
    }
  });
});
