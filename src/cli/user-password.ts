// npm run user:password -- --email someone@airport.example [--password '…'] [--remove-two-factor]
// Sets a new password (a generated one-time password when none is given, to be changed at the next
// sign-in), ends all of the user's sessions, and with --remove-two-factor also removes a lost phone.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { adminResetPassword } from '../server/auth/users.ts';
import { removeTwoFactor } from '../server/repos/users.ts';
import { writeAudit } from '../server/repos/audit.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { cliActor, passwordOptionAccepted, refused, userByEmail } from './user-common.ts';

runCli(async () => {
  const args = options({ email: { type: 'string' }, password: { type: 'string' }, 'remove-two-factor': { type: 'boolean' } });
  if (!args.email) {
    console.error('Usage: npm run user:password -- --email <email> [--password <new password>] [--remove-two-factor]');
    return 2;
  }
  if (!passwordOptionAccepted(args.password, { email: args.email })) return 2;
  const runtime = await openRuntime(loadEnv());
  try {
    const found = await userByEmail(runtime, args.email);
    const actor = cliActor();
    const { oneTimePassword } = await adminResetPassword(runtime.database.db, runtime.auth, actor, found.id, {
      password: args.password,
      mustChange: !args.password,
    });
    if (args['remove-two-factor']) {
      await removeTwoFactor(runtime.database.db, found.id);
      await writeAudit(runtime.database.db, {
        action: 'admin.two-factor-removed',
        email: actor.email,
        detail: { targetUserId: found.id, targetEmail: found.email, via: 'cli' },
      });
    }
    console.log(
      args.password
        ? `New password set for ${found.email}.`
        : `One-time password for ${found.email}: ${oneTimePassword}  (shown once; to be changed at the next sign-in)`,
    );
    console.log(`Their sessions have been ended.${args['remove-two-factor'] ? ' Two-step verification removed.' : ''}`);
  } catch (err) {
    return refused(err);
  } finally {
    await runtime.database.close();
  }
});
