import { describe, expect, it } from 'vitest';
import { countryOfZone, holidaysIn } from './holidays.ts';

describe('public holidays of the airport', () => {
  it('follow the time zone to its country: Poland for Europe/Warsaw, named in Polish and English', () => {
    expect(countryOfZone('Europe/Warsaw')).toBe('PL');
    expect(holidaysIn('2026-11', 'Europe/Warsaw')).toEqual([
      { date: '2026-11-01', names: { pl: 'Wszystkich Świętych', en: "All Saints' Day" } },
      { date: '2026-11-11', names: { pl: 'Narodowe Święto Niepodległości', en: 'Independence Day' } },
    ]);
  });

  it('move with Easter and include Christmas Eve, a day off in Poland from 2025', () => {
    expect(holidaysIn('2027-03', 'Europe/Warsaw').map((h) => h.date)).toEqual(['2027-03-28', '2027-03-29']);
    expect(holidaysIn('2026-12', 'Europe/Warsaw').map((h) => h.date)).toEqual(['2026-12-24', '2026-12-25', '2026-12-26']);
  });

  it('are another country’s for an airport elsewhere, including a day observed in place of a weekend holiday', () => {
    expect(holidaysIn('2026-11', 'America/Denver').map((h) => h.date)).toEqual(['2026-11-11', '2026-11-26']);
    expect(holidaysIn('2026-07', 'America/Denver').map((h) => h.date)).toEqual(['2026-07-03', '2026-07-04']);
  });

  it('are none for a month without any, and none for a zone that names no one country', () => {
    expect(holidaysIn('2026-10', 'Europe/Warsaw')).toEqual([]);
    expect(countryOfZone('UTC')).toBeNull();
    expect(holidaysIn('2026-11', 'UTC')).toEqual([]);
  });
});
