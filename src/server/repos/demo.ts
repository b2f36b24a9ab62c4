// The demo airport's statements: whether the database is still empty, the airport's zone, and the
// demo's rows written in one transaction. What the rows are is src/server/demo/seed.ts's business.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  aircraftTypeNames,
  airportHours,
  employeeQualifications,
  employees,
  flights,
  handlingRules,
  monthlyWorkHours,
  qualifications,
  settings,
  timeOff,
} from '../db/schema.ts';

/** Flights per insert statement. */
const FLIGHT_BATCH = 500;

/** The demo airport's rows. Time off names employees, so it is made from the employees as stored. */
export interface DemoRows {
  employees: (typeof employees.$inferInsert)[];
  timeOff: (stored: { id: string; role: string }[]) => (typeof timeOff.$inferInsert)[];
  flights: (typeof flights.$inferInsert)[];
  airportHours: (typeof airportHours.$inferInsert)[];
  monthlyHours: (typeof monthlyWorkHours.$inferInsert)[];
  /** The catalogue of qualifications, in its order; who holds which is made from the employees as stored. */
  qualifications: Omit<typeof qualifications.$inferInsert, 'position'>[];
  holdings: (stored: { id: string; role: string }[]) => (typeof employeeQualifications.$inferInsert)[];
  /** The aircraft-name table and the handling rules, in their order. */
  typeNames: Omit<typeof aircraftTypeNames.$inferInsert, 'position'>[];
  handlingRules: Omit<typeof handlingRules.$inferInsert, 'position'>[];
}

/** The time zone the settings name, or null before there are settings. */
export async function settingsTimeZone(db: Db): Promise<string | null> {
  const [row] = await db.select({ timeZone: settings.timeZone }).from(settings);
  return row?.timeZone ?? null;
}

/** True when there is no employee yet. */
export async function hasNoEmployees(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(employees);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo airport in one transaction, with the default settings if there are none. Flights,
 * operating hours and required hours that are there already stay as they are.
 */
export async function insertDemoAirport(db: Db, rows: DemoRows): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
    const stored = await tx.insert(employees).values(rows.employees).returning({ id: employees.id, role: employees.role });
    const requests = rows.timeOff(stored);
    if (requests.length > 0) await tx.insert(timeOff).values(requests);
    // The demand model's rows are the demo's own: an airport that has some keeps them.
    if (rows.qualifications.length > 0) {
      await tx
        .insert(qualifications)
        .values(rows.qualifications.map((q, position) => ({ ...q, position })))
        .onConflictDoNothing();
      const held = rows.holdings(stored);
      if (held.length > 0) await tx.insert(employeeQualifications).values(held).onConflictDoNothing();
    }
    if (rows.typeNames.length > 0) {
      await tx
        .insert(aircraftTypeNames)
        .values(rows.typeNames.map((n, position) => ({ ...n, position })))
        .onConflictDoNothing();
    }
    const [rule] = await tx.select({ id: handlingRules.id }).from(handlingRules).limit(1);
    if (!rule && rows.handlingRules.length > 0) await tx.insert(handlingRules).values(rows.handlingRules.map((r, position) => ({ ...r, position })));
    for (let i = 0; i < rows.flights.length; i += FLIGHT_BATCH) {
      await tx
        .insert(flights)
        .values(rows.flights.slice(i, i + FLIGHT_BATCH))
        .onConflictDoNothing();
    }
    if (rows.airportHours.length > 0) await tx.insert(airportHours).values(rows.airportHours).onConflictDoNothing();
    if (rows.monthlyHours.length > 0) await tx.insert(monthlyWorkHours).values(rows.monthlyHours).onConflictDoNothing();
  });
}
