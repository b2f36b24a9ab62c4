// An employee's own month (docs/staff-accounts.md): their shifts from the published copy only (a
// draft never shows), their time off that is approved or waiting, and their hours against their
// month's target, counted by the same shared rules as the planner's dashboard (shared/hours.ts,
// shared/api/employees.ts). With the airport's setting on, the names of the group's colleagues
// working on each of their days. Always for the employee the session is linked to.
import type { Db } from '../db/client.ts';
import { NotFoundError } from '../domain/errors.ts';
import { absenceWorkingDays, employeeMonthTotal } from '../../shared/hours.ts';
import { monthRange } from '../../shared/month.ts';
import { employeeRequiredHours } from '../../shared/api/employees.ts';
import type { Me, MeMonth } from '../../shared/api/employee-accounts.ts';
import { holidaysIn } from '../domain/holidays.ts';
import { publishedShiftsOf } from '../repos/calendar-feeds.ts';
import { requiredHoursOf } from '../repos/month.ts';
import { getSettings } from '../repos/settings.ts';
import { colleaguesOn, ownEmployee, ownTimeOff } from '../repos/me.ts';
import { publicationOf } from '../repos/publishing.ts';

const hhmm = (time: string) => time.slice(0, 5);

/** The session's employee record, or the refusal that says it is gone. */
export async function employeeOrRefuse(db: Db, employeeId: string) {
  const employee = await ownEmployee(db, employeeId);
  if (!employee) throw new NotFoundError('NOT_FOUND', 'Your employee record is gone. Ask your planner.', { params: { what: 'employee' } });
  return employee;
}

export async function me(db: Db, employeeId: string): Promise<Me> {
  const [employee, settings] = await Promise.all([employeeOrRefuse(db, employeeId), getSettings(db)]);
  return { firstName: employee.firstName, lastName: employee.lastName, group: employee.role, showColleagues: settings.showColleagues };
}

export async function myMonth(db: Db, employeeId: string, month: string): Promise<MeMonth> {
  const employee = await employeeOrRefuse(db, employeeId);
  const { first, last } = monthRange(month);
  const [settings, publication, published, timeOff, requiredHours] = await Promise.all([
    getSettings(db),
    publicationOf(db, employee.role, month),
    publishedShiftsOf(db, employeeId, first, last),
    ownTimeOff(db, employeeId, first, last),
    requiredHoursOf(db, month),
  ]);
  const shifts = published.map((s) => ({
    date: s.date,
    startTime: hhmm(s.startTime),
    endTime: hhmm(s.endTime),
    endDate: s.endDate,
    hours: Number(s.totalHours),
  }));
  const holidays = new Set(holidaysIn(month, settings.timeZone).map((h) => h.date));
  const target = employeeRequiredHours(requiredHours, employee, absenceWorkingDays(timeOff, month, holidays));
  const worked = employeeMonthTotal({ shifts: shifts.map((s) => ({ totalHours: s.hours })), timeOff, month });

  let withColleagues = shifts;
  if (settings.showColleagues && publication) {
    const rows = await colleaguesOn(
      db,
      publication.id,
      employeeId,
      shifts.map((s) => s.date),
    );
    withColleagues = shifts.map((s) => ({
      ...s,
      colleagues: [...new Set(rows.filter((r) => r.date === s.date).map((r) => `${r.firstName} ${r.lastName}`))],
    }));
  }
  return {
    month,
    published: publication !== undefined || shifts.length > 0,
    publishedAt: publication?.publishedAt.toISOString() ?? null,
    shifts: withColleagues,
    timeOff: timeOff.map(({ startDate, endDate, kind, status }) => ({ startDate, endDate, kind, status })),
    hours: { worked, target },
  };
}
