// Copying a month's timetable onto another month (docs/flights-import.md): each day of the target
// month takes the flights of the source day with the same weekday in the same week of the month, at the
// same local times. Staff figures and arrivals travel with them.
import { DateTime } from 'luxon';
import { toZoneIso, type Flight, type ResolvedFlight } from '../../shared/api/flights.ts';

/**
 * For each day of the target month, the source day with the same weekday in the same week of the
 * month (wrapping back a week where the source month runs out).
 */
export function sourceDayFor(target: DateTime, sourceMonthStart: DateTime): DateTime {
  const week = Math.floor((target.day - 1) / 7);
  const firstSame = sourceMonthStart.plus({ days: (target.weekday - sourceMonthStart.weekday + 7) % 7 });
  let candidate = firstSame.plus({ weeks: week });
  while (candidate.month !== sourceMonthStart.month) candidate = candidate.minus({ weeks: 1 });
  return candidate;
}

/** The flights of `source` (a month's list, airport zone) as they fall in month `target` (YYYY-MM). */
export function copyMonth(source: Flight[], sourceMonth: string, target: string, timeZone: string): ResolvedFlight[] {
  const byDay = new Map<string, Flight[]>();
  for (const f of source) {
    const day = DateTime.fromISO(f.departureTime, { setZone: true }).setZone(timeZone).toISODate()!;
    byDay.set(day, [...(byDay.get(day) ?? []), f]);
  }
  const sourceStart = DateTime.fromISO(`${sourceMonth}-01`, { zone: timeZone });
  const targetStart = DateTime.fromISO(`${target}-01`, { zone: timeZone });
  const out: ResolvedFlight[] = [];
  for (let day = targetStart; day.month === targetStart.month; day = day.plus({ days: 1 })) {
    const from = sourceDayFor(day, sourceStart);
    for (const f of byDay.get(from.toISODate()!) ?? []) {
      // The same wall clock, the same number of days after the source day (an arrival may be next day).
      const move = (iso: string) => {
        const local = DateTime.fromISO(iso, { setZone: true }).setZone(timeZone);
        const days = Math.round(local.startOf('day').diff(from.startOf('day'), 'days').days);
        return DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: local.hour, minute: local.minute }, { zone: timeZone }).plus({
          days,
        });
      };
      const departure = move(f.departureTime);
      const arrival = f.arrivalTime ? move(f.arrivalTime) : null;
      out.push({
        flightNumber: f.flightNumber,
        departureTime: toZoneIso(departure, timeZone),
        arrivalTime: arrival && arrival > departure ? toZoneIso(arrival, timeZone) : null,
        requiredStaff: f.requiredStaff,
        ...(f.staffSources ? { staffSources: f.staffSources } : {}),
        ...(f.aircraftType ? { aircraftType: f.aircraftType } : {}),
        ...(f.movement ? { movement: f.movement } : {}),
      });
    }
  }
  return out;
}
