// Where a month read spends its time: building the month, the session check and the whole request
// (answered from the month cache),
// each timed in-process against PostgreSQL (a fresh database with the demo airport, every group generated).
// npx node tools/profile-month.ts  (BENCH_DATABASE_URL, default the local server)
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { createAuth } from '../src/server/auth/auth.ts';
import { createUser } from '../src/server/auth/users.ts';
import { buildApp } from '../src/server/app.ts';
import { loadMonth } from '../src/server/month/service.ts';
import { monthAnswer } from '../src/server/http/month-answer.ts';
import { generateMonth } from '../src/server/generation/service.ts';
import { monthDataSchema } from '../src/shared/api/schedule.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
const N = Number(process.env.PROFILE_N ?? 50);

const name = `grafik_prof_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());
try {
  await seedDemo(database.db);
  for (const role of ['Koordynator', 'Rampa', 'PAX/INFO', 'Brygadzista', 'Sprzątanie', 'Cargo']) {
    await generateMonth(database.db, { role, month: MONTH, seed: 1 }).catch(() => undefined);
  }
  const baseUrl = 'http://127.0.0.1:3000';
  const auth = createAuth({ db: database.db, baseUrl, secret: 'profile-secret-profile-secret-profile-01', sessionIdleMinutes: 30 });
  await createUser(auth, { email: 'p@grafik.test', password: 'profile passphrase 9182', role: 'admin' });
  const app = await buildApp({ database, auth, baseUrl, logLevel: 'silent', webRoot: null });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: baseUrl },
    payload: { email: 'p@grafik.test', password: 'profile passphrase 9182' },
  });
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');

  const time = async (label: string, work: () => Promise<unknown> | unknown) => {
    for (let i = 0; i < 5; i++) await work();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await work();
    const cpu = process.cpuUsage(c0);
    console.log(
      `${label.padEnd(40)} ${((performance.now() - t0) / N).toFixed(2)} ms wall, ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms CPU of this process`,
    );
  };
  const data = await loadMonth(database.db, MONTH);
  console.log(`${data.schedules.length} shifts, ${JSON.stringify(data).length} bytes`);
  if (process.env.PROFILE_ONLY_MONTH) {
    await time('GET /api/month (inject)', () => app.inject({ method: 'GET', url: `/api/month?month=${MONTH}`, headers: { cookie } }));
    await app.close();
    process.exit(0);
  }
  await time('loadMonth (queries + totals)', () => loadMonth(database.db, MONTH));
  await time('monthAnswer (a build: + check, JSON, gzip)', () => monthAnswer(database.db, MONTH));
  await time('monthDataSchema.parse (response check)', () => monthDataSchema.parse(data));
  await time('JSON.stringify', () => JSON.stringify(data));
  await time('getSession', () => auth.api.getSession({ headers: new Headers({ cookie }) }));
  await time('GET /api/settings (inject)', () => app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } }));
  await time('GET /api/month (inject, kept month, gzip)', () =>
    app.inject({ method: 'GET', url: `/api/month?month=${MONTH}`, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }),
  );
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
