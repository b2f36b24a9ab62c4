// How many ground staff of each group the demo airport's departures need, judged by the size of the
// aircraft (the same size classes as the staff-by-aircraft-type table, src/shared/api/aircraft-staffing.ts).
// A real airport keeps its own figures in that table; migration 0013 starts it with these.
import { sizeClassOf } from '../../shared/api/aircraft-staffing.ts';

const BY_SIZE = {
  'size:wide': { Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 },
  'size:narrow': { Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 },
  'size:small': { Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 },
} as const;

/** The staff per group a departure of `aircraftType` needs; anything smaller than a narrow-body jet gets the least. */
export function requiredStaffFor(aircraftType: string): Record<string, number> {
  return { ...BY_SIZE[sizeClassOf(aircraftType)] };
}
