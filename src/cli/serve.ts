// `npm start`: opens the database, prepares the first administrator and the demo airport, and listens.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { buildApp } from '../server/app.ts';
import { ensureFirstAdmin } from '../server/auth/users.ts';
import { currentMonthIn, DEMO_GENERATED_GROUPS, isDatabaseEmpty, seedDemo, startEmptyAirport } from '../server/demo/seed.ts';
import { generateMonth } from '../server/generation/service.ts';
import { runCli } from './run.ts';

runCli(async () => {
  const env = loadEnv();
  const { database, auth } = await openRuntime(env);
  const admin = await ensureFirstAdmin(database.db, auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  let demo: { employees: number; flights: number } | null = null;
  if (database.kind === 'embedded' && env.DEMO_DATA === 'on' && admin && (await isDatabaseEmpty(database.db))) {
    demo = await seedDemo(database.db);
    // The demo month arrives planned: the generator fills each flight group's shifts.
    if (env.DEMO_SHIFTS === 'on') {
      const month = await currentMonthIn(database.db);
      for (const role of DEMO_GENERATED_GROUPS) await generateMonth(database.db, { role, month, seed: 1 });
    }
  } else if (admin && (await isDatabaseEmpty(database.db))) {
    // A new airport without the demo starts with no staff groups (an installation in use keeps its own).
    await startEmptyAirport(database.db);
  }
  const app = await buildApp({
    database,
    auth,
    baseUrl: env.baseUrl,
    logLevel: env.LOG_LEVEL,
    trustedProxies: env.TRUSTED_PROXIES.split(',').map((s) => s.trim()),
    mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
    invitationAttemptsPerMinute: env.SIGN_IN_ATTEMPTS_PER_MINUTE,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === 'embedded' ? `embedded PostgreSQL in ${database.location}` : `PostgreSQL at ${database.location}`;
  const lines = ['', `Grafik is running: open ${env.baseUrl}`, `Database: ${where}`];
  if (demo) {
    const shifts = env.DEMO_SHIFTS === 'on' ? ", with this month's shifts generated" : '';
    lines.push(`Demo airport: ${demo.employees} employees and ${demo.flights} flights this month${shifts}.`);
  }
  if (admin?.generated) {
    lines.push(
      `Sign in as ${admin.email} with the password ${admin.password}`,
      'This password is shown once and is not stored: note it now. A new one: npm run user:password -- --email ' + admin.email,
    );
  } else if (admin) {
    lines.push(`Sign in as ${admin.email} with the password from ADMIN_PASSWORD.`);
  } else {
    lines.push('Sign in with your account. A forgotten password: stop the server, then npm run user:password -- --email <email>');
  }
  lines.push('Stop with Ctrl+C.', '');
  console.log(lines.join('\n'));
});
