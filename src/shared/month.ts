// A calendar month as the app passes it around: "YYYY-MM". The database keeps month as 0–11 and
// year (docs/product.md §3); these helpers convert between the two. What a valid month is (01–12,
// the years of YEAR_RANGE) is said once, by isoMonth in ./api/dates.ts.

export interface MonthParts {
  /** Zero-based month, 0 = January. */
  month: number;
  year: number;
}

export function parseMonthKey(key: string): MonthParts {
  const [y, m] = key.split('-').map(Number);
  return { year: y!, month: m! - 1 };
}

export function toMonthKey({ year, month }: MonthParts): string {
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function addMonths(key: string, delta: number): string {
  const { year, month } = parseMonthKey(key);
  const index = year * 12 + month + delta;
  return toMonthKey({ year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 });
}

export function daysInMonth(key: string): number {
  const { year, month } = parseMonthKey(key);
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** First and last date of the month, as YYYY-MM-DD. */
export function monthRange(key: string): { first: string; last: string } {
  return { first: `${key}-01`, last: `${key}-${String(daysInMonth(key)).padStart(2, '0')}` };
}

/** Every date of the month, as YYYY-MM-DD. */
export function monthDates(key: string): string[] {
  return Array.from({ length: daysInMonth(key) }, (_, i) => `${key}-${String(i + 1).padStart(2, '0')}`);
}

/** 0 = Sunday … 6 = Saturday, for a YYYY-MM-DD date. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
