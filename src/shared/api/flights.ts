// Flights (docs/product.md §2, §3 and §5): the Add/Edit Flight body, what the API returns, and the rows
// of a timetable import. The same rules run in the browser (form, preview) and on the server.
//
// Times travel as the airport's local wall clock ("YYYY-MM-DDTHH:MM", the form and timetable files)
// or as ISO date-times with an offset; the server stores an instant (timestamptz) and answers with
// ISO date-times carrying the airport zone's offset.
import { DateTime } from 'luxon';
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { atWallClock } from '../hours.ts';
import { YEAR_RANGE } from './dates.ts';
// Types only: handling-rules.ts takes STAFF_MAX from here.
import type { GroupWork, Movement } from './handling-rules.ts';

export const FLIGHT_NUMBER_MAX = 16;
export const STAFF_MAX = 99;
/** The longest time text the API takes. */
const TEXT_MAX = 200;

/** The messages of the flight rules. Each refusal names its key (params.rule), which the screens translate. */
export const FLIGHT_MESSAGES = {
  required: 'is required',
  numberTooLong: `must be at most ${FLIGHT_NUMBER_MAX} characters`,
  formula: 'must not start with =, +, - or @',
  numberCharacters: 'may contain only letters, digits, spaces and . / -',
  time: 'must be a date and time as YYYY-MM-DDTHH:MM',
  timeSkipped: 'does not exist in the airport time zone (the clocks go forward at that hour)',
  timeYears: `must be in the years ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`,
  arrivalAfterDeparture: 'must be after the departure',
  staffNumber: 'must be a whole number of at least 1',
  staffMax: `must be at most ${STAFF_MAX}`,
  unknownGroup: 'is not a staff group',
  duplicateInFile: 'repeats an earlier row (same flight number and departure date)',
  extraCells: 'has more cells than the header row (a comma inside a value needs quotes)',
} as const;
export type FlightMessageKey = keyof typeof FLIGHT_MESSAGES;

const FORMULA_START = /^[=+\-@]/;
const NUMBER_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

/** A flight number: trimmed, upper-cased, 1–16 characters; never a spreadsheet formula. */
export const flightNumberSchema = z
  .string({ error: FLIGHT_MESSAGES.required })
  .trim()
  .min(1, FLIGHT_MESSAGES.required)
  .max(FLIGHT_NUMBER_MAX, FLIGHT_MESSAGES.numberTooLong)
  .refine((v) => !FORMULA_START.test(v), { message: FLIGHT_MESSAGES.formula, params: { rule: 'formula' } })
  .refine((v) => FORMULA_START.test(v) || NUMBER_CHARACTERS.test(v), {
    message: FLIGHT_MESSAGES.numberCharacters,
    params: { rule: 'numberCharacters' },
  })
  .transform((v) => v.toUpperCase());

/** What a flight is at this airport (handling-rules.ts's MOVEMENTS, which imports this file). */
const FLIGHT_MOVEMENTS = ['departure', 'arrival', 'turnaround'] as const satisfies readonly Movement[];

/** Staff a flight needs from one group: a whole number from 1 to 99. */
export const staffCountSchema = z
  .number({ error: FLIGHT_MESSAGES.staffNumber })
  .int(FLIGHT_MESSAGES.staffNumber)
  .min(1, FLIGHT_MESSAGES.staffNumber)
  .max(STAFF_MAX, FLIGHT_MESSAGES.staffMax);

/**
 * What the Add/Edit Flight form keeps for a staff field: docs/product.md §5 says non-numeric input
 * falls back to 1 (and the default is 1). Numbers, including out-of-range ones, are kept so that the
 * rules can name them.
 */
