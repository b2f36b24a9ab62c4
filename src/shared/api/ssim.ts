// IATA SSIM timetables (Standard Schedules Information Manual, chapter 7; docs/flights-import.md):
// fixed-width records of 200 characters. Record type 3, the flight leg record, says which flight
// departs from where at what time on which days of a period; the legs that depart from the airport's
// station become one row per day, and those rows go through the same rules, dry run and re-import as
// the rows of a CSV or XLSX file.
//
// Columns of a type 3 record (1-based, inclusive), as the manual lays them out:
//   1 record type "3"            2 operational suffix       3-5 airline designator
//   6-9 flight number            10-11 itinerary variation  12-13 leg sequence number
//   14 service type              15-21 period from (DDMMMYY) 22-28 period to (DDMMMYY)
//   29-35 days of operation (1 = Monday … 7 = Sunday, or a space)
//   37-39 departure station      40-43 passenger STD        44-47 aircraft STD
//   48-52 UTC/local time variation of the departure (±HHMM)
//   55-57 arrival station        58-61 aircraft STA         62-65 passenger STA
//   66-70 UTC/local time variation of the arrival          73-75 aircraft type
// Record type 2 (the carrier record) says in column 2 (time mode) whether the times are local ("L") or UTC ("U").
import { DateTime, FixedOffsetZone } from 'luxon';
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { isoMonth } from './dates.ts';
import {
  checkMappedRow,
  flightDayKey,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  FILE_NAME_MAX,
  type CheckedRow,
  type ImportRulesContext,
  type RowError,
} from './flight-import.ts';

export const SSIM_RECORD_LENGTH = 200;

/** Why a whole SSIM file is refused (params say which line, how long, which station). */
type SsimRefusalRule = 'ssimNotText' | 'ssimEmpty' | 'ssimRecordLength' | 'ssimNoLegs' | 'ssimNoStationLegs' | 'ssimTooManyFlights' | 'ssimNoStation';
export interface SsimRefusal {
  rule: SsimRefusalRule;
  message: string;
  params: Record<string, string | number>;
}

/** Why one leg is left out; the row's reasons. */
export const SSIM_MESSAGES = {
  ssimDate: 'must be a date as DDMMMYY, such as 01NOV26',
  ssimPeriod: 'the period ends before it begins',
  ssimOpenPeriod: 'the period has no end date',
  ssimDays: 'days of operation must be the digits 1 to 7 in their places, or spaces',
  ssimTime: 'must be a time as HHMM',
  ssimVariation: 'must be a time difference as +HHMM or -HHMM',
  ssimFlightNumber: 'must be an airline designator and a flight number',
} as const;
export type SsimMessageKey = keyof typeof SSIM_MESSAGES;

/** The body of POST /api/flights/import-ssim. */
export const ssimBodySchema = z
  .object({
    dryRun: z.boolean().optional(),
    fileName: plainText().min(1).max(FILE_NAME_MAX),
    /** The file's text; it is at most 5 MB. */
    text: z.string().max(IMPORT_MAX_BYTES, `the file may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`),
    /** Lines left out after the dry run (the invalid legs the planner saw). */
    skipLines: z.array(z.number().int().min(1)).max(IMPORT_MAX_ROWS).optional(),
    /** Only the departures in these months (`YYYY-MM`, inclusive) are taken; without it, every day of every leg. */
    months: z
      .object({ from: isoMonth, to: isoMonth })
      .strict()
      .superRefine((value, ctx) => {
        if (value.to < value.from)
          ctx.addIssue({ code: 'custom', path: ['to'], message: 'cannot be earlier than the first month', params: { rule: 'endBeforeStart' } });
      })
      .optional(),
  })
  .strict();
export type SsimBody = z.input<typeof ssimBodySchema>;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "01NOV26" → 2026-11-01; "00XXX00" (no end) → 'open'; null when it is not a date. */
function ssimDate(text: string): DateTime | 'open' | null {
  if (text === '00XXX00') return 'open';
  const match = /^(\d{2})([A-Z]{3})(\d{2})$/.exec(text);
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]!) + 1;
  if (month === 0) return null;
  const date = DateTime.fromObject({ year: 2000 + Number(match[3]), month, day: Number(match[1]) }, { zone: 'UTC' });
  return date.isValid ? date : null;
}

