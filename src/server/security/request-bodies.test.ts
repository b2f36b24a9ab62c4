// What a request costs before anyone has signed in: the session is checked before the body is read,
// every route keeps a small body limit, and a body over it gets a 413 that says so.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextTestAddress, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { DEFAULT_BODY_LIMIT } from '../app.ts';
import { AUTH_BODY_LIMIT } from '../routes/public.ts';

let t: TestApp;
let planner = '';
beforeAll(async () => {
  t = await createTestApp();
  planner = await t.signIn('bodies@grafik.test', { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: string, cookie = '') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextTestAddress(),
  });

/** JSON nested `depth` arrays deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('before sign-in', () => {
  it('answers 401, not field errors, to an invalid body without a session', async () => {
    const res = await post('/api/employees', JSON.stringify({ lastName: 42 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(res.body).not.toMatch(/firstName|lastName|required/);
  });

  it('answers 401 to a deeply nested body without parsing it', async () => {
    const body = nested(400_000);
    const started = performance.now();
    const res = await post('/api/employees', body);
    expect(res.statusCode).toBe(401);
    // Parsing this much would take a noticeable share of a second; the refusal comes first.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('never reads a large upload from someone not signed in (restore included)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/backup/restore',
        headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024), origin: TEST_BASE_URL },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      // Destroying the request after the answer raises an error here, after the promise has settled.
      req.on('error', reject);
      // Only the first megabyte is sent: the answer must come without the rest.
      req.write(Buffer.alloc(1024 * 1024, 0x20));
    });
    expect(status).toBe(401);
  });

  it('refuses a sign-in body over a few kB with 413 before better-auth sees it', async () => {
    const res = await post('/api/auth/sign-in/email', JSON.stringify({ email: 'x'.repeat(AUTH_BODY_LIMIT) + '@grafik.test', password: 'whatever it is' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(res.json().message).toContain('4 kB');
  });
});

describe('signed in', () => {
  it('keeps a small default limit and says what it is', async () => {
    const res = await post('/api/employees', JSON.stringify({ firstName: 'x'.repeat(DEFAULT_BODY_LIMIT) }), planner);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large: this address takes at most 1 MB.' });
  });

  it('still accepts an ordinary body', async () => {
    const res = await post('/api/staff-groups', JSON.stringify({ name: 'Bodies', takesFlights: false, takesAirportHours: false }), planner);
    expect(res.statusCode).toBe(201);
  });
});
