// What a generation was planned from, and whether it still holds when the month is written.
// The search runs outside any transaction (about 1.5 s, off-thread.ts), so a planner can save a
// shift, a time off or an employee meanwhile. The writing transaction therefore locks every row the
// instance is built from, reads it all again and compares: only an unchanged month is replaced.
// Decision record 0008.
import { PREVIOUS_SHIFT_DAYS, type Instance } from '../../engine/format.ts';
import { GENERATION_STALE, type GenerationStaleParams } from '../../shared/api/generation.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { ConflictError } from '../domain/errors.ts';
import { lockMonthInputs, manualMarks } from '../repos/generation.ts';
import { loadInstance, type LoadedMonth } from './instance.ts';

/** A planner's shift (source 'manual') of the group's month, as it was read. */
interface ManualMark {
  id: string;
  employeeId: string;
  date: string;
  version: number;
}

export interface MonthInputs extends LoadedMonth {
  /** Every manual shift of the group's month, whether or not the instance keeps it. */
  manual: ManualMark[];
}

/**
 * Reads the instance and the month's manual shifts. The shifts are read first: a shift saved in
 * between is then in the instance but not in `manual`, which the check sees as a change (never the
 * other way round, which it would miss).
 */
export async function readInputs(db: Db, role: string, month: string, keepManual: boolean | undefined): Promise<MonthInputs> {
  const manual = await manualMarks(db, role, monthRange(month));
  const loaded = await loadInstance(db, role, month, keepManual === undefined ? {} : { keepManual });
  return { ...loaded, manual };
}

/**
 * Inside the writing transaction: holds still everything the instance is read from until commit.
 * New flights are kept out by a table lock (SHARE: generations of other groups still pass); new
 * employees, operating hours, shifts and time off by locking the group's row and its employees'
 * rows, which their foreign keys must share; edits and deletes by locking the rows themselves.
 * Rows that other groups' generations also read are locked FOR SHARE, so those run side by side.
 * The order (group, employees, then their shifts and time off) is the order in which a planner's
 * writes take the same locks, so the two wait for each other and never deadlock.
 */
export async function lockInputs(tx: Db, role: string, month: string): Promise<void> {
  const { first, last } = monthRange(month);
  // The shifts and time off of the days before the month count too (the instance's previousShifts).
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(y, m - 1, d - PREVIOUS_SHIFT_DAYS)).toISOString().slice(0, 10);
  await lockMonthInputs(tx, role, parseMonthKey(month), before, last);
}

