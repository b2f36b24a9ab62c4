// Timetable import (docs/flights-import.md): a file's header and rows as text cells, a column mapping
// that says which column holds what, and the rules that turn one row into a flight. The browser runs
// the same mapping for the live preview of the first rows; the server runs it again for the dry run and
// the import, so a file cannot slip past the rules by skipping the preview.
import { DateTime } from 'luxon';
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import {
  FLIGHT_MESSAGES,
  flightNumberSchema,
  parseFlightTime,
  staffCountSchema,
  toZoneIso,
  type FlightMessageKey,
  type FlightRulesContext,
  type ResolvedFlight,
  type TimeResult,
} from './flights.ts';
import { issueParamsSchema, paramsOfIssue, type IssueParams } from './issues.ts';
import { isoDate, isoMonth } from './dates.ts';
import type { StaffSource } from './aircraft-staffing.ts';

/** A timetable file may be at most this big and hold at most this many rows and columns. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_COLUMNS = 100;
/** Longer cells of a timetable file are cut to this length before they are sent (they are invalid anyway). */
export const IMPORT_CELL_MAX = 200;
export const FILE_NAME_MAX = 200;

/** Whether the file's times are the airport's wall clock or UTC. */
const TIME_BASES = ['local', 'utc'] as const;
export type TimeBasis = (typeof TIME_BASES)[number];

const columnName = z.string().trim().min(1).max(IMPORT_CELL_MAX);

/**
 * Which column holds what, by header name. The departure is one column with date and time, or a date
 * column (departureDate) plus a time column (departure). The arrival is optional; a bare time there
 * takes the departure's date (the next day when it would not be after the departure).
 */
export const importMappingSchema = z
  .object({
    flightNumber: columnName,
    departure: columnName,
    departureDate: columnName.nullable().default(null),
    arrival: columnName.nullable().default(null),
    arrivalDate: columnName.nullable().default(null),
    aircraftType: columnName.nullable().default(null),
    /** Optional: what each flight is here (departure, arrival, turnaround; also odlot, przylot, obrót). */
    movement: columnName.nullable().optional(),
    /** Staff columns: group name → column. */
    staff: z.record(z.string().min(1).max(60), columnName).default({}),
    times: z.enum(TIME_BASES).default('local'),
  })
  .strict();
export type ImportMapping = z.infer<typeof importMappingSchema>;
export type ImportMappingInput = z.input<typeof importMappingSchema>;

/** The messages of the import's own rules (the flight rules are FLIGHT_MESSAGES). */
export const IMPORT_MESSAGES = {
  date: 'must be a date as YYYY-MM-DD or DD.MM.YYYY',
  clock: 'must be a time as HH:MM',
  duplicateHeader: 'names a column twice',
  unknownColumn: 'is not a column of the file',
  columnTwice: 'is chosen for two fields',
  movement: 'must be departure, arrival or turnaround (odlot, przylot, obrót)',
} as const;
export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;

/** The key of a header for matching saved mappings: the trimmed, lower-cased names in order. */
export function headerKey(header: string[]): string {
  return JSON.stringify(header.map((h) => h.trim().toLowerCase()));
}

