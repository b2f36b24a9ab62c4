// npm run user:unban -- --email someone@airport.example
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { adminUnbanUser } from '../server/auth/users.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { cliActor, refused, userByEmail } from './user-common.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' } });
  if (!args.email) {
    console.error('Usage: npm run user:unban -- --email <email>');
    return 2;
  }
  const runtime = await openRuntime(loadEnv());
  try {
    const found = await userByEmail(runtime, args.email);
    await adminUnbanUser(runtime.database.db, cliActor(), found.id);
    console.log(`Unbanned ${found.email}.`);
  } catch (err) {
    return refused(err);
  } finally {
    await runtime.database.close();
  }
});
