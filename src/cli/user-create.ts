// npm run user:create -- --email someone@airport.example --password '…' [--name 'Full Name'] [--admin]
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { createUser, generatePassword } from '../server/auth/users.ts';
import { writeAudit } from '../server/repos/audit.ts';
import { cliActor, passwordOptionAccepted } from './user-common.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { redactLogText } from '../server/http/log-redaction.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' } });
  if (!args.email) {
    console.error('Usage: npm run user:create -- --email <email> [--password <password>] [--name <name>] [--admin]');
    return 2;
  }
  if (!passwordOptionAccepted(args.password, { email: args.email, name: args.name })) return 2;
  const runtime = await openRuntime(loadEnv());
  try {
    const password = args.password ?? generatePassword({ email: args.email, name: args.name });
    const user = await createUser(runtime.auth, {
      email: args.email,
      password,
      name: args.name,
      role: args.admin ? 'admin' : 'user',
      mustChangePassword: !args.password,
    });
    await writeAudit(runtime.database.db, {
      action: 'admin.user-created',
      email: cliActor().email,
      detail: { targetUserId: user.id, targetEmail: user.email, role: args.admin ? 'admin' : 'user', via: 'cli' },
    });
    console.log(`Created ${user.email}${args.admin ? ' (administrator)' : ''}.`);
    if (!args.password) console.log(`One-time password: ${password}  (shown once; to be changed at first sign-in)`);
  } catch (err) {
    // A failed query's message would quote its values (the password's hash among them).
    const message = redactLogText(err instanceof Error ? err.message : String(err));
    console.error(`Could not create ${args.email}: ${message}`);
    return 1;
  } finally {
    await runtime.database.close();
  }
});
