// The working-time norm of a month (docs/working-time.md): Polish Labour Code art. 130 § 1–2. The norm
// is 40 hours for each full week of the period plus 8 hours for each weekday, Monday to Friday, left over,
// less 8 hours for each public holiday that falls on a day other than Sunday. Any seven days in a row hold
// five weekdays, so for a month this is 8 hours a weekday, less 8 for each holiday on a weekday or a Saturday
// (a Saturday holiday gives the staff another day off: art. 130 § 2).

/** A month's norm and what made it. */
export interface MonthNorm {
  /** YYYY-MM */
  month: string;
  /** The norm in hours. */
  hours: number;
  /** Full weeks of the month counted from its first day, and the weekdays left over after them. */
  fullWeeks: number;
  remainingWeekdays: number;
  /** The holidays that lower it (dates, YYYY-MM-DD): those not on a Sunday. */
  lowering: string[];
}

const DAY_HOURS = 8;
const WEEK_HOURS = 40;

/** Day of the week of a date, 0 = Sunday. */
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The norm of a month ("YYYY-MM") given the public holidays (dates) of the airport's country. */
export function monthNorm(month: string, holidays: Iterable<string>): MonthNorm {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const dateOf = (day: number) => `${month}-${String(day).padStart(2, '0')}`;
  const fullWeeks = Math.floor(days / 7);
  let remainingWeekdays = 0;
  for (let day = fullWeeks * 7 + 1; day <= days; day++) {
    const w = weekdayOf(dateOf(day));
    if (w !== 0 && w !== 6) remainingWeekdays++;
  }
  const lowering = [...new Set(holidays)].filter((d) => d.startsWith(`${month}-`) && weekdayOf(d) !== 0).sort();
  return { month, hours: WEEK_HOURS * fullWeeks + DAY_HOURS * remainingWeekdays - DAY_HOURS * lowering.length, fullWeeks, remainingWeekdays, lowering };
}
