// Maps a real timetable month onto another month, keeping each flight's weekday and local time.
import { DateTime } from 'luxon';
import Papa from 'papaparse';
import { sourceDayFor } from '../flights/copy.ts';

export interface TimetableRow {
  flightNumber: string;
  departure: string; // local wall clock, YYYY-MM-DDTHH:mm
  arrival: string;
  aircraftType: string;
}

export function parseTimetableCsv(text: string): TimetableRow[] {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  return parsed.data.map((r) => ({
    flightNumber: r.flight_number ?? '',
    departure: r.departure_time ?? '',
    arrival: r.arrival_time ?? '',
    aircraftType: r.aircraft_type ?? '',
  }));
}

/** The timetable's flights moved onto `month` (YYYY-MM) in `timeZone`, as ISO date-times with offsets. */
export function mapTimetableToMonth(rows: TimetableRow[], month: string, timeZone: string) {
  const byDay = new Map<string, TimetableRow[]>();
  for (const row of rows) {
    const day = row.departure.slice(0, 10);
    const list = byDay.get(day) ?? [];
    list.push(row);
    byDay.set(day, list);
  }
  const first = rows[0];
  if (!first) return [];
  const sourceStart = DateTime.fromISO(first.departure.slice(0, 7) + '-01', { zone: 'utc' });
  const target = DateTime.fromISO(month + '-01', { zone: timeZone });
  const out: { flightNumber: string; departureTime: string; arrivalTime: string; aircraftType: string }[] = [];
  for (let d = target; d.month === target.month; d = d.plus({ days: 1 })) {
    const source = sourceDayFor(d, sourceStart);
    for (const row of byDay.get(source.toISODate()!) ?? []) {
      // Same wall-clock time, same day offset from the source day (an arrival may fall on the next day).
      const onTarget = (local: string) => {
        const t = DateTime.fromISO(local, { zone: 'utc' });
        const offsetDays = Math.round(t.startOf('day').diff(source, 'days').days);
        return DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour: t.hour, minute: t.minute }, { zone: timeZone }).plus({ days: offsetDays });
      };
      const departure = onTarget(row.departure);
      let arrival = onTarget(row.arrival || row.departure);
      if (arrival <= departure) arrival = departure.plus({ hours: 1 });
      out.push({
        flightNumber: row.flightNumber,
        departureTime: departure.toISO({ suppressMilliseconds: true })!,
        arrivalTime: arrival.toISO({ suppressMilliseconds: true })!,
        aircraftType: row.aircraftType,
      });
    }
  }
  return out;
}
