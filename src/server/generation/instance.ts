// Builds the generator's instance (docs/generator-format.md) of one staff group's month from the database.
// The generate endpoint and the export command both use it, so a real month can be replayed.
import { DateTime } from 'luxon';
import { PREVIOUS_SHIFT_DAYS, type Instance } from '../../engine/format.ts';
import { monthRange, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { getSettings } from '../repos/settings.ts';
import {
  findStaffGroup,
  flightsDeparting,
  groupAirportHours,
  groupStaff,
  manualShifts,
  plannedTimeOff,
  requiredHoursOf,
  shiftsBetween,
} from '../repos/generation.ts';
import { employeeHoursLimit, employeeRequiredHours } from '../../shared/api/employees.ts';
import { absenceWorkingDays } from '../../shared/hours.ts';
import { holidaysIn } from '../domain/holidays.ts';
import { DomainError, FailedError, NotFoundError, UnprocessableError } from '../domain/errors.ts';
import { ruleSettings } from '../../shared/rule-settings.ts';
import type { Movement } from '../../shared/api/handling-rules.ts';
import { holdingsOf } from '../repos/qualifications.ts';
import { demandResolver } from '../handling-rules/service.ts';
import { wishesOf } from '../repos/wishes.ts';

/** An employee's wishes as the instance holds them; nothing for an employee without any, so their entry is as before. */
function wishesFor(
  rows: ReadonlyArray<{ employeeId: string; date: string; kind: NonNullable<Instance['employees'][number]['wishes']>[number]['kind'] }>,
  id: string,
) {
  const wishes = rows.filter((r) => r.employeeId === id).map((r) => ({ date: r.date, kind: r.kind }));
  return wishes.length > 0 ? { wishes } : {};
}

/** The failing step's message, as docs/product.md §8 names it; answered with 500 GENERATION_STEP. */
export class GenerationStepError extends FailedError {
  constructor(message: string, cause?: unknown) {
    super('GENERATION_STEP', message, cause ? { cause } : {});
  }
}

export const NO_REQUIRED_HOURS = 'Nie ustawiono wymaganych godzin pracy dla tego miesiąca';

async function step<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new GenerationStepError(message, err);
  }
}

/** A qualification an employee holds, as format version 3 writes it: an absent date is open. */
type HeldForEngine = { code: string; validFrom?: string; validUntil?: string };
/** A flight's timed work, as format version 3 writes it (docs/generator-format.md). */
type TaskForEngine = { name: string; from: string; to: string; staff: number; qualification?: string };
type PlannedEmployee = Instance['employees'][number] & { qualifications?: HeldForEngine[] };
type PlannedFlight = Instance['flights'][number] & { aircraftType?: string; tasks?: TaskForEngine[] };
/**
 * The instance as loadInstance builds it: format version 2, or version 3 when a flight has tasks or an
 * employee holds a qualification (docs/decisions/0044-demand-from-handling-rules.md).
 */
type PlannedInstance = Omit<Instance, 'employees' | 'flights'> & { employees: PlannedEmployee[]; flights: PlannedFlight[] };

export interface LoadedMonth {
  instance: Instance;
  employeeIds: string[];
  manualKeys: Set<string>;
}

