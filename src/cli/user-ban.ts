// npm run user:ban -- --email someone@airport.example [--reason '…'] [--until 2026-12-31T23:59:00Z]
// Bans the account and ends all of its sessions at once.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { adminBanUser } from '../server/auth/users.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { cliActor, refused, userByEmail } from './user-common.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' }, reason: { type: 'string' }, until: { type: 'string' } });
  if (!args.email) {
    console.error('Usage: npm run user:ban -- --email <email> [--reason <text>] [--until <ISO date-time>]');
    return 2;
  }
  const until = args.until !== undefined ? new Date(args.until) : undefined;
  if (until && (Number.isNaN(until.getTime()) || until.getTime() <= Date.now())) {
    console.error('--until: must be a date-time in the future, such as 2026-12-31T23:59:00Z');
    return 2;
  }
  const runtime = await openRuntime(loadEnv());
  try {
    const found = await userByEmail(runtime, args.email);
    await adminBanUser(runtime.database.db, runtime.auth, cliActor(), found.id, { reason: args.reason, expires: until });
    console.log(`Banned ${found.email}${until ? ` until ${until.toISOString()}` : ''}. Their sessions have been ended.`);
  } catch (err) {
    return refused(err);
  } finally {
    await runtime.database.close();
  }
});
