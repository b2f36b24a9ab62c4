// The pieces better-auth leaves to the app, as a better-auth plugin around its own endpoints:
// - an absolute session lifetime (better-auth only knows the sliding idle expiry);
// - a per-account failure counter for sign-in and password change, whatever the client address;
// - the password policy (security/password-policy.ts) and "a password change ends the other sessions"
//   on /change-password;
// - a TOTP code accepted once only;
// - the audit log of sign-ins, failures, sign-outs and two-factor changes.
// Sessions, hashing and codes stay better-auth's; this only reads its tables and calls its adapter.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Db } from '../db/client.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { claimOnce, clearCounter, countFailure, failuresOf, findUserByEmail, setMustChangePassword } from '../repos/users.ts';
import { passwordProblem } from '../security/password-policy.ts';
import { CLIENT_IP_HEADER } from '../security/client-ip.ts';
import { PASSWORD_REJECTED } from '../../shared/api/account.ts';

export interface GuardOptions {
  db: Db;
  absoluteLifetimeMs: number;
  /** Failures of one account (sign-in by email, password change by user) before it is locked for the window. */
  accountFailures: number;
  accountLockMs: number;
}

/** How long a used TOTP code stays refused: longer than the ±1 step (90 s) a code is accepted. */
const USED_CODE_MS = 120_000;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Found = { session: { token: string; createdAt: Date; id: string }; user: { id: string; email: string; name?: string | null } } | null;

interface Stash {
  found: Found;
  userId: string | null;
  email: string | null;
  claimKey: string | null;
}

function clientIp(ctx: HookContext): string | null {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
}

function minutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

