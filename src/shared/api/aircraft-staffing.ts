// Staff by aircraft type (docs/flights-import.md): the table planners keep of how many of each flight
// group a departure of an aircraft type needs, and where each flight's figures came from. An import
// uses the table for every group the file has no staff column for; a type the table does not know
// takes the default of 1 per group.
import { z } from 'zod';
import { STAFF_MAX } from './flights.ts';

/** At most this many aircraft types in the table. */
const AIRCRAFT_TYPES_MAX = 200;

/** Where a flight's figure for one group came from. */
const STAFF_SOURCES = ['file', 'aircraft', 'default', 'manual'] as const;
export type StaffSource = (typeof STAFF_SOURCES)[number];

export const AIRCRAFT_MESSAGES = {
  aircraftType: 'must be an aircraft type code of 2 to 4 letters or digits, such as B738, 738 or E75L',
  duplicateType: 'is already in the table',
  staffCount: `must be a whole number from 0 to ${STAFF_MAX}`,
  unknownGroup: 'is not a staff group that takes part in flights',
} as const;

const TYPE_CODE = /^[A-Z0-9]{2,4}$/;

/**
 * Size classes: a table row for a class serves every type of that size the table does not name
 * itself. They are stored under these keys, which no type code can take.
 */
export const SIZE_CLASSES = ['size:wide', 'size:narrow', 'size:small'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];
export const isSizeClass = (key: string): key is SizeClass => (SIZE_CLASSES as readonly string[]).includes(key);

/** A type code as stored: trimmed and upper-cased (a size class key as it is). */
export const normaliseAircraftType = (text: string) => (isSizeClass(text.trim()) ? text.trim() : text.trim().toUpperCase());

/** Wide-body types, by name (BOEING 747-400), ICAO designator (B77W) or IATA code (333). */
const WIDE_BODY = /7[4-8]7|A3[3-5]\d|A38\d|A30\d|A310|DC-?10|MD-?11|^B7[4-8]\w$|^(74|76|77|78)\w$|^3[3-8]\w$|^A3[3-8]\w$/;
/** Narrow-body jets, the same ways. */
const NARROW_BODY = /737|A3[12]\d|757|MD-?8|MD-?9|DC-?9|717|^B7[1-5]\w$|^B3[89]M$|^7[1-5]\w$|^7M\d$|^3[12]\w$|^A[12][019]N$|^BCS\d$|^22\d$/;

/** The size class of an aircraft type: wide-body, narrow-body jet, or anything smaller. */
export function sizeClassOf(aircraftType: string): SizeClass {
  const type = aircraftType.trim().toUpperCase();
  if (WIDE_BODY.test(type)) return 'size:wide';
  if (NARROW_BODY.test(type)) return 'size:narrow';
  return 'size:small';
}

const staffFigure = z
  .number({ error: AIRCRAFT_MESSAGES.staffCount })
  .int(AIRCRAFT_MESSAGES.staffCount)
  .min(0, AIRCRAFT_MESSAGES.staffCount)
  .max(STAFF_MAX, AIRCRAFT_MESSAGES.staffCount);

const aircraftStaffingRowSchema = z
  .object({
    aircraftType: z
      .string({ error: AIRCRAFT_MESSAGES.aircraftType })
      .transform(normaliseAircraftType)
      .refine((v) => TYPE_CODE.test(v) || isSizeClass(v), { message: AIRCRAFT_MESSAGES.aircraftType, params: { rule: 'aircraftType' } }),
    requiredStaff: z.record(z.string().min(1).max(60), staffFigure),
  })
  .strict();
export type AircraftStaffing = z.infer<typeof aircraftStaffingRowSchema>;
/** A row as the API answers it. */
export const aircraftStaffingSchema = z.object({ aircraftType: z.string(), requiredStaff: z.record(z.string(), z.number()) });

