// Small instances shared by the engine's tests (not used by production code).
import { parseInstance, type Instance, type InstanceInput, type ResultShift } from './format.ts';
import { shiftHours } from '../shared/hours.ts';

/**
 * November 2026 (the 1st is a Sunday) in Warsaw: open 05:00–23:00 Sunday to Friday, closed on
 * Saturdays, minimum staff 1. e1 is off 10–12 Nov and on training (8 h, counts as work) on 20 Nov.
 */
export function baseInstanceInput(): InstanceInput {
  return {
    version: 1,
    month: '2026-11',
    timeZone: 'Europe/Warsaw',
    role: 'Rampa',
    settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 },
    requiredHours: 160,
    employees: [
      {
        id: 'e1',
        firstName: 'Anna',
        lastName: 'Nowak',
        timeOff: [
          { startDate: '2026-11-10', endDate: '2026-11-12', countAsWork: false, workHours: null },
          { startDate: '2026-11-20', endDate: '2026-11-20', countAsWork: true, workHours: 8 },
        ],
      },
      { id: 'e2', firstName: 'Jan', lastName: 'Kowalski', timeOff: [] },
    ],
    flights: [],
    airportHours: [0, 1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openingTime: '05:00', closingTime: '23:00', minimumStaff: 1 })),
    fixedShifts: [],
  };
}

export function baseInstance(patch: Partial<InstanceInput> = {}): Instance {
  return parseInstance({ ...baseInstanceInput(), ...patch });
}

/** A result shift with its hours computed in Warsaw. */
export function shift(employeeId: string, date: string, startTime: string, endTime: string): ResultShift {
  let totalHours = 0;
  try {
    totalHours = shiftHours(date, startTime, endTime, 'Europe/Warsaw');
  } catch {
    totalHours = 0;
  }
  return { employeeId, date, startTime, endTime, totalHours };
}
