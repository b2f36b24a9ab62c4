// Administration of accounts (admins only) and the audit log.
import { z } from 'zod';
import { plainText } from './plain-text.ts';

const roleSchema = z.enum(['admin', 'user']);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  banned: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
  activeSessions: z.number().int(),
  lastSeenAt: z.string().nullable(),
});
export type UserRow = z.infer<typeof userSchema>;

export const createUserBodySchema = z.strictObject({
  email: z.email('must be an email address').max(254),
  name: plainText().max(100, 'must be at most 100 characters').optional(),
  role: roleSchema.default('user'),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const oneTimePasswordSchema = z.object({ oneTimePassword: z.string() });
export const createdUserSchema = z.object({ user: userSchema, oneTimePassword: z.string() });

export const banBodySchema = z.strictObject({
  reason: plainText().max(200, 'must be at most 200 characters').optional(),
  /** Until when (ISO date-time); for good when absent. */
  until: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
});

export const userParamsSchema = z.strictObject({ id: z.string().min(1).max(200) });

const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When it happened; for a repeated failure, the first time in its window. */
  at: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  ipAddress: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** How many times: failures from one address within 10 minutes are counted on one entry. */
  count: z.number().int(),
  /** The last time, when it happened more than once. */
  lastAt: z.string().nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;

/** The largest page of the audit log. */
export const AUDIT_PAGE_MAX = 100;

export const auditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  /** Entries older than this id (the previous page's `nextBefore`). */
  before: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Only this action, e.g. "sign-in.failed". */
  action: z.string().max(64).optional(),
});

/** A page of the audit log, newest first; `nextBefore` asks for the next (older) page, null at the end. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
