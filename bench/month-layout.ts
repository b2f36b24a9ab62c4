// What the benchmarks that lay out a month of shifts by hand share: the day's shift patterns a
// 60-person month is filled with, and the median of timings.

/** Start and end times the laid-out months cycle through. */
export const SHIFT_PATTERNS = [
  ['05:00', '13:00'],
  ['06:00', '14:30'],
  ['09:30', '17:30'],
  ['13:00', '21:00'],
  ['14:00', '22:30'],
] as const;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
