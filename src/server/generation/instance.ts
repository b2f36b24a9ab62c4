// Builds the generator's instance (docs/generator-format.md) of one staff group's month from the database.
// The generate endpoint and the export command both use it, so a real month can be replayed.
import { and, asc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PREVIOUS_SHIFT_DAYS, type Instance } from '../../engine/format.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules, staffGroups, timeOff } from '../db/schema.ts';
import { getSettings } from '../repos/settings.ts';
import { employeeRequiredHours } from '../../shared/api/employees.ts';
import { HttpError } from '../http/errors.ts';

/** The failing step's message, as docs/product.md §8 names it. */
export class GenerationStepError extends HttpError {
  constructor(message: string, cause?: unknown) {
    super(500, 'GENERATION_STEP', message);
    if (cause) this.cause = cause;
  }
}

export const NO_REQUIRED_HOURS = 'Nie ustawiono wymaganych godzin pracy dla tego miesiąca';

async function step<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new GenerationStepError(message, err);
  }
}

export interface LoadedMonth {
  instance: Instance;
  employeeIds: string[];
  manualKeys: Set<string>;
}

export async function loadInstance(db: Db, role: string, month: string, options: { keepManual?: boolean } = {}): Promise<LoadedMonth> {
  const [group] = await db.select().from(staffGroups).where(eq(staffGroups.name, role));
  if (!group) throw new HttpError(404, 'NOT_FOUND', `Staff group "${role}" not found`, 'role', { what: 'staffGroup' });
  const settings = await getSettings(db);
  const { first, last } = monthRange(month);
  const { month: m0, year } = parseMonthKey(month);

  const required = await step('Error loading monthly work hours', () =>
    db.select().from(monthlyWorkHours).where(and(eq(monthlyWorkHours.month, m0), eq(monthlyWorkHours.year, year))),
  );
  if (!required[0]) throw new HttpError(422, 'NO_REQUIRED_HOURS', NO_REQUIRED_HOURS);

  const hours = await step('Error loading airport hours', () =>
    db
      .select()
      .from(airportHours)
      .where(and(eq(airportHours.role, role), eq(airportHours.month, m0), eq(airportHours.year, year)))
      .orderBy(asc(airportHours.dayOfWeek)),
  );

  const start = DateTime.fromISO(`${month}-01`, { zone: settings.timeZone });
  const monthFlights = group.takesFlights
    ? await step('Error loading flights', () =>
        db
          .select({
            flightNumber: flights.flightNumber,
            departure: sql<number>`extract(epoch from ${flights.departureTime})::float8`,
            arrival: sql<number>`extract(epoch from ${flights.arrivalTime})::float8`,
            requiredStaff: flights.requiredStaff,
          })
          .from(flights)
          .where(
            and(
              gte(flights.departureTime, start.toUTC().toISO()!),
              lt(flights.departureTime, start.plus({ months: 1 }).toUTC().toISO()!),
            ),
          )
          .orderBy(asc(flights.departureTime)),
      )
    : [];

  const staff = await db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      workingTimeFraction: employees.workingTimeFraction,
      monthlyHours: employees.monthlyHours,
    })
    .from(employees)
    .where(eq(employees.role, role))
    .orderBy(asc(employees.lastName), asc(employees.firstName));
  const ids = staff.map((e) => e.id);
  // The days before the month count for rest, weekly rest and runs of working days (previousShifts).
  const before = DateTime.fromISO(first, { zone: 'UTC' }).minus({ days: PREVIOUS_SHIFT_DAYS }).toISODate()!;
  const offs = ids.length
    ? await db
        .select()
        .from(timeOff)
        // A rejected request is not planned: the employee works those days as any other.
        .where(and(inArray(timeOff.employeeId, ids), lte(timeOff.startDate, last), gte(timeOff.endDate, before), ne(timeOff.status, 'rejected')))
    : [];
  const previous = ids.length
    ? await step('Error loading the shifts before the month', () =>
        db
          .select({ employeeId: schedules.employeeId, date: schedules.date, startTime: schedules.startTime, endTime: schedules.endTime })
          .from(schedules)
          .where(and(inArray(schedules.employeeId, ids), gte(schedules.date, before), lt(schedules.date, first)))
          .orderBy(asc(schedules.date)),
      )
    : [];
  const manual =
    ids.length && options.keepManual !== false
      ? await db
          .select()
          .from(schedules)
          .where(
            and(inArray(schedules.employeeId, ids), gte(schedules.date, first), lte(schedules.date, last), eq(schedules.source, 'manual')),
          )
      : [];

  const iso = (epoch: number) =>
    DateTime.fromSeconds(Number(epoch), { zone: settings.timeZone }).toISO({ suppressMilliseconds: true })!;
  const instance: Instance = {
    version: 2,
    month,
    timeZone: settings.timeZone,
    role,
    settings: {
      timeIncrement: settings.timeIncrement,
      minRestHours: settings.minRestHours,
      weeklyHours: settings.weeklyHours,
      minShiftHours: settings.minShiftHours,
      weeklyRestHours: settings.weeklyRestHours,
      maxConsecutiveDays: settings.maxConsecutiveDays,
    },
    requiredHours: required[0].requiredHours,
    employees: staff.map((e) => ({
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      // Part time or own hours: the employee's own target (docs/decisions/0010-part-time-hours.md);
      // a full-time employee without own hours keeps the month's, so their entry has none.
      ...((e.monthlyHours !== null || e.workingTimeFraction !== 1) && {
        requiredHours: employeeRequiredHours(required[0]!.requiredHours, e)!,
      }),
      timeOff: offs
        .filter((o) => o.employeeId === e.id)
        .map((o) => ({ startDate: o.startDate, endDate: o.endDate, countAsWork: o.countAsWork, workHours: o.workHours })),
    })),
    flights: monthFlights
      .map((f) => ({
        flightNumber: f.flightNumber,
        departureTime: iso(f.departure),
        arrivalTime: iso(f.arrival),
        requiredStaff: Math.max(0, Math.floor(Number(f.requiredStaff?.[role] ?? 0))),
      }))
      .filter((f) => f.requiredStaff > 0),
    airportHours: group.takesAirportHours
      ? hours.map((h) => ({
          dayOfWeek: h.dayOfWeek,
          openingTime: h.openingTime.slice(0, 5),
          closingTime: h.closingTime.slice(0, 5),
          minimumStaff: h.minimumStaff,
        }))
      : [],
    fixedShifts: manual.map((s) => ({
      employeeId: s.employeeId,
      date: s.date,
      startTime: s.startTime.slice(0, 5),
      endTime: s.endTime.slice(0, 5),
    })),
    previousShifts: previous
      .filter((s) => s.endTime.slice(0, 5) > s.startTime.slice(0, 5))
      .map((s) => ({ employeeId: s.employeeId, date: s.date, startTime: s.startTime.slice(0, 5), endTime: s.endTime.slice(0, 5) })),
  };
  return { instance, employeeIds: ids, manualKeys: new Set(manual.map((s) => `${s.employeeId}|${s.date}`)) };
}
