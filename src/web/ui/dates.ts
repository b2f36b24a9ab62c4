import type { Holiday } from '../../shared/api/schedule.ts';
// Dates as the screens show them, in the UI language (the dashboard's, the coverage screens').
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** "pon." / "Mon" */
export const weekdayShort = (date: string, language: string) => formatter(language, { weekday: 'short' }).format(asDate(date));

/** "poniedziałek, 2 marca 2026" / "Monday, March 2, 2026" */
export const longDate = (date: string, language: string) =>
  formatter(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(asDate(date));

/** "pon. 14 grudnia" / "Mon, December 14": a day of a month a planner works in, with its weekday. */
export const weekdayDayMonth = (date: string, language: string) =>
  formatter(language, { weekday: 'short', day: 'numeric', month: 'long' }).format(asDate(date));
/** "poniedziałek, 14 grudnia" / "Monday, December 14": a day of the month on screen, in words */
export const dayInWords = (date: string, language: string) => formatter(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(asDate(date));

/** "2 mar" / "Mar 2" */
export const shortDate = (date: string, language: string) => formatter(language, { day: 'numeric', month: 'short' }).format(asDate(date));

/** "24 grudnia" / "December 24" */
export const dayMonth = (date: string, language: string) => formatter(language, { day: 'numeric', month: 'long' }).format(asDate(date));

/** "2 listopada 2026" / "November 2, 2026" */
export const dayMonthYear = (date: string, language: string) => formatter(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(asDate(date));

/** "12.11.2026" / "11/12/2026" */
export const numericDate = (date: string, language: string) => formatter(language, { day: 'numeric', month: 'numeric', year: 'numeric' }).format(asDate(date));

/** The month answer's public holidays by date, each named in the UI's language. */
export function holidayNames(holidays: readonly Holiday[] | undefined, language: string): Map<string, string> {
  return new Map((holidays ?? []).map((h) => [h.date, language.startsWith('pl') ? h.names.pl : h.names.en]));
}