export function staffFromInput(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 1;
  if (typeof value === 'string') {
    const text = value.trim().replace(',', '.');
    if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  }
  return 1;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

export type TimeResult = { ok: true; time: DateTime } | { ok: false; message: string; rule: FlightMessageKey };

const refused = (rule: FlightMessageKey): TimeResult => ({ ok: false, message: FLIGHT_MESSAGES[rule], rule });

/**
 * A departure or arrival: local "YYYY-MM-DDTHH:MM" (or with a space, or with seconds) in the airport's
 * time zone, or an ISO date-time with an offset. A local time the clocks skip is refused.
 */
export function parseFlightTime(text: string, timeZone: string): TimeResult {
  const value = text.trim();
  if (value === '') return refused('required');
  const local = LOCAL_TIME.exec(value);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
    const daysInMonth = DateTime.fromObject({ year: year!, month: month! }).daysInMonth;
    if (month! < 1 || month! > 12 || day! < 1 || day! > (daysInMonth ?? 0) || hour! > 23 || minute! > 59 || second! > 59) {
      return refused('time');
    }
    // A wall-clock time the clocks skip forward does not exist: no flight departs then.
    const at = atWallClock({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }, timeZone);
    if (!at.ok) return refused(at.reason === 'skipped' ? 'timeSkipped' : 'time');
    return inPlannedYears(at.time);
  }
  if (OFFSET_TIME.test(value)) {
    const time = DateTime.fromISO(value.replace(' ', 'T'), { setZone: true });
    if (time.isValid) return inPlannedYears(time.setZone(timeZone));
  }
  return refused('time');
}

/** A flight flies in the years the app plans (YEAR_RANGE, as every date and month of the API). */
function inPlannedYears(time: DateTime): TimeResult {
  if (time.year < YEAR_RANGE.min || time.year > YEAR_RANGE.max) return refused('timeYears');
  return { ok: true, time };
}

/** An instant as the API writes it: ISO with the airport zone's offset, no milliseconds. */
export function toZoneIso(time: DateTime, timeZone: string): string {
  return time.setZone(timeZone).toISO({ suppressMilliseconds: true })!;
}

/** Whatever the stores need to know to check a flight: the zone and the staff groups. */
export interface FlightRulesContext {
  timeZone: string;
  /** Every staff group's name. */
  groups: string[];
  /** The groups that take part in flights; each gets a headcount (1 unless told otherwise). */
  flightGroups: string[];
  /** The aircraft table's figures for a type, or undefined when it does not know the type. */
  staffForAircraft?: (aircraftType: string) => Record<string, number> | undefined;
}

const timeText = z.string().max(TEXT_MAX, FLIGHT_MESSAGES.time);

/** The body of POST /api/flights and the `data` of PUT: the shape; flightInputIn adds the zone rules. */
export const flightInputSchema = z
  .object({
    flightNumber: flightNumberSchema,
    departureTime: timeText,
    /** Optional: demand follows departures only. Blank or left out: no arrival. */
    arrivalTime: timeText.nullable().optional(),
    /** Headcount per staff group; groups left out take the aircraft table's figure (with aircraftType) or 1. */
    requiredStaff: z.record(z.string().min(1).max(60), staffCountSchema).optional(),
    /** Optional: the aircraft type, whose row of the aircraft table staffs the groups left out. Not stored. */
    aircraftType: plainText().max(40).optional(),
    /** Whether it leaves, lands, or lands and leaves again; left out: a departure when added, as it was when edited. */
    movement: z.enum(FLIGHT_MOVEMENTS).optional(),
  })
  .strict();
export type FlightInput = z.input<typeof flightInputSchema>;

/** A flight ready to store: number upper-cased, times as ISO with offset, staff for every flight group. */
export interface ResolvedFlight {
  flightNumber: string;
  departureTime: string;
  arrivalTime: string | null;
  requiredStaff: Record<string, number>;
  /** Where each group's figure came from ('file', 'aircraft', 'default', 'manual'); left out: not recorded. */
  staffSources?: Record<string, string>;
  /** The aircraft type given with the flight; left out: none. */
  aircraftType?: string;
  /** What the flight is at this airport; left out: a departure when added, unchanged when updated. */
  movement?: Movement;
}

