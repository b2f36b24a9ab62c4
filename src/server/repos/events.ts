// SQL of the events (docs/product.md §3 and §7): one per employee and day, read with its row held,
// inserted, updated at a version and deleted by employee and date. The rules and the transaction are
// the service's (events/service.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import type { ScheduleEvent } from '../../shared/api/schedule.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';

const columns = {
  id: events.id,
  employeeId: events.employeeId,
  date: events.date,
  name: events.name,
  description: events.description,
  version: events.version,
};

type EventValues = { name: string; description: string | null };

const theDay = (employeeId: string, date: string) => and(eq(events.employeeId, employeeId), eq(events.date, date));

/** The version of the day's event, its row held until the transaction ends; undefined when the day has none. */
export async function heldEventVersion(db: Db, employeeId: string, date: string): Promise<number | undefined> {
  const [current] = await db.select({ version: events.version }).from(events).where(theDay(employeeId, date)).for('update');
  return current?.version;
}

/** Inserts the day's event; null when the day already has one (a concurrent insert). */
export async function insertEvent(db: Db, employeeId: string, date: string, values: EventValues): Promise<ScheduleEvent | null> {
  const [inserted] = await db
    .insert(events)
    .values({ employeeId, date, ...values })
    .onConflictDoNothing()
    .returning(columns);
  return inserted ?? null;
}

/** Replaces the day's event while it is at `version`, counting the version up; null when it is not. */
export async function updateEvent(db: Db, employeeId: string, date: string, version: number, values: EventValues): Promise<ScheduleEvent | null> {
  const [updated] = await db
    .update(events)
    .set({ ...values, version: sql`${events.version} + 1`, updatedAt: sql`now()` })
    .where(and(theDay(employeeId, date), eq(events.version, version)))
    .returning(columns);
  return updated ?? null;
}

/** Deletes the day's event; with `version`, only while it is still the one the planner saw. */
export function deleteEvent(db: Db, employeeId: string, date: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, events, and(eq(events.employeeId, employeeId), eq(events.date, date))!, version);
}
