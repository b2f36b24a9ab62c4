// SSIM legs are counted before they are expanded (docs/flights-import.md): a file whose legs run for a
// century is refused without building its days, and only the months asked for are built.
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSsim } from '../../shared/api/ssim.ts';
import { centuryLeg, SAMPLE_SSIM_LINES, ssimRecord } from './fixtures/ssim.ts';

const file = (legs: string[], carrier = SAMPLE_SSIM_LINES[1]!) => [SAMPLE_SSIM_LINES[0], carrier, ...legs, SAMPLE_SSIM_LINES.at(-1)].join('\n');

/** Every departure and arrival built is written out once with toISO: the count of days materialised. */
const built = () => vi.spyOn(DateTime.prototype, 'toISO');
afterEach(() => vi.restoreAllMocks());

describe('readSsim counts before it expands', () => {
  it('refuses ten daily legs over 2000–2099 by their count without building one day', () => {
    const toISO = built();
    const read = readSsim(file(Array.from({ length: 10 }, (_, i) => centuryLeg(i))), 'WRO');
    expect(read).toMatchObject({ ok: false, refusal: { rule: 'ssimTooManyFlights', params: { count: 365_250, max: 20_000 } } });
    expect(toISO).not.toHaveBeenCalled();
  });

  it('builds only the departures in the months asked for', () => {
    const toISO = built();
    const read = readSsim(file(Array.from({ length: 10 }, (_, i) => centuryLeg(i))), 'WRO', { from: '2026-12', to: '2026-12' });
    if (!read.ok) throw new Error(read.refusal.message);
    expect(read.flights).toBe(310);
    expect(read.legs.every((leg) => leg.days.length === 31)).toBe(true);
    expect(read.legs[0]!.days[0]).toEqual({ departure: '2026-12-01T06:10+01:00', arrival: '2026-12-01T07:05+01:00' });
    expect(read.legs[0]!.days.at(-1)!.departure).toBe('2026-12-31T06:10+01:00');
    // A departure and an arrival per day, nothing more.
    expect(toISO).toHaveBeenCalledTimes(620);
  });

  it('counts operating weekdays exactly, and takes a UTC departure in the month of its local date', () => {
    // Mondays and Fridays; 23:30 UTC is 00:30 the next day at +0100.
    const utcCarrier = ssimRecord({ 1: '2', 2: 'U', 3: 'XX ', 195: '000002' });
    const legs = [centuryLeg(0, { days: '1   5  ', std: '2330', sta: '0030' })];
    const read = readSsim(file(legs, utcCarrier), 'WRO', { from: '2026-12', to: '2026-12' });
    if (!read.ok) throw new Error(read.refusal.message);
    // Local departures on the Tuesdays and Saturdays of December 2026: 1, 5, 8, 12, 15, 19, 22, 26, 29.
    expect(read.legs[0]!.days.map((d) => d.departure.slice(0, 10))).toEqual(
      ['01', '05', '08', '12', '15', '19', '22', '26', '29'].map((day) => `2026-12-${day}`),
    );
    expect(read.flights).toBe(9);
  });
});
