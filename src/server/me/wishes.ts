// An employee's wishes for a month (docs/staff-accounts.md#wishes): read and replaced by the employee
// the session is linked to, within the airport's limit a month, for a month not yet published and not
// past. For a published month each wish says whether the published shifts meet it (the engine's
// definitions, src/engine/wishes.ts).
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError, RefusedError, UnprocessableError } from '../domain/errors.ts';
import { spanOf } from '../../engine/calendar.ts';
import { wishMet } from '../../engine/wishes.ts';
import { monthRange } from '../../shared/month.ts';
import type { MyWishes, WishInput } from '../../shared/api/wishes.ts';
import { publishedShiftsOf } from '../repos/calendar-feeds.ts';
import { ownEmployee, ownTimeOff } from '../repos/me.ts';
import { publicationOf } from '../repos/publishing.ts';
import { getSettings } from '../repos/settings.ts';
import { ownWishes, replaceWishes } from '../repos/wishes.ts';

async function employeeOrRefuse(db: Db, employeeId: string) {
  const employee = await ownEmployee(db, employeeId);
  if (!employee) throw new NotFoundError('NOT_FOUND', 'Your employee record is gone. Ask your planner.', { params: { what: 'employee' } });
  return employee;
}

/** The first day of `month` a new wish may go on: in the current month, tomorrow in the airport's zone. */
function openFromOf(month: string, timeZone: string): string {
  const tomorrow = DateTime.now().setZone(timeZone).plus({ days: 1 }).toISODate()!;
  const { first } = monthRange(month);
  return tomorrow > first ? tomorrow : first;
}

/** Why the month's wishes cannot be changed now; null when they can. */
function lockOf(limit: number, published: boolean, month: string, timeZone: string): MyWishes['lockedBy'] {
  if (published) return 'published';
  if (month < DateTime.now().setZone(timeZone).toFormat('yyyy-MM')) return 'past';
  if (limit === 0) return 'off';
  return null;
}

export async function myWishes(db: Db, employeeId: string, month: string): Promise<MyWishes> {
  const employee = await employeeOrRefuse(db, employeeId);
  const { first, last } = monthRange(month);
  const [settings, publication, wishes] = await Promise.all([getSettings(db), publicationOf(db, employee.role, month), ownWishes(db, employeeId, month)]);
  const published = publication !== undefined;
  const lockedBy = lockOf(settings.maxWishesPerMonth, published, month, settings.timeZone);
  let metOf: (date: string, kind: WishInput['kind']) => boolean | null = () => null;
  if (published) {
    const [shifts, timeOff] = await Promise.all([publishedShiftsOf(db, employeeId, first, last), ownTimeOff(db, employeeId, first, last)]);
    const byDate = new Map(shifts.filter((s) => s.role === employee.role).map((s) => [s.date, spanOf(s)]));
    const off = (date: string) => timeOff.some((o) => o.startDate <= date && date <= o.endDate);
    metOf = (date, kind) => {
      if (off(date)) return null;
      const span = byDate.get(date) ?? null;
      return wishMet(kind, span?.start ?? -1, span?.end ?? -1);
    };
  }
  return {
    month,
    limit: settings.maxWishesPerMonth,
    editable: lockedBy === null,
    lockedBy,
    openFrom: openFromOf(month, settings.timeZone),
    published,
    wishes: wishes.map((w) => ({ date: w.date, kind: w.kind, met: metOf(w.date, w.kind) })),
  };
}

/** Replaces the month's wishes; refused with a code when the month is locked, a date is wrong, or the set is over the limit. */
export async function replaceMyWishes(db: Db, employeeId: string, month: string, wishes: readonly WishInput[]): Promise<MyWishes> {
  const employee = await employeeOrRefuse(db, employeeId);
  const [settings, publication] = await Promise.all([getSettings(db), publicationOf(db, employee.role, month)]);
  const lockedBy = lockOf(settings.maxWishesPerMonth, publication !== undefined, month, settings.timeZone);
  if (lockedBy === 'published')
    throw new ConflictError('WISHES_MONTH_PUBLISHED', `The month ${month} is published: its wishes can no longer be changed.`, { params: { month } });
  if (lockedBy === 'past')
    throw new UnprocessableError('WISHES_MONTH_PAST', `The month ${month} is over: its wishes can no longer be changed.`, { params: { month } });
  if (lockedBy === 'off') throw new UnprocessableError('WISHES_OFF', 'The airport does not take wishes (the limit is 0).', { params: { limit: 0 } });
  const seen = new Set<string>();
  const openFrom = openFromOf(month, settings.timeZone);
  // The saved wishes are read only when the set reaches a day already begun.
  const kept = wishes.some((w) => w.date < openFrom) ? new Set((await ownWishes(db, employeeId, month)).map((w) => `${w.date} ${w.kind}`)) : new Set<string>();
  for (const wish of wishes) {
    if (!wish.date.startsWith(`${month}-`))
      throw new RefusedError('WISH_OUTSIDE_MONTH', `The wish's date ${wish.date} is not in ${month}.`, { field: 'wishes', params: { date: wish.date, month } });
    // A day already begun is planned: a wish may stay on it, but none is added or changed there.
    if (wish.date < openFrom && !kept.has(`${wish.date} ${wish.kind}`))
      throw new RefusedError('WISH_DAY_PAST', `The day ${wish.date} has begun or is over: a wish can be put from ${openFrom} on.`, {
        field: 'wishes',
        params: { date: wish.date, from: openFrom },
      });
    if (seen.has(wish.date))
      throw new RefusedError('WISH_DATE_TWICE', `A second wish on ${wish.date}: one a date.`, { field: 'wishes', params: { date: wish.date } });
    seen.add(wish.date);
  }
  const limit = settings.maxWishesPerMonth;
  if (wishes.length > limit)
    throw new RefusedError('WISHES_OVER_LIMIT', `At most ${limit} wishes a month (${wishes.length} given).`, {
      field: 'wishes',
      params: { limit, count: wishes.length },
    });
  await replaceWishes(db, employeeId, month, wishes);
  return myWishes(db, employeeId, month);
}