/** A custom issue of one of the flight rules: its message for the API, its key for the screens. */
function ruleIssue(path: string[], rule: FlightMessageKey) {
  return { code: 'custom' as const, path, message: FLIGHT_MESSAGES[rule], params: { rule } };
}

/** The form/API rules that need the zone and the groups: times, arrival after departure, group names. */
export function flightInputIn(ctx: FlightRulesContext) {
  return flightInputSchema.transform((input, zctx): ResolvedFlight => {
    const departure = parseFlightTime(input.departureTime, ctx.timeZone);
    const arrivalText = input.arrivalTime?.trim() ?? '';
    // No arrival is a valid answer: demand follows departures only.
    const arrival: TimeResult | null = arrivalText === '' ? null : parseFlightTime(arrivalText, ctx.timeZone);
    if (!departure.ok) zctx.addIssue(ruleIssue(['departureTime'], departure.rule));
    if (arrival && !arrival.ok) zctx.addIssue(ruleIssue(['arrivalTime'], arrival.rule));
    if (departure.ok && arrival?.ok && arrival.time <= departure.time) {
      zctx.addIssue(ruleIssue(['arrivalTime'], 'arrivalAfterDeparture'));
    }
    const staff = input.requiredStaff ?? {};
    for (const name of Object.keys(staff)) {
      if (!ctx.groups.includes(name)) zctx.addIssue(ruleIssue(['requiredStaff', name], 'unknownGroup'));
    }
    if (!departure.ok || (arrival && !arrival.ok)) return z.NEVER;
    // Figures given are the planner's; a group left out takes the aircraft table's figure, or 1.
    const byAircraft = (input.aircraftType && ctx.staffForAircraft?.(input.aircraftType)) || {};
    const requiredStaff: Record<string, number> = {};
    const staffSources: Record<string, string> = {};
    for (const name of ctx.flightGroups) {
      requiredStaff[name] = byAircraft[name] ?? 1;
      staffSources[name] = byAircraft[name] === undefined ? 'default' : 'aircraft';
    }
    for (const [name, count] of Object.entries(staff)) {
      requiredStaff[name] = count;
      staffSources[name] = 'manual';
    }
    return {
      flightNumber: input.flightNumber,
      departureTime: toZoneIso(departure.time, ctx.timeZone),
      arrivalTime: arrival?.ok ? toZoneIso(arrival.time, ctx.timeZone) : null,
      requiredStaff,
      staffSources,
      ...(input.aircraftType ? { aircraftType: input.aircraftType.toUpperCase() } : {}),
      ...(input.movement ? { movement: input.movement } : {}),
    };
  });
}

export const flightUpdateSchema = z.object({ version: z.number().int().min(1), data: flightInputSchema }).strict();

export const flightSchema = z.object({
  id: z.string(),
  flightNumber: z.string(),
  departureTime: z.string(),
  arrivalTime: z.string().nullable(),
  requiredStaff: z.record(z.string(), z.number()),
  /** The import that last wrote the flight, or null when a planner entered it. */
  importId: z.string().nullable(),
  /** Where each group's figure came from ('file', 'aircraft', 'default', 'manual'); null when not recorded. */
  staffSources: z.record(z.string(), z.string()).nullable(),
  /** The aircraft type given with the flight, or null; figures from the aircraft table follow the table. */
  aircraftType: z.string().nullable().optional(),
  /** What the flight is at this airport; the API always sends it. */
  movement: z.enum(FLIGHT_MOVEMENTS).optional(),
  /**
   * Each flight group's work for the flight (handling-rules.ts's workResolver): the matching rule's
   * tasks, or the block of requiredStaff; the API always sends it, for every group that takes part in flights.
   */
  work: z.record(z.string(), z.custom<GroupWork>()).optional(),
  version: z.number().int(),
});
export type Flight = z.infer<typeof flightSchema>;