/** The body of PUT /api/aircraft-staffing: the whole table, in the order shown. */
export const aircraftStaffingBodySchema = z
  .object({
    rows: z.array(aircraftStaffingRowSchema).max(AIRCRAFT_TYPES_MAX),
    /**
     * The table as the planner loaded it: when someone saved another table since, nothing is saved
     * and the answer is 409 STALE. Absent: the table is replaced whatever it holds now.
     */
    seen: z.array(aircraftStaffingSchema).max(AIRCRAFT_TYPES_MAX).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rows.forEach((row, i) => {
      if (seen.has(row.aircraftType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'aircraftType'],
          message: `${row.aircraftType} ${AIRCRAFT_MESSAGES.duplicateType}`,
          params: { rule: 'duplicateType' },
        });
      }
      seen.add(row.aircraftType);
    });
  });
export type AircraftStaffingBody = z.input<typeof aircraftStaffingBodySchema>;

/** Whether two tables hold the same rows in the same order, with the same figures per group. */
export function sameAircraftTable(a: readonly AircraftStaffing[], b: readonly AircraftStaffing[]): boolean {
  const key = (rows: readonly AircraftStaffing[]) =>
    JSON.stringify(rows.map((r) => [r.aircraftType, Object.entries(r.requiredStaff).toSorted(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))]));
  return key(a) === key(b);
}

/**
 * The same aircraft under its IATA code (as SSIM files write it) and its ICAO designator (as many
 * other timetables do): a table row of either serves both.
 */
const IATA_TO_ICAO: Record<string, string> = {
  '319': 'A319',
  '320': 'A320',
  '321': 'A321',
  '32N': 'A20N',
  '32Q': 'A21N',
  '31N': 'A19N',
  '223': 'BCS3',
  '221': 'BCS1',
  '733': 'B733',
  '734': 'B734',
  '735': 'B735',
  '736': 'B736',
  '738': 'B738',
  '73H': 'B738',
  '739': 'B739',
  '7M8': 'B38M',
  '7M9': 'B39M',
  '752': 'B752',
  '763': 'B763',
  '772': 'B772',
  '77W': 'B77W',
  '788': 'B788',
  '789': 'B789',
  '332': 'A332',
  '333': 'A333',
  '359': 'A359',
  E70: 'E170',
  E75: 'E75L',
  E90: 'E190',
  E95: 'E195',
  '290': 'E290',
  '295': 'E295',
  CR7: 'CRJ7',
  CR9: 'CRJ9',
  CRK: 'CRJX',
  AT7: 'AT76',
  AT5: 'AT45',
  DH4: 'DH8D',
};

/** The ICAO designator of a type written by its IATA code (738 → B738); any other code as it is. */
export function icaoDesignatorOf(code: string): string {
  const type = normaliseAircraftType(code);
  return IATA_TO_ICAO[type] ?? type;
}

/** The codes a type may be written as: itself and its IATA or ICAO twin. */
export function aircraftTypeAliases(code: string): string[] {
  const type = normaliseAircraftType(code);
  const out = [type];
  const icao = IATA_TO_ICAO[type] ?? type;
  out.push(icao);
  // Every IATA code of the same aircraft (738 and 73H are both a B738).
  for (const [iata, designator] of Object.entries(IATA_TO_ICAO)) if (designator === icao) out.push(iata);
  return [...new Set(out)];
}

/**
 * Looks an aircraft type up in the table: by its own code, then its twins, then its size class;
 * undefined when the table knows none of them.
 */
export function staffingLookup(rows: AircraftStaffing[]): (aircraftType: string) => Record<string, number> | undefined {
  const byType = new Map(rows.map((r) => [r.aircraftType, r.requiredStaff]));
  return (aircraftType) => {
    for (const code of aircraftTypeAliases(aircraftType)) {
      const found = byType.get(code);
      if (found) return found;
    }
    return byType.get(sizeClassOf(aircraftType));
  };
}