/** "0605" → [6, 5]; null when it is not a time of day. */
function ssimClock(text: string): [number, number] | null {
  const match = /^(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? [hour, minute] : null;
}

/** "+0100" → 60, "-0430" → -270; null when it is not a time difference. */
function ssimVariation(text: string): number | null {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(text);
  if (!match || Number(match[2]) > 14 || Number(match[3]) > 59) return null;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The columns from..to (1-based, inclusive) of a record. */
const col = (line: string, from: number, to: number) => line.slice(from - 1, to);

export interface SsimLeg {
  /** The record's line in the file. */
  line: number;
  flightNumber: string;
  departureStation: string;
  errors: RowError[];
  /** Each day's departure and arrival as ISO date-times with the station's offset; empty when the leg has errors. */
  days: { departure: string; arrival: string | null }[];
  aircraftType: string;
}

const ssimError = (field: string, rule: SsimMessageKey): RowError => ({ field, message: SSIM_MESSAGES[rule], params: { issue: 'custom', rule } });

/** A departure or arrival: the wall clock of `date` at `clock`, in a station `variation` minutes off UTC (or in UTC). */
function moment(date: DateTime, clock: [number, number], variation: number, utcTimes: boolean): DateTime {
  const zone = utcTimes ? FixedOffsetZone.utcInstance : FixedOffsetZone.instance(variation);
  const at = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: clock[0], minute: clock[1] }, { zone });
  return utcTimes ? at.setZone(FixedOffsetZone.instance(variation)) : at;
}

/** The months a planner imports, `YYYY-MM` to `YYYY-MM` inclusive: only departures on their days are expanded. */
export interface SsimMonths {
  from: string;
  to: string;
}

/** What a readable leg needs to be expanded, kept until its days are counted. */
interface LegPlan {
  leg: SsimLeg;
  from: DateTime;
  to: DateTime;
  dayText: string;
  departureClock: [number, number];
  departureVariation: number;
  arrivalClock: [number, number] | null;
  arrivalVariation: number | null;
  /** The carrier record said the times are UTC. */
  utcTimes: boolean;
  /** Days between the record's date and the departure's local date (UTC times may cross midnight): -1, 0 or 1. */
  shift: number;
}

/** Reads one type 3 record, without expanding its days; the plan is there only when every field is readable. */
function readLeg(line: string, number: number, utcTimes: boolean): { leg: SsimLeg; plan: LegPlan | null } {
  const errors: RowError[] = [];
  const airline = col(line, 3, 5).trim();
  const digits = col(line, 6, 9).trim();
  const suffix = col(line, 2, 2).trim();
  const flightNumber = /^[A-Z0-9]{2,3}$/.test(airline) && /^\d{1,4}$/.test(digits) ? `${airline}${Number(digits)}${suffix}` : '';
  if (flightNumber === '') errors.push(ssimError('flightNumber', 'ssimFlightNumber'));
  const from = ssimDate(col(line, 15, 21));
  const to = ssimDate(col(line, 22, 28));
  if (from === null || from === 'open') errors.push(ssimError('periodFrom', 'ssimDate'));
  if (to === null) errors.push(ssimError('periodTo', 'ssimDate'));
  else if (to === 'open') errors.push(ssimError('periodTo', 'ssimOpenPeriod'));
  else if (from instanceof DateTime && to < from) errors.push(ssimError('periodTo', 'ssimPeriod'));
  const dayText = col(line, 29, 35);
  const daysOk = [...dayText].every((c, i) => c === ' ' || c === String(i + 1)) && dayText.trim() !== '';
  if (!daysOk) errors.push(ssimError('days', 'ssimDays'));
  // The aircraft's time is the ground staff's; the passengers' is used where it is left blank.
  const aircraftStd = col(line, 44, 47).trim();
  const departureClock = ssimClock(aircraftStd === '' ? col(line, 40, 43) : aircraftStd);
  if (!departureClock) errors.push(ssimError('departure', 'ssimTime'));
  const departureVariation = ssimVariation(col(line, 48, 52));
  if (departureVariation === null) errors.push(ssimError('departureVariation', 'ssimVariation'));
  const arrivalText = col(line, 58, 61).trim() || col(line, 62, 65).trim();
  const arrivalClock = arrivalText === '' ? null : ssimClock(arrivalText);
  if (arrivalText !== '' && !arrivalClock) errors.push(ssimError('arrival', 'ssimTime'));
  const arrivalVariation = ssimVariation(col(line, 66, 70));
  if (arrivalClock && arrivalVariation === null) errors.push(ssimError('arrivalVariation', 'ssimVariation'));

  const leg: SsimLeg = {
    line: number,
    flightNumber,
    departureStation: col(line, 37, 39),
    errors,
    days: [],
    aircraftType: col(line, 73, 75).trim(),
  };
  if (errors.length > 0 || !(from instanceof DateTime) || !(to instanceof DateTime)) return { leg, plan: null };
  // In UTC mode the record's date is the UTC one; the departure's local date may be a day either side.
  const shift = utcTimes ? Math.floor((departureClock![0] * 60 + departureClock![1] + departureVariation!) / 1440) : 0;
  return {
    leg,
    plan: { leg, from, to, dayText, departureClock: departureClock!, departureVariation: departureVariation!, arrivalClock, arrivalVariation, utcTimes, shift },
  };
}

