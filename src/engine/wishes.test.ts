// Employees' wishes (docs/decisions/0053-wishes-as-a-soft-term.md): read from the instance, weighed by the
// score below coverage, met by the default strategy where that costs no coverage, and counted by Q9.
import { describe, expect, it } from 'vitest';
import { parseInstance, type InstanceInput } from './format.ts';
import { generate } from './generate.ts';
import { measureQuality } from './quality.ts';
import { SCORE_WEIGHTS } from './score.ts';
import { baseInstanceInput, shift } from './testing.ts';
import { wishMet } from './wishes.ts';

/** November 2026, open 05:00–23:00 Sunday to Friday: 468 staff-hours of demand for 640 h of targets. */
function roomy(wishes: boolean): InstanceInput {
  const input = baseInstanceInput();
  input.version = 2;
  input.employees = [
    {
      id: 'a',
      firstName: 'Anna',
      lastName: 'Nowak',
      timeOff: [],
      ...(wishes && {
        wishes: [
          { date: '2026-11-03', kind: 'dayOff' },
          { date: '2026-11-04', kind: 'noEarly' },
          { date: '2026-11-05', kind: 'noLate' },
          { date: '2026-11-06', kind: 'noNight' },
          { date: '2026-11-17', kind: 'dayOff' },
        ],
      }),
    },
    {
      id: 'b',
      firstName: 'Jan',
      lastName: 'Kowalski',
      timeOff: [],
      ...(wishes && {
        wishes: [
          { date: '2026-11-15', kind: 'work' },
          { date: '2026-11-16', kind: 'dayOff' },
          { date: '2026-11-18', kind: 'noEarly' },
        ],
      }),
    },
    { id: 'c', firstName: 'Ewa', lastName: 'Lis', timeOff: [], ...(wishes && { wishes: [{ date: '2026-11-19', kind: 'noLate' }] }) },
    { id: 'd', firstName: 'Piotr', lastName: 'Zieliński', timeOff: [] },
  ];
  return input;
}

describe('wishes in the instance', () => {
  it('are read in any version, and bad ones are refused naming the field', () => {
    expect(parseInstance(roomy(true)).employees[0]!.wishes).toHaveLength(5);
    const v1 = roomy(true);
    v1.version = 1;
    expect(parseInstance(v1).employees[1]!.wishes).toHaveLength(3);
    const bad = roomy(true);
    bad.employees[0]!.wishes![1] = { date: '2026-11-04', kind: 'early' as 'noEarly' };
    expect(() => parseInstance(bad)).toThrow(/employees\[0\]\.wishes\[1\]\.kind: expected one of dayOff, noEarly, noLate, noNight, work/);
    bad.employees[0]!.wishes![1] = { date: '2026-12-04', kind: 'noEarly' };
    expect(() => parseInstance(bad)).toThrow(/employees\[0\]\.wishes\[1\]\.date: outside the month 2026-11/);
    bad.employees[0]!.wishes![1] = { date: '2026-11-03', kind: 'noEarly' };
    expect(() => parseInstance(bad)).toThrow(/employees\[0\]\.wishes\[1\]\.date: second wish on 2026-11-03/);
    bad.employees[0]!.wishes![1] = { date: '4 Nov', kind: 'noEarly' };
    expect(() => parseInstance(bad)).toThrow(/employees\[0\]\.wishes\[1\]\.date: expected YYYY-MM-DD/);
  });

  it('mean what docs/generator-format.md says, in wall-clock minutes of the shift’s date', () => {
    const h = (hours: number): number => hours * 60;
    expect(wishMet('dayOff', -1, -1)).toBe(true);
    expect(wishMet('dayOff', h(8), h(16))).toBe(false);
    expect(wishMet('work', -1, -1)).toBe(false);
    expect(wishMet('work', h(8), h(16))).toBe(true);
    expect(wishMet('noEarly', h(7.5), h(15.5))).toBe(false);
    expect(wishMet('noEarly', h(8), h(16))).toBe(true);
    expect(wishMet('noLate', h(12), h(20))).toBe(true);
    expect(wishMet('noLate', h(12.5), h(20.5))).toBe(false);
    expect(wishMet('noLate', h(22), h(30))).toBe(false);
    expect(wishMet('noNight', h(6), h(14))).toBe(true);
    expect(wishMet('noNight', h(5.5), h(13.5))).toBe(false);
    expect(wishMet('noNight', h(14), h(22))).toBe(true);
    expect(wishMet('noNight', h(14.5), h(22.5))).toBe(false);
    for (const kind of ['dayOff', 'noEarly', 'noLate', 'noNight'] as const) expect(wishMet(kind, -1, -1)).toBe(true);
  });

  it('weigh less, two together, than one minute of coverage', () => {
    expect(2 * SCORE_WEIGHTS.unmetWish).toBeLessThan(SCORE_WEIGHTS.coveredMinute);
  });
});