/** The first repeated non-blank name of a header (case and spaces ignored), or null. */
export function duplicatedHeader(header: string[]): string | null {
  const seen = new Set<string>();
  for (const name of header) {
    const key = name.trim().toLowerCase();
    if (key === '') continue;
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return null;
}

/** Every column a mapping uses, with the field it feeds. */
function mappedColumns(mapping: ImportMapping): [string, string][] {
  const out: [string, string][] = [
    ['flightNumber', mapping.flightNumber],
    ['departure', mapping.departure],
  ];
  for (const field of ['departureDate', 'arrival', 'arrivalDate', 'aircraftType', 'movement'] as const) {
    const column = mapping[field];
    if (column) out.push([field, column]);
  }
  for (const [group, column] of Object.entries(mapping.staff)) out.push([group, column]);
  return out;
}

/** A table file's header as the browser read it (flights and staff imports alike). */
export const fileHeaderSchema = z.array(z.string().max(IMPORT_CELL_MAX)).min(1).max(IMPORT_MAX_COLUMNS);

/** A table file's data rows: each with its number in the file (the header is row 1); `what` names them in the refusal. */
export const fileRowsSchema = (what: string, max: number) =>
  z
    .array(
      z
        .object({
          /** The row's number in the file (the header is row 1). */
          row: z.number().int().min(2),
          cells: z.array(z.string().max(IMPORT_CELL_MAX)).max(IMPORT_MAX_COLUMNS),
        })
        .strict(),
    )
    .min(1, `the file has no ${what}`)
    .max(max, `at most ${max} rows can be imported at once`);

/** The body of POST /api/flights/import: the file's header and rows, and how to read them. */
export const importBodySchema = z
  .object({
    /** Only classify the rows (the dry run); write nothing. */
    dryRun: z.boolean().optional(),
    fileName: plainText().min(1).max(FILE_NAME_MAX),
    header: fileHeaderSchema,
    mapping: importMappingSchema,
    rows: fileRowsSchema('flights', IMPORT_MAX_ROWS),
  })
  .strict()
  .superRefine((body, ctx) => {
    const repeated = duplicatedHeader(body.header);
    if (repeated !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['header'],
        message: `${repeated} ${IMPORT_MESSAGES.duplicateHeader}`,
        params: { rule: 'duplicateHeader', column: repeated },
      });
    }
    const names = new Set(body.header.map((h) => h.trim()));
    const used = new Map<string, string>();
    for (const [field, column] of mappedColumns(body.mapping)) {
      if (!names.has(column)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: `${column} ${IMPORT_MESSAGES.unknownColumn}`,
          params: { rule: 'unknownColumn', column },
        });
      } else if (used.has(column)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: `${column} ${IMPORT_MESSAGES.columnTwice}`,
          params: { rule: 'columnTwice', column },
        });
      }
      used.set(column, field);
    }
  });
export type ImportBody = z.input<typeof importBodySchema>;
export type ImportFileRow = { row: number; cells: string[] };

/** One problem of one row: the field of the mapping it is in, and why. */
export const rowErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** For a repeated row: the row number it repeats. */
  duplicateOf: z.number().int().optional(),
  /** Why, in words a screen translates: the rule's key or the zod issue and its limits. */
  params: issueParamsSchema.optional(),
});
export type RowError = z.infer<typeof rowErrorSchema>;

/** What a mapped row says, as text: what the live preview shows before any rule runs. */
export interface MappedRow {
  row: number;
  flightNumber: string;
  departure: string;
  arrival: string;
  aircraftType: string;
  /** The movement column's cell; blank without one. */
  movement?: string;
  staff: Record<string, string>;
}

/** Picks a row's cells by the mapping. Date and time columns are joined with a space. */
export function mapRow(header: string[], mapping: ImportMapping, row: ImportFileRow): MappedRow {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const name = h.trim();
    if (name !== '' && !index.has(name)) index.set(name, i);
  });
  const cell = (column: string | null) => (column === null ? '' : (row.cells[index.get(column) ?? -1] ?? '').trim());
  const join = (date: string | null, time: string | null) => {
    if (date === null) return cell(time);
    const d = cell(date);
    const t = cell(time);
    return d === '' && t === '' ? '' : `${d} ${t}`.trim();
  };
  return {
    row: row.row,
    flightNumber: cell(mapping.flightNumber),
    departure: join(mapping.departureDate, mapping.departure),
    arrival: mapping.arrival === null ? '' : join(mapping.arrivalDate, mapping.arrival),
    aircraftType: cell(mapping.aircraftType),
    ...(mapping.movement ? { movement: cell(mapping.movement) } : {}),
    staff: Object.fromEntries(Object.entries(mapping.staff).map(([group, column]) => [group, cell(column)])),
  };
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const CLOCK_DIGITS = /^(\d{1,2})(\d{2})$/;