/** The record dates of a plan whose departures fall in `months` (all of its period without months); null when none do. */
function datesOf(plan: LegPlan, months: SsimMonths | undefined): { first: DateTime; last: DateTime } | null {
  let first = plan.from;
  let last = plan.to;
  if (months) {
    const start = DateTime.fromISO(`${months.from}-01`, { zone: 'UTC' }).minus({ days: plan.shift });
    const end = DateTime.fromISO(`${months.to}-01`, { zone: 'UTC' }).endOf('month').startOf('day').minus({ days: plan.shift });
    if (start > first) first = start;
    if (end < last) last = end;
  }
  return first <= last ? { first, last } : null;
}

/** How many departures a plan gives in `months`, counted by arithmetic: nothing is expanded. */
function countDays(plan: LegPlan, months: SsimMonths | undefined): number {
  const dates = datesOf(plan, months);
  if (!dates) return 0;
  const span = Math.round(dates.last.diff(dates.first, 'days').days) + 1;
  const operating = [...plan.dayText].filter((c) => c !== ' ').length;
  let count = Math.floor(span / 7) * operating;
  // The days past the last full week, from the first date's weekday on.
  for (let i = 0; i < span % 7; i++) {
    if (plan.dayText[(dates.first.weekday - 1 + i) % 7] !== ' ') count++;
  }
  return count;
}

/** Fills the plan's leg with one departure per operating day in `months` (its whole period without months). */
function expand(plan: LegPlan, months: SsimMonths | undefined): void {
  const dates = datesOf(plan, months);
  if (!dates) return;
  for (let date = dates.first; date <= dates.last; date = date.plus({ days: 1 })) {
    if (plan.dayText[date.weekday - 1] === ' ') continue;
    const departure = moment(date, plan.departureClock, plan.departureVariation, plan.utcTimes);
    let arrival: DateTime | null = null;
    if (plan.arrivalClock) {
      arrival = moment(date, plan.arrivalClock, plan.arrivalVariation!, plan.utcTimes);
      // An arrival the next day (or later, across the date line) is written with the departure's date.
      for (let i = 0; i < 3 && arrival <= departure; i++) arrival = arrival.plus({ days: 1 });
    }
    plan.leg.days.push({
      departure: departure.toISO({ suppressMilliseconds: true, suppressSeconds: true })!,
      arrival: arrival ? arrival.toISO({ suppressMilliseconds: true, suppressSeconds: true }) : null,
    });
  }
}

const refusal = (rule: SsimRefusalRule, message: string, params: Record<string, string | number> = {}): { ok: false; refusal: SsimRefusal } => ({
  ok: false,
  refusal: { rule, message, params },
});

/**
 * Reads an SSIM file and keeps the legs departing from `station`, with their departures in `months`
 * (every day of their periods without it). Refuses the whole file when it is not text, a record is not
 * 200 characters long, it has no flight leg records or none from the station, or the legs would give
 * more than IMPORT_MAX_ROWS departures: they are counted before any day is expanded, so a leg running
 * for a hundred years costs no more than one running for a week.
 */
