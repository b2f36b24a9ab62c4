// npm run user:password -- --email someone@airport.example [--password '…']
// Sets a new password (a generated one when none is given) and ends the user's sessions.
import { eq } from 'drizzle-orm';
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { generatePassword } from '../server/auth/users.ts';
import { user } from '../server/db/schema.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' }, password: { type: 'string' } });
  if (!args.email) {
    console.error('Usage: npm run user:password -- --email <email> [--password <new password>]');
    return 2;
  }
  if (args.password !== undefined && (args.password.length < 12 || args.password.length > 128)) {
    console.error('--password: must be 12 to 128 characters long');
    return 2;
  }
  const runtime = await openRuntime(loadEnv());
  try {
    const email = args.email.trim().toLowerCase();
    const [found] = await runtime.database.db.select().from(user).where(eq(user.email, email));
    if (!found) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    const password = args.password ?? generatePassword();
    await runtime.auth.api.setUserPassword({ body: { userId: found.id, newPassword: password } });
    await runtime.auth.api.revokeUserSessions({ body: { userId: found.id } });
    await runtime.database.db.update(user).set({ mustChangePassword: !args.password }).where(eq(user.id, found.id));
    console.log(`New password for ${email}: ${args.password ? '(as given)' : password}. Their sessions have been ended.`);
  } finally {
    await runtime.database.close();
  }
});
