// Who can take a shift (docs/day-of-operations.md, docs/decisions/0046-who-can-cover.md): every other
// person of the group, judged against the shift with the shift editor's own rule check
// (checkShiftEdit, EDIT_RULES), with their month's hours against their target, the rest either side,
// the overtime it adds and the qualifications the group's tasks ask for during it. Ranked: lawful ones
// first (those holding the needed qualifications, then the furthest below their target, then the
// longest rest), then those who would break a rule (fewest breaches first), then those already
// working that day or on time off, with the reason.
import { DateTime } from 'luxon';
import { validOn } from '../shared/api/qualifications.ts';
import { employeeMonthTotal, roundHours } from '../shared/hours.ts';
import { buildCalendar, spanOf, type Calendar } from './calendar.ts';
import type { Instance, ResultShift } from './format.ts';
import { checkShiftEdit, editCalendar } from './rules.ts';

/** The shift to cover: a date, its times, the date it ends and its elapsed hours. */
type CoverShift = { date: string; startTime: string; endTime: string; endDate: string; hours: number };

type CoverBreach = { rule: string; date: string; amount: number; params?: Record<string, string | number> };

export type CoverCandidate = {
  employeeId: string;
  firstName: string;
  lastName: string;
  standing: 'lawful' | 'breaks' | 'unavailable';
  unavailable?: { reason: 'busy'; startTime: string; endTime: string } | { reason: 'timeOff' };
  breaches: CoverBreach[];
  hoursBefore: number;
  hoursAfter: number;
  targetHours: number | null;
  overtimeHours: number;
  restBeforeHours: number | null;
  restAfterHours: number | null;
  missingQualifications: string[];
};

/** What the ranking reads of a group's month: the instance loadInstance builds, and the month's saved shifts. */
export type CoverInput = {
  instance: Pick<Instance, 'month' | 'timeZone' | 'settings' | 'requiredHours' | 'employees' | 'flights' | 'previousShifts' | 'airportHours'>;
  shifts: readonly ResultShift[];
  shift: CoverShift;
  /** The person whose shift it is now: not a candidate. */
  from?: string | undefined;
};

const epochMinutes = (iso: string, zone: string): number => Math.round(DateTime.fromISO(iso, { zone }).toMillis() / 60_000);

/** The qualifications the group's tasks ask for while the shift runs (tasks of flights with handling rules). */
export function neededQualifications(input: Pick<CoverInput, 'instance' | 'shift'>): string[] {
  const { instance, shift } = input;
  const from = epochMinutes(`${shift.date}T${shift.startTime}`, instance.timeZone);
  const to = epochMinutes(`${shift.endDate}T${shift.endTime}`, instance.timeZone);
  const codes = new Set<string>();
  for (const flight of instance.flights) {
    for (const task of (flight as { tasks?: Array<{ from: string; to: string; qualification?: string }> }).tasks ?? []) {
      if (!task.qualification) continue;
      if (epochMinutes(task.from, instance.timeZone) < to && epochMinutes(task.to, instance.timeZone) > from) codes.add(task.qualification);
    }
  }
  return [...codes].sort();
}

/** Epoch minutes of a shift's start and end on the calendar's clock; null when it is no span. */
function placed(calendar: Calendar, shift: { date: string; startTime: string; endTime: string; endDate?: string | undefined }) {
  const span = spanOf(shift);
  if (span === null || span.end <= span.start) return null;
  const index = calendar.indexOf(shift.date);
  return { from: calendar.instant(index, span.start), to: calendar.instant(index, span.end) };
}

type Employee = CoverInput['instance']['employees'][number] & { qualifications?: Array<{ code: string; validFrom?: string; validUntil?: string }> };

