// Employees' calendar addresses (docs/publishing.md#calendar-feed): a planner gives an employee an
// address, renews it (the old one stops answering at once) or revokes it, and the audit log records
// each by employee id, never the token; only the token's SHA-256 is stored (calendar/token.ts). An
// address answers with the employee's published shifts and approved time off around today, in the
// airport's zone (calendar/feed.ts). The reads and writes are the repository's (repos/calendar-feeds.ts).
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { NotFoundError } from '../domain/errors.ts';
import { writeAudit, type AuditEntry } from '../repos/audit.ts';
import { approvedTimeOffOf, deleteFeed, employeeFound, employeeOfFeed, feedOf, insertFeed, markFetched, publishedShiftsOf } from '../repos/calendar-feeds.ts';
import { getSettings } from '../repos/settings.ts';
import { calendarText, type FeedLanguage } from './feed.ts';
import { feedTokenHash, newFeedToken } from './token.ts';

/** How far back and ahead a feed reaches, in days from today. */
const DAYS_BACK = 62;
const DAYS_AHEAD = 400;

/** Who asked, as the audit log records them. */
type Actor = Pick<AuditEntry, 'userId' | 'email' | 'ipAddress'>;

const employeeMissing = () => new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });

/** Whether the employee has an address, and since when; refused when there is no such employee. */
export async function feedStatus(db: Db, employeeId: string): Promise<{ active: boolean; createdAt: string | null }> {
  if (!(await employeeFound(db, employeeId))) throw employeeMissing();
  const feed = await feedOf(db, employeeId);
  return { active: feed !== null, createdAt: feed ? feed.createdAt.toISOString() : null };
}

/**
 * Gives the employee a new address, replacing the one they had (a renewal), and records which of the
 * two it was. The token is answered this once and never stored.
 */
export async function giveFeed(db: Db, employeeId: string, actor: Actor): Promise<{ createdAt: string; token: string }> {
  if (!(await employeeFound(db, employeeId))) throw employeeMissing();
  const { token, hash } = newFeedToken();
  const saved = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const renewed = await deleteFeed(tx, employeeId);
    const createdAt = await insertFeed(tx, employeeId, hash, actor.userId ?? null);
    return { createdAt, renewed };
  });
  await writeAudit(db, { action: saved.renewed ? 'calendar-feed.renewed' : 'calendar-feed.created', ...actor, detail: { employeeId } });
  return { createdAt: saved.createdAt.toISOString(), token };
}

/** Revokes the employee's address and records it; refused when they have none. */
export async function revokeFeedOf(db: Db, employeeId: string, actor: Actor): Promise<void> {
  if (!(await deleteFeed(db, employeeId))) throw new NotFoundError('NOT_FOUND', 'Calendar address not found', { params: { what: 'calendarAddress' } });
  await writeAudit(db, { action: 'calendar-feed.revoked', ...actor, detail: { employeeId } });
}

/** The calendar (RFC 5545 text) an address's token answers with; null for an unknown, revoked or renewed token. */
export async function calendarOfToken(db: Db, token: string, language: FeedLanguage): Promise<string | null> {
  const employee = await employeeOfFeed(db, feedTokenHash(token));
  if (!employee) return null;
  const { timeZone } = await getSettings(db);
  const today = DateTime.now().setZone(timeZone);
  const from = today.minus({ days: DAYS_BACK }).toISODate()!;
  const to = today.plus({ days: DAYS_AHEAD }).toISODate()!;
  const [shifts, timeOff] = await Promise.all([publishedShiftsOf(db, employee.id, from, to), approvedTimeOffOf(db, employee.id, from, to)]);
  // What the feed answers now has reached the employee's calendar (docs/publishing.md#who-was-told).
  await markFetched(db, employee.id);
  return calendarText({ employeeId: employee.id, name: `${employee.firstName} ${employee.lastName}`, timeZone, language, shifts, timeOff });
}
