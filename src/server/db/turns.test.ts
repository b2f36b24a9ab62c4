// Statements leave other requests their turn: while one request runs a chain of statements, even in a
// transaction, the server's other work (a timer here; another planner's request in the app) runs in
// between. The embedded database runs statements on the server's own thread (client.ts, takingTurns).
// Both databases.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness.ts';
import type { Database, Db } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const CHAIN = 20;

/** How many of a chain of statements on `db` ran before a timer set as it started fired; null if it never did. */
async function ranBeforeTimer(db: Db): Promise<number | null> {
  let ran = 0;
  let firedAfter: number | null = null;
  const timer = setTimeout(() => (firedAfter = ran), 0);
  for (let i = 0; i < CHAIN; i++) {
    await db.execute(sql`select 1`);
    ran++;
  }
  clearTimeout(timer);
  return firedAfter;
}

it('lets other work run between statements', async () => {
  expect(await ranBeforeTimer(database.db)).toBeLessThan(CHAIN);
});

it('lets other work run between the statements of a transaction', async () => {
  const firedAfter = await database.db.transaction((tx) => ranBeforeTimer(tx as unknown as Db));
  expect(firedAfter).toBeLessThan(CHAIN);
});
