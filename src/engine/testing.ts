// Small instances shared by the engine's tests (not used by production code).
import { parseInstance, type Instance, type InstanceInput, type ResultShift } from './format.ts';
import { datesOfMonth, dayOfWeek, formatMinutes, parseTimeOfDay, shiftHours } from '../shared/hours.ts';
import { seededRandom } from './prng.ts';
import { DateTime } from 'luxon';

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

/**
 * The staff group a benchmark month is built for: 'ramp' (loading and unloading, the default) or 'pax'
 * (passenger service at the gate): fewer people per flight and one on duty outside the flights.
 */
export type Group = 'ramp' | 'pax';
/** 'timetable': hours around the day's departures; '24h': open around the clock (00:00–24:00 every day). */
export type Hours = 'timetable' | '24h';
/** One departure of a timetable file (data/timetables), as its columns are named there. */
export type TimetableRow = { flight_number: string; departure_time: string; arrival_time: string; aircraft_type: string };

/** Passenger service agents by aircraft size: regional or unknown 1, narrow-body 2, larger 3. */
function paxStaffForAircraft(type: string): number {
  return staffForAircraft(type) - 1;
}

/** Ground staff needed by aircraft size: regional 2, narrow-body 3, larger 4, unknown or small 2. */
function staffForAircraft(type: string): number {
  const t = type.toUpperCase();
  if (/BOEING 7[4-8]7|AIRBUS A3[3-8]\d|MD-11|DC-10/.test(t)) return 4;
  if (/BOEING 7[0-3]7|BOEING 757|AIRBUS A3(18|19|20|21)|MD-8\d|MD 8\d|MD-90|DC-9|MD-88/.test(t)) return t.includes('757') ? 4 : 3;
  return 2; // regional jets (CL-600, EMB-145), small aircraft and unknown tails
}

/**
 * A benchmark month (January 2008 on the timetable's clock, America/Denver) from a timetable's rows:
 * `employees` people with realistic time off (the same for every run), operating hours around the
 * day's departures or around the clock, and each departure's staff by its aircraft.
 */
export function timetableInstance(
  rows: readonly TimetableRow[],
  airport: string,
  employeeCount: number,
  hours: Hours = 'timetable',
  group: Group = 'ramp',
): Instance {
  const month = '2008-01';
  const minimumStaff = group === 'pax' ? 1 : 2;
  const staffFor = group === 'pax' ? paxStaffForAircraft : staffForAircraft;
  // Operating hours per weekday: from 1½ h before the first departure to 1 h after the last one.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  for (const row of rows) {
    const weekday = dayOfWeek(row.departure_time.slice(0, 10));
    const minute = parseTimeOfDay(row.departure_time.slice(11, 16))!;
    first.set(weekday, Math.min(first.get(weekday) ?? 1440, minute));
    last.set(weekday, Math.max(last.get(weekday) ?? 0, minute));
  }
  const aroundTheClock = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openingTime: '00:00', closingTime: '24:00', minimumStaff }));
  const timetableHours = [...first.keys()].sort().map((dayOfWeek) => ({
    dayOfWeek,
    openingTime: formatMinutes(Math.max(0, Math.floor((first.get(dayOfWeek)! - 90) / 30) * 30)),
    closingTime: formatMinutes(Math.min(23 * 60 + 30, Math.ceil((last.get(dayOfWeek)! + 60) / 30) * 30)),
    minimumStaff,
  }));
  const airportHours = hours === '24h' ? aroundTheClock : timetableHours;
  // Realistic time off, the same for every run: some vacations, sick days and training days.
  const random = seededRandom(2008 + employeeCount);
  const dates = datesOfMonth(month);
  const employees = Array.from({ length: employeeCount }, (_, i) => {
    const timeOff: InstanceInput['employees'][number]['timeOff'] = [];
    const pick = (): number => random.below(dates.length);
    if (random.next() < 0.15) {
      const from = pick();
      timeOff.push({ startDate: dates[from]!, endDate: dates[Math.min(dates.length - 1, from + 4 + random.below(6))]!, countAsWork: false, workHours: null });
    }
    if (random.next() < 0.25) {
      const day = pick();
      timeOff.push({ startDate: dates[day]!, endDate: dates[Math.min(dates.length - 1, day + random.below(2))]!, countAsWork: false, workHours: null });
    }
    if (random.next() < 0.2) {
      const day = pick();
      timeOff.push({ startDate: dates[day]!, endDate: dates[day]!, countAsWork: true, workHours: 8 });
    }
    return { id: `e${i + 1}`, firstName: `Agent`, lastName: `${airport}-${i + 1}`, timeOff };
  });
  return parseInstance({
    version: 1,
    month,
    timeZone: 'America/Denver',
    role: group === 'pax' ? 'Obsługa pasażerska' : 'Rampa',
    settings: { timeIncrement: 'half', minRestHours: 11, weeklyHours: 40, minShiftHours: 4 },
    requiredHours: 160,
    employees,
    flights: rows.map((row) => ({
      flightNumber: row.flight_number,
      departureTime: row.departure_time,
      arrivalTime: row.arrival_time || null,
      requiredStaff: staffFor(row.aircraft_type),
    })),
    airportHours,
    fixedShifts: [],
    seed: 1,
  });
}

/** The qualifications of the version 3 benchmark months, and the share of the staff holding each. */
const LICENCE_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['PUSHBACK', 0.35],
  ['BELT', 0.4],
  ['HILOADER', 0.2],
  ['DEICE', 0.18],
  ['LAV', 0.25],
];

