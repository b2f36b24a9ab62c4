// Test harness: every test file gets its own database. PGlite in memory by default; with
// TEST_DATABASE_URL set, a fresh PostgreSQL database created for the file and dropped after it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { createAuth, type Auth, type AuthLimits } from '../auth/auth.ts';
import { createUser } from '../auth/users.ts';
import { openInMemory, openPostgres, type Database } from '../db/client.ts';

export const TEST_BASE_URL = 'http://127.0.0.1:3000';
export const TEST_PASSWORD = 'correct horse battery staple';

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';

let template: Promise<Blob | undefined> | undefined;

/** The migrated empty database the run's global setup made (global-setup.ts), read once per file. */
function embeddedTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('embeddedTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

/**
 * `route` (PostgreSQL only) changes the address the app connects through, for example to a proxy
 * that a test can cut; the database is still created and dropped directly.
 */
export async function openTestDatabase(route?: (url: URL) => URL): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openInMemory({ from: await embeddedTemplate() });
  const name = `grafik_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres((route ? route(dbUrl) : dbUrl).toString(), { max: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  auth: Auth;
  close(): Promise<void>;
  /** Creates a user and returns the Cookie header of a signed-in session. */
  signIn(email?: string, options?: { role?: 'admin' | 'user' }): Promise<string>;
}

export interface TestAppOptions {
  sessionIdleMinutes?: number;
  sessionAbsoluteHours?: number;
  /** Throttling limits (the defaults of src/server/auth/auth.ts otherwise). */
  limits?: Partial<AuthLimits>;
  baseUrl?: string;
  /** Captures the server log (at `logLevel`, default info) instead of silencing it. */
  logStream?: NodeJS.WritableStream;
  logLevel?: string;
  /** Reverse proxies whose X-Forwarded-For is believed. */
  trustedProxies?: string[];
  /** The address the app reaches PostgreSQL through (see openTestDatabase). */
  routeDatabase?: (url: URL) => URL;
  /** Requests per minute one client address may make to calendar addresses. */
  calendarRequestsPerMinute?: number;
  /** Where invitation mail goes (a test's own SMTP server); none by default. */
  mail?: { smtpUrl: string; from: string };
  /** Invitation acceptances one client address may try per minute. */
  invitationAttemptsPerMinute?: number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(options.routeDatabase);
  const baseUrl = options.baseUrl ?? TEST_BASE_URL;
  const auth = createAuth({
    db: database.db,
    baseUrl,
    secret: 'test-secret-test-secret-test-secret-0123',
    sessionIdleMinutes: options.sessionIdleMinutes ?? 30,
    sessionAbsoluteHours: options.sessionAbsoluteHours,
    limits: options.limits,
  });
  const app = await buildApp({
    database,
    auth,
    baseUrl,
    logLevel: options.logStream ? (options.logLevel ?? 'info') : 'silent',
    webRoot: null,
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.calendarRequestsPerMinute ? { calendarRequestsPerMinute: options.calendarRequestsPerMinute } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    invitationAttemptsPerMinute: options.invitationAttemptsPerMinute ?? 1000,
  });
  let counter = 0;
  return {
    app,
    database,
    auth,
    async close() {
      await app.close();
      await database.close();
    },
    async signIn(email, opts) {
      const address = email ?? `planner${++counter}@grafik.test`;
      await createUser(auth, { email: address, password: TEST_PASSWORD, role: opts?.role ?? 'user' });
      return signInAs(app, address, TEST_PASSWORD);
    },
  };
}

let addressCounter = 0;
/**
 * A distinct client address per call (10.x.y.z), so that the per-address sign-in limit never trips
 * in tests that sign in many times; pass inject's `remoteAddress` yourself to test that limit.
 */
export function nextTestAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function signInAs(app: FastifyInstance, email: string, password: string, options: { remoteAddress?: string } = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_BASE_URL },
    payload: { email, password },
    remoteAddress: options.remoteAddress ?? nextTestAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res);
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A request function for one signed-in test user, as the browser would send it: the session cookie
 * (unless `withCookie` is false) and, on writes, the app's own Origin. `cookieOf` is read per call,
 * since the cookie is usually set in beforeAll.
 */
export function apiCaller(app: () => FastifyInstance, cookieOf: () => string) {
  return (method: ApiMethod, url: string, payload?: unknown, withCookie = true) =>
    app().inject({
      method,
      url,
      headers: { ...(withCookie ? { cookie: cookieOf() } : {}), ...(method === 'GET' ? {} : { origin: TEST_BASE_URL }) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** An app serving a built front end made of `files` (paths inside the web root), for the tests of how pages and assets go out. */
export async function createWebApp(files: Record<string, string | Buffer>, serverEntry?: string) {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'grafik-web-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
    writeFileSync(path.join(webRoot, file), content);
  }
  // The server's drawing of the first screen, when given: its built entry (server-entry.js) beside the web root.
  const ssrRoot = serverEntry === undefined ? null : `${webRoot}-ssr`;
  if (ssrRoot) {
    mkdirSync(ssrRoot, { recursive: true });
    writeFileSync(path.join(ssrRoot, 'server-entry.js'), serverEntry!);
  }
  const t = await createTestApp();
  const app = await buildApp({ database: t.database, auth: t.auth, baseUrl: TEST_BASE_URL, logLevel: 'silent', webRoot, ssrRoot });
  return {
    t,
    app,
    get: (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers }),
    close: async () => {
      await app.close();
      await t.close();
      rmSync(webRoot, { recursive: true, force: true });
      if (ssrRoot) rmSync(ssrRoot, { recursive: true, force: true });
    },
  };
}
