// Pure helpers of the grid: per-employee views of the month, the totals rule and the cell lookups.
import { employeeMonthTotal } from '../../../shared/hours.ts';
import type { MonthData, Schedule, ScheduleEvent } from '../../../shared/api/schedule.ts';
import type { TimeOff } from '../../../shared/api/time-off.ts';
import type { PublishChange, ShiftFace } from '../../../shared/api/publishing.ts';
import { hoursNumber, numberText } from '../../ui/numbers.ts';

/** A day whose shift differs from the published version: how, and what was published (null: no shift). */
export type CellChange = { kind: PublishChange['kind']; before: ShiftFace | null };

export type EmployeeMonth = {
  /** Shift of each date (the date it starts on: an overnight shift is its start date's, and counted there). */
  shifts: Map<string, Schedule>;
  /**
   * Overnight shifts by the date they end on: the month's own, and the one of the day before the month
   * that ends on its first date (`overnightIn`). Shown on that date so nobody double-books the morning;
   * never counted there.
   */
  carriedOver: Map<string, Schedule>;
  events: Map<string, ScheduleEvent>;
  timeOff: TimeOff[];
  /** Every record the row shows as id:version, so a row re-renders only when one of its own records changed. */
  signature: string;
  total: number;
  /** The days that changed since the group's month was published (docs/publishing.md); absent: none. */
  changes?: Map<string, CellChange>;
};

const EMPTY: EmployeeMonth = { shifts: new Map(), carriedOver: new Map(), events: new Map(), timeOff: [], signature: '', total: 0 };

/** Each employee's shifts, events, time off and month total (docs/product.md §9, the shared function). */
export function indexMonth(data: MonthData): Map<string, EmployeeMonth> {
  const out = new Map<string, EmployeeMonth>();
  const entry = (id: string) => {
    let e = out.get(id);
    if (!e) {
      e = { shifts: new Map(), carriedOver: new Map(), events: new Map(), timeOff: [], signature: '', total: 0 };
      out.set(id, e);
    }
    return e;
  };
  for (const s of data.schedules) {
    entry(s.employeeId).shifts.set(s.date, s);
    if (endsNextDay(s) && s.endDate.startsWith(data.month)) entry(s.employeeId).carriedOver.set(s.endDate, s);
  }
  for (const s of data.overnightIn) if (endsNextDay(s)) entry(s.employeeId).carriedOver.set(s.endDate, s);
  for (const ev of data.events) entry(ev.employeeId).events.set(ev.date, ev);
  for (const off of data.timeOff) entry(off.employeeId).timeOff.push(off);
  for (const e of out.values()) {
    const parts: string[] = [];
    for (const s of e.shifts.values()) parts.push(`s${s.id}:${s.version}`);
    for (const s of e.carriedOver.values()) if (s.date < `${data.month}-01`) parts.push(`o${s.id}:${s.version}`);
    for (const ev of e.events.values()) parts.push(`e${ev.id}:${ev.version}`);
    for (const off of e.timeOff) parts.push(`t${off.id}:${off.version}`);
    e.signature = parts.join(',');
    // Each shift once, by its start date: an overnight shift's next morning adds nothing.
    e.total = employeeMonthTotal({ shifts: [...e.shifts.values()], timeOff: e.timeOff, month: data.month });
  }
  return out;
}

/**
 * The index with each employee's changes since publication: a row with changes gets a new entry (its
 * signature names them, so the row draws again), every other row keeps its own.
 */
export function withChanges(index: Map<string, EmployeeMonth>, changes: readonly PublishChange[]): Map<string, EmployeeMonth> {
  if (changes.length === 0) return index;
  const byEmployee = new Map<string, Map<string, CellChange>>();
  for (const c of changes) {
    const days = byEmployee.get(c.employeeId) ?? new Map<string, CellChange>();
    days.set(c.date, { kind: c.kind, before: c.before });
    byEmployee.set(c.employeeId, days);
  }
  const out = new Map(index);
  for (const [id, days] of byEmployee) {
    const em = index.get(id) ?? EMPTY;
    const key = [...days].map(([date, c]) => `${date}:${c.kind}:${c.before ? `${c.before.startTime}-${c.before.endTime}-${c.before.endDate}` : '-'}`).join(',');
    out.set(id, { ...em, changes: days, signature: `${em.signature}|${key}` });
  }
  return out;
}

/** True for a shift that ends on the date after its own (overnight, e.g. 22:00–06:00). */
export const endsNextDay = (shift: { date: string; endDate?: string | undefined }): boolean => shift.endDate !== undefined && shift.endDate !== shift.date;

export function employeeMonth(index: Map<string, EmployeeMonth>, id: string): EmployeeMonth {
  return index.get(id) ?? EMPTY;
}

/** The time off that covers a date, if any. */
export function timeOffOn(month: EmployeeMonth, date: string): TimeOff | undefined {
  return month.timeOff.find((o) => o.startDate <= date && date <= o.endDate);
}

export type TotalsState =
  | { kind: 'none'; total: string }
  | { kind: 'remaining' | 'over'; total: string; required: string; hours: string }
  | { kind: 'met'; total: string; required: string };

/**
 * What the Total Hours cell says: 'total / required h' and how it stands against the requirement,
 * the figures written in the UI language ("160,00 / 160 h", "160.00 / 160 h").
 */
export function totalsState(total: number, required: number | null, language: string): TotalsState {
  const totalText = hoursNumber(total, language);
  if (required === null) return { kind: 'none', total: totalText };
  const requiredText = numberText(required, language);
  const gap = Math.round((required - total) * 100) / 100;
  if (gap > 0) return { kind: 'remaining', total: totalText, required: requiredText, hours: hoursNumber(gap, language) };
  if (gap < 0) return { kind: 'over', total: totalText, required: requiredText, hours: hoursNumber(-gap, language) };
  return { kind: 'met', total: totalText, required: requiredText };
}

/**
 * A grid cell's name: who, which day, what the day holds, then how it changed since publication. A breach's
 * sentence already ends with a full stop ("…Kodeksu pracy)."), and the change never adds a second one.
 */
export function cellLabel(name: string, day: string, summary: readonly string[], change: string): string {
  const said = `${name}, ${day}${summary.length ? ': ' + summary.join(', ') : ''}`;
  if (!change) return said;
  return `${said}${said.endsWith('.') ? ' ' : '. '}${change}`;
}

export const fullName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`;

/** A time as the compact grid writes it: whole hours without minutes ("06:00" → "6", "06:30" → "6:30"). */
export function shortTime(time: string): string {
  const hours = String(Number(time.slice(0, 2)));
  const minutes = time.slice(3, 5);
  return minutes === '00' ? hours : `${hours}:${minutes}`;
}

/** A shift as the compact grid writes it: "6–14", "6:30–14", overnight "22–6 +1", to midnight "16–24". */
export function shortShift(shift: { startTime: string; endTime: string; date: string; endDate?: string | undefined }): string {
  return shortShiftParts(shift).join('');
}

/**
 * The compact grid's text of a shift in the pieces a line may break between, never inside one:
 * "4:30–" "12:30", overnight "22:30–" "6:30" " +1".
 */
export function shortShiftParts(shift: { startTime: string; endTime: string; date: string; endDate?: string | undefined }): string[] {
  const start = `${shortTime(shift.startTime)}–`;
  if (!endsNextDay(shift)) return [start, shortTime(shift.endTime)];
  return shift.endTime === '00:00' ? [start, '24'] : [start, shortTime(shift.endTime), ' +1'];
}
