// The rows of one month of the dashboard, read in one round trip (docs/product.md §2): the required
// hours, the settings, every staff group and employee, the month's shifts (and the day before's), its
// time off and its events. What they add up to is the month service's (src/server/month/service.ts).
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, events, monthlyWorkHours, schedules, staffGroups } from '../db/schema.ts';
import { previousDate } from '../../shared/hours.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import { getSettings } from './settings.ts';
import { listTimeOffInRange } from './time-off.ts';

/** "HH:mm" of a stored time ("HH:mm:ss"). */
export const hhmm = (time: string): string => time.slice(0, 5);

export async function requiredHoursOf(db: Db, month: string): Promise<number | null> {
  const { month: m, year } = parseMonthKey(month);
  const [row] = await db
    .select({ requiredHours: monthlyWorkHours.requiredHours })
    .from(monthlyWorkHours)
    .where(and(eq(monthlyWorkHours.month, m), eq(monthlyWorkHours.year, year)));
  return row ? row.requiredHours : null;
}

const shiftColumns = {
  id: schedules.id,
  employeeId: schedules.employeeId,
  date: schedules.date,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  endDate: schedules.endDate,
  totalHours: schedules.totalHours,
  version: schedules.version,
  source: schedules.source,
};

/** The month's rows as stored; shifts from the day before the month too, time off of every status. */
export async function readMonthRows(db: Db, month: string) {
  const { first, last } = monthRange(month);
  const [requiredHours, settings, groupRows, employeeRows, scheduleRows, timeOffRows, eventRows] = await Promise.all([
    requiredHoursOf(db, month),
    getSettings(db),
    db
      .select({
        name: staffGroups.name,
        position: staffGroups.position,
        takesFlights: staffGroups.takesFlights,
        takesAirportHours: staffGroups.takesAirportHours,
      })
      .from(staffGroups)
      .orderBy(asc(staffGroups.position), asc(staffGroups.name)),
    db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        role: employees.role,
        workingTimeFraction: employees.workingTimeFraction,
        monthlyHours: employees.monthlyHours,
      })
      .from(employees)
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id)),
    db
      .select(shiftColumns)
      .from(schedules)
      // The day before too: an overnight shift from it is still on duty on the month's first morning.
      .where(and(gte(schedules.date, previousDate(first)), lte(schedules.date, last)))
      .orderBy(asc(schedules.date), asc(schedules.employeeId)),
    listTimeOffInRange(db, first, last),
    db
      .select({
        id: events.id,
        employeeId: events.employeeId,
        date: events.date,
        name: events.name,
        description: events.description,
        version: events.version,
      })
      .from(events)
      .where(and(gte(events.date, first), lte(events.date, last)))
      .orderBy(asc(events.date), asc(events.employeeId)),
  ]);
  return { requiredHours, settings, groupRows, employeeRows, scheduleRows, timeOffRows, eventRows };
}
