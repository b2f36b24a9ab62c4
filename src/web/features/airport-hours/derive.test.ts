import { describe, expect, it } from 'vitest';
import { deriveHours } from './derive.ts';

// 2026-11-02 is a Monday.
describe('hours derived from flights', () => {
  it('opens the lead time before the first departure and closes the tail after the last, per day of the week', () => {
    const { days } = deriveHours(['2026-11-02T06:05:00+01:00', '2026-11-02T21:10:00+01:00', '2026-11-09T05:50:00+01:00', '2026-11-03T12:00:00+01:00'], 90, 30);
    expect(days).toEqual([
      { dayOfWeek: 1, flights: 3, firstDeparture: '05:50', lastDeparture: '21:10', lastNextDay: false, openingTime: '04:15', closingTime: '21:45' },
      { dayOfWeek: 2, flights: 1, firstDeparture: '12:00', lastDeparture: '12:00', lastNextDay: false, openingTime: '10:30', closingTime: '12:30' },
    ]);
  });

  it('counts a departure after midnight to the evening before, and closes on the next day', () => {
    // Friday flights from 06:00 to 23:50, and one at 00:40 on Saturday's date.
    const friday = ['06:00', '10:00', '14:00', '18:00', '21:00', '23:50'].map((time) => `2026-11-06T${time}`);
    const { days } = deriveHours([...friday, '2026-11-07T00:40', '2026-11-07T07:00'], 120, 60);
    expect(days.find((d) => d.dayOfWeek === 5)).toMatchObject({
      flights: 7,
      lastDeparture: '00:40',
      lastNextDay: true,
      openingTime: '04:00',
      closingTime: '01:45',
    });
    expect(days.find((d) => d.dayOfWeek === 6)).toMatchObject({ flights: 1, openingTime: '05:00', closingTime: '08:00' });
  });

  it('closes at 24:00 exactly at midnight, and is open all day when the span reaches 24 hours', () => {
    expect(deriveHours(['2026-11-02T08:00', '2026-11-02T23:00'], 60, 60).days[0]).toMatchObject({ openingTime: '07:00', closingTime: '24:00' });
    const around = deriveHours(['2026-11-02T01:00', '2026-11-02T07:00', '2026-11-02T13:00', '2026-11-02T19:00', '2026-11-03T00:30'], 360, 360).days;
    expect(around.find((d) => d.dayOfWeek === 1)).toMatchObject({ openingTime: '00:00', closingTime: '24:00' });
  });

  it('lists no day without flights (such a day gets no hours)', () => {
    expect(deriveHours([], 120, 60).days).toEqual([]);
    expect(deriveHours(['2026-11-04T10:00'], 0, 0).days.map((d) => d.dayOfWeek)).toEqual([3]);
  });
});
