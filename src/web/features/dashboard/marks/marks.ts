// Saved shifts that break a hard rule, found in the browser from the month on screen with the
// engine's own rule objects (the ones the shift editor asks), so the grid can keep them marked.
// Run once per month data, never per cell. Every shift carries its `endDate` (an overnight shift ends
// on the next date), which the engine counts.
import { buildRuleContext, EDIT_RULES, type Breach, type RuleContext } from '../../../../engine/rules.ts';
import type { MonthData } from '../../../../shared/api/schedule.ts';
import { addMonths } from '../../../../shared/month.ts';
import { ruleSettings } from '../../../../shared/rule-settings.ts';

/** The days before the month that rest, weekly rest and runs of working days look back at. */
const LOOK_BACK_DAYS = 14;

/** One employee's breaches that involve saved shifts: each with the dates of the shifts it marks. */
export type EmployeeBreaches = Array<{ breach: Breach; dates: string[] }>;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The breaches of the month's saved shifts, per employee. `previous` is the month before (its last
 * 14 days count for rest, weekly rest and runs of working days); without it those days are empty.
 */
export function monthBreaches(data: MonthData, previous?: MonthData): Map<string, EmployeeBreaches> {
  const out = new Map<string, EmployeeBreaches>();
  if (data.schedules.length === 0) return out;
  const first = `${data.month}-01`;
  const lookBack = addDays(first, -LOOK_BACK_DAYS);
  const priorMonth = addMonths(data.month, -1);
  const before = previous && previous.month === priorMonth ? previous : undefined;
  const timeOff = new Map<string, MonthData['timeOff']>();
  for (const off of [...data.timeOff, ...(before?.timeOff ?? [])]) {
    const list = timeOff.get(off.employeeId) ?? [];
    if (!list.some((o) => o.id === off.id)) list.push(off);
    timeOff.set(off.employeeId, list);
  }
  const employees = data.groups.flatMap((g) => g.employees);
  const known = new Set(employees.map((e) => e.id));
  const { settings } = data;
  const instance: RuleContext['instance'] = {
    month: data.month,
    timeZone: settings.timeZone,
    settings: ruleSettings(settings),
    airportHours: [],
    fixedShifts: [],
    previousShifts: (before?.schedules ?? [])
      .filter((s) => s.date >= lookBack && s.date < first && known.has(s.employeeId))
      .map(({ employeeId, date, startTime, endTime, endDate }) => ({ employeeId, date, startTime, endTime, endDate })),
    employees: employees.map((e) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      ...(typeof e.hoursLimit === 'number' && { maxHours: e.hoursLimit }),
      timeOff: (timeOff.get(e.id) ?? []).map((o) => ({ startDate: o.startDate, endDate: o.endDate, countAsWork: o.countAsWork, workHours: o.workHours })),
    })),
  };
  const shifts = data.schedules
    .filter((s) => known.has(s.employeeId))
    .map(({ employeeId, date, startTime, endTime, endDate, totalHours }) => ({ employeeId, date, startTime, endTime, endDate, totalHours }));
  const context = buildRuleContext(instance, shifts);
  const shiftDates = new Map<string, string[]>();
  for (const s of shifts) {
    const list = shiftDates.get(s.employeeId);
    if (list) list.push(s.date);
    else shiftDates.set(s.employeeId, [s.date]);
  }
  for (const rule of EDIT_RULES) {
    for (const breach of rule.check(context)) {
      const own = shiftDates.get(breach.employeeId) ?? [];
      const p = breach.params ?? {};
      // The shifts a breach marks: its own day's, or for a week or a run, the shifts it spans.
      let dates: string[];
      if ((breach.rule === 'R6' || breach.rule === 'R11') && typeof p.from === 'string' && typeof p.to === 'string') {
        const { from, to } = p;
        dates = own.filter((d) => d >= from && d <= to);
      } else if (breach.rule === 'R12' && typeof p.to === 'string') {
        const to = p.to;
        dates = own.filter((d) => d >= breach.date && d <= to);
      } else if (breach.rule === 'R13') {
        // The month's limit: the shifts from the one that went past it on.
        dates = own.filter((d) => d >= breach.date);
      } else dates = own.filter((d) => d === breach.date);
      // Time off counted as work can break a rule on its own: that is not a saved shift to mark.
      if (dates.length === 0) continue;
      const list = out.get(breach.employeeId) ?? [];
      list.push({ breach, dates: dates.sort() });
      out.set(breach.employeeId, list);
    }
  }
  return out;
}
