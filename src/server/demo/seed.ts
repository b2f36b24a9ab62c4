// The demo airport: staff, the current month's flights from a real timetable, operating hours,
// required hours, a few time off requests, default settings, and the demand model's qualifications,
// aircraft names and handling rules (demo/handling.ts). A newcomer sees a working airport, not an empty app.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { hasNoEmployees, insertDemoAirport, settingsTimeZone } from '../repos/demo.ts';
import { removeSeededGroupsOfNewAirport } from '../staff-groups/service.ts';
import { requiredStaffFor } from '../flights/staffing.ts';
import { mapTimetableToMonth, parseTimetableCsv } from './timetable.ts';
import { timeOffKindDefaults, type TimeOffKind } from '../../shared/api/time-off.ts';
import { handlingRulesBodySchema, typeNamesBodySchema } from '../../shared/api/handling-rules.ts';
import { DEMO_HANDLING_RULES, DEMO_QUALIFICATIONS, DEMO_TYPE_NAMES, demoHoldings } from './handling.ts';

const timetablePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data/timetables/boi_2008-01_departures.csv');

const FIRST = [
  'Anna',
  'Piotr',
  'Katarzyna',
  'Tomasz',
  'Magdalena',
  'Michał',
  'Agnieszka',
  'Krzysztof',
  'Joanna',
  'Paweł',
  'Monika',
  'Marcin',
  'Aleksandra',
  'Jakub',
  'Ewa',
  'Łukasz',
  'Natalia',
  'Grzegorz',
  'Karolina',
  'Adam',
  'Zofia',
  'Bartosz',
  'Marta',
  'Mateusz',
  'Julia',
  'Kamil',
  'Dorota',
  'Rafał',
  'Beata',
  'Szymon',
];
const LAST_M = [
  'Nowak',
  'Kowalski',
  'Wiśniewski',
  'Wójcik',
  'Kowalczyk',
  'Kamiński',
  'Lewandowski',
  'Zieliński',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Kwiatkowski',
  'Krawczyk',
  'Piotrowski',
  'Grabowski',
  'Nowakowski',
  'Pawłowski',
  'Michalski',
  'Król',
  'Wieczorek',
  'Jabłoński',
  'Wróbel',
  'Majewski',
  'Olszewski',
  'Stępień',
  'Malinowski',
  'Jaworski',
];

/** Polish surnames ending in -ski/-cki/-dzki take -ska/-cka/-dzka for women. */
function surname(base: string, female: boolean): string {
  if (!female) return base;
  return base.replace(/(ski|cki|dzki)$/, (m) => m.slice(0, -1) + 'a');
}

const FEMALE = new Set([
  'Anna',
  'Katarzyna',
  'Magdalena',
  'Agnieszka',
  'Joanna',
  'Monika',
  'Aleksandra',
  'Ewa',
  'Natalia',
  'Karolina',
  'Zofia',
  'Marta',
  'Julia',
  'Dorota',
  'Beata',
]);

const GROUP_SIZES: [string, number][] = [
  ['Koordynator', 6],
  ['Rampa', 24],
  ['PAX/INFO', 18],
  ['TEST 1', 4],
  ['TEST 2', 4],
  ['TEST 3', 4],
];

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();
}

function demoEmployees() {
  const list: { firstName: string; lastName: string; email: string; phoneNumber: string | null; role: string }[] = [];
  let i = 0;
  for (const [role, size] of GROUP_SIZES) {
    for (let k = 0; k < size; k++, i++) {
      // Every first name comes once in each round of FIRST.length people (7 and 30 share no factor); each
      // round moves the surnames on by one, so no two people of the demo have the same name.
      const round = Math.floor(i / FIRST.length);
      const firstName = FIRST[(i * 7) % FIRST.length]!;
      const lastName = surname(LAST_M[(i * 11 + 3 + round) % LAST_M.length]!, FEMALE.has(firstName));
      list.push({
        firstName,
        lastName,
        email: `${ascii(firstName)}.${ascii(lastName)}${i}@grafik-demo.example`,
        phoneNumber: i % 3 === 0 ? null : `+48 5${String(10 + (i % 89)).padStart(2, '0')} ${String(100 + i * 7).slice(-3)} ${String(200 + i * 13).slice(-3)}`,
        role,
      });
    }
  }
  return list;
}

/**
 * A few requests in the month, as a real month holds: holidays (one on demand), a sick leave and a
 * training day counted as work. Whether each counts as work, and its hours, are its kind's defaults
 * (TIME_OFF_KINDS), as the form fills them in. Days are of the month (clipped to its length); staff
 * by group and position.
 */
