// Property-based fuzz of every route the app registers (docs/security.md 16, 18): random, malformed and
// hostile bodies, queries, ids, cookies and origins, shaped by each route's own zod schemas and mixed
// with garbage. No answer may be a 5xx or carry a stack trace, and a refused request (4xx) must leave
// every table unchanged (sessions, rate-limit counters and the audit log excepted: refusals are
// counted and logged there on purpose).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import { createTestApp, signInAs, TEST_BASE_URL, TEST_PASSWORD, testDatabaseKind, type TestApp } from '../../src/server/test/harness.ts';
import { arbFromZod, garbage, hostileString, mutate, rawBody } from './fuzz/arbitraries.ts';
import { hasStackTrace, quickChecksum } from './helpers.ts';
import { writeResultsSection } from '../../tools/results-section.ts';
import { capturedRoutes, routeList } from '../../src/server/test/route-capture.ts';
import { pathSpellings } from '../../src/server/test/path-spellings.ts';

// Every route the app registers, with its schema, seen through an onRoute hook on the real app.
vi.mock('fastify', async () => (await import('../../src/server/test/route-capture.ts')).capturingFastify());

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const AUTH_RUNS = Number(process.env.FUZZ_AUTH_RUNS ?? 12);
const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');

/** better-auth's endpoints behind /api/auth/* (the app forwards the whole path to it). */
const AUTH_PATHS: [string, string][] = [
  ['POST', '/sign-in/email'],
  ['POST', '/sign-up/email'],
  ['POST', '/sign-out'],
  ['GET', '/get-session'],
  ['POST', '/change-password'],
  ['POST', '/update-user'],
  ['POST', '/delete-user'],
  ['POST', '/request-password-reset'],
  ['POST', '/reset-password'],
  ['GET', '/reset-password/:token'],
  ['GET', '/verify-email'],
  ['GET', '/list-sessions'],
  ['POST', '/revoke-session'],
  ['POST', '/revoke-other-sessions'],
  ['POST', '/two-factor/enable'],
  ['POST', '/two-factor/disable'],
  ['POST', '/two-factor/verify-totp'],
  ['POST', '/two-factor/verify-backup-code'],
  ['POST', '/two-factor/get-totp-uri'],
  ['POST', '/two-factor/generate-backup-codes'],
  ['GET', '/admin/list-users'],
  ['POST', '/admin/create-user'],
  ['POST', '/admin/set-role'],
  ['POST', '/admin/ban-user'],
  ['POST', '/admin/set-user-password'],
  ['POST', '/admin/remove-user'],
  ['POST', '/admin/impersonate-user'],
  ['GET', '/callback/:id'],
  ['GET', '/:anything'],
];
const AUTH_KEYS = [
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'code',
  'userId',
  'role',
  'name',
  'callbackURL',
  'revokeOtherSessions',
  'trustDevice',
  'rememberMe',
  'banReason',
  'data',
];

interface FuzzRoute {
  key: string;
  method: string;
  url: string;
  schema: Record<string, unknown>;
  auth: boolean;
}

let t: TestApp;
let adminCookie = '';
let fuzzAdminCookie = '';
let otherCookie = '';
const realIds: string[] = [];
const counts = new Map<string, { tried: number; statuses: Map<number, number> }>();

const ADMIN = 'fuzz-owner@grafik.test';
const FUZZ_ADMIN = 'fuzz-admin@grafik.test';

function apiRoutes(): FuzzRoute[] {
  return routeList((url) => url.startsWith('/api') && url !== '/api/auth/*').map((r) => ({ key: `${r.method} ${r.url}`, ...r, auth: false }));
}

function authRoutes(): FuzzRoute[] {
  return AUTH_PATHS.map(([method, path]) => ({ key: `${method} /api/auth${path}`, method, url: `/api/auth${path}`, schema: {}, auth: true }));
}

const idArb = () =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(realIds.length ? realIds : ['00000000-0000-0000-0000-000000000000'])) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

