// Who can take a shift, and what an absence takes from a month (docs/day-of-operations.md,
// docs/decisions/0046-who-can-cover.md). The group's month is the generator's instance
// (generation/instance.ts) and its saved shifts; the judging is the engine's (engine/cover.ts with the
// shift editor's rule check, engine/coverage.ts for the flights), so nothing here decides a rule.
import { DateTime } from 'luxon';
import { coverageOf } from '../../engine/coverage.ts';
import { rankCoverCandidates } from '../../engine/cover.ts';
import type { ResultShift } from '../../engine/format.ts';
import { checkShiftSpan } from '../../shared/api/schedule.ts';
import type { AbsenceImpact, CoverCandidates, CoverCandidatesQuery, ShortFlight } from '../../shared/api/cover.ts';
import { monthRange } from '../../shared/month.ts';
import { nextDate, parseTimeOfDay } from '../../shared/hours.ts';
import type { Db } from '../db/client.ts';
import { invalidInput, NotFoundError } from '../domain/errors.ts';
import { savedShifts } from '../coverage/service.ts';
import { loadInstance } from '../generation/instance.ts';
import { getEmployee } from '../repos/employees.ts';
import { publicationOf } from '../repos/publishing.ts';
import { getSettings } from '../repos/settings.ts';
import { shiftsOfDays } from '../repos/cover.ts';

/** The date a shift ends: the next one when its end is at or before its start on the clock. */
const endDateOf = (date: string, start: string, end: string): string => (parseTimeOfDay(end)! <= parseTimeOfDay(start)! ? nextDate(date) : date);

/** The ranked candidates for a shift of the group's month: the whole month is read once, then judged in memory. */
export async function coverCandidates(db: Db, role: string, month: string, query: CoverCandidatesQuery): Promise<CoverCandidates> {
  const { date, start, end, from } = query;
  if (date.slice(0, 7) !== month) throw invalidInput(`date: ${date} is not in the month ${month}`, 'date', { rule: 'dateInMonth', month });
  const { timeZone } = await getSettings(db);
  const endDate = endDateOf(date, start, end);
  const span = checkShiftSpan({ date, startTime: start, endTime: end, endDate }, timeZone);
  if (!span.ok) throw invalidInput(span.problem.message.replace(/^endTime/, 'end'), 'end', { rule: span.problem.rule });
  // The flights whose tasks may fall in the shift: those departing within half a day of it.
  const at = DateTime.fromISO(`${date}T${start}`, { zone: timeZone });
  const flightsAround = { from: at.minus({ hours: 12 }).toISO()!, to: at.plus({ hours: span.hours + 12 }).toISO()! };
  const { first, last } = monthRange(month);
  const [{ instance }, shifts] = await Promise.all([
    loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true, flightsAround }),
    savedShifts(db, role, first, last),
  ]);
  const shift = { date, startTime: start, endTime: end, endDate, hours: span.hours };
  const { needed, candidates } = rankCoverCandidates({ instance, shifts, shift, from });
  return { role, date, startTime: start, endTime: end, endDate, hours: span.hours, needed, candidates };
}

/** The flights of `dates` that are shorter with `without` than with `with`, said by task where they have tasks. */
function shorterFlights(before: ReturnType<typeof coverageOf>, after: ReturnType<typeof coverageOf>, dates: ReadonlySet<string>): ShortFlight[] {
  const out: ShortFlight[] = [];
  after.flights.forEach((flight, i) => {
    const was = before.flights[i]!;
    if (!dates.has(flight.date) || flight.shortBy <= was.shortBy) return;
    const tasks = (flight.tasks ?? [])
      .map((task, t) => ({ task, was: was.tasks?.[t] }))
      .filter(({ task, was: old }) => old !== undefined && task.filled < old.filled)
      .map(({ task, was: old }) => ({
        name: task.name,
        missing: task.staff - task.filled,
        more: old!.filled - task.filled,
        qualification: task.qualification,
      }));
    out.push({ flightNumber: flight.flightNumber, date: flight.date, time: flight.time, missing: flight.shortBy, more: flight.shortBy - was.shortBy, tasks });
  });
  return out.sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

/**
 * What an absence from `startDate` to `endDate` takes from the employee's group: their shifts on those
 * days, and the flights those days that become short (or shorter) once the shifts are gone, from the
 * engine's coverage of each month touched with and without them.
 */
export async function absenceImpact(db: Db, employeeId: string, startDate: string, endDate: string): Promise<AbsenceImpact> {
  const employee = await getEmployee(db, employeeId);
  if (!employee) throw new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });
  const role = employee.role;
  const lost = endDate < startDate ? [] : await shiftsOfDays(db, employeeId, startDate, endDate);
  const months = [...new Set(lost.map((s) => s.date.slice(0, 7)))].sort();
  const shortFlights: ShortFlight[] = [];
  for (const month of months) {
    const { instance } = await loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true });
    if (instance.flights.length === 0) continue;
    const { first, last } = monthRange(month);
    const shifts = await savedShifts(db, role, first, last);
    const gone = new Set(lost.filter((s) => s.date.startsWith(month)).map((s) => s.date));
    const remaining = shifts.filter((s: ResultShift) => s.employeeId !== employeeId || !gone.has(s.date));
    const days = new Set([...gone, ...lost.filter((s) => gone.has(s.date)).map((s) => s.endDate)]);
    shortFlights.push(...shorterFlights(coverageOf(instance, shifts), coverageOf(instance, remaining), days));
  }
  const published = lost.length > 0 && (await publicationOf(db, role, lost[0]!.date.slice(0, 7))) !== undefined;
  return { role, published, shifts: lost, shortFlights };
}
