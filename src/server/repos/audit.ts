// The audit log: who did what, when, from which address. Never holds a password, code or token.
//
// Anyone can make the server write here (a failed sign-in is logged whatever the email typed), so
// every stored field is cleaned and capped in writeAudit, the one way in, and failures from one
// address are counted on one row per window instead of a row each: a flood of failed attempts leaves
// a bounded number of small rows. Reading is paged by id, newest first.
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { AUDIT_PAGE_MAX } from '../../shared/api/users.ts';

export interface AuditEntry {
  action: string;
  userId?: string | null | undefined;
  email?: string | null | undefined;
  ipAddress?: string | null | undefined;
  detail?: Record<string, unknown> | null | undefined;
}

/** The caps on what one row may hold (characters, except the detail's serialised size in bytes). */
export const AUDIT_LIMITS = {
  action: 64,
  userId: 64,
  email: 254,
  ipAddress: 64,
  /** The detail object as JSON, in UTF-8 bytes. */
  detailBytes: 2048,
  detailString: 200,
  detailKey: 40,
  /** Objects and arrays nested below the top level. */
  detailDepth: 3,
  detailKeys: 20,
  detailItems: 10,
  /** Distinct emails a repeated failure's row lists (each cut to `repeatedEmail` characters). */
  repeatedEmails: 10,
  repeatedEmail: 100,
} as const;

/** Failures from one address (and account, when known) within this window share one row. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** The failures anyone can cause at will: counted on a row per window rather than written one by one. */
const REPEATED_ACTIONS: ReadonlySet<string> = new Set([
  'sign-in.failed',
  'sign-in.throttled',
  'sign-in.refused',
  'second-factor.failed',
  'second-factor.locked',
  'second-factor.reused-code',
  'password.change-failed',
  'password.change-throttled',
  'two-factor.remove-failed',
]);

/** Control and format characters (line breaks, NUL, bidirectional overrides, zero-width marks) and lone surrogates. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;
const MORE = '…';

/**
 * The text without unprintable characters, cut to `max` characters with "…" as the last one when it
 * was longer. Only a prefix is looked at, so a megabyte costs no more than a line.
 */
function clipText(value: string, max: number): string {
  const window = value.slice(0, max * 2 + 16);
  const chars = [...window.replace(UNPRINTABLE, '')];
  if (window.length === value.length && chars.length <= max) return chars.join('');
  return chars.slice(0, max - 1).join('') + MORE;
}

function clipOptional(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = clipText(String(value), max).trim();
  return text === '' ? null : text;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * The detail object as it may be stored: strings, keys, nesting, keys per object and items per array
 * capped, then whole entries dropped from the end until it fits `maxBytes`. Anything cut leaves
 * `truncated: true` on the top level (and "…" where a string or a list was cut).
 */
export function tidyDetail(detail: Record<string, unknown> | null | undefined, maxBytes: number = AUDIT_LIMITS.detailBytes) {
  if (detail === null || detail === undefined || typeof detail !== 'object') return null;
  let cut = false;
  const tidy = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value === 'boolean') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'string') {
      const text = clipText(value, AUDIT_LIMITS.detailString);
      if (text !== value) cut = true;
      return text;
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    if (typeof value !== 'object') return null;
    if (depth > AUDIT_LIMITS.detailDepth) {
      cut = true;
      return MORE;
    }
    if (Array.isArray(value)) {
      const items = value.slice(0, AUDIT_LIMITS.detailItems).map((item) => tidy(item, depth + 1));
      if (value.length > AUDIT_LIMITS.detailItems) {
        cut = true;
        items.push(MORE);
      }
      return items;
    }
    const out: Record<string, unknown> = {};
    let keys = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      if (keys++ >= AUDIT_LIMITS.detailKeys) {
        cut = true;
        break;
      }
      const name = clipText(key, AUDIT_LIMITS.detailKey);
      if (name !== key) cut = true;
      out[name] = tidy(item, depth + 1);
    }
    return out;
  };
  const tidied = tidy(detail, 0) as Record<string, unknown>;
  if (bytes(tidied) <= maxBytes && !cut) return tidied;
  // Too big, or something was cut: keep entries in order while they fit, with room for the mark.
  const room = maxBytes - bytes({ truncated: true });
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tidied)) {
    if (key === 'truncated') continue;
    if (bytes({ ...kept, [key]: value }) <= room) kept[key] = value;
  }
  return { ...kept, truncated: true };
}

