// Sign-in, sessions, two-factor and administration, all through better-auth. Nothing here
// stores sessions by itself; password hashing is argon2id from a maintained package.
import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { verifyPassword as verifyScrypt } from 'better-auth/crypto';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Db } from '../db/client.ts';
import { authSchema } from '../db/schema.ts';
import { addMetaValueIfAbsent, metaValue, SIGNING_SECRET_KEY } from '../repos/app-meta.ts';
import { CLIENT_IP_HEADER } from '../security/client-ip.ts';
import { redactLogText } from '../http/log-redaction.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../security/password-policy.ts';
import { grafikGuard } from './guard.ts';

/** Throttling limits. Per address they follow the socket's address (or a trusted proxy's header). */
export interface AuthLimits {
  /** Sign-in attempts from one address per minute, right or wrong. */
  signInPerAddressPerMinute: number;
  /** Code checks (TOTP or backup code) from one address per minute. */
  secondFactorPerAddressPerMinute: number;
  /** Password changes and two-factor changes from one address per minute. */
  passwordChangePerAddressPerMinute: number;
  /** Failed sign-ins (per email) or failed password changes (per user) before the account is locked. */
  accountFailures: number;
  /** How long such a lock lasts, counted from the last failure. */
  accountLockMinutes: number;
  /** Bad codes in a row before the second factor locks (better-auth's account lockout). */
  secondFactorFailures: number;
  secondFactorLockMinutes: number;
}

export const DEFAULT_LIMITS: AuthLimits = {
  signInPerAddressPerMinute: 10,
  secondFactorPerAddressPerMinute: 10,
  passwordChangePerAddressPerMinute: 5,
  accountFailures: 5,
  accountLockMinutes: 15,
  secondFactorFailures: 10,
  secondFactorLockMinutes: 15,
};

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  secret: string;
  sessionIdleMinutes: number;
  /** Absolute session lifetime, whatever the activity (default 12 h). */
  sessionAbsoluteHours?: number | undefined;
  limits?: Partial<AuthLimits> | undefined;
}

/** OWASP's argon2id minimum: 19 MiB of memory, 2 passes, one lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2);
}

async function verifyPasswordHash({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (hash.startsWith('$argon2')) return argon2Verify(hash, password.normalize('NFKC'));
  // Hashes written before argon2id was chosen (better-auth's scrypt format) still verify.
  return verifyScrypt({ hash, password });
}

export function createAuth({ db, baseUrl, secret, sessionIdleMinutes, sessionAbsoluteHours = 12, limits }: AuthOptions) {
  const l = { ...DEFAULT_LIMITS, ...limits };
  const lockWindow = l.accountLockMinutes * 60;
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
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPasswordHash },
    },
    session: {
      // Idle expiry that slides while the session is used; the absolute lifetime is grafikGuard's.
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
        '/sign-in/email': { window: 60, max: l.signInPerAddressPerMinute },
        '/two-factor/verify-totp': { window: 60, max: l.secondFactorPerAddressPerMinute },
        '/two-factor/verify-backup-code': { window: 60, max: l.secondFactorPerAddressPerMinute },
        '/change-password': { window: 60, max: l.passwordChangePerAddressPerMinute },
        '/two-factor/enable': { window: 60, max: l.passwordChangePerAddressPerMinute },
        '/two-factor/generate-backup-codes': { window: 60, max: l.passwordChangePerAddressPerMinute },
        // better-auth prunes counters older than its longest window: this rule, as long as an
        // account lock, keeps the per-account counters (same table) for their whole window.
        '/two-factor/disable': { window: Math.max(lockWindow, 900), max: 10 * l.passwordChangePerAddressPerMinute },
        // The app checks its session on a tick; that read is cheap and guesses nothing.
        '/get-session': false,
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
    logger: {
      level: 'error',
      // Only the message, and that cleaned of a failed query's statement and values (an audit entry's
      // email and address, a user's row): arguments could carry request data.
      log: (level, message) => {
        if (level === 'error') console.error(`[auth] ${redactLogText(String(message))}`);
      },
    },
    plugins: [
      admin(),
      twoFactor({
        issuer: 'Grafik',
        backupCodeOptions: { storeBackupCodes: 'encrypted' },
        accountLockout: {
          enabled: true,
          maxFailedAttempts: l.secondFactorFailures,
          durationSeconds: l.secondFactorLockMinutes * 60,
        },
      }),
      // Last, so that its after-hooks see the two-factor plugin's answer to a sign-in.
      grafikGuard({
        db,
        absoluteLifetimeMs: sessionAbsoluteHours * 3_600_000,
        accountFailures: l.accountFailures,
        accountLockMs: l.accountLockMinutes * 60_000,
      }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signing secret: AUTH_SECRET when given, otherwise one generated once and kept in the database. */
export async function resolveAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const existing = await metaValue(db, SIGNING_SECRET_KEY);
  if (existing !== null) return existing;
  await addMetaValueIfAbsent(db, SIGNING_SECRET_KEY, randomBytes(32).toString('base64url'));
  // Another instance starting at the same moment may have kept its own first: use the stored one.
  return (await metaValue(db, SIGNING_SECRET_KEY))!;
}
