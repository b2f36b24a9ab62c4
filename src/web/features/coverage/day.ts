// One day of one group, worked out for the day view: times of the day past midnight marked +1, the
// periods when fewer were on duty than needed, the peak of demand, and whose shifts touch the day.
import type { DayProfile } from '../../../shared/api/coverage.ts';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { nextDate, parseTimeOfDay } from '../../../shared/hours.ts';

const DAY = 1440;
const two = (n: number) => String(n).padStart(2, '0');

/** "06:15", and "01:30 +1" for a minute past the day's midnight; 24:00 stays 24:00. */
export function minuteText(minute: number): string {
  if (minute === DAY) return '24:00';
  const next = minute > DAY;
  const m = ((minute % DAY) + DAY) % DAY;
  return `${two(Math.floor(m / 60))}:${two(m % 60)}${next ? ' +1' : ''}`;
}

/** Colours of the qualifications' demand lines on the day chart, in the order the day names them (the legend repeats them). */
export const QUALIFIED_COLOURS = ['#e8590c', '#2b8a3e', '#862e9c', '#0b7285', '#a61e4d'];

export interface Period {
  from: number;
  /** Exclusive end, in minutes from the day's midnight. */
  to: number;
  /** The most short at any step of the period. */
  short: number;
}

/**
 * The runs of steps where fewer were on duty than the demand asked for. Where tasks ask for
 * qualifications, what the people on duty could fill counts, not their number: two people without the
 * pushback licence do not make up for the pushback driver.
 */
export function shortPeriods(profile: Pick<DayProfile, 'points' | 'step'>): Period[] {
  return periodsOf(profile, (p) => p.demand - (p.covered ?? p.staff));
}

/** Per qualification asked for during the day: the runs of steps where fewer of its holders filled it than it needed. */
export function qualificationPeriods(profile: Pick<DayProfile, 'points' | 'step'>): { code: string; peak: number; periods: Period[] }[] {
  const codes = profile.points.find((p) => p.byQualification)?.byQualification?.map((q) => q.code) ?? [];
  return codes
    .map((code, q) => ({
      code,
      peak: Math.max(0, ...profile.points.map((p) => p.byQualification?.[q]?.demand ?? 0)),
      periods: periodsOf(profile, (p) => {
        const figure = p.byQualification?.[q];
        return figure ? figure.demand - figure.filled : 0;
      }),
    }))
    .filter((q) => q.peak > 0);
}

function periodsOf(profile: Pick<DayProfile, 'points' | 'step'>, gapOf: (point: DayProfile['points'][number]) => number): Period[] {
  const out: Period[] = [];
  let current: Period | null = null;
  for (const p of profile.points) {
    const gap = gapOf(p);
    if (gap > 0) {
      if (current && current.to === p.minute) {
        current.to = p.minute + profile.step;
        current.short = Math.max(current.short, gap);
      } else {
        current = { from: p.minute, to: p.minute + profile.step, short: gap };
        out.push(current);
      }
    } else current = null;
  }
  return out;
}

/** The highest demand of the day and the first run of steps that asks for it; null without demand. */
export function peakDemand(profile: Pick<DayProfile, 'points' | 'step'>): { demand: number; from: number; to: number } | null {
  let max = 0;
  for (const p of profile.points) max = Math.max(max, p.demand);
  if (max === 0) return null;
  const first = profile.points.findIndex((p) => p.demand === max);
  let to = profile.points[first]!.minute + profile.step;
  for (let i = first + 1; i < profile.points.length && profile.points[i]!.demand === max && profile.points[i]!.minute === to; i++) to += profile.step;
  return { demand: max, from: profile.points[first]!.minute, to };
}

export interface DutyShift {
  id: string;
  name: string;
  /** Minutes from the day's midnight: negative from the day before, past 1440 into the next day. */
  start: number;
  end: number;
  startTime: string;
  endTime: string;
  /** Started the day before (an overnight shift ending this day). */
  fromPreviousDay: boolean;
  /** Ends the next day. */
  endsNextDay: boolean;
}

const previousDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The shifts of the group's people that touch the day up to `until` (the end of its hours, past
 * midnight where they run on): the day's own, the night shifts from the day before that end on it,
 * and the next day's that start before `until`. Sorted by start, then name.
 */
export function dutyShifts(month: MonthData, role: string, date: string, until: number): DutyShift[] {
  const group = month.groups.find((g) => g.name === role);
  if (!group) return [];
  const names = new Map(group.employees.map((e) => [e.id, `${e.firstName} ${e.lastName}`]));
  const before = previousDate(date);
  const after = nextDate(date);
  const out: DutyShift[] = [];
  for (const s of [...month.overnightIn, ...month.schedules]) {
    const name = names.get(s.employeeId);
    if (name === undefined) continue;
    const start = parseTimeOfDay(s.startTime) ?? 0;
    const end = parseTimeOfDay(s.endTime) ?? 0;
    const overnight = s.endDate !== s.date;
    let from: number;
    let to: number;
    if (s.date === date) {
      from = start;
      to = overnight ? DAY + end : end;
    } else if (s.date === before && overnight && s.endDate === date) {
      from = start - DAY;
      to = end;
    } else if (s.date === after && until > DAY && DAY + start < until) {
      from = DAY + start;
      to = overnight ? 2 * DAY + end : DAY + end;
    } else continue;
    out.push({ id: s.id, name, start: from, end: to, startTime: s.startTime, endTime: s.endTime, fromPreviousDay: from < 0, endsNextDay: to > DAY });
  }
  return out.sort((a, b) => a.start - b.start || a.name.localeCompare(b.name));
}
