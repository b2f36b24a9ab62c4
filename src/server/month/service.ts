// One month of the dashboard (docs/product.md §2): the required hours, the settings the grid needs,
// every staff group with its employees, and the month's shifts, time off and events, plus each
// employee's total computed with the shared rule of section 9 and their own required hours and limit
// (part time: docs/decisions/0010-part-time-hours.md; justified absence: 0036).
import type { Db } from '../db/client.ts';
import { absenceWorkingDays, employeeMonthTotal } from '../../shared/hours.ts';
import { monthRange } from '../../shared/month.ts';
import { employeeHoursLimit, employeeRequiredHours } from '../../shared/api/employees.ts';
import type { MonthData, MonthGroup, Schedule, ScheduleEvent } from '../../shared/api/schedule.ts';
import { isPlanned, type TimeOff } from '../../shared/api/time-off.ts';
import { ruleSettings } from '../../shared/rule-settings.ts';
import { holidaysIn } from '../domain/holidays.ts';
import { hhmm, readMonthRows } from '../repos/month.ts';

export async function loadMonth(db: Db, month: string): Promise<MonthData> {
  const { first } = monthRange(month);
  const { requiredHours, settings: settingsRow, groupRows, employeeRows, scheduleRows, timeOffRows, eventRows } = await readMonthRows(db, month);
  // The month shows what is planned: a rejected request is listed on the Time Off screen only.
  const timeOffList = timeOffRows.filter(isPlanned);

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
