// Coverage as it stands (docs/coverage.md): each group's month judged from what is saved, with the
// engine's own demand, supply and reasons (src/engine/coverage.ts), so the dashboard, the Flights
// screen and the generation report say the same. Computed on request, the engine's part in a worker
// thread (coverage-runner.ts), and kept until the month changes (app.ts).
import { DateTime } from 'luxon';
import { dayProfile } from '../../engine/coverage.ts';
import type { ResultShift } from '../../engine/format.ts';
import { buildProblem } from '../../engine/problem.ts';
import { supplyOf } from '../../engine/quality.ts';
import { monthRange } from '../../shared/month.ts';
import type { BoundStatus } from '../../shared/api/coverage-bound.ts';
import type { DayProfile, GroupCoverage, MonthCoverage } from '../../shared/api/coverage.ts';
import type { Db } from '../db/client.ts';
import { loadInstance } from '../generation/instance.ts';
import { flightIdsDeparting, groupShifts, groupsWithHours } from '../repos/coverage.ts';
import { getSettings } from '../repos/settings.ts';
import { coverageInThread, type CoverageRun } from './coverage-runner.ts';

/** Asks for a group-month's upper bound without waiting (src/server/coverage/bound-service.ts). */
export type BoundLookup = (role: string, month: string) => BoundStatus;

/** The group's saved shifts from `first` to `last`, as the engine reads them. */
export async function savedShifts(db: Db, role: string, first: string, last: string): Promise<ResultShift[]> {
  const rows = await groupShifts(db, role, first, last);
  return rows.map((r) => ({
    employeeId: r.employeeId,
    date: r.date,
    startTime: r.startTime.slice(0, 5),
    endTime: r.endTime.slice(0, 5),
    ...(r.endDate !== r.date && { endDate: r.endDate }),
    totalHours: Number(r.totalHours),
  }));
}

/**
 * Every group with operating hours: its month's coverage, per day and per flight, and the bound when
 * asked for. `run` works each group out (the app's runs in a worker thread, coverage-runner.ts).
 */
export async function monthCoverage(db: Db, month: string, bound?: BoundLookup, run: CoverageRun = coverageInThread): Promise<MonthCoverage> {
  const [groups, settings] = await Promise.all([groupsWithHours(db), getSettings(db)]);
  const { first, last } = monthRange(month);
  const start = DateTime.fromISO(`${month}-01`, { zone: settings.timeZone });
  const ids = new Map(
    (await flightIdsDeparting(db, start.toUTC().toISO()!, start.plus({ months: 1 }).toUTC().toISO()!)).map((f) => [`${f.flightNumber}|${Math.round(Number(f.departure))}`, f.id]),
  );
  const out: GroupCoverage[] = [];
  for (const group of groups) {
    const { instance } = await loadInstance(db, group.name, month, { keepManual: false, requiredHoursOptional: true });
    const coverage = await run(instance, await savedShifts(db, group.name, first, last));
    out.push({
      role: group.name,
      coveragePercent: coverage.coveragePercent,
      flightsStaffedPercent: coverage.flightsStaffedPercent,
      demandHours: coverage.demandHours,
      coveredHours: coverage.coveredHours,
      days: coverage.days.map(({ demandMinutes: _need, coveredMinutes: _covered, ...day }) => day),
      flights: coverage.flights.map(({ index: _index, ...f }) => ({
        ...f,
        flightId: ids.get(`${f.flightNumber}|${Math.round(DateTime.fromISO(f.departureTime).toSeconds())}`) ?? '',
      })),
      ...(coverage.qualifiedPercent !== undefined && { qualifiedPercent: coverage.qualifiedPercent, qualifications: coverage.qualifications }),
      ...(bound && { bound: bound(group.name, month) }),
    });
  }
  return { month, groups: out };
}

/** Demand against staff on duty through one day of a group, in 15-minute steps. */
export async function dayCoverage(db: Db, role: string, date: string): Promise<DayProfile> {
  const month = date.slice(0, 7);
  const { first, last } = monthRange(month);
  const { instance } = await loadInstance(db, role, month, { keepManual: false, requiredHoursOptional: true });
  const problem = buildProblem(instance);
  const supply = supplyOf(problem.calendar, await savedShifts(db, role, first, last), instance.previousShifts);
  const step = 15;
  const { points } = dayProfile(problem, supply, date, step);
  const day = problem.calendar.byDate.get(date)!;
  return { date, role, step, points, open: day.open, close: day.close };
}
