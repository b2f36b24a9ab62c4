// Sign-in, sessions, two-factor and administration, all through better-auth. Nothing here
// hashes passwords or stores sessions by itself.
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, authSchema } from '../db/schema.ts';

/** The header the server itself fills with the socket's address; whatever a client sent there is dropped. */
export const CLIENT_IP_HEADER = 'x-grafik-client-ip';

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  secret: string;
  sessionIdleMinutes: number;
}

export function createAuth({ db, baseUrl, secret, sessionIdleMinutes }: AuthOptions) {
  return betterAuth({
    appName: 'Grafik',
    baseURL: baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [new URL(baseUrl).origin],
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      // Idle expiry that slides while the session is used.
      expiresIn: sessionIdleMinutes * 60,
      updateAge: Math.min(60, sessionIdleMinutes * 30),
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 5 },
        '/two-factor/verify-backup-code': { window: 60, max: 5 },
        '/change-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: baseUrl.startsWith('https://'),
      cookiePrefix: 'grafik',
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    plugins: [admin(), twoFactor({ issuer: 'Grafik' })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signing secret: AUTH_SECRET when given, otherwise one generated once and kept in the database. */
export async function resolveAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const existing = await db.select().from(appMeta).where(eq(appMeta.key, 'auth_secret'));
  if (existing[0]) return existing[0].value;
  const secret = randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: 'auth_secret', value: secret }).onConflictDoNothing();
  const stored = await db.select().from(appMeta).where(eq(appMeta.key, 'auth_secret'));
  return stored[0]!.value;
}
