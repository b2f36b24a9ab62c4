// "How many people does this month need?" (docs/staffing-curve.md): the coverage bound of bound.ts for the
// month as it is, with fewer people and with more, as a curve from headcount to best possible coverage.
//
// - Fewer people: those with the fewest days available in the month (days without time off that keeps them
//   from work, fixed shifts counting as available), then the lowest target, go first; their fixed shifts
//   and shifts before the month go with them. Each point is then the bound of an instance of its own,
//   so no roster of exactly the people left (keeping the rules) beats it.
// - More people: copies of a typical full-time employee of the group: the month's required hours, no time
//   off, no fixed shifts, the monthly limit most of the group has (none when most have none) and the
//   qualifications more than half of the group holds, valid all month. The point bounds every roster of
//   the group plus that many such people.
// - A curve is monotone: a roster of N people is a roster of N + 1 in which one of them works nothing, so
//   each point is lowered to the lowest of the points above it (still a bound on its own headcount).
// - Beyond the range asked for, more points are solved upward until 100 % is reached (or the search gives
//   up), and the smallest headcounts reaching 99 % and 100 % are found by halving between solved points.
import { coverageUpperBound, type BoundOptions, type CoverageBound } from './bound.ts';
import { buildCalendar, daysOffOf, type Calendar } from './calendar.ts';
import type { Employee, Instance } from './format.ts';

type StaffingPoint = {
  /** People in the month: today's less those removed, or plus the typical employees added. */
  headcount: number;
  /** Their full-time equivalents: each person's target ÷ the month's required hours (1 each without one). */
  fte: number;
  /** Upper bound on Q1 with these people, in %, after lowering to the points above it. */
  coveragePercent: number;
  /** The bound on Q7 (qualified work done by holders), where tasks ask for qualifications. */
  qualifiedPercent?: number;
  /** 'timeLimit': the solver stopped and the point is a coarser, still valid bound. */
  status: 'optimal' | 'timeLimit';
};

export type TypicalEmployee = {
  /** The month's required hours (null: the month has none), no own target. */
  requiredHours: number | null;
  /** The monthly limit most of the group has, or null. */
  maxHours: number | null;
  /** Codes more than half the group holds on some date of the month; the copy holds them all month. */
  qualifications: string[];
};

export type StaffingCurve = {
  /** Today's headcount and FTE. */
  headcount: number;
  fte: number;
  points: StaffingPoint[];
  /** Who would go first when people are removed, in that order (ids), up to the smallest headcount solved. */
  removedFirst: string[];
  typical: TypicalEmployee;
  /** The smallest headcount (and its FTE) solved that reaches ≥ 99 % and 100 %; null: none solved reaches it. */
  reach99: { headcount: number; fte: number } | null;
  reach100: { headcount: number; fte: number } | null;
  elapsedMs: number;
};

export type StaffingOptions = {
  /** Headcounts to solve; default today's ± max(3, a tenth). */
  headcounts?: number[];
  /** How far above today the search for 100 % may go; default max(10, today's headcount). */
  maxExtra?: number;
  /** Options for each point's bound; default 20 s, and 1 s for the per-employee relaxation. */
  bound?: BoundOptions;
  /** Solves one point (the server solves them in its worker thread); default coverageUpperBound here. */
  solve?: (instance: Instance) => Promise<CoverageBound>;
  /** Called after each point: done so far, and how many are planned (it may grow while searching). */
  onProgress?: (done: number, planned: number) => void;
};

const TYPICAL_ID = 'typical';

/** Days in the month an employee may work: not kept away by time off. */
function availableDays(employee: Employee, calendar: Calendar): number {
  const off = daysOffOf(employee, calendar);
  return calendar.days.filter((d) => !off[d.index]!.blocked).length;
}

/** Today's employees in the order they go when people are removed: fewest days available, lowest target, then by id. */
export function removalOrder(instance: Instance, calendar: Calendar = buildCalendar(instance)): Employee[] {
  const target = (e: Employee) => e.requiredHours ?? instance.requiredHours ?? 0;
  const days = new Map(instance.employees.map((e) => [e.id, availableDays(e, calendar)]));
  return [...instance.employees].sort((a, b) => days.get(a.id)! - days.get(b.id)! || target(a) - target(b) || a.id.localeCompare(b.id));
}

/** The typical full-time employee of the group (see the top of the file). */
export function typicalEmployee(instance: Instance, calendar: Calendar = buildCalendar(instance)): TypicalEmployee {
  const n = instance.employees.length;
  const limits = new Map<number | null, number>();
  for (const e of instance.employees) limits.set(e.maxHours ?? null, (limits.get(e.maxHours ?? null) ?? 0) + 1);
  const [maxHours] = [...limits.entries()].sort((a, b) => b[1] - a[1] || (a[0] ?? -1) - (b[0] ?? -1))[0] ?? [null];
  const first = calendar.days[0]!.date;
  const last = calendar.days.at(-1)!.date;
  const holders = new Map<string, number>();
  for (const e of instance.employees) {
    const codes = new Set((e.qualifications ?? []).filter((q) => (q.validFrom ?? first) <= last && (q.validUntil ?? last) >= first).map((q) => q.code));
    for (const code of codes) holders.set(code, (holders.get(code) ?? 0) + 1);
  }
  return {
    requiredHours: instance.requiredHours,
    maxHours: maxHours ?? null,
    qualifications: [...holders.entries()]
      .filter(([, count]) => count * 2 > n)
      .map(([code]) => code)
      .sort(),
  };
}

