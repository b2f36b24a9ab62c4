// Events (docs/product.md §3 and §7): one per employee and day, upserted with a version guard and
// deleted by employee and date.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import type { ScheduleEvent } from '../../shared/api/schedule.ts';
import { employeeExists } from './schedules.ts';
import { deleteAtVersion, type DeleteResult } from './versioned-delete.ts';

const columns = {
  id: events.id,
  employeeId: events.employeeId,
  date: events.date,
  name: events.name,
  description: events.description,
  version: events.version,
};

export type EventWrite = {
  employeeId: string;
  date: string;
  name: string;
  description: string | null;
  version: number | undefined;
};

export type EventUpsertResult =
  { kind: 'created'; row: ScheduleEvent } | { kind: 'updated'; row: ScheduleEvent } | { kind: 'employee-missing' } | { kind: 'stale' };

export async function upsertEvent(db: Db, input: EventWrite): Promise<EventUpsertResult> {
  return db.transaction(async (tx) => {
    if (!(await employeeExists(tx as unknown as Db, input.employeeId))) return { kind: 'employee-missing' } as const;
    const values = { name: input.name, description: input.description };
    const where = and(eq(events.employeeId, input.employeeId), eq(events.date, input.date));
    const [current] = await tx.select({ version: events.version }).from(events).where(where).for('update');
    if (!current) {
      if (input.version !== undefined) return { kind: 'stale' } as const;
      const inserted = await tx
        .insert(events)
        .values({ employeeId: input.employeeId, date: input.date, ...values })
        .onConflictDoNothing()
        .returning(columns);
      if (inserted.length === 0) return { kind: 'stale' } as const;
      return { kind: 'created', row: inserted[0]! } as const;
    }
    if (input.version === undefined || input.version !== current.version) return { kind: 'stale' } as const;
    const [updated] = await tx
      .update(events)
      .set({ ...values, version: sql`${events.version} + 1`, updatedAt: sql`now()` })
      .where(and(where, eq(events.version, input.version)))
      .returning(columns);
    if (!updated) return { kind: 'stale' } as const;
    return { kind: 'updated', row: updated } as const;
  });
}

/** Deletes the day's event; with `version`, only while it is still the one the planner saw. */
export function deleteEvent(db: Db, employeeId: string, date: string, version?: number): Promise<DeleteResult> {
  return deleteAtVersion(db, events, and(eq(events.employeeId, employeeId), eq(events.date, date))!, version);
}