export function readSsim(
  text: string,
  station: string,
  months?: SsimMonths,
): { ok: true; legs: SsimLeg[]; flights: number } | { ok: false; refusal: SsimRefusal } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // Control characters other than line breaks and tabs: a binary file, not a timetable.
  const binary = [...body.slice(0, 65536)].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd;
  });
  if (binary) return refusal('ssimNotText', 'the file is not an SSIM text file');
  const lines = body.split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length === 0) return refusal('ssimEmpty', 'the file is empty');
  for (let i = 0; i < lines.length; i++) {
    const length = lines[i]!.length;
    if (length !== SSIM_RECORD_LENGTH) {
      return refusal('ssimRecordLength', `line ${i + 1} has ${length} characters; every SSIM record has ${SSIM_RECORD_LENGTH}`, {
        line: i + 1,
        length,
        expected: SSIM_RECORD_LENGTH,
      });
    }
  }
  let utcTimes = false;
  const legs: SsimLeg[] = [];
  const plans: LegPlan[] = [];
  let legRecords = 0;
  lines.forEach((line, i) => {
    if (line[0] === '2') utcTimes = line[1] === 'U';
    if (line[0] !== '3') return;
    legRecords++;
    if (col(line, 37, 39) !== station) return;
    const { leg, plan } = readLeg(line, i + 1, utcTimes);
    legs.push(leg);
    if (plan) plans.push(plan);
  });
  if (legRecords === 0) return refusal('ssimNoLegs', 'the file has no flight leg records (record type 3)');
  if (legs.length === 0) return refusal('ssimNoStationLegs', `no flight in the file departs from ${station}`, { station, legs: legRecords });
  const flights = plans.reduce((sum, plan) => sum + countDays(plan, months), 0);
  if (flights > IMPORT_MAX_ROWS) {
    const within = months ? ` from ${months.from} to ${months.to}` : '';
    return refusal('ssimTooManyFlights', `the file holds ${flights} departures from ${station}${within}; at most ${IMPORT_MAX_ROWS} can be imported at once`, {
      count: flights,
      max: IMPORT_MAX_ROWS,
      ...(months ? { from: months.from, to: months.to } : {}),
    });
  }
  for (const plan of plans) expand(plan, months);
  return { ok: true, legs, flights };
}

/**
 * The legs as checked rows, one per departure day, through the same rules as a table's rows: staff from
 * the aircraft table, repeats (same number, same day) refused. A leg with unreadable fields is one
 * invalid row; its row number is the record's line.
 */
export function checkSsimLegs(legs: SsimLeg[], ctx: ImportRulesContext, skipLines: ReadonlySet<number> = new Set()): CheckedRow[] {
  const firstLineOf = new Map<string, number>();
  const out: CheckedRow[] = [];
  for (const leg of legs) {
    if (skipLines.has(leg.line)) continue;
    if (leg.errors.length > 0) {
      out.push({ row: leg.line, ok: false, errors: leg.errors });
      continue;
    }
    const legErrors: RowError[] = [];
    const checkedDays: CheckedRow[] = [];
    for (const day of leg.days) {
      const checked = checkMappedRow(
        { row: leg.line, flightNumber: leg.flightNumber, departure: day.departure, arrival: day.arrival ?? '', aircraftType: leg.aircraftType, staff: {} },
        'local',
        ctx,
      );
      if (!checked.ok) {
        legErrors.push(...checked.errors.filter((e) => !legErrors.some((seen) => seen.params?.rule === e.params?.rule && seen.field === e.field)));
        continue;
      }
      const key = flightDayKey(checked.flight.flightNumber, checked.flight.departureTime, ctx.timeZone);
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined && earlier !== leg.line) {
        if (!legErrors.some((e) => e.duplicateOf === earlier)) {
          legErrors.push({
            field: 'flightNumber',
            message: 'repeats an earlier row (same flight number and departure date)',
            duplicateOf: earlier,
            params: { issue: 'custom', rule: 'duplicateInFile' },
          });
        }
        continue;
      }
      firstLineOf.set(key, leg.line);
      checkedDays.push(checked);
    }
    // A leg is taken whole or not at all: its row number stands for all its days.
    if (legErrors.length > 0) out.push({ row: leg.line, ok: false, errors: legErrors });
    else out.push(...checkedDays);
  }
  return out;
}
