// The SQL of generating and clearing a staff group's month (src/server/generation/): the reads the
// generator's instance is built from, the locks that hold them still while the month is written,
// the group-month's advisory lock, the month's shifts replaced and the run recorded. The functions
// take the connection or transaction they run in; the service opens the transactions and calls them
// in the order decision record 0008 gives (docs/decisions/0008-generation-against-concurrent-edits.md).
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { airportHours, employees, flights, generationRuns, monthlyWorkHours, schedules, settings, staffGroups, timeOff, user } from '../db/schema.ts';
import type { MonthParts } from '../../shared/month.ts';

/** A month's days, first and last inclusive, as ISO dates. */
export interface Days {
  first: string;
  last: string;
}

// ---- The group-month's advisory lock ----

/** Takes the group-month's advisory lock for the rest of the transaction; false when another run holds it. */
export async function tryLockGroupMonth(tx: Db, role: string, month: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${'grafik:generate:' + role + '|' + month})) as locked`);
  const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
  return Boolean(rows[0]?.locked);
}

// ---- What the instance is read from ----

export type GroupRow = typeof staffGroups.$inferSelect;

export async function findStaffGroup(db: Db, name: string): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(staffGroups).where(eq(staffGroups.name, name));
  return group;
}

/** The month's required hours rows (at most one). */
export async function requiredHoursOf(db: Db, { month, year }: MonthParts) {
  return db
    .select()
    .from(monthlyWorkHours)
    .where(and(eq(monthlyWorkHours.month, month), eq(monthlyWorkHours.year, year)));
}

/** The group's operating hours of the month, by day of the week. */
export async function groupAirportHours(db: Db, role: string, { month, year }: MonthParts) {
  return db
    .select()
    .from(airportHours)
    .where(and(eq(airportHours.role, role), eq(airportHours.month, month), eq(airportHours.year, year)))
    .orderBy(asc(airportHours.dayOfWeek));
}

/** Flights departing from `from` (inclusive) to `to` (exclusive), ISO instants; times as epoch seconds. */
export async function flightsDeparting(db: Db, from: string, to: string) {
  return db
    .select({
      flightNumber: flights.flightNumber,
      departure: sql<number>`extract(epoch from ${flights.departureTime})::float8`,
      arrival: sql<number | null>`extract(epoch from ${flights.arrivalTime})::float8`,
      requiredStaff: flights.requiredStaff,
      aircraftType: flights.aircraftType,
      movement: flights.movement,
    })
    .from(flights)
    .where(and(gte(flights.departureTime, from), lt(flights.departureTime, to)))
    .orderBy(asc(flights.departureTime));
}

/** The group's employees, by last and first name. */
export async function groupStaff(db: Db, role: string) {
  return db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      workingTimeFraction: employees.workingTimeFraction,
      monthlyHours: employees.monthlyHours,
    })
    .from(employees)
    .where(eq(employees.role, role))
    .orderBy(asc(employees.lastName), asc(employees.firstName));
}

/** The time off of `ids` that touches `from`..`to`; a rejected request is not planned, so not read. */
export async function plannedTimeOff(db: Db, ids: string[], from: string, to: string) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(timeOff)
    .where(and(inArray(timeOff.employeeId, ids), lte(timeOff.startDate, to), gte(timeOff.endDate, from), ne(timeOff.status, 'rejected')));
}

/** The shifts of `ids` from `from` (inclusive) to `before` (exclusive), by date. */
export async function shiftsBetween(db: Db, ids: string[], from: string, before: string) {
  if (ids.length === 0) return [];
  return db
    .select({ employeeId: schedules.employeeId, date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime, endDate: schedules.endDate })
    .from(schedules)
    .where(and(inArray(schedules.employeeId, ids), gte(schedules.date, from), lt(schedules.date, before)))
    .orderBy(asc(schedules.date));
}

/** The planner's (manual) shifts of `ids` in the month. */
export async function manualShifts(db: Db, ids: string[], { first, last }: Days) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(schedules)
    .where(and(inArray(schedules.employeeId, ids), gte(schedules.date, first), lte(schedules.date, last), eq(schedules.source, 'manual')));
}

/** Every manual shift of the group's month, as id, employee, date and version. */
export async function manualMarks(db: Db, role: string, { first, last }: Days) {
  return db
    .select({ id: schedules.id, employeeId: schedules.employeeId, date: schedules.date, version: schedules.version })
    .from(schedules)
    .innerJoin(employees, eq(employees.id, schedules.employeeId))
    .where(and(eq(employees.role, role), gte(schedules.date, first), lte(schedules.date, last), eq(schedules.source, 'manual')));
}

// ---- Holding them still (inside the writing transaction) ----

/**
 * Locks every row the instance of the group's month is read from, until commit, in the order a
 * planner's writes take the same locks (so the two wait for each other and never deadlock): the
 * flights table, the handling rules and the aircraft-name table (SHARE), the group's row and its employees' rows (FOR UPDATE), their shifts and time
 * off from `from` to the month's end (FOR UPDATE), then the operating hours, required hours and
 * settings (FOR SHARE).
 */
export async function lockMonthInputs(tx: Db, role: string, parts: MonthParts, from: string, last: string): Promise<void> {
  await tx.execute(sql`lock table ${sql.identifier('flights')} in share mode`);
  // The rules and the names decide the flights' tasks (an employee's qualifications are held with the employee's row below).
  await tx.execute(sql`lock table ${sql.identifier('handling_rules')}, ${sql.identifier('aircraft_type_names')} in share mode`);
  await tx.select({ id: staffGroups.id }).from(staffGroups).where(eq(staffGroups.name, role)).for('update');
  const staff = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, role)).orderBy(asc(employees.id)).for('update');
  const ids = staff.map((e) => e.id);
  if (ids.length > 0) {
    await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(inArray(schedules.employeeId, ids), gte(schedules.date, from), lte(schedules.date, last)))
      .orderBy(asc(schedules.id))
      .for('update');
    await tx
      .select({ id: timeOff.id })
      .from(timeOff)
      .where(and(inArray(timeOff.employeeId, ids), lte(timeOff.startDate, last), gte(timeOff.endDate, from)))
      .orderBy(asc(timeOff.id))
      .for('update');
  }
  await tx
    .select({ id: airportHours.id })
    .from(airportHours)
    .where(and(eq(airportHours.role, role), eq(airportHours.month, parts.month), eq(airportHours.year, parts.year)))
    .for('share');
  await tx
    .select({ id: monthlyWorkHours.id })
    .from(monthlyWorkHours)
    .where(and(eq(monthlyWorkHours.month, parts.month), eq(monthlyWorkHours.year, parts.year)))
    .for('share');
  await tx.select({ id: settings.id }).from(settings).for('share');
}

// ---- Writing the month ----

function monthOf(ids: string[], { first, last }: Days) {
  return and(inArray(schedules.employeeId, ids), gte(schedules.date, first), lte(schedules.date, last));
}

/** Deletes the month's shifts of `ids`: only the generated ones unless `manualToo`; how many went. */
export async function deleteMonthShifts(tx: Db, ids: string[], days: Days, options: { manualToo: boolean }): Promise<number> {
  if (ids.length === 0) return 0;
  const generatedOnly = options.manualToo ? undefined : eq(schedules.source, 'generated');
  const deleted = await tx
    .delete(schedules)
    .where(and(monthOf(ids, days), generatedOnly))
    .returning({ id: schedules.id });
  return deleted.length;
}

export interface GeneratedShift {
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
  /** The next date for an overnight shift; absent when it ends on its start date. */
  endDate?: string | undefined;
  totalHours: number;
}

/** Shifts per insert statement. */
const SHIFT_BATCH = 500;

/** Inserts the plan's shifts, marked as the generator's. */
export async function insertGeneratedShifts(tx: Db, shifts: GeneratedShift[]): Promise<void> {
  const rows = shifts.map((s) => ({ ...s, endDate: s.endDate ?? s.date, source: 'generated' as const }));
  for (let i = 0; i < rows.length; i += SHIFT_BATCH) await tx.insert(schedules).values(rows.slice(i, i + SHIFT_BATCH));
}

/** Records a run; its id. */
export async function insertGenerationRun(tx: Db, run: typeof generationRuns.$inferInsert): Promise<string> {
  const [row] = await tx.insert(generationRuns).values(run).returning({ id: generationRuns.id });
  return row!.id;
}

/** The ids of the group's employees. */
export async function groupEmployeeIds(db: Db, role: string): Promise<string[]> {
  const staff = await db.select({ id: employees.id }).from(employees).where(eq(employees.role, role));
  return staff.map((s) => s.id);
}

/** The last `limit` runs of a group-month, newest first, with the name of who ran each. */
export async function recentRuns(db: Db, role: string, { month, year }: MonthParts, limit: number) {
  return db
    .select({
      id: generationRuns.id,
      strategy: generationRuns.strategy,
      seed: generationRuns.seed,
      shiftCount: generationRuns.shiftCount,
      report: generationRuns.report,
      createdAt: generationRuns.createdAt,
      createdBy: user.name,
    })
    .from(generationRuns)
    .leftJoin(user, eq(user.id, generationRuns.createdBy))
    .where(and(eq(generationRuns.role, role), eq(generationRuns.month, month), eq(generationRuns.year, year)))
    .orderBy(desc(generationRuns.createdAt), desc(generationRuns.id))
    .limit(limit);
}
