import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, staffGroups } from '../db/schema.ts';

export async function listStaffGroups(db: Db) {
  return db
    .select({
      id: staffGroups.id,
      name: staffGroups.name,
      takesFlights: staffGroups.takesFlights,
      takesAirportHours: staffGroups.takesAirportHours,
      position: staffGroups.position,
      employeeCount: count(employees.id),
    })
    .from(staffGroups)
    .leftJoin(employees, eq(employees.role, staffGroups.name))
    .groupBy(staffGroups.id)
    .orderBy(asc(staffGroups.position), asc(staffGroups.name));
}
