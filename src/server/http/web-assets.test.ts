// The built front end as the server sends it (docs/decisions/0012-first-load.md): hashed assets cached for
// a year, index.html revalidated with a validator, the precompressed copy the browser accepts, and the
// security headers on every answer. The web root is a temporary folder built from fixture files.
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, TEST_BASE_URL, type TestApp } from '../test/harness.ts';
import { CONTENT_SECURITY_POLICY } from '../security/headers.ts';
import { employees } from '../db/schema.ts';

const SCRIPT = `export const screen = ${JSON.stringify('dashboard '.repeat(400))};\n`;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n';

let web: Awaited<ReturnType<typeof createWebApp>>;
let t: TestApp;

beforeAll(async () => {
  web = await createWebApp({
    'assets/index-Ab12Cd34.js': SCRIPT,
    'assets/index-Ab12Cd34.js.br': brotliCompressSync(SCRIPT),
    'assets/index-Ab12Cd34.js.gz': gzipSync(SCRIPT),
    'index.html': INDEX,
  });
  t = web.t;
});

afterAll(async () => {
  await web?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => web.get(url, headers);

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('the built front end', () => {
  it('sends a hashed asset as immutable for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(SCRIPT);
    expectSecurityHeaders(res.headers);
  });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and the plain file otherwise, varying on Accept-Encoding', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expectSecurityHeaders(br.headers);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expectSecurityHeaders(gz.headers);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html, by its name and as the history fallback, as no-cache with a validator that answers 304', async () => {
    for (const url of ['/index.html', '/login', '/employees?month=2026-03']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      expect(res.headers['last-modified'], url).toBeTruthy();
      expect(res.body, url).toBe(INDEX);
      expectSecurityHeaders(res.headers);
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(again.headers);
    }
  });

  it('keeps no-store and the security headers on API answers', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(res.headers);
  });
});

describe('API answers', () => {
  it('go out compressed from 1 kB, as the client accepts, still no-store and with the security headers; small ones and the month as before', async () => {
    const cookie = await t.signIn('compress@grafik.test');
    await t.database.db
      .insert(employees)
      .values(Array.from({ length: 40 }, (_, i) => ({ firstName: `Anna${i}`, lastName: `Nowak${i}`, email: `anna${i}@example.com`, role: 'Rampa' })));
    const plain = await get('/api/employees', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/api/employees', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(br.headers);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/employees', { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();

    // The month is gzipped once, by its cache, never again.
    const month = await get('/api/month?month=2026-03', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(month.statusCode).toBe(200);
    expect(month.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(month.rawPayload).toString())).toHaveProperty('month', '2026-03');
  });
});

describe('request bodies', () => {
  it('are not unpacked: a gzipped body is refused, so a body limit stays its size on the wire', async () => {
    const body = gzipSync(JSON.stringify({ email: 'nobody@grafik.test', password: 'not the password at all' }));
    const res = await web.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: TEST_BASE_URL },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(401);
    expectSecurityHeaders(res.headers);
  });
});
