// The SQL of the coverage views (src/server/coverage/): the groups that have operating hours, a
// group's saved shifts of a month, and the month's flights by id.
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, flights, schedules, staffGroups } from '../db/schema.ts';

/** The staff groups that take part in operating hours (only they have demand), in their order. */
export async function groupsWithHours(db: Db) {
  return db
    .select({ name: staffGroups.name, takesFlights: staffGroups.takesFlights })
    .from(staffGroups)
    .where(eq(staffGroups.takesAirportHours, true))
    .orderBy(asc(staffGroups.position), asc(staffGroups.name));
}

/** Every saved shift (manual and generated) of the group's employees from `first` to `last`. */
export async function groupShifts(db: Db, role: string, first: string, last: string) {
  return db
    .select({
      employeeId: schedules.employeeId,
      date: schedules.date,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      endDate: schedules.endDate,
      totalHours: schedules.totalHours,
    })
    .from(schedules)
    .innerJoin(employees, eq(employees.id, schedules.employeeId))
    .where(and(eq(employees.role, role), gte(schedules.date, first), lte(schedules.date, last)));
}

/** The ids of flights departing from `from` (inclusive) to `to` (exclusive), with number and epoch seconds. */
export async function flightIdsDeparting(db: Db, from: string, to: string) {
  return db
    .select({ id: flights.id, flightNumber: flights.flightNumber, departure: sql<number>`extract(epoch from ${flights.departureTime})::float8` })
    .from(flights)
    .where(and(gte(flights.departureTime, from), lt(flights.departureTime, to)));
}
