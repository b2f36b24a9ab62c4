// Times of flights as the screen shows them, in the airport's zone, and rule messages in the UI language.
import { DateTime } from 'luxon';
import type { TFunction } from 'i18next';
import { flightMessageKey, type RowError } from '../../../shared/api/flights.ts';
import { YEAR_RANGE } from '../../../shared/api/dates.ts';

/** "pon. 02.11 06:05" / "Mon 02.11 06:05": weekday, day.month and time in the airport zone. */
export function formatFlightTime(iso: string, zone: string, language: string): string {
  const time = DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale(language);
  return time.isValid ? time.toFormat('ccc dd.LL HH:mm') : iso;
}

/** The local date (yyyy-MM-dd) and time (HH:mm) of an instant in the airport zone, for the form. */
export function localParts(iso: string, zone: string): { date: string; time: string } {
  const time = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return { date: time.toFormat('yyyy-MM-dd'), time: time.toFormat('HH:mm') };
}

/** The local date of an instant in the airport zone. */
export function localDate(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('yyyy-MM-dd');
}

/** A rule message of the shared flight rules in the UI language; other messages as they came. */
export function ruleText(t: TFunction<'flights'>, error: Pick<RowError, 'message' | 'duplicateOf'>): string {
  const key = flightMessageKey(error.message);
  return key ? t(`rules.${key}`, { row: error.duplicateOf ?? '', min: YEAR_RANGE.min, max: YEAR_RANGE.max }) : error.message;
}