function fteOf(instance: Instance, employees: Array<Pick<Employee, 'requiredHours'>>): number {
  const full = instance.requiredHours;
  if (!full) return employees.length;
  return Math.round(employees.reduce((sum, e) => sum + (e.requiredHours ?? full) / full, 0) * 100) / 100;
}

/** The instance with `headcount` people: today's less the first in `order`, or plus copies of the typical employee. */
export function instanceWithHeadcount(instance: Instance, headcount: number, order: Employee[], typical: TypicalEmployee): Instance {
  const n = instance.employees.length;
  if (headcount <= n) {
    const gone = new Set(order.slice(0, n - headcount).map((e) => e.id));
    return {
      ...instance,
      employees: instance.employees.filter((e) => !gone.has(e.id)),
      fixedShifts: instance.fixedShifts.filter((f) => !gone.has(f.employeeId)),
      previousShifts: instance.previousShifts.filter((p) => !gone.has(p.employeeId)),
    };
  }
  const taken = new Set(instance.employees.map((e) => e.id));
  const added: Employee[] = [];
  for (let i = 1; added.length < headcount - n; i++) {
    const id = `${TYPICAL_ID}-${i}`;
    if (taken.has(id)) continue;
    added.push({
      id,
      firstName: '',
      lastName: '',
      timeOff: [],
      ...(typical.maxHours !== null ? { maxHours: typical.maxHours } : {}),
      ...(instance.version === 3 && typical.qualifications.length > 0 ? { qualifications: typical.qualifications.map((code) => ({ code })) } : {}),
    } as Employee);
  }
  return { ...instance, employees: [...instance.employees, ...added] };
}

/** The curve: see the top of this file and docs/staffing-curve.md. */
export async function staffingCurve(instance: Instance, options: StaffingOptions = {}): Promise<StaffingCurve> {
  const started = performance.now();
  const n = instance.employees.length;
  const spread = Math.max(3, Math.round(n / 10));
  const asked = [...new Set(options.headcounts ?? Array.from({ length: 2 * spread + 1 }, (_, i) => n - spread + i))]
    .filter((h) => h >= 1)
    .sort((a, b) => a - b);
  const maxExtra = options.maxExtra ?? Math.max(10, n);
  const calendar = buildCalendar(instance);
  const order = removalOrder(instance, calendar);
  const typical = typicalEmployee(instance, calendar);
  const boundOptions: BoundOptions = { timeLimitMs: 20_000, employeeTimeLimitMs: 1_000, ...options.bound };
  const solve = options.solve ?? ((i: Instance) => coverageUpperBound(i, boundOptions));
  const solved = new Map<number, CoverageBound>();
  let planned = asked.length;
  const point = async (headcount: number): Promise<CoverageBound> => {
    const known = solved.get(headcount);
    if (known) return known;
    const bound = await solve(instanceWithHeadcount(instance, headcount, order, typical));
    solved.set(headcount, bound);
    options.onProgress?.(solved.size, Math.max(planned, solved.size));
    return bound;
  };
  for (const h of asked) await point(h);
  // Monotone: the lowest of a point and every point above it.
  const lowered = (h: number): number => Math.min(...[...solved].filter(([k]) => k >= h).map(([, b]) => b.coveragePercent));
  const top = asked.at(-1) ?? n;
  // Upward until 100 %, in growing steps.
  let high = top;
  for (let step = 1; lowered(high) < 100 && high - n < maxExtra; step *= 2) {
    high = Math.min(n + maxExtra, high + step);
    planned += 1;
    await point(high);
  }
  // The smallest solved-or-halved headcount reaching a level, between the solved points.
  const reach = async (level: number): Promise<number | null> => {
    const reaching = [...solved.keys()].filter((h) => lowered(h) >= level).sort((a, b) => a - b);
    if (reaching.length === 0) return null;
    let hi = reaching[0]!;
    const below = [...solved.keys()].filter((h) => h < hi).sort((a, b) => b - a);
    let lo = below[0] ?? 0; // lo does not reach (0 people cover nothing), hi does
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      planned += 1;
      await point(mid);
      if (lowered(mid) >= level) hi = mid;
      else lo = mid;
    }
    return hi;
  };
  const at99 = await reach(99);
  const at100 = await reach(100);
  const fteAt = (h: number) => fteOf(instance, instanceWithHeadcount(instance, h, order, typical).employees);
  const points: StaffingPoint[] = [...solved.keys()]
    .sort((a, b) => a - b)
    .map((h) => {
      const bound = solved.get(h)!;
      const qualifiedAbove = [...solved].filter(([k, b]) => k >= h && b.qualified).map(([, b]) => b.qualified!.percent);
      return {
        headcount: h,
        fte: fteAt(h),
        coveragePercent: lowered(h),
        ...(bound.qualified ? { qualifiedPercent: Math.min(...qualifiedAbove) } : {}),
        status: bound.status,
      };
    });
  const smallest = points[0]?.headcount ?? n;
  return {
    headcount: n,
    fte: fteOf(instance, instance.employees),
    points,
    removedFirst: order.slice(0, Math.max(0, n - smallest)).map((e) => e.id),
    typical,
    reach99: at99 === null ? null : { headcount: at99, fte: fteAt(at99) },
    reach100: at100 === null ? null : { headcount: at100, fte: fteAt(at100) },
    elapsedMs: Math.round(performance.now() - started),
  };
}
