// npm run user:list : every account with its role and state.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { listUsers } from '../server/repos/users.ts';
import { runCli } from './run.ts';

runCli(async () => {
  const runtime = await openRuntime(loadEnv());
  try {
    const rows = await listUsers(runtime.database.db);
    if (rows.length === 0) console.log('No accounts.');
    for (const u of rows) {
      const state = [
        u.role === 'admin' ? 'administrator' : 'user',
        u.banned ? `banned${u.banReason ? ` (${u.banReason})` : ''}` : 'active',
        u.mustChangePassword ? 'must change password' : null,
        u.twoFactorEnabled ? 'two-step verification' : null,
        `${u.activeSessions} session(s)`,
      ].filter(Boolean);
      console.log(`${u.email.padEnd(36)} ${state.join(', ')}`);
    }
  } finally {
    await runtime.database.close();
  }
});