export function grafikGuard(options: GuardOptions): BetterAuthPlugin {
  const { db } = options;
  const stashes = new WeakMap<object, Stash>();
  const keyOf = (ctx: HookContext): object | undefined => ctx.request ?? ctx.headers ?? undefined;

  const audit = async (ctx: HookContext, entry: AuditEntry) => {
    try {
      await writeAudit(db, { ipAddress: clientIp(ctx), ...entry });
    } catch (err) {
      ctx.context.logger.error(`audit log write failed: ${(err as Error).message}`);
    }
  };

  async function cookieSession(ctx: HookContext): Promise<Found> {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return null;
    const found = await ctx.context.internalAdapter.findSession(token);
    return found ? { session: found.session, user: found.user } : null;
  }

  async function twoFactorChallengeUser(ctx: HookContext): Promise<string | null> {
    const name = ctx.context.createAuthCookie('two_factor').name;
    const identifier = await ctx.getSignedCookie(name, ctx.context.secret);
    if (!identifier) return null;
    const value = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return value?.value ?? null;
  }

  function locked(count: number, last: number, now: number): number | null {
    if (count < options.accountFailures) return null;
    const left = last + options.accountLockMs - now;
    return left > 0 ? left : null;
  }

  const pastLifetime = (session: { createdAt: Date | string }, now: number) => new Date(session.createdAt).getTime() + options.absoluteLifetimeMs <= now;

  /** Past the absolute lifetime: the session ends now, whatever its idle expiry says. */
  async function endExpired(ctx: HookContext, found: NonNullable<Found>) {
    await ctx.context.internalAdapter.deleteSession(found.session.token);
    await audit(ctx, { action: 'session.expired', userId: found.user.id, email: found.user.email, detail: { reason: 'absolute lifetime' } });
  }

  const before = createAuthMiddleware(async (ctx) => {
    // Every API request checks its session here: get-session finds the session itself, and its
    // absolute lifetime is checked on what it found (in `after`), so the lookup is not done twice.
    if (ctx.path === '/get-session') return;
    const now = Date.now();
    let found = await cookieSession(ctx);
    if (found && pastLifetime(found.session, now)) {
      await endExpired(ctx, found);
      found = null;
    }
    const stash: Stash = { found, userId: found?.user.id ?? null, email: found?.user.email ?? null, claimKey: null };
    const key = keyOf(ctx);
    if (key) stashes.set(key, stash);
    const body = (ctx.body ?? {}) as Record<string, unknown>;

    switch (ctx.path) {
      case '/sign-in/email': {
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        stash.email = email;
        const state = await failuresOf(db, `account:${email}`, options.accountLockMs, now);
        const left = locked(state.count, state.last, now);
        if (left !== null) {
          await audit(ctx, { action: 'sign-in.throttled', email, detail: { failures: state.count } });
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { code: 'TOO_MANY_ATTEMPTS', message: `Too many failed sign-in attempts. Try again in ${minutes(left)} min.` },
            { 'Retry-After': String(Math.ceil(left / 1000)) },
          );
        }
        return;
      }
      case '/change-password': {
        if (!found) return;
        const state = await failuresOf(db, `password-change:${found.user.id}`, options.accountLockMs, now);
        const left = locked(state.count, state.last, now);
        if (left !== null) {
          await audit(ctx, { action: 'password.change-throttled', userId: found.user.id, email: found.user.email });
          throw new APIError(
            'TOO_MANY_REQUESTS',
            { code: 'TOO_MANY_ATTEMPTS', message: `Too many wrong current passwords. Try again in ${minutes(left)} min.` },
            { 'Retry-After': String(Math.ceil(left / 1000)) },
          );
        }
        const owner = { email: found.user.email, name: found.user.name ?? null };
        const problem = typeof body.newPassword === 'string' ? passwordProblem(body.newPassword, owner) : null;
        if (problem) {
          throw new APIError('BAD_REQUEST', {
            code: PASSWORD_REJECTED,
            message: `newPassword: ${problem.message}`,
            field: 'newPassword',
            params: problem.params,
          });
        }
        // A password change always ends the user's other sessions.
        return { context: { body: { ...body, revokeOtherSessions: true } } };
      }
      case '/two-factor/verify-totp': {
        const userId = found?.user.id ?? (await twoFactorChallengeUser(ctx));
        stash.userId = userId;
        const code = typeof body.code === 'string' ? body.code.trim() : '';
        if (!userId || !/^\d{6}$/.test(code)) return;
        const claimKey = `totp-used:${userId}:${code}`;
        if (!(await claimOnce(db, claimKey, USED_CODE_MS, now))) {
          await audit(ctx, { action: 'second-factor.reused-code', userId });
          throw new APIError('UNAUTHORIZED', {
            code: 'CODE_ALREADY_USED',
            message: 'This code has already been used. Wait for the next code in your authenticator app.',
          });
        }
        stash.claimKey = claimKey;
        return;
      }
      case '/two-factor/verify-backup-code': {
        stash.userId = found?.user.id ?? (await twoFactorChallengeUser(ctx));
        return;
      }
      case '/sign-out':
      case '/revoke-sessions':
      case '/revoke-other-sessions':
      case '/revoke-session':
      case '/two-factor/enable':
      case '/two-factor/disable':
      case '/two-factor/generate-backup-codes':
        return;
      default:
        return;
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/get-session') {
      const found = ctx.context.returned as Found | undefined;
      if (found?.session && found.user && pastLifetime(found.session, Date.now())) {
        await endExpired(ctx, found);
        return ctx.json(null);
      }
      return;
    }
    const key = keyOf(ctx);
    const stash = key ? stashes.get(key) : undefined;
    if (!stash) return;
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const status = failed ? (returned as APIError).statusCode : 200;
    const now = Date.now();
    const who = { userId: stash.userId, email: stash.email };

    switch (ctx.path) {
      case '/sign-in/email': {
        const email = stash.email ?? '';
        if (failed) {
          if (status === 401) {
            await countFailure(db, `account:${email}`, options.accountLockMs, now);
            await audit(ctx, { action: 'sign-in.failed', email });
          } else {
            await audit(ctx, { action: 'sign-in.refused', email, detail: { status, code: (returned as APIError).body?.code ?? null } });
          }
          return;
        }
        await clearCounter(db, `account:${email}`);
        const result = returned as { twoFactorRedirect?: boolean; user?: { id: string } } | undefined;
        if (result?.twoFactorRedirect) {
          const u = await findUserByEmail(db, email);
          await audit(ctx, { action: 'sign-in.password-ok', userId: u?.id ?? null, email, detail: { next: 'second factor' } });
        } else {
          await audit(ctx, { action: 'sign-in', userId: result?.user?.id ?? null, email, detail: { method: 'password' } });
        }
        return;
      }
      case '/sign-out':
        if (stash.found) await audit(ctx, { action: 'sign-out', ...who, detail: { scope: 'local' } });
        return;
      case '/revoke-other-sessions':
        if (!failed) await audit(ctx, { action: 'sign-out', ...who, detail: { scope: 'others' } });
        return;
      case '/revoke-sessions':
        if (!failed) await audit(ctx, { action: 'sign-out', ...who, detail: { scope: 'global' } });
        return;
      case '/revoke-session':
        if (!failed) await audit(ctx, { action: 'session.revoked', ...who });
        return;
      case '/change-password': {
        if (!stash.found) return;
        const counter = `password-change:${stash.found.user.id}`;
        if (failed) {
          if ((returned as APIError).body?.code === 'INVALID_PASSWORD') {
            await countFailure(db, counter, options.accountLockMs, now);
            await audit(ctx, { action: 'password.change-failed', ...who });
          }
          return;
        }
        await clearCounter(db, counter);
        await setMustChangePassword(db, stash.found.user.id, false);
        await audit(ctx, { action: 'password.changed', ...who, detail: { otherSessionsEnded: true } });
        return;
      }
      case '/two-factor/verify-totp':
      case '/two-factor/verify-backup-code': {
        const method = ctx.path.endsWith('totp') ? 'totp' : 'backup-code';
        const signIn = !stash.found;
        if (failed) {
          if (stash.claimKey) await clearCounter(db, stash.claimKey);
          await audit(ctx, {
            action: status === 429 ? 'second-factor.locked' : 'second-factor.failed',
            userId: stash.userId,
            detail: { method },
          });
          return;
        }
        const user = (returned as { user?: { id: string; email: string } } | undefined)?.user;
        await audit(ctx, {
          action: signIn ? 'sign-in' : 'two-factor.enabled',
          userId: user?.id ?? stash.userId,
          email: user?.email ?? null,
          detail: { method },
        });
        return;
      }
      case '/two-factor/enable':
        if (!failed) await audit(ctx, { action: 'two-factor.enrolment-started', ...who });
        return;
      case '/two-factor/disable':
        await audit(ctx, { action: failed ? 'two-factor.remove-failed' : 'two-factor.removed', ...who });
        return;
      case '/two-factor/generate-backup-codes':
        if (!failed) await audit(ctx, { action: 'two-factor.backup-codes-renewed', ...who });
        return;
      default:
        return;
    }
  });

  return {
    id: 'grafik-guard',
    hooks: {
      before: [{ matcher: () => true, handler: before }],
      after: [{ matcher: () => true, handler: after }],
    },
  };
}
