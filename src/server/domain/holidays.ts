// Public holidays of the airport's country, for the month grid (weekends and holidays stand out).
// The country follows the airport's time zone: each country in the holiday library lists the zones it
// lies in, and a zone claimed by exactly one country names it (Europe/Warsaw: Poland). A zone with no
// country, or with several, shows no holidays rather than another country’s. Decision 0022.
import Holidays from 'date-holidays';
import type { Holiday } from '../../shared/api/schedule.ts';

let countryByZone: Map<string, string | null> | undefined;

/** The one country whose holiday data lists the time zone, or null. Built once (about 0.1 s). */
export function countryOfZone(timeZone: string): string | null {
  if (!countryByZone) {
    countryByZone = new Map();
    for (const code of Object.keys(new Holidays().getCountries())) {
      for (const zone of new Holidays(code).getTimezones() ?? []) {
        countryByZone.set(zone, countryByZone.has(zone) ? null : code);
      }
    }
  }
  return countryByZone.get(timeZone) ?? null;
}

const byCountry = new Map<string, Holidays>();

/** The public (statutory) holidays falling in a month ("YYYY-MM"), named in Polish and English. */
export function holidaysIn(month: string, timeZone: string): Holiday[] {
  const country = countryOfZone(timeZone);
  if (!country) return [];
  let calendar = byCountry.get(country);
  if (!calendar) byCountry.set(country, (calendar = new Holidays(country)));
  const year = Number(month.slice(0, 4));
  const inMonth = (lang: string) => calendar.getHolidays(year, lang).filter((h) => h.type === 'public' && h.date.startsWith(month));
  const english = new Map(inMonth('en').map((h) => [h.date.slice(0, 10), h.name]));
  const out: Holiday[] = [];
  for (const h of inMonth('pl')) {
    const date = h.date.slice(0, 10);
    // Two holidays on one date (rare) read as one: the first name stands.
    if (out.some((o) => o.date === date)) continue;
    out.push({ date, names: { pl: h.name, en: english.get(date) ?? h.name } });
  }
  return out;
}
