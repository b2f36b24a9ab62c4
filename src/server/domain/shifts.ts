// Shifts of one employee on neighbouring dates (docs/night-operations.md): a night shift may run into
// the next morning, and must not run into that morning's shift.

/** A wall-clock date and time as sortable text ("YYYY-MM-DDTHH:mm"); both sides are in the airport's zone. */
const wall = (date: string, time: string) => `${date}T${time.slice(0, 5)}`;

export type ShiftSpan = { date: string; startTime: string; endTime: string; endDate: string };

/**
 * Whether two shifts of one employee on neighbouring dates overlap: the earlier one still runs when
 * the later one starts (wall-clock times compare as written: one zone, one date order).
 */
export function neighboursOverlap(a: ShiftSpan, b: ShiftSpan): boolean {
  const [earlier, later] = a.date < b.date ? [a, b] : [b, a];
  return wall(earlier.endDate, earlier.endTime) > wall(later.date, later.startTime);
}