/** A date of a file as YYYY-MM-DD: 2026-01-05, 2026/1/5, 05.01.2026 or 5-1-2026; null when it is none of these. */
export function normaliseDate(text: string): string | null {
  const value = text.trim();
  let parts: [string, string, string] | null = null;
  const iso = ISO_DATE.exec(value);
  if (iso) parts = [iso[1]!, iso[2]!, iso[3]!];
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) parts = [dayFirst[3]!, dayFirst[2]!, dayFirst[1]!];
  if (!parts) return null;
  return `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
}

/** A clock time of a file as HH:MM: 06:05, 6:05, 06:05:00, 0605 or 605; null when it is none of these. */
export function normaliseClock(text: string): string | null {
  const value = text.trim();
  const match = CLOCK.exec(value) ?? CLOCK_DIGITS.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

type MomentResult = TimeResult | { ok: false; rule: ImportMessageKey };

/** A departure or arrival of a file: date and time (or an ISO date-time with offset), local or UTC. */
function readMoment(text: string, times: TimeBasis, zone: string): MomentResult {
  const value = text.trim();
  if (value === '') return { ok: false, message: FLIGHT_MESSAGES.required, rule: 'required' };
  const withOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) && /^\d{4}-\d{2}-\d{2}[T ]/.test(value);
  if (withOffset) return parseFlightTime(value, zone);
  const split = /^(\S+)[T\s]+(\S+)$/.exec(value);
  if (!split) return normaliseDate(value) !== null ? { ok: false, rule: 'clock' } : { ok: false, rule: 'date' };
  const date = normaliseDate(split[1]!);
  if (date === null) return { ok: false, rule: 'date' };
  const clock = normaliseClock(split[2]!);
  if (clock === null) return { ok: false, rule: 'clock' };
  const wall = `${date}T${clock}`;
  if (times === 'local') return parseFlightTime(wall, zone);
  const utc = parseFlightTime(wall, 'UTC');
  return utc.ok ? { ok: true, time: utc.time.setZone(zone) } : utc;
}

/** An arrival that is only a clock time takes the departure's date in the file's clock, or the next day. */
function readArrival(text: string, departure: DateTime, times: TimeBasis, zone: string): MomentResult {
  const clock = normaliseClock(text);
  if (clock === null) return readMoment(text, times, zone);
  const day = departure.setZone(times === 'utc' ? 'UTC' : zone).toFormat('yyyy-MM-dd');
  const same = readMoment(`${day} ${clock}`, times, zone);
  if (!same.ok || same.time > departure) return same;
  return readMoment(`${DateTime.fromISO(day).plus({ days: 1 }).toFormat('yyyy-MM-dd')} ${clock}`, times, zone);
}

export interface ImportRulesContext extends FlightRulesContext {
  /**
   * Headcount per group for an aircraft type (the aircraft table), used when a row has no staff figure
   * for a group; undefined when the table does not know the type.
   */
  staffForAircraft?: (aircraftType: string) => Record<string, number> | undefined;
}

/** The error of a rule, with its key in params (FLIGHT_MESSAGES' or IMPORT_MESSAGES'). */
function ruleError(field: string, rule: FlightMessageKey | ImportMessageKey): RowError {
  const message = rule in FLIGHT_MESSAGES ? FLIGHT_MESSAGES[rule as FlightMessageKey] : IMPORT_MESSAGES[rule as ImportMessageKey];
  return { field, message, params: { issue: 'custom', rule } };
}

function issueError(field: string, issue: z.core.$ZodIssue): RowError {
  const params: IssueParams = paramsOfIssue(issue);
  return { field, message: issue.message, params };
}

export type CheckedRow = { row: number; ok: true; flight: ResolvedFlight } | { row: number; ok: false; errors: RowError[] };

/** The rules of one mapped row; the flight when it keeps them all. */
export function checkMappedRow(mapped: MappedRow, times: TimeBasis, ctx: ImportRulesContext): CheckedRow {
  const errors: RowError[] = [];
  const number = flightNumberSchema.safeParse(mapped.flightNumber);
  if (!number.success) errors.push(issueError('flightNumber', number.error.issues[0]!));
  const departure = readMoment(mapped.departure, times, ctx.timeZone);
  if (!departure.ok) errors.push(ruleError('departure', departure.rule));
  let arrival: DateTime | null = null;
  if (mapped.arrival !== '' && departure.ok) {
    const read = readArrival(mapped.arrival, departure.time, times, ctx.timeZone);
    if (!read.ok) errors.push(ruleError('arrival', read.rule));
    else if (read.time <= departure.time) errors.push(ruleError('arrival', 'arrivalAfterDeparture'));
    else arrival = read.time;
  }
  const movementText = mapped.movement?.trim() ?? '';
  const movement = movementText === '' ? undefined : MOVEMENT_WORDS[movementText.toLowerCase()];
  if (movementText !== '' && !movement) errors.push({ field: 'movement', message: IMPORT_MESSAGES.movement, params: { issue: 'custom', rule: 'movement' } });
  const byAircraft = (mapped.aircraftType && ctx.staffForAircraft?.(mapped.aircraftType)) || {};
  const requiredStaff: Record<string, number> = {};
  const staffSources: Record<string, StaffSource> = {};
  for (const name of ctx.flightGroups) {
    const known = byAircraft[name];
    requiredStaff[name] = known ?? 1;
    staffSources[name] = known === undefined ? 'default' : 'aircraft';
  }
  for (const [name, text] of Object.entries(mapped.staff)) {
    if (!ctx.groups.includes(name)) {
      errors.push(ruleError(name, 'unknownGroup'));
      continue;
    }
    if (text === '') continue; // an empty cell keeps the default
    const count = /^\d+$/.test(text) ? Number(text) : null;
    const checked = staffCountSchema.safeParse(count);
    if (count === null) errors.push(ruleError(name, 'staffNumber'));
    else if (!checked.success) errors.push(issueError(name, checked.error.issues[0]!));
    else {
      requiredStaff[name] = checked.data;
      staffSources[name] = 'file';
    }
  }
  if (errors.length > 0 || !number.success || !departure.ok) return { row: mapped.row, ok: false, errors };
  return {
    row: mapped.row,
    ok: true,
    flight: {
      flightNumber: number.data,
      departureTime: toZoneIso(departure.time, ctx.timeZone),
      arrivalTime: arrival ? toZoneIso(arrival, ctx.timeZone) : null,
      requiredStaff,
      staffSources,
      ...(mapped.aircraftType.trim() ? { aircraftType: mapped.aircraftType.trim().toUpperCase() } : {}),
      ...(movement ? { movement } : {}),
    },
  };
}

/** A movement as timetables write it, in English or Polish. */
const MOVEMENT_WORDS: Record<string, 'departure' | 'arrival' | 'turnaround'> = {
  departure: 'departure',
  arrival: 'arrival',
  turnaround: 'turnaround',
  odlot: 'departure',
  przylot: 'arrival',
  obrót: 'turnaround',
  obrot: 'turnaround',
};

/** Identity of a flight for re-imports: its number and its departure's date in the airport zone. */
export function flightDayKey(flightNumber: string, departureIso: string, timeZone: string): string {
  return `${flightNumber}|${DateTime.fromISO(departureIso, { setZone: true }).setZone(timeZone).toFormat('yyyy-MM-dd')}`;
}

/**
 * Maps and checks every row, and marks repeats of an earlier row (same flight number and departure
 * date). Returns the rows in file order, each with its flight or its errors.
 */
export function checkImportFile(header: string[], rows: ImportFileRow[], mapping: ImportMapping, ctx: ImportRulesContext) {
  const firstRowOf = new Map<string, number>();
  return rows.map((row): CheckedRow & { key?: string } => {
    const checked = checkMappedRow(mapRow(header, mapping, row), mapping.times, ctx);
    if (!checked.ok) return checked;
    const key = flightDayKey(checked.flight.flightNumber, checked.flight.departureTime, ctx.timeZone);
    const earlier = firstRowOf.get(key);
    if (earlier !== undefined) {
      return {
        row: row.row,
        ok: false,
        errors: [{ ...ruleError('flightNumber', 'duplicateInFile'), duplicateOf: earlier }],
      };
    }
    firstRowOf.set(key, row.row);
    return { ...checked, key };
  });
}

/** A mapping guessed from a header's names, for a file no saved mapping knows. */
export function guessMapping(header: string[], groups: string[]): ImportMappingInput | null {
  const names = header.map((h) => h.trim()).filter((h) => h !== '');
  const find = (...patterns: RegExp[]) => {
    for (const pattern of patterns) {
      const found = names.find((n) => pattern.test(n.toLowerCase()));
      if (found) return found;
    }
    return null;
  };
  const flightNumber = find(/^flight_?number$/, /^flight ?(no|nr|number)\.?$/, /^(flight|flt|lot|nr lotu|numer lotu)$/, /flight|flt/);
  const departureDate = find(/^(departure|dep|std)[ _]?date$/, /^(date|data|day)$/);
  const departure = find(/^departure_time$/, /^(departure|dep|std)[ _]?(time)?$/, /^(time|godzina|odlot)$/, /dep|std|odlot/);
  const arrival = find(/^arrival_time$/, /^(arrival|arr|sta)[ _]?(time)?$/, /arr|sta\b|przylot/);
  const aircraftType = find(/^aircraft_type$/, /aircraft|equipment|equip|^ac ?type$|^type$|samolot/);
  const movement = find(/^movement$/, /^(ruch|rodzaj ruchu|operacja)$/);
  const used = new Set([flightNumber, departure, departureDate, arrival, aircraftType, movement]);
  const staff: Record<string, string> = {};
  for (const group of groups) {
    const column = names.find((n) => !used.has(n) && [group.toLowerCase(), `staff_${group.toLowerCase()}`].includes(n.toLowerCase()));
    if (column) staff[group] = column;
  }
  if (!flightNumber || !departure) return null;
  const splitDate = departureDate !== null && departureDate !== departure ? departureDate : null;
  return {
    flightNumber,
    departure,
    departureDate: splitDate,
    arrival: arrival !== departure ? arrival : null,
    arrivalDate: null,
    aircraftType,
    ...(movement ? { movement } : {}),
    staff,
    times: 'local',
  };
}

export type ImportStatus = 'new' | 'changed' | 'unchanged' | 'invalid';

export const importPreviewSchema = z.object({
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() }),
  /** The invalid rows, in file order, each with its reasons. */
  invalid: z.array(z.object({ row: z.number().int(), errors: z.array(rowErrorSchema) })),
  /** The month that would receive the most flights (YYYY-MM), or null. */
  month: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  importId: z.string(),
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  /** The month that received the most flights (YYYY-MM), or null. */
  month: z.string().nullable(),
  /** The days (YYYY-MM-DD, the airport's dates) on which a flight was added or changed: their coverage changed. */
  days: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** A saved mapping: offered again for a file with the same header. */
export const importProfileSchema = z.object({
  header: z.array(z.string()),
  mapping: importMappingSchema,
  updatedAt: z.string(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;

/** The month (YYYY-MM, airport zone) in which most of these departures fall; the earliest on a tie. */
export function busiestMonth(departures: string[], timeZone: string): string | null {
  const counts = new Map<string, number>();
  for (const iso of departures) {
    const month = DateTime.fromISO(iso, { setZone: true }).setZone(timeZone).toFormat('yyyy-MM');
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [month, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (best === null || count > counts.get(best)!) best = month;
  }
  return best;
}

/** The 400 of a refused import: every invalid row with its errors. */
export interface ImportRefusal {
  code: 'IMPORT_INVALID';
  message: string;
  requestId: string;
  params: { count: number };
  rows: { row: number; errors: RowError[] }[];
}

// ---- Bulk actions ----

/** POST /api/flights/delete: the flights of a month, of a day, or a selection by id. */
export const bulkDeleteSchema = z.union([
  z.object({ month: isoMonth }).strict(),
  z.object({ date: isoDate }).strict(),
  z.object({ ids: z.array(z.uuid('must be a flight id')).min(1).max(IMPORT_MAX_ROWS) }).strict(),
]);
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;

/** POST /api/flights/copy: a month's timetable onto another month, keeping weekdays and local times. */
export const copyMonthSchema = z.object({ from: isoMonth, to: isoMonth }).strict();
export const copyResultSchema = z.object({ copied: z.number().int(), skipped: z.number().int(), month: z.string() });
export type CopyResult = z.infer<typeof copyResultSchema>;

/** One past import, as the Flights screen lists them (GET /api/flights/imports). */
export const importRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  fileName: z.string(),
  format: z.enum(['table', 'ssim']),
  timeBasis: z.string(),
  /** The name of the account that ran it; null when the account is gone. */
  userName: z.string().nullable(),
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  /** The month that received the most of its flights (YYYY-MM); null for imports recorded before months were. */
  month: z.string().nullable(),
});
export type ImportRecordEntry = z.infer<typeof importRecordSchema>;
