// Whether the database answers at all: the health checks' one query.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** True when the database runs a trivial query; false on any error (the checks say "degraded"). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
