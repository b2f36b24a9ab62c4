// A new airport started without the demo has no staff groups (the first-run checklist asks for the first
// one); an installation already in use keeps every group it has.
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from '../db/client.ts';
import { aircraftStaffing, employees } from '../db/schema.ts';
import { listStaffGroups } from '../repos/staff-groups.ts';
import { startEmptyAirport } from './seed.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('a new airport without the demo', () => {
  it('starts with no staff groups: no "TEST 1" and no empty "Koordynator"', async () => {
    database = await openTestDatabase();
    expect((await listStaffGroups(database.db)).map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
    await startEmptyAirport(database.db);
    expect(await listStaffGroups(database.db)).toEqual([]);
    // The default staffing by aircraft size names no group that is gone.
    const staffing = await database.db.select({ requiredStaff: aircraftStaffing.requiredStaff }).from(aircraftStaffing);
    for (const row of staffing) expect(row.requiredStaff).toEqual({});
  });

  it('keeps every group of an airport that already has staff', async () => {
    database = await openTestDatabase();
    await database.db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' });
    await startEmptyAirport(database.db);
    expect((await listStaffGroups(database.db)).map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']);
  });
});
