// A delete that names what the planner saw: when the record has changed since, it is kept and the
// delete is refused as stale, so a colleague's newer edit is not removed unseen. Without that
// condition the record is deleted as it is (the API's older callers, and the commands).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

export type DeleteResult = 'deleted' | 'missing' | 'stale';

/** Deletes what `match` finds while `unchanged` (if given) still holds for it. */
export async function deleteIfUnchanged(db: Db, table: PgTable, match: SQL, unchanged: SQL | undefined): Promise<DeleteResult> {
  const where = unchanged === undefined ? match : and(match, unchanged)!;
  const deleted = await db
    .delete(table)
    .where(where)
    .returning({ one: sql<number>`1` });
  if (deleted.length > 0) return 'deleted';
  if (unchanged === undefined) return 'missing';
  const [still] = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(match)
    .limit(1);
  return still ? 'stale' : 'missing';
}

/** Deletes what `match` finds while it is at `version` (if given). */
export function deleteAtVersion(db: Db, table: PgTable & { version: PgColumn }, match: SQL, version: number | undefined): Promise<DeleteResult> {
  return deleteIfUnchanged(db, table, match, version === undefined ? undefined : eq(table.version, version));
}
