// One month of the dashboard in one round trip (docs/product.md §2): the required hours, the
// settings the grid needs, every staff group with its employees, and the month's shifts, time off
// and events, plus each employee's total computed with the shared rule of section 9 and their own
// required hours (part time: docs/decisions/0010-part-time-hours.md).
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, events, monthlyWorkHours, schedules, staffGroups } from '../db/schema.ts';
import { absenceWorkingDays, employeeMonthTotal, previousDate } from '../../shared/hours.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import { employeeHoursLimit, employeeRequiredHours } from '../../shared/api/employees.ts';
import { type MonthData, type MonthGroup, type Schedule, type ScheduleEvent } from '../../shared/api/schedule.ts';
import { isPlanned, type TimeOff } from '../../shared/api/time-off.ts';
import { ruleSettings } from '../../shared/rule-settings.ts';
import { holidaysIn } from '../domain/holidays.ts';
import { getSettings } from './settings.ts';
import { listTimeOffInRange } from './time-off.ts';

/** "HH:mm" of a stored time ("HH:mm:ss"). */
export const hhmm = (time: string): string => time.slice(0, 5);

async function requiredHoursOf(db: Db, month: string): Promise<number | null> {
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

export async function loadMonth(db: Db, month: string): Promise<MonthData> {
  const { first, last } = monthRange(month);
  const [requiredHours, settingsRow, groupRows, employeeRows, scheduleRows, timeOffList, eventRows] = await Promise.all([
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
    // The month shows what is planned: a rejected request is listed on the Time Off screen only.
    listTimeOffInRange(db, first, last).then((list) => list.filter(isPlanned)),
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

  const groups: MonthGroup[] = groupRows.map((g) => ({ ...g, employees: [] }));
  const byName = new Map(groups.map((g) => [g.name, g]));
  const holidayDates = new Set(holidaysIn(month, settingsRow.timeZone).map((h) => h.date));
  for (const e of employeeRows) {
    const absence = absenceWorkingDays(
      timeOffList.filter((o) => o.employeeId === e.id),
      month,
      holidayDates,
    );
    const own = employeeRequiredHours(requiredHours, e, absence);
    const hoursLimit = employeeHoursLimit(requiredHours, e, settingsRow, absence);
    byName.get(e.role)?.employees.push({ id: e.id, firstName: e.firstName, lastName: e.lastName, requiredHours: own, hoursLimit });
  }

  const shiftRows: Schedule[] = scheduleRows.map((s) => ({
    ...s,
    startTime: hhmm(s.startTime),
    endTime: hhmm(s.endTime),
    totalHours: Number(s.totalHours),
  }));
  // A shift belongs to the date it starts on: the day before's count toward the previous month.
  const shiftList = shiftRows.filter((s) => s.date >= first);
  const overnightIn = shiftRows.filter((s) => s.date < first && s.endDate >= first);
  const eventList: ScheduleEvent[] = eventRows;

  const shiftsOf = new Map<string, Schedule[]>();
  for (const s of shiftList) (shiftsOf.get(s.employeeId) ?? shiftsOf.set(s.employeeId, []).get(s.employeeId)!).push(s);
  const offOf = new Map<string, TimeOff[]>();
  for (const o of timeOffList) (offOf.get(o.employeeId) ?? offOf.set(o.employeeId, []).get(o.employeeId)!).push(o);
  const totals: Record<string, number> = {};
  for (const e of employeeRows) {
    totals[e.id] = employeeMonthTotal({ shifts: shiftsOf.get(e.id) ?? [], timeOff: offOf.get(e.id) ?? [], month });
  }

  return {
    month,
    requiredHours,
    settings: { ...ruleSettings(settingsRow), timeZone: settingsRow.timeZone },
    groups,
    schedules: shiftList,
    overnightIn,
    timeOff: timeOffList,
    events: eventList,
    totals,
    holidays: holidaysIn(month, settingsRow.timeZone),
  };
}
