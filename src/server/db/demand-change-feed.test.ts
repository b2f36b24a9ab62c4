// The demand model's tables announce their changes on the change feed (migration 0017), as flights do:
// a rule, a written aircraft name or a holding changes what cached months and coverage bounds hold, so a
// write to any of them, from any instance or tool, tells every month ('all').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import type { Change } from './changes.ts';
import { aircraftTypeNames, employeeQualifications, employees, handlingRules, qualifications } from './schema.ts';

let database: Database;
const heard: Change[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  database.changes().subscribe((change) => heard.push(change));
  for (const until = Date.now() + 10_000; !database.changes().live && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => database?.close());

/** Whether `write` is announced as a change of every month. */
async function announced(write: () => Promise<unknown>): Promise<boolean> {
  heard.length = 0;
  await write();
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    if (heard.includes('all')) return true;
  }
  return false;
}

describe('the change feed', () => {
  it('tells every month of a change to the catalogue, the holdings, the handling rules and the name table', async () => {
    const db = database.db;
    const [anna] = await db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
    expect(await announced(() => db.insert(qualifications).values({ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug' }))).toBe(true);
    expect(await announced(() => db.insert(employeeQualifications).values({ employeeId: anna!.id, code: 'PUSHBACK', validUntil: '2026-12-14' }))).toBe(true);
    expect(await announced(() => db.update(employeeQualifications).set({ validUntil: '2026-12-31' }).where(eq(employeeQualifications.code, 'PUSHBACK')))).toBe(
      true,
    );
    expect(await announced(() => db.insert(handlingRules).values({ aircraftType: 'B738', tasks: [] }))).toBe(true);
    expect(await announced(() => db.delete(handlingRules))).toBe(true);
    expect(await announced(() => db.insert(aircraftTypeNames).values({ written: 'BOEING 737-8*', aircraftType: 'B738' }))).toBe(true);
  });
});
