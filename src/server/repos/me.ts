// What an employee's own screens read (docs/staff-accounts.md): always for one employee, the one the
// session's account is linked to (security/audience.ts), never one named by the request.
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, publishedShifts, timeOff } from '../db/schema.ts';

export async function ownEmployee(db: Db, employeeId: string) {
  const [row] = await db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      role: employees.role,
      workingTimeFraction: employees.workingTimeFraction,
      monthlyHours: employees.monthlyHours,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

/** The employee's own time off touching the month that is still planned (approved or waiting), in date order. */
export async function ownTimeOff(db: Db, employeeId: string, first: string, last: string) {
  const rows = await db
    .select({
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      kind: timeOff.kind,
      status: timeOff.status,
      countAsWork: timeOff.countAsWork,
      workHours: timeOff.workHours,
    })
    .from(timeOff)
    .where(and(eq(timeOff.employeeId, employeeId), ne(timeOff.status, 'rejected'), lte(timeOff.startDate, last), gte(timeOff.endDate, first)))
    .orderBy(asc(timeOff.startDate));
  return rows.map((r) => ({ ...r, status: r.status as 'pending' | 'approved', workHours: r.workHours === null ? null : Number(r.workHours) }));
}

/** First names and last names of the group's others working on `dates` in the publication: names only, nothing else. */
export async function colleaguesOn(db: Db, publicationId: string, employeeId: string, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({ date: publishedShifts.date, firstName: employees.firstName, lastName: employees.lastName })
    .from(publishedShifts)
    .innerJoin(employees, eq(employees.id, publishedShifts.employeeId))
    .where(and(eq(publishedShifts.publicationId, publicationId), ne(publishedShifts.employeeId, employeeId), inArray(publishedShifts.date, dates)))
    .orderBy(asc(publishedShifts.date), asc(publishedShifts.startTime), asc(employees.lastName), asc(employees.firstName));
}
