// The month's working-time norm for the airport (docs/working-time.md): Labour Code art. 130, from the
// calendar and Poland's public holidays. Only where the airport's time zone is Poland's: elsewhere the
// Polish code does not apply, and Grafik suggests no figure.
import type { Db } from '../db/client.ts';
import { countryOfZone, holidaysIn } from '../domain/holidays.ts';
import { getSettings } from '../repos/settings.ts';
import { monthNorm } from '../../shared/working-time.ts';
import type { MonthNormAnswer } from '../../shared/api/monthly-hours.ts';

export async function normOfMonth(db: Db, month: string): Promise<MonthNormAnswer> {
  const { timeZone } = await getSettings(db);
  if (countryOfZone(timeZone) !== 'PL') return { month, norm: null };
  const holidays = holidaysIn(month, timeZone);
  const norm = monthNorm(
    month,
    holidays.map((h) => h.date),
  );
  return {
    month,
    norm: {
      hours: norm.hours,
      fullWeeks: norm.fullWeeks,
      remainingWeekdays: norm.remainingWeekdays,
      holidays: holidays.filter((h) => norm.lowering.includes(h.date)),
    },
  };
}
