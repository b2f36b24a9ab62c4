// What a generation compares before it writes (inputs.ts): the first change found, in words and params.
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../engine/format.ts';
import type { GenerationStaleParams } from '../../shared/api/generation.ts';
import { ConflictError } from '../domain/errors.ts';
import { domainStatus } from '../http/error-handler.ts';
import { firstChange, staleGeneration, type MonthInputs } from './inputs.ts';

const anna = { id: 'e1', firstName: 'Anna', lastName: 'Nowak', timeOff: [] as Instance['employees'][number]['timeOff'] };
const bea = {
  id: 'e2',
  firstName: 'Bea',
  lastName: 'Kowalska',
  timeOff: [{ startDate: '2026-11-03', endDate: '2026-11-04', countAsWork: false, workHours: null }],
};

function inputs(change: (i: Instance, manual: MonthInputs['manual']) => void = () => {}): MonthInputs {
  const instance = {
    version: 1,
    month: '2026-11',
    timeZone: 'Europe/Warsaw',
    role: 'Rampa',
    settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 },
    requiredHours: 160,
    employees: [structuredClone(anna), structuredClone(bea)],
    flights: [{ flightNumber: 'LO1', departureTime: '2026-11-02T07:00:00+01:00', arrivalTime: '2026-11-02T09:00:00+01:00', requiredStaff: 2 }],
    airportHours: [{ dayOfWeek: 1, openingTime: '05:00', closingTime: '21:00', minimumStaff: 1 }],
    fixedShifts: [],
  } as unknown as Instance;
  const manual = [{ id: 's1', employeeId: 'e1', date: '2026-11-05', version: 1 }];
  change(instance, manual);
  return { instance, manual, employeeIds: instance.employees.map((e) => e.id), manualKeys: new Set(manual.map((m) => `${m.employeeId}|${m.date}`)) };
}

describe('what changed while the month was being generated', () => {
  it('nothing, even when the rows come back in another order', () => {
    expect(
      firstChange(
        inputs(),
        inputs((i, manual) => {
          i.employees.reverse();
          manual.reverse();
        }),
      ),
    ).toBeNull();
  });

  type Mutate = (i: Instance, m: MonthInputs['manual']) => void;
  const cases: [string, Mutate, GenerationStaleParams, string | RegExp][] = [
    [
      'a shift saved on an empty day',
      (_, m) => m.push({ id: 's2', employeeId: 'e2', date: '2026-11-12', version: 1 }),
      { change: 'shift', action: 'saved', employee: 'Bea Kowalska', date: '2026-11-12' },
      'A shift of Bea Kowalska on 12.11.2026 was saved while the month was being generated; nothing was replaced. Generate again.',
    ],
    [
      'a shift edited',
      (_, m) => (m[0]!.version = 2),
      { change: 'shift', action: 'saved', employee: 'Anna Nowak', date: '2026-11-05' },
      /^A shift of Anna Nowak on 05\.11\.2026 was saved/,
    ],
    [
      'a shift deleted',
      (_, m) => m.pop(),
      { change: 'shift', action: 'deleted', employee: 'Anna Nowak', date: '2026-11-05' },
      /^A shift of Anna Nowak on 05\.11\.2026 was deleted/,
    ],
    [
      'a shift of the days before the month saved',
      (i) => (i.previousShifts = [{ employeeId: 'e2', date: '2026-10-30', startTime: '06:00', endTime: '14:00' }]),
      { change: 'shift', action: 'saved', employee: 'Bea Kowalska', date: '2026-10-30' },
      /^A shift of Bea Kowalska on 30\.10\.2026 was saved/,
    ],
    [
      'a time off added',
      (i) => i.employees[0]!.timeOff.push({ startDate: '2026-11-10', endDate: '2026-11-12', countAsWork: false, workHours: null }),
      { change: 'timeOff', action: 'saved', employee: 'Anna Nowak', startDate: '2026-11-10', endDate: '2026-11-12' },
      /^Time off of Anna Nowak \(10\.11\.2026–12\.11\.2026\) was saved while/,
    ],
    [
      'a time off rejected',
      (i) => i.employees[1]!.timeOff.pop(),
      { change: 'timeOff', action: 'deleted', employee: 'Bea Kowalska', startDate: '2026-11-03', endDate: '2026-11-04' },
      /^Time off of Bea Kowalska/,
    ],
    [
      'an employee added to the group',
      (i) => i.employees.push({ id: 'e3', firstName: 'Cora', lastName: 'Lis', timeOff: [] }),
      { change: 'employee', action: 'added', employee: 'Cora Lis' },
      /^Cora Lis was added to the group while/,
    ],
    [
      'an employee moved to another group',
      (i) => i.employees.shift(),
      { change: 'employee', action: 'removed', employee: 'Anna Nowak' },
      /^Anna Nowak left the group while/,
    ],
    [
      'an employee renamed',
      (i) => (i.employees[0]!.lastName = 'Nowak-Lis'),
      { change: 'employee', action: 'changed', employee: 'Anna Nowak-Lis' },
      /^The details of Anna Nowak-Lis were changed/,
    ],
    [
      'an employee made half time',
      (i) => (i.employees[1]!.requiredHours = 80),
      { change: 'employee', action: 'changed', employee: 'Bea Kowalska' },
      /^The details of Bea Kowalska were changed/,
    ],
    ['the required hours', (i) => (i.requiredHours = 168), { change: 'requiredHours' }, /^The month's required hours were changed/],
    [
      "the required hours, which move a half-time employee's too",
      (i) => {
        i.requiredHours = 168;
        i.employees[1]!.requiredHours = 84;
      },
      { change: 'requiredHours' },
      /^The month's required hours were changed/,
    ],
    ['the settings', (i) => (i.settings.minRestHours = 12), { change: 'settings' }, /^The settings were changed/],
    ['the operating hours', (i) => (i.airportHours[0]!.minimumStaff = 2), { change: 'airportHours' }, /^The group's operating hours/],
    ['a flight', (i) => (i.flights[0]!.requiredStaff = 3), { change: 'flights' }, /^The month's flights were changed/],
    ['anything else the instance holds', (i) => Object.assign(i, { seed: 4 }), { change: 'other' }, /^The month's data was changed/],
  ];
  it.each(cases)('%s', (_, change, params, message) => {
    const found = firstChange(inputs(), inputs(change));
    expect(found).toEqual(params);
    const error = staleGeneration(found!);
    expect(error).toBeInstanceOf(ConflictError);
    expect(domainStatus(error)).toBe(409);
    expect(error).toMatchObject({ code: 'GENERATION_STALE', params });
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/while the month was being generated; nothing was replaced\. Generate again\.$/);
  });
});
