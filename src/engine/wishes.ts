// Employees' wishes (docs/generator-format.md, "Wishes"; docs/decisions/0053-wishes-as-a-soft-term.md):
// per date, a day off, no early, late or night shift, or a day of work. Each is judged by the one shift
// that starts on its date (a shift belongs to the date it starts on, as everywhere in the format), in
// wall-clock minutes from that date's midnight, the end past 1440 when the shift ends the next day.
// The score's `wishes` term (objective.ts) and the report's Q9 (quality.ts) both judge with `wishMet`.

/** The kinds of wish, in the order of their bits. */
export const WISH_KINDS = ['dayOff', 'noEarly', 'noLate', 'noNight', 'work'] as const;
export type WishKind = (typeof WISH_KINDS)[number];

/** An early shift starts before 08:00. */
const EARLY_BEFORE_MINUTES = 8 * 60;
/** A late shift ends after 20:00 (on its date or the next). */
const LATE_AFTER_MINUTES = 20 * 60;
/** A night shift has a minute between 22:00 and 06:00: it starts before 06:00 or ends after 22:00. */
const NIGHT_FROM_MINUTES = 22 * 60;
const NIGHT_UNTIL_MINUTES = 6 * 60;

/** The bit of a kind in a day's set of wishes. */
export const wishBit = (kind: WishKind): number => 1 << WISH_KINDS.indexOf(kind);

/**
 * Whether a wish of this kind is met by the day's shift [start, end) (wall-clock minutes; start −1 when
 * the employee has no shift starting that date).
 */
export function wishMet(kind: WishKind, start: number, end: number): boolean {
  if (start < 0) return kind !== 'work';
  switch (kind) {
    case 'dayOff':
      return false;
    case 'noEarly':
      return start >= EARLY_BEFORE_MINUTES;
    case 'noLate':
      return end <= LATE_AFTER_MINUTES;
    case 'noNight':
      return start >= NIGHT_UNTIL_MINUTES && end <= NIGHT_FROM_MINUTES;
    case 'work':
      return true;
  }
}

/** How many of the wishes in a day's set of bits the shift [start, end) leaves unmet. */
export function unmetWishes(bits: number, start: number, end: number): number {
  if (bits === 0) return 0;
  let unmet = 0;
  for (let i = 0; i < WISH_KINDS.length; i++) if (bits & (1 << i) && !wishMet(WISH_KINDS[i]!, start, end)) unmet++;
  return unmet;
}