type TaskPlan = { name: string; from: number; to: number; staff: number; qualification?: string };

/**
 * A departure's ramp tasks by aircraft size, in minutes from departure: planning figures in the range
 * published turnaround charts show (loading before the doors close, pushback and wing walking around
 * off-block time). De-icing is added on wintry mornings.
 */
function rampTasks(type: string, deicing: boolean): TaskPlan[] {
  const t = type.toUpperCase();
  const large = /BOEING 7[4-8]7|BOEING 757|AIRBUS A3[3-8]\d|MD-11|DC-10/.test(t);
  const narrow = /BOEING 7[0-3]7|AIRBUS A3(18|19|20|21)|MD-8\d|MD 8\d|MD-90|DC-9|MD-88/.test(t);
  const regional = /CL-?600|EMB-1[34]5|ERJ|CRJ/.test(t);
  const tasks: TaskPlan[] = [];
  if (large) {
    tasks.push({ name: 'loading', from: -45, to: -10, staff: 4 });
    tasks.push({ name: 'high loader', from: -45, to: -15, staff: 1, qualification: 'HILOADER' });
    tasks.push({ name: 'lavatory and water', from: -50, to: -30, staff: 1, qualification: 'LAV' });
    tasks.push({ name: 'pushback', from: -10, to: 5, staff: 1, qualification: 'PUSHBACK' });
    tasks.push({ name: 'wing walkers', from: -10, to: 5, staff: 2 });
  } else if (narrow) {
    tasks.push({ name: 'loading', from: -35, to: -10, staff: 3 });
    tasks.push({ name: 'belt loader', from: -35, to: -15, staff: 1, qualification: 'BELT' });
    if (/AIRBUS A3(18|19|20|21)/.test(t)) tasks.push({ name: 'container loader', from: -35, to: -15, staff: 1, qualification: 'HILOADER' });
    tasks.push({ name: 'lavatory and water', from: -40, to: -25, staff: 1, qualification: 'LAV' });
    tasks.push({ name: 'pushback', from: -10, to: 5, staff: 1, qualification: 'PUSHBACK' });
    tasks.push({ name: 'wing walker', from: -10, to: 5, staff: 1 });
  } else if (regional) {
    tasks.push({ name: 'loading', from: -30, to: -10, staff: 2 });
    tasks.push({ name: 'pushback and marshalling', from: -10, to: 5, staff: 1, qualification: 'PUSHBACK' });
  } else tasks.push({ name: 'loading', from: -25, to: -5, staff: 2 });
  if (deicing) tasks.push({ name: 'de-icing', from: large || narrow ? -25 : -20, to: -8, staff: 2, qualification: 'DEICE' });
  return tasks;
}

/**
 * A version 3 benchmark month: the timetable month of `timetableInstance` (the same staff, time off and
 * hours) with each departure's ramp tasks by aircraft size instead of a service window, and licences
 * spread over the staff (some ending or starting within the month). Wintry mornings (a seeded third of
 * the days, departures before 11:00) add de-icing.
 */
export function qualifiedTimetableInstance(rows: readonly TimetableRow[], airport: string, employeeCount: number, hours: Hours = 'timetable'): Instance {
  const base = timetableInstance(rows, airport, employeeCount, hours, 'ramp');
  // The weather is the airport's, whatever the staff: wintry days drawn with a seed of their own.
  const weather = seededRandom(2008);
  const dates = datesOfMonth(base.month);
  const wintry = new Set(dates.filter(() => weather.next() < 0.33));
  const random = seededRandom(3008 + employeeCount);
  // Each licence goes to its share of the staff, drawn afresh for each.
  const holders = LICENCE_SHARES.map(([, share]) => {
    const order = base.employees.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.below(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return new Set(order.slice(0, Math.round(share * base.employees.length)));
  });
  const employees = base.employees.map((employee, i) => {
    const qualifications: Array<{ code: string; validFrom?: string; validUntil?: string }> = [];
    for (const [l, [code]] of LICENCE_SHARES.entries()) {
      if (!holders[l]!.has(i)) continue;
      const roll = random.next();
      // About one licence in ten runs out mid-month, one in twenty is gained within it.
      if (roll < 0.1) qualifications.push({ code, validFrom: '2006-01-01', validUntil: dates[10 + random.below(10)]! });
      else if (roll < 0.15) qualifications.push({ code, validFrom: dates[5 + random.below(10)]! });
      else qualifications.push({ code, validFrom: '2006-01-01', validUntil: '2009-12-31' });
    }
    return { ...employee, qualifications };
  });
  const flights = rows.map((row) => {
    const departure = DateTime.fromISO(row.departure_time, { zone: base.timeZone });
    const deicing = wintry.has(row.departure_time.slice(0, 10)) && departure.hour < 11;
    return {
      flightNumber: row.flight_number,
      departureTime: row.departure_time,
      arrivalTime: row.arrival_time || null,
      ...(row.aircraft_type && { aircraftType: row.aircraft_type }),
      tasks: rampTasks(row.aircraft_type, deicing).map((task) => ({
        name: task.name,
        from: departure.plus({ minutes: task.from }).toISO({ suppressMilliseconds: true })!,
        to: departure.plus({ minutes: task.to }).toISO({ suppressMilliseconds: true })!,
        staff: task.staff,
        ...(task.qualification && { qualification: task.qualification }),
      })),
    };
  });
  return parseInstance({ ...base, version: 3, employees, flights });
}