/** An entry with every field cleaned and capped: what writeAudit stores. */
function tidyEntry(entry: AuditEntry) {
  return {
    action: clipOptional(entry.action, AUDIT_LIMITS.action) ?? 'unknown',
    userId: clipOptional(entry.userId, AUDIT_LIMITS.userId),
    email: clipOptional(entry.email, AUDIT_LIMITS.email),
    ipAddress: clipOptional(entry.ipAddress, AUDIT_LIMITS.ipAddress),
  };
}

/**
 * Writes one event. A failure anyone can cause (REPEATED_ACTIONS) from a known address is counted on
 * the row of its window instead: the first time stays `at`, the last goes to `last_at`, the count
 * to `occurrences`, and the distinct emails tried to `detail.emails` (at most 10, then
 * `detail.moreEmails`). One INSERT … ON CONFLICT statement does it, so server instances sharing the
 * database count on the same row without losing an attempt.
 */
export async function writeAudit(db: Db, entry: AuditEntry, at: Date = new Date()): Promise<void> {
  const row = tidyEntry(entry);
  if (!REPEATED_ACTIONS.has(row.action) || row.ipAddress === null) {
    await db.insert(auditLog).values({ at, ...row, detail: tidyDetail(entry.detail) });
    return;
  }
  // The window, and the variant of a refusal (its status or code), are part of the row's key.
  const variant = entry.detail?.code ?? entry.detail?.status ?? '';
  const windowNo = Math.floor(at.getTime() / REPEAT_WINDOW_MS);
  const groupKey = [row.action, row.ipAddress, row.userId ?? '', clipText(String(variant), 40), windowNo].join('|');
  const listed = row.email === null ? null : clipText(row.email, AUDIT_LIMITS.repeatedEmail);
  // The first event's own detail keeps a quarter of the room; the list of emails grows into the rest.
  const { emails: _e, moreEmails: _m, ...own } = entry.detail ?? {};
  const detail = { ...tidyDetail(own, AUDIT_LIMITS.detailBytes / 4), emails: listed === null ? [] : [listed] };
  const old = sql`coalesce(${auditLog.detail}, '{}'::jsonb)`;
  const oldEmails = sql`coalesce(${old} -> 'emails', '[]'::jsonb)`;
  const added = sql`${old} || jsonb_build_object('emails', ${oldEmails} || jsonb_build_array(${listed}::text))`;
  await db
    .insert(auditLog)
    .values({ at, ...row, detail, occurrences: 1, lastAt: at, groupKey })
    .onConflictDoUpdate({
      target: auditLog.groupKey,
      set: {
        occurrences: sql`${auditLog.occurrences} + 1`,
        lastAt: sql`greatest(${auditLog.lastAt}, excluded.last_at)`,
        email: sql`coalesce(${auditLog.email}, excluded.email)`,
        detail: sql`case
          when ${listed}::text is null or ${oldEmails} @> jsonb_build_array(${listed}::text) then ${old}
          when jsonb_array_length(${oldEmails}) < ${AUDIT_LIMITS.repeatedEmails}
            and octet_length((${added})::text) <= ${AUDIT_LIMITS.detailBytes} then ${added}
          else ${old} || '{"moreEmails": true}'::jsonb
        end`,
      },
    });
}

interface AuditQuery {
  limit: number;
  before?: number | undefined;
  action?: string | undefined;
}

function selectAudit(db: Db, options: AuditQuery, rows: number) {
  const where: SQL[] = [];
  if (options.before !== undefined) where.push(lt(auditLog.id, options.before));
  if (options.action) where.push(eq(auditLog.action, options.action));
  return db
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(rows);
}

const pageSize = (limit: number) => Math.max(1, Math.min(Math.trunc(limit) || 1, AUDIT_PAGE_MAX));

/** A page of listAudit, with the id to ask the next (older) page before, or null at the end. */
export async function auditPage(db: Db, options: AuditQuery) {
  const limit = pageSize(options.limit);
  const rows = await selectAudit(db, options, limit + 1);
  const more = rows.length > limit;
  const entries = more ? rows.slice(0, limit) : rows;
  return { entries, nextBefore: more ? entries.at(-1)!.id : null };
}
