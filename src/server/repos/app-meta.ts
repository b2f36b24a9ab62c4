// The app_meta table: a few values the server keeps for itself by key, such as the signing secret
// generated when AUTH_SECRET is not given.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

/** The key of the signing secret generated when AUTH_SECRET is not given; a backup carries it only with secrets. */
export const SIGNING_SECRET_KEY = 'auth_secret';

/** The value kept under `key`, or null when there is none. */
export async function metaValue(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row ? row.value : null;
}

/** Keeps `value` under `key` unless a value is there already (another instance may have been first). */
export async function addMetaValueIfAbsent(db: Db, key: string, value: string): Promise<void> {
  await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
}

/** Keeps `value` under `key`, replacing what was there. */
export async function setMetaValue(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value` } });
}
