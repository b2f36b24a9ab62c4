// Saving the day's event of an employee (docs/product.md §3 and §7): one per employee and day,
// created, or replaced in place when the save names the stored version
// (docs/design.md#edits-by-several-planners). The reads and writes are the repositories'
// (repos/events.ts, and the employee's row in repos/schedules.ts).
import type { Db } from '../db/client.ts';
import type { ScheduleEvent } from '../../shared/api/schedule.ts';
import { heldEventVersion, insertEvent, updateEvent } from '../repos/events.ts';
import { employeeExists } from '../repos/schedules.ts';

type EventSave = {
  employeeId: string;
  date: string;
  name: string;
  description: string | null;
  version: number | undefined;
};

type SaveResult = { kind: 'created'; row: ScheduleEvent } | { kind: 'updated'; row: ScheduleEvent } | { kind: 'employee-missing' } | { kind: 'stale' };

/**
 * Saves the day's event: creates it, or replaces it when the save names the stored version. A save
 * without a version on a day that meanwhile got an event, or with an older version, is stale.
 */
export function saveEvent(db: Db, input: EventSave): Promise<SaveResult> {
  const { employeeId, date, version } = input;
  const values = { name: input.name, description: input.description };
  return db.transaction(async (transaction): Promise<SaveResult> => {
    const tx = transaction as unknown as Db;
    if (!(await employeeExists(tx, employeeId))) return { kind: 'employee-missing' };
    const current = await heldEventVersion(tx, employeeId, date);
    if (current === undefined) {
      if (version !== undefined) return { kind: 'stale' };
      const inserted = await insertEvent(tx, employeeId, date, values);
      // A concurrent insert of the same day won the race: this planner's view is stale.
      if (!inserted) return { kind: 'stale' };
      return { kind: 'created', row: inserted };
    }
    if (version === undefined || version !== current) return { kind: 'stale' };
    const updated = await updateEvent(tx, employeeId, date, version, values);
    if (!updated) return { kind: 'stale' };
    return { kind: 'updated', row: updated };
  });
}
