// SQL of the first-run checklist: counts of what a month has, and whether any month has shifts (docs/getting-started.md).
import { and, countDistinct, count, eq, gte, lt, lte } from 'drizzle-orm';
import type { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules, staffGroups } from '../db/schema.ts';
import { monthRange, toMonthKey, type MonthParts } from '../../shared/month.ts';
import type { SetupStatus } from '../../shared/api/setup.ts';

/** What the month has: groups, employees, flights departing in [from, to), operating hours, required hours, shifts. */
export async function setupStatus(db: Db, parts: MonthParts, from: DateTime, to: DateTime): Promise<SetupStatus> {
  const key = toMonthKey(parts);
  const { first, last } = monthRange(key);
  const [groups, people, flightCount, hours, required, shifts, anyShift] = await Promise.all([
    db.select({ name: staffGroups.name, takesFlights: staffGroups.takesFlights, takesAirportHours: staffGroups.takesAirportHours }).from(staffGroups),
    db.select({ n: count() }).from(employees),
    db
      .select({ n: count() })
      .from(flights)
      .where(and(gte(flights.departureTime, from.toUTC().toISO()!), lt(flights.departureTime, to.toUTC().toISO()!))),
    db
      .select({ n: countDistinct(airportHours.role) })
      .from(airportHours)
      .innerJoin(staffGroups, and(eq(staffGroups.name, airportHours.role), eq(staffGroups.takesAirportHours, true)))
      .where(and(eq(airportHours.month, parts.month), eq(airportHours.year, parts.year))),
    db
      .select({ hours: monthlyWorkHours.requiredHours })
      .from(monthlyWorkHours)
      .where(and(eq(monthlyWorkHours.month, parts.month), eq(monthlyWorkHours.year, parts.year))),
    db
      .select({ n: count() })
      .from(schedules)
      .where(and(gte(schedules.date, first), lte(schedules.date, last))),
    db.select({ id: schedules.id }).from(schedules).limit(1),
  ]);
  return {
    month: key,
    groups: groups.length,
    employees: Number(people[0]?.n ?? 0),
    flightGroups: groups.filter((g) => g.takesFlights).length,
    flights: Number(flightCount[0]?.n ?? 0),
    hoursGroups: groups.filter((g) => g.takesAirportHours).length,
    hoursGroupsSet: Number(hours[0]?.n ?? 0),
    requiredHours: required[0]?.hours ?? null,
    shifts: Number(shifts[0]?.n ?? 0),
    plannedBefore: anyShift.length > 0,
  };
}