const DEMO_TIME_OFF: readonly { role: string; nth: number; from: number; to: number; kind: TimeOffKind; reason: string; status: 'approved' | 'pending' }[] = [
  { role: 'PAX/INFO', nth: 9, from: 2, to: 3, kind: 'onDemand', reason: 'Sprawy rodzinne', status: 'approved' },
  { role: 'Rampa', nth: 1, from: 5, to: 9, kind: 'vacation', reason: 'Wyjazd rodzinny', status: 'approved' },
  { role: 'Rampa', nth: 6, from: 12, to: 14, kind: 'sick', reason: 'L4', status: 'approved' },
  { role: 'PAX/INFO', nth: 2, from: 19, to: 23, kind: 'vacation', reason: 'Urlop planowany', status: 'pending' },
  { role: 'Koordynator', nth: 0, from: 26, to: 27, kind: 'training', reason: 'Szkolenie okresowe BHP', status: 'approved' },
];

function demoTimeOff(staff: { id: string; role: string }[], month: DateTime) {
  const day = (d: number) => month.set({ day: Math.min(d, month.daysInMonth!) }).toISODate()!;
  return DEMO_TIME_OFF.flatMap((r) => {
    const employee = staff.filter((s) => s.role === r.role)[r.nth];
    if (!employee) return [];
    return [
      {
        employeeId: employee.id,
        startDate: day(r.from),
        endDate: day(r.to),
        kind: r.kind,
        reason: r.reason,
        status: r.status,
        ...timeOffKindDefaults(r.kind),
      },
    ];
  });
}

/** The groups whose demo month is generated on first start. */
export const DEMO_GENERATED_GROUPS = ['Koordynator', 'Rampa', 'PAX/INFO'] as const;

/** The current month (YYYY-MM) in the airport's time zone. */
export async function currentMonthIn(db: Db, now: DateTime = DateTime.now()): Promise<string> {
  return now.setZone((await settingsTimeZone(db)) ?? 'Europe/Warsaw').toFormat('yyyy-MM');
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return hasNoEmployees(db);
}

/**
 * A new airport started without the demo: no staff groups, so that the planner's first step is to name
 * their own (the first-run checklist says so), rather than to find and remove sample ones.
 */
export async function startEmptyAirport(db: Db): Promise<void> {
  await removeSeededGroupsOfNewAirport(db);
}

export interface DemoOptions {
  /** The ramp (Rampa) open around the clock, 00:00–24:00 every day, as at an airport that never closes. */
  aroundTheClock?: boolean;
}

/** Fills the demo airport for the month holding `now` (and the next one, for hours and required hours). */
export async function seedDemo(db: Db, now: DateTime = DateTime.now(), options: DemoOptions = {}): Promise<{ employees: number; flights: number }> {
  const timeZone = (await settingsTimeZone(db)) ?? 'Europe/Warsaw';
  const month = now.setZone(timeZone).startOf('month');
  const rows = parseTimetableCsv(fs.readFileSync(timetablePath, 'utf8'));
  const mapped = mapTimetableToMonth(rows, month.toFormat('yyyy-MM'), timeZone);
  const staff = demoEmployees();
  const months = [month, month.plus({ months: 1 })];
  const hours = [
    { role: 'Koordynator', open: '04:30', close: '22:30', min: 1 },
    options.aroundTheClock ? { role: 'Rampa', open: '00:00', close: '24:00', min: 2 } : { role: 'Rampa', open: '04:00', close: '22:00', min: 2 },
    { role: 'PAX/INFO', open: '04:00', close: '21:30', min: 1 },
  ];
  await insertDemoAirport(db, {
    employees: staff,
    timeOff: (stored) => demoTimeOff(stored, month),
    flights: mapped.map((f) => ({
      flightNumber: f.flightNumber,
      departureTime: f.departureTime,
      arrivalTime: f.arrivalTime,
      requiredStaff: requiredStaffFor(f.aircraftType),
      // Figures from the aircraft table (migration 0013 starts it with the same sizes): they follow it.
      ...(f.aircraftType && {
        aircraftType: f.aircraftType,
        staffSources: Object.fromEntries(Object.keys(requiredStaffFor(f.aircraftType)).map((group) => [group, 'aircraft'])),
      }),
    })),
    airportHours: months.flatMap((m) =>
      hours.flatMap((h) =>
        [0, 1, 2, 3, 4, 5, 6].map((day) => ({
          role: h.role,
          dayOfWeek: day,
          openingTime: h.open,
          closingTime: h.close,
          minimumStaff: h.min,
          month: m.month - 1,
          year: m.year,
        })),
      ),
    ),
    monthlyHours: months.map((m) => ({ month: m.month - 1, year: m.year, requiredHours: 160 })),
    // The demand model (demo/handling.ts), checked as a planner's save would check it.
    qualifications: DEMO_QUALIFICATIONS,
    holdings: (stored) => demoHoldings(stored, month, now.setZone(timeZone)),
    typeNames: typeNamesBodySchema.parse({ rows: DEMO_TYPE_NAMES }).rows,
    handlingRules: handlingRulesBodySchema.parse({ rules: DEMO_HANDLING_RULES }).rules,
  });
  return { employees: staff.length, flights: mapped.length };
}
