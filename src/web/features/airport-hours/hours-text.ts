// Operating hours as the screen says them (docs/night-operations.md): a closing at or before the
// opening is on the next day ("04:00–02:00 +1"), and 00:00–24:00 is open all day.
import type { TFunction } from 'i18next';
import { ALL_DAY } from '../../../shared/api/airport-hours.ts';
import { closesNextDay } from '../../../shared/hours.ts';

/** True for the "open 24 h" row: from midnight to midnight. */
export const isAllDay = (row: { openingTime: string; closingTime: string }): boolean =>
  row.openingTime.slice(0, 5) === ALL_DAY.openingTime && row.closingTime.slice(0, 5) === ALL_DAY.closingTime;

/** "06:00–22:00", "04:00–02:00 the next day" or "open 24 h (00:00–24:00)", in the UI language. */
export function hoursText(row: { openingTime: string; closingTime: string }, t: TFunction<'airportHours'>): string {
  if (isAllDay(row)) return t('hours.allDayRange');
  const times = { opening: row.openingTime.slice(0, 5), closing: row.closingTime.slice(0, 5) };
  return closesNextDay(row.openingTime, row.closingTime) ? t('hours.rangeNextDay', times) : t('hours.range', times);
}
