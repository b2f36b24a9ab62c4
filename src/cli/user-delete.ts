// npm run user:delete -- --email someone@airport.example --yes
// Deletes the account with its sessions, password and second factor.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { adminDeleteUser } from '../server/auth/users.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { cliActor, refused, userByEmail } from './user-common.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' }, yes: { type: 'boolean' } });
  if (!args.email || !args.yes) {
    console.error('Usage: npm run user:delete -- --email <email> --yes   (deletes the account for good)');
    return 2;
  }
  const runtime = await openRuntime(loadEnv());
  try {
    const found = await userByEmail(runtime, args.email);
    await adminDeleteUser(runtime.database.db, runtime.auth, cliActor(), found.id);
    console.log(`Deleted ${found.email}; their sessions have been ended.`);
  } catch (err) {
    return refused(err);
  } finally {
    await runtime.database.close();
  }
});