export async function loadInstance(
  db: Db,
  role: string,
  month: string,
  /**
   * `keepManual`: the planner's shifts as fixed (default); `requiredHoursOptional`: a month without
   * required hours has requiredHours null instead of being refused; `flightsAround`: only the flights
   * departing within these instants (ISO) of the month, for a look at a few hours of it (who can take a shift).
   */
  options: { keepManual?: boolean; requiredHoursOptional?: boolean; flightsAround?: { from: string; to: string } } = {},
): Promise<LoadedMonth> {
  const group = await findStaffGroup(db, role);
  if (!group) throw new NotFoundError('NOT_FOUND', `Staff group "${role}" not found`, { field: 'role', params: { what: 'staffGroup' } });
  const settings = await getSettings(db);
  const { first, last } = monthRange(month);
  const parts = parseMonthKey(month);

  const required = await step('Error loading monthly work hours', () => requiredHoursOf(db, parts));
  if (!required[0] && !options.requiredHoursOptional) throw new UnprocessableError('NO_REQUIRED_HOURS', NO_REQUIRED_HOURS);
  const requiredHours = required[0]?.requiredHours ?? null;

  const hours = await step('Error loading airport hours', () => groupAirportHours(db, role, parts));

  const start = DateTime.fromISO(`${month}-01`, { zone: settings.timeZone });
  const monthStart = start.toUTC().toISO()!;
  const monthEnd = start.plus({ months: 1 }).toUTC().toISO()!;
  const around = options.flightsAround;
  const from = around && DateTime.fromISO(around.from) > DateTime.fromISO(monthStart) ? DateTime.fromISO(around.from).toUTC().toISO()! : monthStart;
  const to = around && DateTime.fromISO(around.to) < DateTime.fromISO(monthEnd) ? DateTime.fromISO(around.to).toUTC().toISO()! : monthEnd;
  const monthFlights = group.takesFlights ? await step('Error loading flights', () => flightsDeparting(db, from, to)) : [];

  const staff = await groupStaff(db, role);
  const ids = staff.map((e) => e.id);
  // What each employee holds on some date of the month (the dates as stored); the engine judges each date.
  const held = new Map<string, HeldForEngine[]>();
  for (const h of await step('Error loading qualifications', () => holdingsOf(db, ids))) {
    if ((h.validFrom && h.validFrom > last) || (h.validUntil && h.validUntil < first)) continue;
    const mine = held.get(h.employeeId) ?? [];
    mine.push({ code: h.code, ...(h.validFrom && { validFrom: h.validFrom }), ...(h.validUntil && { validUntil: h.validUntil }) });
    held.set(h.employeeId, mine);
  }
  // The days before the month count for rest, weekly rest and runs of working days (previousShifts).
  const before = DateTime.fromISO(first, { zone: 'UTC' }).minus({ days: PREVIOUS_SHIFT_DAYS }).toISODate()!;
  // A rejected request is not planned: the employee works those days as any other.
  const offs = await plannedTimeOff(db, ids, before, last);
  const previous = ids.length ? await step('Error loading the shifts before the month', () => shiftsBetween(db, ids, before, first)) : [];
  const manual = options.keepManual !== false ? await manualShifts(db, ids, { first, last }) : [];
  // Employees' wishes of the month (docs/staff-accounts.md#wishes), unless the airport takes none.
  const wished = settings.maxWishesPerMonth > 0 ? await step('Error loading the wishes', () => wishesOf(db, ids, month)) : [];

  const holidayDates = new Set(holidaysIn(month, settings.timeZone).map((h) => h.date));
  const iso = (epoch: number) => DateTime.fromSeconds(Number(epoch), { zone: settings.timeZone }).toISO({ suppressMilliseconds: true })!;
  const { workOf, typeOf } = await step('Error loading the handling rules', () => demandResolver(db, settings.timeZone));
  const flightsPlanned = monthFlights.flatMap((f): PlannedFlight[] => {
    const departureTime = iso(f.departure);
    // A departures-only flight has no arrival; demand follows the departure alone.
    const arrivalTime = f.arrival === null ? null : iso(f.arrival);
    const movement = f.movement as Movement;
    const work = workOf({ flightNumber: f.flightNumber, departureTime, arrivalTime, aircraftType: f.aircraftType, movement }, role);
    if (work.kind === 'rule') {
      const aircraftType = typeOf(f.aircraftType);
      return [
        {
          flightNumber: f.flightNumber,
          departureTime,
          arrivalTime,
          // Ignored by the engine when a flight has tasks (format version 3); none of the block.
          requiredStaff: 0,
          ...(aircraftType && { aircraftType }),
          tasks: work.tasks.map((t) => ({ name: t.name, from: t.from, to: t.to, staff: t.staff, ...(t.qualification && { qualification: t.qualification }) })),
        },
      ];
    }
    // No rule for the group: an arrival adds no work; a departure or a turnaround its block, as before rules.
    if (movement === 'arrival') return [];
    const requiredStaff = Math.max(0, Math.floor(Number(f.requiredStaff?.[role] ?? 0)));
    return requiredStaff > 0 ? [{ flightNumber: f.flightNumber, departureTime, arrivalTime, requiredStaff }] : [];
  });
  const employeesPlanned: PlannedEmployee[] = staff.map((e) => {
    // Justified absence lowers the month's working time (art. 130 § 3): the target and the limit follow.
    const absence = absenceWorkingDays(
      offs.filter((o) => o.employeeId === e.id),
      month,
      holidayDates,
    );
    const target = employeeRequiredHours(requiredHours, e, absence);
    const limit = employeeHoursLimit(requiredHours, e, settings, absence);
    const qualifications = held.get(e.id);
    return {
      id: e.id,
      firstName: e.firstName,
      lastName: e.lastName,
      // Part time, own hours or an absence: the employee's own target (docs/decisions/0010-part-time-hours.md);
      // a full-time employee without own hours or absence keeps the month's, so their entry has none.
      ...((e.monthlyHours !== null || e.workingTimeFraction !== 1 || absence > 0) && target !== null && { requiredHours: target }),
      // R13: the target plus the overtime the settings allow this kind of contract (none for part time
      // by default); a full-time employee has no monthly limit unless the settings give one.
      ...(limit !== null && { maxHours: limit }),
      timeOff: offs
        .filter((o) => o.employeeId === e.id)
        .map((o) => ({ startDate: o.startDate, endDate: o.endDate, countAsWork: o.countAsWork, workHours: o.workHours })),
      ...(qualifications && { qualifications }),
      ...wishesFor(wished, e.id),
    };
  });
  // An airport that defines no rules and no qualifications gets the instance it always had (version 2).
  const v3 = flightsPlanned.some((f) => f.tasks) || employeesPlanned.some((e) => e.qualifications);
  const instance: PlannedInstance = {
    version: v3 ? 3 : 2,
    month,
    timeZone: settings.timeZone,
    role,
    settings: ruleSettings(settings),
    requiredHours,
    employees: employeesPlanned,
    flights: flightsPlanned,
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
      // An overnight shift names its next date (docs/night-operations.md).
      ...(s.endDate !== s.date && { endDate: s.endDate }),
    })),
    previousShifts: previous.map((s) => ({
      employeeId: s.employeeId,
      date: s.date,
      startTime: s.startTime.slice(0, 5),
      endTime: s.endTime.slice(0, 5),
      ...(s.endDate !== s.date && { endDate: s.endDate }),
    })),
  };
  return { instance, employeeIds: ids, manualKeys: new Set(manual.map((s) => `${s.employeeId}|${s.date}`)) };
}

/** A shift of the month as format version 3's `publishedShifts` holds it. */
export interface PublishedShiftForEngine {
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
  endDate?: string;
}

/**
 * The instance of a re-plan from a date (docs/replanning.md): format version 3 with `replanFrom` and
 * `publishedShifts` (the month before the date as it is, the published version from it on). Everything
 * else is the group's month as loadInstance built it; only the shifts of employees in it are passed.
 */
export function replanInstance(instance: Instance, from: string, published: readonly PublishedShiftForEngine[]): Instance {
  const known = new Set(instance.employees.map((e) => e.id));
  return {
    ...instance,
    version: 3,
    replanFrom: from,
    publishedShifts: published
      .filter((s) => known.has(s.employeeId))
      .map((s) => ({
        employeeId: s.employeeId,
        date: s.date,
        startTime: s.startTime.slice(0, 5),
        endTime: s.endTime.slice(0, 5),
        ...(s.endDate !== undefined && s.endDate !== s.date && { endDate: s.endDate }),
      })),
  } as Instance;
}