/** Percent-encodes a path part; a lone surrogate (not encodable) goes out as invalid UTF-8 bytes. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80' + encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''));
  }
}

function queryText(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return typeof value === 'string' ? value : '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
  }
  return params.toString();
}

function requestArb(route: FuzzRoute): fc.Arbitrary<InjectOptions & { note: string; signedIn: boolean }> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...paramNames.map(() => idArb()));
  const querySchema = route.schema.querystring;
  const query = querySchema
    ? fc.oneof(
        { weight: 3, arbitrary: arbFromZod(querySchema) },
        { weight: 3, arbitrary: arbFromZod(querySchema).chain(mutate) },
        {
          weight: 2,
          arbitrary: fc.dictionary(
            fc.constantFrom('month', 'employeeId', 'date', 'id', 'role'),
            fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })),
          ),
        },
        { weight: 1, arbitrary: fc.constant({ month: MONTH }) },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }) });
  const bodySchema = route.auth ? null : route.schema.body;
  const shaped = bodySchema
    ? arbFromZod(bodySchema)
    : route.auth
      ? fc.dictionary(fc.constantFrom(...AUTH_KEYS), fc.oneof(hostileString, garbage, fc.emailAddress(), fc.constant(TEST_PASSWORD)), { maxKeys: 5 })
      : garbage;
  const hasBody = route.method !== 'GET';
  const body: fc.Arbitrary<{ json?: unknown; raw?: { type: string; text: string } }> = hasBody
    ? fc.oneof(
        { weight: 3, arbitrary: shaped.map((json) => ({ json })) },
        { weight: 3, arbitrary: shaped.chain(mutate).map((json) => ({ json })) },
        { weight: 2, arbitrary: garbage.map((json) => ({ json })) },
        { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: rawBody.map((raw) => ({ raw })) });
  const who = route.auth
    ? fc.constantFrom('fuzz-admin', 'fuzz-admin', 'other', 'none', 'bogus')
    : fc.constantFrom('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'other', 'none', 'bogus');
  const origin = fc.constantFrom('own', 'own', 'own', 'own', 'own', 'own', 'none', 'elsewhere');
  const address = fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.constant('::1'));
  // Most requests spell the path as registered; the rest spell it another way (path-spellings.ts).
  const spelling = fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat() });
  return fc
    .record({ params, query, body, who, origin, address, spelling })
    .map(({ params: ids, query: q, body: b, who: w, origin: o, address: ip, spelling: sp }) => {
      let url = route.url;
      paramNames.forEach((name, i) => (url = url.replace(`:${name}`, encodePart(String(ids[i])))));
      if (url.endsWith('/*')) url = url.slice(0, -2);
      let spelled = 'as registered';
      if (sp >= 0) {
        const others = pathSpellings(url);
        const chosen = others[sp % others.length]!;
        url = chosen.url;
        spelled = chosen.name;
      }
      const qs = queryText(q);
      if (qs) url += `?${qs}`;
      const cookie = { admin: adminCookie, 'fuzz-admin': fuzzAdminCookie, other: otherCookie, none: '', bogus: 'grafik.session_token=forged.value' }[w]!;
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = cookie;
      if (o === 'own') headers.origin = TEST_BASE_URL;
      if (o === 'elsewhere') headers.origin = 'https://elsewhere.example';
      const options: InjectOptions & { note: string; signedIn: boolean } = {
        method: route.method as InjectOptions['method'],
        url,
        headers,
        remoteAddress: ip,
        note: `${w}/${o}/${spelled}`,
        signedIn: w !== 'none' && w !== 'bogus',
      };
      if (b.raw) {
        headers['content-type'] = b.raw.type;
        options.payload = b.raw.text;
      } else if ('json' in b) {
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify(b.json) ?? 'null';
      }
      return options;
    });
}

async function ensureSignedIn() {
  const works = async (cookie: string) => cookie && (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).statusCode === 200;
  if (!(await works(adminCookie))) adminCookie = await signInAs(t.app, ADMIN, TEST_PASSWORD);
  if (!(await works(fuzzAdminCookie))) fuzzAdminCookie = await signInAs(t.app, FUZZ_ADMIN, TEST_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn(ADMIN, { role: 'admin' });
  fuzzAdminCookie = await t.signIn(FUZZ_ADMIN, { role: 'admin' });
  otherCookie = await t.signIn('fuzz-planner@grafik.test');
  const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { cookie: adminCookie, origin: TEST_BASE_URL } });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  // A small month with one of every record, so that real ids reach the handlers.
  await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: adminCookie } });
  const groups = (await t.app.inject({ method: 'GET', url: '/api/staff-groups', headers: { cookie: adminCookie } })).json() as { name: string }[];
  const role = groups[0]?.name ?? (await send('POST', '/api/staff-groups', { name: 'Rampa' })).name;
  const people = [];
  for (const [i, name] of ['Ala', 'Ola', 'Ewa'].entries()) {
    people.push(await send('POST', '/api/employees', { firstName: name, lastName: 'Fuzz', email: `e${i}@grafik.test`, phoneNumber: null, role }));
  }
  await send('POST', '/api/monthly-hours', { month: MONTH, requiredHours: 160 });
  await send('PUT', '/api/schedules', { employeeId: people[0].id, date: `${MONTH}-02`, startTime: '06:00', endTime: '14:00' });
  await send('PUT', '/api/events', { employeeId: people[1].id, date: `${MONTH}-03`, name: 'Training' });
  await send('POST', '/api/time-off', {
    employeeId: people[2].id,
    startDate: `${MONTH}-05`,
    endDate: `${MONTH}-06`,
    reason: 'Leave',
    countAsWork: false,
    workHours: null,
  });
  await send('POST', '/api/flights', { flightNumber: 'LO123', departureTime: `${MONTH}-04T06:00`, arrivalTime: `${MONTH}-04T08:00` });
  // A request for time off, as an employee's own account would have asked: its decision route gets a real id.
  await t.database.db.execute(
    sql`insert into time_off_requests (employee_id, kind, start_date, end_date) values (${people[0].id}, 'vacation', ${`${MONTH}-20`}, ${`${MONTH}-21`})`,
  );
  const ids = await t.database.db.execute(
    sql.raw(`select id::text as id from employees union all select id::text from time_off union all select id::text from time_off_requests union all select id::text from flights
             union all select id::text from monthly_work_hours union all select id::text from staff_groups
             union all select id from auth_user where email = 'fuzz-planner@grafik.test'`),
  );
  realIds.push(...(ids as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
});

afterAll(async () => {
  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  const total = rows.reduce((n, [, c]) => n + c.tried, 0);
  const table = [
    '| route | requests | answers (status × count) |',
    '|---|---|---|',
    ...rows.map(
      ([key, c]) =>
        `| \`${key}\` | ${c.tried} | ${[...c.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')} |`,
    ),
  ].join('\n');
  console.log(`\nFuzz on ${testDatabaseKind}: ${total} requests over ${rows.length} routes\n${table}\n`);
  if (process.env.FUZZ_RECORD === '1') {
    writeResultsSection(
      'fuzz',
      [
        '## Fuzz (docs/security.md 16 and 18)',
        '',
        `\`npx vitest run tests/reliability/fuzz.test.ts\` (FUZZ_RECORD=1 rewrites this section) on ${DateTime.now().toISODate()}, ${testDatabaseKind} database,`,
        `${RUNS} runs per API route and ${AUTH_RUNS} per auth path (FUZZ_RUNS / FUZZ_AUTH_RUNS), fast-check with a fresh seed each run: ${total} requests over ${rows.length} routes.`,
        "Every route the app registers is found through an onRoute hook; bodies and queries come from the route's zod schema",
        '(valid-shaped, one part broken, unlisted fields such as `role`), garbage JSON, hostile text (SQL, formulas, markup,',
        'control and odd Unicode, strings of up to 40 000 characters), malformed or nested-20 000-deep JSON, prototype-pollution keys and',
        "other content types; ids are real ones, random UUIDs and junk; cookies are an admin's, a planner's, none or forged;",
        "origins our own, none or another site's; client addresses random; a quarter of the paths spelled another way",
        '(percent-encoded letters and slashes, upper case, doubled slashes, dot segments, a trailing slash, `;` parameters).',
        'Checked on every request: status < 500, no stack trace in the body, 401, 403, 404 or 414 without a session, and after every 4xx the checksum of every table',
        '(except `auth_session`, `auth_rate_limit`, `audit_log`, `auth_verification`, which record refusals on purpose) is unchanged.',
        '',
        table,
      ].join('\n'),
    );
  }
  await t?.close();
});

describe('fuzz of every route', () => {
  it('finds the routes through the app itself', () => {
    const keys = apiRoutes().map((r) => r.key);
    for (const expected of ['GET /api/month', 'PUT /api/schedules', 'POST /api/generation', 'POST /api/flights/import', 'PUT /api/settings']) {
      expect(keys).toContain(expected);
    }
    expect(capturedRoutes.some((r) => r.url === '/api/auth/*')).toBe(true);
  });

  const routes = () => [...apiRoutes(), ...authRoutes()];
  // Routes open without a session by design, and what a guessed address may get from them: an employee's
  // calendar address takes its random token as the key, so a made-up one is refused (bad input, unknown
  // address, too many tries) and never answered with a calendar; an invitation's link is its key too, so a
  // made-up one is refused (bad input, another site's origin, a link that does not work, too large, too many tries).
  const PUBLIC_REFUSALS: Record<string, number[]> = {
    '/api/calendar/:file': [400, 404, 414, 429],
    '/api/invitations/accept': [400, 403, 404, 413, 415, 422, 429],
  };
  // The list is known only once the app is built; one test walks it, with a report per route.
  it('no 5xx, no stack trace, and nothing written by a refused request', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      await ensureSignedIn();
      let baseline = await quickChecksum(t.database.db);
      const tally = { tried: 0, statuses: new Map<number, number>() };
      counts.set(route.key, tally);
      try {
        await fc.assert(
          fc.asyncProperty(requestArb(route), async ({ note, signedIn, ...request }) => {
            tally.tried++;
            const res = await t.app.inject(request);
            tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
            const what = `${request.method} ${String(request.url).slice(0, 200)} [${note}] → ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) throw new Error(`server error: ${what}`);
            if (hasStackTrace(res.body)) throw new Error(`stack trace in the answer: ${what}`);
            // Without a session, no spelling of a signed-in route's path is answered with data (414: the router
            // refuses a parameter too long to match; BAD_URL: an address that cannot be decoded matches nothing).
            const undecodable = res.statusCode === 400 && res.json().code === 'BAD_URL';
            if (
              !route.auth &&
              route.url !== '/api/health' &&
              !signedIn &&
              !undecodable &&
              !(PUBLIC_REFUSALS[route.url] ?? [401, 403, 404, 414]).includes(res.statusCode)
            )
              throw new Error(`answered without a session: ${what}`);
            const after = await quickChecksum(t.database.db);
            if (res.statusCode >= 400 && after !== baseline) {
              baseline = after;
              throw new Error(`a refused request changed the data: ${what}`);
            }
            baseline = after;
          }),
          { numRuns: route.auth ? AUTH_RUNS : RUNS, endOnFailure: true },
        );
      } catch (err) {
        // fast-check keeps the property's own error as the cause: show it first, then the (shortened) counterexample.
        const cause = (err as Error & { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message.slice(0, 800) : '';
        failures.push(`${route.key}: ${reason}\n${(err as Error).message.slice(0, 800)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