/** JSON that does not depend on the order of keys or of array items (rows read in another order are equal). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Employee = Instance['employees'][number];
const fullName = (e: Pick<Employee, 'firstName' | 'lastName'>) => `${e.firstName} ${e.lastName}`;

/** The first thing that differs between what was planned from and what is stored now; null when nothing does. */
export function firstChange(planned: MonthInputs, now: MonthInputs): GenerationStaleParams | null {
  const sameShifts = canonical(planned.manual) === canonical(now.manual);
  if (sameShifts && canonical(planned.instance) === canonical(now.instance)) return null;

  const people = new Map<string, Employee>();
  for (const e of [...planned.instance.employees, ...now.instance.employees]) people.set(e.id, e);
  const nameOf = (id: string) => {
    const e = people.get(id);
    return e ? fullName(e) : id;
  };

  if (!sameShifts) {
    const before = new Map(planned.manual.map((m) => [m.id, m.version]));
    const saved = now.manual.find((m) => before.get(m.id) !== m.version);
    if (saved) return { change: 'shift', action: 'saved', employee: nameOf(saved.employeeId), date: saved.date };
    const after = new Set(now.manual.map((m) => m.id));
    const deleted = planned.manual.find((m) => !after.has(m.id));
    if (deleted) return { change: 'shift', action: 'deleted', employee: nameOf(deleted.employeeId), date: deleted.date };
  }

  // The shifts of the days before the month (previousShifts), whatever their source.
  const earlier = (i: Instance) => (i.previousShifts ?? []).map((p) => ({ key: canonical(p), shift: p }));
  const earlierBefore = earlier(planned.instance);
  const earlierNow = earlier(now.instance);
  const savedEarlier = earlierNow.find((p) => !earlierBefore.some((q) => q.key === p.key));
  if (savedEarlier) return { change: 'shift', action: 'saved', employee: nameOf(savedEarlier.shift.employeeId), date: savedEarlier.shift.date };
  const deletedEarlier = earlierBefore.find((p) => !earlierNow.some((q) => q.key === p.key));
  if (deletedEarlier) return { change: 'shift', action: 'deleted', employee: nameOf(deletedEarlier.shift.employeeId), date: deletedEarlier.shift.date };

  const was = new Map(planned.instance.employees.map((e) => [e.id, e]));
  const is = new Map(now.instance.employees.map((e) => [e.id, e]));
  for (const e of now.instance.employees) {
    if (!was.has(e.id)) return { change: 'employee', action: 'added', employee: fullName(e) };
  }
  for (const e of planned.instance.employees) {
    const current = is.get(e.id);
    if (!current) return { change: 'employee', action: 'removed', employee: fullName(e) };
    // An employee's own target follows the month's required hours too: that change is named below.
    const ownHours = current.requiredHours !== e.requiredHours && planned.instance.requiredHours === now.instance.requiredHours;
    if (fullName(current) !== fullName(e) || ownHours) return { change: 'employee', action: 'changed', employee: fullName(current) };
    if (canonical(current.timeOff) !== canonical(e.timeOff)) {
      const old = new Set(e.timeOff.map(canonical));
      const added = current.timeOff.find((o) => !old.has(canonical(o)));
      const fresh = new Set(current.timeOff.map(canonical));
      const removed = e.timeOff.find((o) => !fresh.has(canonical(o)));
      const which = added ?? removed!;
      return { change: 'timeOff', action: added ? 'saved' : 'deleted', employee: fullName(current), startDate: which.startDate, endDate: which.endDate };
    }
  }
  const differs = (pick: (i: Instance) => unknown) => canonical(pick(planned.instance)) !== canonical(pick(now.instance));
  if (differs((i) => i.requiredHours)) return { change: 'requiredHours' };
  if (differs((i) => [i.settings, i.timeZone])) return { change: 'settings' };
  if (differs((i) => i.airportHours)) return { change: 'airportHours' };
  if (differs((i) => i.flights)) return { change: 'flights' };
  return { change: 'other' };
}

/** "2026-11-12" as "12.11.2026". */
const dotted = (date: string) => date.split('-').reverse().join('.');

function sentence(change: GenerationStaleParams): string {
  switch (change.change) {
    case 'shift':
      return `A shift of ${change.employee} on ${dotted(change.date)} was ${change.action}`;
    case 'timeOff':
      return `Time off of ${change.employee} (${dotted(change.startDate)}–${dotted(change.endDate)}) was ${change.action}`;
    case 'employee':
      return change.action === 'added'
        ? `${change.employee} was added to the group`
        : change.action === 'removed'
          ? `${change.employee} left the group`
          : `The details of ${change.employee} were changed`;
    case 'requiredHours':
      return "The month's required hours were changed";
    case 'settings':
      return 'The settings were changed';
    case 'airportHours':
      return "The group's operating hours were changed";
    case 'flights':
      return "The month's flights were changed";
    default:
      return "The month's data was changed";
  }
}

/** 409 GENERATION_STALE: says what changed, and that nothing was replaced. */
export function staleGeneration(change: GenerationStaleParams): ConflictError {
  const message = `${sentence(change)} while the month was being generated; nothing was replaced. Generate again.`;
  return new ConflictError(GENERATION_STALE, message, { params: change });
}
