// The airport operating hours (docs/product.md §7): only a group that takes part in them has hours
// (docs/design.md#staff-groups); a day has one row per group and month, a quick setup fills only a
// group with none, a copy from the previous month leaves alone the days that already have hours, and
// an edit names the values it was based on (docs/design.md#edits-by-several-planners). The reads and
// writes are the repository's (repos/airport-hours.ts).
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ConflictError, invalidInput, NotFoundError } from '../domain/errors.ts';
import { AIRPORT_HOURS_EXIST, AIRPORT_HOURS_EXIST_MESSAGE, QUICK_SETUP, type AirportHours } from '../../shared/api/airport-hours.ts';
import { addMonths, parseMonthKey, type MonthParts } from '../../shared/month.ts';
import {
  airportHoursExist,
  countGroupMonthHours,
  findAirportHours,
  findStaffGroup,
  insertAirportHours,
  insertAirportHoursRows,
  insertMissingAirportHours,
  listAirportHoursGroups,
  listMonthRows,
  updateAirportHours,
  upsertAirportHours,
  type HoursValues,
  type NewAirportHours,
} from '../repos/airport-hours.ts';

const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
const notFound = () => new NotFoundError('NOT_FOUND', 'Operating hours record not found', { params: { what: 'operatingHoursRecord' } });

/** Only a group that takes part in operating hours is accepted (docs/design.md#staff-groups). */
async function requireHoursGroup(db: Db, role: string): Promise<string> {
  const group = await findStaffGroup(db, role);
  if (!group) throw invalidInput(`role: there is no staff group named "${role}"`, 'role', { rule: 'unknownGroup' });
  if (!group.takesAirportHours) {
    throw invalidInput(`role: the group "${role}" does not take part in airport operating hours`, 'role', { rule: 'groupNotInHours' });
  }
  return group.name;
}

/** Adds one day's hours of a group's month; refused when the group already has hours on that day. */
export async function addAirportHours(db: Db, input: Omit<NewAirportHours, 'month' | 'year'> & { month: string }): Promise<AirportHours> {
  const { month, ...rest } = input;
  const role = await requireHoursGroup(db, rest.role);
  const row = { ...rest, role, ...parseMonthKey(month) };
  // A concurrent insert of the same day is refused by the unique key: the insert answers null then.
  const created = (await findAirportHours(db, row)) ? null : await insertAirportHours(db, row);
  if (!created) throw new ConflictError(AIRPORT_HOURS_EXIST, AIRPORT_HOURS_EXIST_MESSAGE);
  return created;
}

/** Changes a row's times and minimum staff while it still holds the values the planner saw. */
export async function editAirportHours(db: Db, id: string, values: HoursValues, basedOn: HoursValues): Promise<AirportHours> {
  const saved = await updateAirportHours(db, id, values, basedOn);
  if (saved) return saved;
  if (await airportHoursExist(db, id)) throw new ConflictError('STALE', STALE_MESSAGE);
  throw notFound();
}

/**
 * Quick setup: all seven days with the same hours (06:00–22:00 with minimum staff 1 unless `hours`
 * names others), in one transaction; refused when the group already has any hours this month
 * (nothing is written then).
 */
export async function quickSetup(
  db: Db,
  input: { role: string; month: string } & Partial<{ openingTime: string; closingTime: string; minimumStaff: number }>,
): Promise<AirportHours[]> {
  const role = await requireHoursGroup(db, input.role);
  const parts = parseMonthKey(input.month);
  const values = {
    openingTime: input.openingTime ?? QUICK_SETUP.openingTime,
    closingTime: input.closingTime ?? QUICK_SETUP.closingTime,
    minimumStaff: input.minimumStaff ?? QUICK_SETUP.minimumStaff,
  };
  let rows: AirportHours[] | null;
  try {
    rows = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if ((await countGroupMonthHours(tx, role, parts)) > 0) return null;
      const week = await insertAirportHoursRows(
        tx,
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ role, dayOfWeek, ...values, ...parts })),
      );
      return week.sort((a, b) => a.dayOfWeek - b.dayOfWeek);
    });
  } catch (error) {
    // Another request filled the group's month in between: the unique key answers.
    if (!isUniqueViolation(error)) throw error;
    rows = null;
  }
  if (!rows) {
    throw new ConflictError('AIRPORT_HOURS_NOT_EMPTY', `The group "${role}" already has operating hours this month. Quick setup only fills a group with none.`);
  }
  return rows;
}

/** Sets several days of a group's month at once, all or nothing; returns the saved rows, Monday first. */
export async function setDays(db: Db, input: { role: string; month: string; days: ({ dayOfWeek: number } & HoursValues)[] }): Promise<AirportHours[]> {
  const role = await requireHoursGroup(db, input.role);
  const parts = parseMonthKey(input.month);
  const rows = await db.transaction((transaction) =>
    upsertAirportHours(
      transaction as unknown as Db,
      input.days.map((d) => ({ role, ...parts, ...d })),
    ),
  );
  return rows.sort((a, b) => ((a.dayOfWeek + 6) % 7) - ((b.dayOfWeek + 6) % 7));
}

/**
 * Copies the previous month's rows of one group (or of every group that takes part in operating
 * hours) into this month, in one transaction, leaving alone the days that already have hours.
 */
export async function copyPreviousMonth(db: Db, input: { month: string; role?: string | undefined }): Promise<{ copied: number; skipped: number }> {
  const roles = input.role ? [await requireHoursGroup(db, input.role)] : (await listAirportHoursGroups(db)).map((g) => g.name);
  return copyMonth(db, roles, parseMonthKey(addMonths(input.month, -1)), parseMonthKey(input.month));
}

function copyMonth(db: Db, roles: string[], from: MonthParts, to: MonthParts): Promise<{ copied: number; skipped: number }> {
  if (roles.length === 0) return Promise.resolve({ copied: 0, skipped: 0 });
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const wanted = (await listMonthRows(tx, from)).filter((r) => roles.includes(r.role));
    if (wanted.length === 0) return { copied: 0, skipped: 0 };
    const copied = await insertMissingAirportHours(
      tx,
      wanted.map((r) => ({
        role: r.role,
        dayOfWeek: r.dayOfWeek,
        openingTime: r.openingTime,
        closingTime: r.closingTime,
        minimumStaff: r.minimumStaff,
        month: to.month,
        year: to.year,
      })),
    );
    return { copied, skipped: wanted.length - copied };
  });
}
