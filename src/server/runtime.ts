// What the server and the command-line tools share: the database and the auth instance.
import type { Env } from './env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createAuth, resolveAuthSecret, type Auth } from './auth/auth.ts';

export interface Runtime {
  env: Env;
  database: Database;
  auth: Auth;
}

export async function openRuntime(env: Env): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    const auth = createAuth({
      db: database.db,
      baseUrl: env.baseUrl,
      secret,
      sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
      sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
      limits: { signInPerAddressPerMinute: env.SIGN_IN_ATTEMPTS_PER_MINUTE },
    });
    return { env, database, auth };
  } catch (err) {
    await database.close();
    throw err;
  }
}
