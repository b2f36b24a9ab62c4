import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/** The single settings row; when none is stored, the defaults are created and saved (docs/product.md §4). */
export async function getSettings(db: Db) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (row) return row;
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(settings).where(eq(settings.id, 1));
  return created!;
}

export interface SettingsValues {
  timeIncrement: 'half' | 'full';
  minRestHours: number;
  weeklyHours: number;
  minShiftHours: number;
  /** Left out: kept as stored. */
  weeklyRestHours?: number | undefined;
  maxConsecutiveDays?: number | undefined;
  partTimeOvertimeHours?: number | undefined;
  /** Left out: kept as stored; null: no monthly limit for full time. */
  fullTimeOvertimeHours?: number | null | undefined;
  timeZone: string;
  /** Left out: kept as stored; null clears it. */
  stationCode?: string | null | undefined;
  /** Left out: kept as stored. */
  showColleagues?: boolean | undefined;
  /** Left out: kept as stored. */
  maxWishesPerMonth?: number | undefined;
}

/**
 * Saves the settings when `version` is still the stored one, and returns the saved row; null when
 * someone else saved in between (nothing changes then).
 */
export async function updateSettings(db: Db, values: SettingsValues, version: number) {
  await getSettings(db);
  const [row] = await db
    .update(settings)
    .set({
      ...values,
      weeklyRestHours: values.weeklyRestHours ?? sql`${settings.weeklyRestHours}`,
      maxConsecutiveDays: values.maxConsecutiveDays ?? sql`${settings.maxConsecutiveDays}`,
      partTimeOvertimeHours: values.partTimeOvertimeHours ?? sql`${settings.partTimeOvertimeHours}`,
      fullTimeOvertimeHours: values.fullTimeOvertimeHours === undefined ? sql`${settings.fullTimeOvertimeHours}` : values.fullTimeOvertimeHours,
      stationCode: values.stationCode === undefined ? sql`${settings.stationCode}` : values.stationCode,
      showColleagues: values.showColleagues ?? sql`${settings.showColleagues}`,
      maxWishesPerMonth: values.maxWishesPerMonth ?? sql`${settings.maxWishesPerMonth}`,
      version: sql`${settings.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(settings.id, 1), eq(settings.version, version)))
    .returning();
  return row ?? null;
}
