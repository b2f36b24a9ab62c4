import { describe, expect, it } from 'vitest';
import { compareCandidates, neededQualifications, rankCoverCandidates, type CoverCandidate } from './cover.ts';
import { parseInstance, type InstanceInput } from './format.ts';
import { baseInstanceInput, shift } from './testing.ts';

// Wednesday 4 November 2026, 06:00–14:00.
const SHIFT = { date: '2026-11-04', startTime: '06:00', endTime: '14:00', endDate: '2026-11-04', hours: 8 };

function instance(patch: Partial<InstanceInput> = {}) {
  const base = baseInstanceInput();
  return parseInstance({
    ...base,
    version: 3,
    employees: [
      { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: [] },
      { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', timeOff: [] },
      { id: 'e3', firstName: 'Ola', lastName: 'Zięba', timeOff: [] },
    ],
    ...patch,
  });
}
const names = (list: CoverCandidate[]) => list.map((c) => c.firstName);

describe('who can take a shift', () => {
  it('puts the one furthest below their hours first, and says the hours before and after against the target', () => {
    const shifts = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e1', '2026-11-03', '06:00', '14:00'), shift('e2', '2026-11-02', '06:00', '14:00')];
    const { candidates } = rankCoverCandidates({ instance: instance(), shifts, shift: SHIFT });
    expect(names(candidates)).toEqual(['Ola', 'Jan', 'Anna']);
    expect(candidates[0]).toMatchObject({ standing: 'lawful', hoursBefore: 0, hoursAfter: 8, targetHours: 160, overtimeHours: 0 });
    expect(candidates[2]).toMatchObject({ standing: 'lawful', hoursBefore: 16, hoursAfter: 24, restBeforeHours: 16 });
  });

  it('among equal hours, puts the longer rest first', () => {
    // Both 8 h in the month; Jan's ended at 22:00 the night before (8 h of rest is too little: he breaks R7).
    const rested = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-02', '08:00', '16:00')];
    const { candidates } = rankCoverCandidates({ instance: instance(), shifts: rested, shift: SHIFT, from: 'e3' });
    // Anna rests 40 h before, Jan 38 h: Anna first.
    expect(names(candidates)).toEqual(['Anna', 'Jan']);
    expect(candidates.map((c) => c.restBeforeHours)).toEqual([40, 38]);
  });

  it('lists one who would break a rule after the lawful ones, with the rule the shift editor warns about', () => {
    const shifts = [shift('e2', '2026-11-03', '14:00', '22:00')];
    const { candidates } = rankCoverCandidates({ instance: instance(), shifts, shift: SHIFT, from: 'e1' });
    expect(names(candidates)).toEqual(['Ola', 'Jan']);
    expect(candidates[1]).toMatchObject({ standing: 'breaks', restBeforeHours: 8 });
    expect(candidates[1]!.breaches).toEqual([expect.objectContaining({ rule: 'R7', date: '2026-11-04' })]);
  });

  it('says the overtime the shift adds over the target', () => {
    const own = ['2026-11-02', '2026-11-03'].map((d) => shift('e1', d, '06:00', '14:00'));
    const { candidates } = rankCoverCandidates({ instance: instance({ requiredHours: 20 }), shifts: own, shift: SHIFT, from: 'e2' });
    const anna = candidates.find((c) => c.employeeId === 'e1')!;
    expect(anna).toMatchObject({ hoursBefore: 16, hoursAfter: 24, targetHours: 20, overtimeHours: 4 });
    // Ola has no hours yet: she is furthest below the target and first.
    expect(candidates[0]!.firstName).toBe('Ola');
  });

  it('shows those working that day and those on time off last, with the reason', () => {
    const inst = instance({
      employees: [
        { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: [{ startDate: '2026-11-04', endDate: '2026-11-05', countAsWork: false, workHours: null }] },
        { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', timeOff: [] },
        { id: 'e3', firstName: 'Ola', lastName: 'Zięba', timeOff: [] },
      ],
    });
    const { candidates } = rankCoverCandidates({ instance: inst, shifts: [shift('e2', '2026-11-04', '12:00', '20:00')], shift: SHIFT });
    expect(names(candidates)).toEqual(['Ola', 'Jan', 'Anna']);
    expect(candidates[1]).toMatchObject({ standing: 'unavailable', unavailable: { reason: 'busy', startTime: '12:00', endTime: '20:00' } });
    expect(candidates[2]).toMatchObject({ standing: 'unavailable', unavailable: { reason: 'timeOff' } });
  });

  it('puts the ones holding the qualification the shift’s tasks ask for first, valid on that date', () => {
    const inst = instance({
      flights: [
        {
          flightNumber: 'LO3921',
          departureTime: '2026-11-04T10:00:00+01:00',
          arrivalTime: '2026-11-04T09:00:00+01:00',
          tasks: [
            { name: 'Załadunek', from: '2026-11-04T09:00:00+01:00', to: '2026-11-04T09:50:00+01:00', staff: 2, qualification: 'HDL' },
            // After the shift: asks for nothing of it.
            { name: 'Odladzanie', from: '2026-11-04T18:00:00+01:00', to: '2026-11-04T18:30:00+01:00', staff: 1, qualification: 'DEICE' },
          ],
        },
      ],
      employees: [
        // Anna's is expired by the 4th; Jan holds it; Ola has the fewest hours but not the qualification.
        { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: [], qualifications: [{ code: 'HDL', validUntil: '2026-11-03' }] },
        { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', timeOff: [], qualifications: [{ code: 'HDL', validFrom: '2026-11-01' }] },
        { id: 'e3', firstName: 'Ola', lastName: 'Zięba', timeOff: [] },
      ],
    });
    expect(neededQualifications({ instance: inst, shift: SHIFT })).toEqual(['HDL']);
    const shifts = [shift('e2', '2026-11-02', '06:00', '14:00')];
    const { needed, candidates } = rankCoverCandidates({ instance: inst, shifts, shift: SHIFT });
    expect(needed).toEqual(['HDL']);
    // Jan has worked 8 h, the others none: the qualification comes before the hours.
    expect(names(candidates)).toEqual(['Jan', 'Anna', 'Ola']);
    expect(candidates.map((c) => c.missingQualifications)).toEqual([[], ['HDL'], ['HDL']]);
  });

  it('orders lawful before rule breakers whatever their hours, and fewer breaches first', () => {
    const base: CoverCandidate = {
      employeeId: 'x',
      firstName: 'A',
      lastName: 'A',
      standing: 'lawful',
      breaches: [],
      hoursBefore: 150,
      hoursAfter: 158,
      targetHours: 160,
      overtimeHours: 0,
      restBeforeHours: null,
      restAfterHours: null,
      missingQualifications: [],
    };
    const breaker = { ...base, standing: 'breaks' as const, hoursBefore: 0, hoursAfter: 8, breaches: [{ rule: 'R6', date: '2026-11-04', amount: 8 }] };
    const worse = { ...breaker, breaches: [...breaker.breaches, { rule: 'R7', date: '2026-11-04', amount: 3 }] };
    expect([worse, breaker, base].sort(compareCandidates)).toEqual([base, breaker, worse]);
  });
});