/** One person against the shift. */
function judge(input: CoverInput, calendar: Calendar, edits: Calendar, employee: Employee, own: ResultShift[], needed: readonly string[]): CoverCandidate {
  const { instance, shift } = input;
  const proposed: ResultShift = {
    employeeId: employee.id,
    date: shift.date,
    startTime: shift.startTime,
    endTime: shift.endTime,
    ...(shift.endDate !== shift.date && { endDate: shift.endDate }),
    totalHours: shift.hours,
  };
  const target = employee.requiredHours ?? instance.requiredHours ?? null;
  const timeOff = employee.timeOff.map((o) => ({ ...o, workHours: o.workHours ?? null }));
  const hoursBefore = employeeMonthTotal({ shifts: own, timeOff, month: instance.month });
  const hoursAfter = roundHours(hoursBefore + shift.hours);
  const overtimeHours = target === null ? 0 : roundHours(Math.max(0, hoursAfter - target) - Math.max(0, hoursBefore - target));

  // Rest: from the end of the shift before to this start, and from this end to the start of the next.
  const me = placed(calendar, proposed)!;
  const previous = (instance.previousShifts ?? []).filter((s) => s.employeeId === employee.id);
  let restBefore: number | null = null;
  let restAfter: number | null = null;
  let overlapping: { startTime: string; endTime: string } | null = null;
  for (const s of [...previous, ...own]) {
    const at = placed(calendar, s);
    if (!at) continue;
    if (at.from < me.to && at.to > me.from) overlapping ??= { startTime: s.startTime, endTime: s.endTime };
    else if (at.to <= me.from) restBefore = Math.min(restBefore ?? Infinity, me.from - at.to);
    else if (at.from >= me.to) restAfter = Math.min(restAfter ?? Infinity, at.from - me.to);
  }
  const sameDay = own.find((s) => s.date === shift.date);
  const busy = sameDay ? { startTime: sameDay.startTime, endTime: sameDay.endTime } : overlapping;
  const away = employee.timeOff.some((o) => o.startDate <= shift.date && shift.date <= o.endDate);

  const held = employee.qualifications ?? [];
  const missingQualifications = needed.filter(
    (code) => !held.some((h) => h.code === code && validOn({ validFrom: h.validFrom ?? null, validUntil: h.validUntil ?? null }, shift.date)),
  );
  const base = {
    employeeId: employee.id,
    firstName: employee.firstName ?? '',
    lastName: employee.lastName ?? '',
    hoursBefore,
    hoursAfter,
    targetHours: target,
    overtimeHours,
    restBeforeHours: restBefore === null ? null : roundHours(restBefore / 60),
    restAfterHours: restAfter === null ? null : roundHours(restAfter / 60),
    missingQualifications,
  };
  if (busy) return { ...base, standing: 'unavailable', unavailable: { reason: 'busy', ...busy }, breaches: [] };
  if (away) return { ...base, standing: 'unavailable', unavailable: { reason: 'timeOff' }, breaches: [] };

  // The shift editor's warnings, as they would stand with this shift among the person's own.
  const breaches = checkShiftEdit(
    {
      month: instance.month,
      timeZone: instance.timeZone,
      settings: instance.settings,
      employee: {
        id: employee.id,
        ...(employee.firstName !== undefined && { firstName: employee.firstName }),
        ...(employee.lastName !== undefined && { lastName: employee.lastName }),
        timeOff: employee.timeOff,
        ...(employee.maxHours !== undefined && { maxHours: employee.maxHours }),
      },
      shifts: own,
      previousShifts: previous.map((s) => ({ ...s, totalHours: 0 })),
    },
    proposed,
    edits,
  ).map((b) => ({ rule: b.rule, date: b.date, amount: b.amount, ...(b.params && { params: b.params }) }));
  return { ...base, standing: breaches.length ? 'breaks' : 'lawful', breaches };
}

/** How far below the target the person stays with the shift (negative over it); 0 without a target. */
const below = (c: CoverCandidate): number => (c.targetHours === null ? 0 : c.targetHours - c.hoursAfter);
/** The shorter of the two rests; a side with no shift known counts as unlimited. */
const restMargin = (c: CoverCandidate): number => Math.min(c.restBeforeHours ?? Infinity, c.restAfterHours ?? Infinity);
const STANDING_ORDER = { lawful: 0, breaks: 1, unavailable: 2 } as const;

/** Best first, in the order the decision record gives (docs/decisions/0046-who-can-cover.md). */
export function compareCandidates(a: CoverCandidate, b: CoverCandidate): number {
  const byName = `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'pl');
  const order = STANDING_ORDER[a.standing] - STANDING_ORDER[b.standing];
  // Those not free: the ones working that day (another shift could move), then those away; by name.
  if (order === 0 && a.standing === 'unavailable') return (a.unavailable?.reason === 'busy' ? 0 : 1) - (b.unavailable?.reason === 'busy' ? 0 : 1) || byName;
  return (
    order ||
    (a.standing === 'breaks' ? a.breaches.length - b.breaches.length : 0) ||
    a.missingQualifications.length - b.missingQualifications.length ||
    below(b) - below(a) ||
    (restMargin(b) === restMargin(a) ? 0 : restMargin(b) > restMargin(a) ? 1 : -1) ||
    byName
  );
}

/** Every other person of the group against the shift, best first, and the qualifications its time needs. */
export function rankCoverCandidates(input: CoverInput): { needed: string[]; candidates: CoverCandidate[] } {
  const calendar = buildCalendar(input.instance);
  // One calendar for every person's rule check (the shift editor's builds its own per edit).
  const edits = editCalendar(input.instance);
  const needed = neededQualifications(input);
  const byEmployee = new Map<string, ResultShift[]>();
  for (const s of input.shifts) {
    const list = byEmployee.get(s.employeeId) ?? [];
    list.push(s);
    byEmployee.set(s.employeeId, list);
  }
  const candidates = input.instance.employees
    .filter((e) => e.id !== input.from)
    .map((e) => judge(input, calendar, edits, e as Employee, byEmployee.get(e.id) ?? [], needed))
    .sort(compareCandidates);
  return { needed, candidates };
}