describe('the default strategy and wishes', () => {
  it('meets every wish where there is room, with the same coverage as without them', () => {
    const without = generate(parseInstance(roomy(false)), { seed: 3, timeLimitMs: 5_000 });
    const instance = parseInstance(roomy(true));
    const withWishes = generate(instance, { seed: 3, timeLimitMs: 5_000 });
    expect(withWishes.report.breaches).toEqual([]);
    expect(withWishes.report.quality.coveragePercent).toBeGreaterThanOrEqual(without.report.quality.coveragePercent);
    expect(withWishes.report.quality.wishes).toMatchObject({ wishes: 9, met: 9, percent: 100, spreadPoints: 0 });
    // The month made without them meets fewer: the wishes were acted on.
    expect(measureQuality(instance, without.shifts).wishes!.met).toBeLessThan(9);
    // The report's Q9 is measured from the shifts alone.
    expect(measureQuality(instance, withWishes.shifts).wishes).toEqual(withWishes.report.quality.wishes);
  });

  it('a wish never costs coverage: on a month that needs both people on the 12th, both work it', () => {
    // Open 06:00–14:00 Sunday to Friday for one person; on Thursday 12th a flight asks for two.
    const input = (wishes: boolean): InstanceInput => {
      const base = baseInstanceInput();
      base.version = 2;
      base.requiredHours = 120;
      base.airportHours = [0, 1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openingTime: '06:00', closingTime: '14:00', minimumStaff: 1 }));
      base.flights = [{ flightNumber: 'LO1', departureTime: '2026-11-12T13:00', arrivalTime: '2026-11-12T07:00', requiredStaff: 2 }];
      const wish = wishes ? { wishes: [{ date: '2026-11-12', kind: 'dayOff' as const }] } : {};
      base.employees = [
        { id: 'a', firstName: 'Anna', lastName: 'Nowak', timeOff: [], ...wish },
        { id: 'b', firstName: 'Jan', lastName: 'Kowalski', timeOff: [], ...wish },
      ];
      return base;
    };
    const without = generate(parseInstance(input(false)), { seed: 5, timeLimitMs: 5_000 });
    const withWishes = generate(parseInstance(input(true)), { seed: 5, timeLimitMs: 5_000 });
    expect(without.report.quality.coveragePercent).toBe(100);
    expect(withWishes.report.quality.coveragePercent).toBe(100);
    const on12 = withWishes.shifts.filter((s) => s.date === '2026-11-12').map((s) => s.employeeId);
    expect(on12.sort()).toEqual(['a', 'b']);
    expect(withWishes.report.quality.wishes).toMatchObject({ wishes: 2, met: 0, percent: 0 });
  });
});

describe('Q9', () => {
  it('counts the wishes met, each person’s share, and the spread between people', () => {
    const instance = parseInstance({
      ...roomy(true),
      employees: [
        {
          id: 'a',
          firstName: 'A',
          lastName: 'A',
          timeOff: [],
          wishes: [
            { date: '2026-11-03', kind: 'dayOff' },
            { date: '2026-11-04', kind: 'noEarly' },
          ],
        },
        {
          id: 'b',
          firstName: 'B',
          lastName: 'B',
          timeOff: [{ startDate: '2026-11-05', endDate: '2026-11-05', countAsWork: false, workHours: null }],
          wishes: [
            { date: '2026-11-03', kind: 'noLate' },
            { date: '2026-11-05', kind: 'work' },
          ],
        },
        { id: 'c', firstName: 'C', lastName: 'C', timeOff: [] },
      ],
    });
    const shifts = [shift('a', '2026-11-03', '06:00', '14:00'), shift('a', '2026-11-04', '08:00', '16:00'), shift('b', '2026-11-03', '14:00', '22:00')];
    expect(measureQuality(instance, shifts).wishes).toEqual({
      wishes: 3,
      met: 1,
      percent: 33.33,
      spreadPoints: 50,
      onTimeOff: 1,
      byEmployee: [
        { employeeId: 'a', wishes: 2, met: 1 },
        { employeeId: 'b', wishes: 1, met: 0 },
      ],
    });
    expect(measureQuality(parseInstance(roomy(false)), shifts).wishes).toBeUndefined();
  });
});
