// How many ground staff of each group a departure needs, judged by the size of its aircraft. A
// timetable import fills a flight's staffing from this when the row names no figures, and the demo
// airport's flights are staffed the same way.
//
// The table still names the demo airport's flight groups (Koordynator, Rampa, PAX/INFO) in code; it
// is to become planning data that planners edit. Until then it lives here rather than in the demo
// module, so that no route needs anything from demo/.

/** Aircraft types that need a wide-body turnaround. */
const WIDE_BODY = /7[4-8]7|A3[3-5]\d|767|777|DC-10|MD-11/;
/** Aircraft types that need a narrow-body jet's turnaround. */
const NARROW_BODY = /737|A3[12]\d|757|MD-8|MD-9|DC-9|717/;

/** The staff per group a departure of `aircraftType` needs; anything smaller than a narrow-body jet gets the least. */
export function requiredStaffFor(aircraftType: string): Record<string, number> {
  const type = aircraftType.toUpperCase();
  if (WIDE_BODY.test(type)) return { Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 };
  if (NARROW_BODY.test(type)) return { Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 };
  return { Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 };
}
