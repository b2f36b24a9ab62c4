import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { mapTimetableToMonth, parseTimetableCsv } from './timetable.ts';

const rows = parseTimetableCsv(fs.readFileSync(new URL('../../../data/timetables/boi_2008-01_departures.csv', import.meta.url), 'utf8'));

describe('the demo timetable moved onto another month', () => {
  const mapped = mapTimetableToMonth(rows, '2026-11', 'Europe/Warsaw');

  it('fills every day of the month, keeping each flight’s weekday and local departure time', () => {
    const days = new Set(mapped.map((f) => f.departureTime.slice(0, 10)));
    expect(days.size).toBe(30);
    // The weekdays on which each flight number leaves at each time in the source month.
    const source = new Map<string, Set<number>>();
    for (const r of rows) {
      const key = r.flightNumber + '|' + r.departure.slice(11, 16);
      source.set(key, (source.get(key) ?? new Set()).add(DateTime.fromISO(r.departure).weekday));
    }
    for (const f of mapped) {
      const local = DateTime.fromISO(f.departureTime, { zone: 'Europe/Warsaw' });
      expect(local.toFormat('yyyy-MM')).toBe('2026-11');
      const weekdays = source.get(f.flightNumber + '|' + local.toFormat('HH:mm'));
      expect(weekdays?.has(local.weekday), `${f.flightNumber} on ${f.departureTime}`).toBe(true);
    }
  });

  it('keeps arrivals after departures', () => {
    for (const f of mapped) expect(DateTime.fromISO(f.arrivalTime) > DateTime.fromISO(f.departureTime)).toBe(true);
  });
});
