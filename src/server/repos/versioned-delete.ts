// A delete that names the version the planner saw: when the record has changed since, it is kept and
// the delete is refused as stale, so a colleague's newer edit is not removed unseen. Without a
// version the record is deleted whatever its version (the API's older callers, and the commands).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

export type DeleteResult = 'deleted' | 'missing' | 'stale';

export async function deleteAtVersion(
  db: Db,
  table: PgTable & { version: PgColumn },
  match: SQL,
  version: number | undefined,
): Promise<DeleteResult> {
  const where = version === undefined ? match : and(match, eq(table.version, version))!;
  const deleted = await db.delete(table).where(where).returning({ one: sql<number>`1` });
  if (deleted.length > 0) return 'deleted';
  if (version === undefined) return 'missing';
  const [still] = await db.select({ one: sql<number>`1` }).from(table as PgTable).where(match).limit(1);
  return still ? 'stale' : 'missing';
}
