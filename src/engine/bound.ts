// The best coverage (Q1) any rule-abiding roster of a group-month can reach, from above: a linear
// relaxation of the month solved with HiGHS (the `highs` package, WebAssembly, loaded lazily here only).
// docs/coverage-bound.md argues each step; in short:
//
// - Employees are anonymous: a shift is counted, not assigned. Each day may hold at most as many shifts as
//   there are employees free that day (R4, R8, and a fixed shift takes the person's one shift of the day).
// - Each week's shift hours are at most the sum over employees of what R6 (and R5, per free day) leaves
//   them after their fixed shifts and time off counted as work. The month's cap follows from the weeks';
//   required hours cap nothing (overtime exists).
// - Every window of maxConsecutiveDays + 1 days holds at most what R12 lets each employee work in it.
// - Candidate shifts are every shift R1, R3, R5 and R9 allow: starts on the grid between opening and
//   closing, ends on the grid by the day's `until`, lengths from the shortest shift to 12 h; counts relaxed
//   to real numbers (whole counts, tried as a MILP, gained nothing measurable and took 10–50 s).
// - Fixed shifts and the night shift before the month are on duty as given (R10).
// - Coverage is counted per block of the grid step on the month's line of minutes. Every shift that is
//   not fixed starts and ends on the grid, so its supply is constant over a block; the covered minutes of
//   a block, Σ min(D(t), F(t) + s), are then a concave piecewise-linear function of the block's supply s,
//   written exactly as the minimum of its pieces.
//
// Leaving out a rule (R7 rest, R11 weekly rest, who works which shift) can only make the relaxation
// looser, never below what a roster achieves. The bound is rounded down to whole minutes only after a
// margin larger than the solver's tolerances, and up to the hundredth of a percent Q1 is shown in.
import { buildCalendar, DAY_MINUTES, daysOffOf, gridMinutes, localFlights, spanOf, weeklyCapHours, type Calendar } from './calendar.ts';
import { buildDemand } from './demand.ts';
import type { Highs } from 'highs';
import type { Demand } from './demand.ts';
import type { Instance } from './format.ts';
import { qualificationMasks, type QualifiedDemand } from './qualifications.ts';
import { supplyOf } from './quality.ts';
import { maxConsecutiveDays } from './rules.ts';
import { employeeRelaxation, RowList } from './bound-employees.ts';

export type BoundOptions = {
  /** Wall time the solver may take; past it the bound falls back to a coarser valid one. Default 20 s. */
  timeLimitMs?: number;
  /**
   * Wall time the per-employee relaxation may take after the aggregate one (within `timeLimitMs`); past
   * it, or when its model would exceed `employeeMaxColumns`, the aggregate bound stands. Default 4 s; 0 skips it.
   */
  employeeTimeLimitMs?: number;
  /** Largest per-employee model tried, in columns. Default 100,000. */
  employeeMaxColumns?: number;
};

/** The per-employee relaxation's part in a bound (docs/coverage-bound.md, "Per employee"). */
type EmployeeBoundStatus = {
  /** 'optimal': solved, its percent is a bound; 'timeLimit' or 'tooLarge': not solved, the aggregate bound stands. */
  status: 'optimal' | 'timeLimit' | 'tooLarge';
  /** Its bound on Q1 (rounded up as coveragePercent), when solved. */
  percent?: number;
  elapsedMs: number;
  size: { columns: number; rows: number; nonzeros: number };
};

export type CoverageBound = {
  /** Upper bound on Q1, rounded up to the hundredth of a percent (Q1's own precision). 100 with no demand. */
  coveragePercent: number;
  /** ∫ D dt over the month, in hours. */
  demandHours: number;
  /** Upper bound on ∫ min(S, D) dt, in hours (whole minutes). */
  boundHours: number;
  elapsedMs: number;
  /** 'timeLimit': the solver stopped early and a coarser (still valid) bound is reported. */
  status: 'optimal' | 'timeLimit';
  /** Size of the model solved (for the benchmark). */
  size?: { columns: number; rows: number; nonzeros: number };
  /**
   * Which relaxation gave coveragePercent: the aggregate one (employees pooled), or the per-employee one
   * where it was solved and lower. Both are valid bounds; the lower is reported.
   */
  method?: 'aggregate' | 'perEmployee';
  /** The aggregate relaxation's own bound on Q1 (what coveragePercent was before the per-employee one). */
  aggregatePercent?: number;
  /** The per-employee relaxation, when it was tried. */
  perEmployee?: EmployeeBoundStatus;
  /**
   * Version 3, only when tasks ask for qualifications: an upper bound on Q7 (q-units filled of those asked
   * for), from the same relaxation with employees in classes by their qualifications (docs/coverage-bound.md).
   */
  qualified?: { percent: number; demandHours: number; boundHours: number; status: 'optimal' | 'timeLimit' };
};

const DAILY_CAP_MINUTES = 12 * 60;
const DEFAULT_TIME_LIMIT_MS = 20_000;
const DEFAULT_EMPLOYEE_TIME_LIMIT_MS = 4_000;
const DEFAULT_EMPLOYEE_MAX_COLUMNS = 100_000;

let runtime: Promise<Highs> | null = null;

/** HiGHS, loaded once on first use (never part of the web bundle: only the server and tools import this file). */
function loadHighs(): Promise<Highs> {
  // The ESM build's default export is the loader; TypeScript reads the package's types as CommonJS.
  runtime ??= import('highs')
    .then((module) => (module as unknown as { default: () => Promise<Highs> }).default())
    .catch((err: unknown) => {
      runtime = null;
      throw err;
    });
  return runtime;
}

/** A block's covered minutes as a function of its supply s: constant + Σ_v count_v · min(v, s). */
type BlockCurve = { constant: number; values: number[]; counts: number[] };

function blockCurves(demand: Uint16Array, fixed: Uint16Array, step: number): BlockCurve[] {
  const blocks = demand.length / step;
  const out: BlockCurve[] = [];
  for (let b = 0; b < blocks; b++) {
    let constant = 0;
    const byValue = new Map<number, number>();
    for (let t = b * step; t < (b + 1) * step; t++) {
      const D = demand[t]!;
      const F = fixed[t]!;
      if (D <= F) constant += D;
      else {
        constant += F;
        byValue.set(D - F, (byValue.get(D - F) ?? 0) + 1);
      }
    }
    const values = [...byValue.keys()].sort((a, c) => a - c);
    out.push({ constant, values, counts: values.map((v) => byValue.get(v)!) });
  }
  return out;
}

/** f(s) of a block curve, for the coarse fallback bound. */
function curveAt(curve: BlockCurve, s: number): number {
  let sum = curve.constant;
  curve.values.forEach((v, i) => (sum += curve.counts[i]! * Math.min(v, s)));
  return sum;
}

type Candidate = { day: number; start: number; end: number; minutes: number };

/** Every shift a rule-abiding roster may place that is not fixed (R1, R2, R3, R5, R9), generously read. */
function candidates(calendar: Calendar, step: number, minShiftMinutes: number): Candidate[] {
  const out: Candidate[] = [];
  for (const day of calendar.days) {
    if (day.open === null || day.close === null || day.until === null) continue;
    const firstStart = Math.ceil(day.open / step) * step;
    // A start is a time of its own date (before 24:00), at the closing at the latest.
    const lastStart = Math.min(day.close, DAY_MINUTES - 1);
    for (let start = firstStart; start <= lastStart; start += step) {
      for (let end = start + step; end <= day.until && end - start <= DAY_MINUTES; end += step) {
        const wall = end - start;
        const minutes = calendar.elapsed(day.index, start, end);
        // Either reading of the length (wall clock or elapsed) admits the shift: a superset of R3 and R5.
        if (wall < minShiftMinutes && minutes < minShiftMinutes) continue;
        if (wall > DAILY_CAP_MINUTES && minutes > DAILY_CAP_MINUTES) continue;
        out.push({ day: day.index, start, end, minutes: Math.min(wall, minutes) });
      }
    }
  }
  return out;
}

/** What one employee leaves a roster: free days, days that are working days anyway, and shift minutes per week. */
type EmployeeRoom = { free: boolean[]; busy: boolean[]; weekMinutes: number[] };

/**
 * Who is free for a shift of their own each day, and what each may still work per week (and which days
 * are working days whatever is planned, for runs of days). Rounded so that the relaxation stays the looser
 * side of the rules: caps up, what is used down.
 */
function employeeRooms(instance: Instance, calendar: Calendar): EmployeeRoom[] {
  const days = calendar.days.length;
  const weekCap = Math.ceil(weeklyCapHours(instance.settings) * 60 - 1e-9);
  return instance.employees.map((employee) => {
    const off = daysOffOf(employee, calendar);
    const fixedMinutes = new Array<number>(days).fill(0);
    const fixedDay = new Array<boolean>(days).fill(false);
    for (const shift of instance.fixedShifts) {
      if (shift.employeeId !== employee.id) continue;
      const day = calendar.byDate.get(shift.date);
      const span = spanOf(shift);
      if (!day || !span) continue;
      fixedDay[day.index] = true;
      fixedMinutes[day.index]! += calendar.elapsed(day.index, span.start, span.end);
    }
    const freeDays = calendar.days.map((d) => !off[d.index]!.blocked && !fixedDay[d.index]);
    // A working day whatever is planned (R12): a fixed shift or time off counted as work.
    const workingDays = calendar.days.map((d) => fixedDay[d.index]! || off[d.index]!.work);
    const used = new Array<number>(calendar.weekCount).fill(0);
    const room = new Array<number>(calendar.weekCount).fill(0);
    for (const day of calendar.days) {
      used[day.week]! += fixedMinutes[day.index]! + Math.floor(off[day.index]!.workHours * 60 + 1e-9);
      if (freeDays[day.index]) room[day.week]! += Math.max(0, DAILY_CAP_MINUTES - Math.floor(off[day.index]!.workHours * 60 + 1e-9));
    }
    const weekMinutes = room.map((r, w) => Math.max(0, Math.min(weekCap - used[w]!, r)));
    return { free: freeDays, busy: workingDays, weekMinutes };
  });
}

/** R12's room in the window of days [first, first + runLimit]: the working days an employee may have in it. */
function runRoom(room: EmployeeRoom, first: number, runLimit: number): number {
  let freeCount = 0;
  let freeWorking = 0;
  let working = 0;
  for (let d = first; d <= first + runLimit; d++) {
    if (room.free[d]) freeCount++;
    if (room.busy[d]) working++;
    if (room.free[d] && room.busy[d]) freeWorking++;
  }
  return Math.min(freeCount, freeWorking + Math.max(0, runLimit - working));
}

/** Upper bound on Q1 for the instance's month: see the top of this file and docs/coverage-bound.md. */
export async function coverageUpperBound(instance: Instance, options: BoundOptions = {}): Promise<CoverageBound> {
  const started = performance.now();
  const calendar = buildCalendar(instance);
  const demand = buildDemand(calendar, localFlights(instance.flights, calendar));
  const demandHours = demand.total / 60;
  const finish = (boundMinutes: number, status: CoverageBound['status'], size?: CoverageBound['size']): CoverageBound => {
    const minutes = Math.min(demand.total, boundMinutes);
    return {
      coveragePercent: demand.total === 0 ? 100 : Math.min(100, Math.ceil((minutes / demand.total) * 10000 - 1e-9) / 100),
      demandHours,
      boundHours: minutes / 60,
      elapsedMs: Math.round(performance.now() - started),
      status,
      ...(size ? { size } : {}),
    };
  };
  if (demand.total === 0) return finish(0, 'optimal');
  if (demand.qualified !== null) return qualifiedUpperBound(instance, calendar, demand, demand.qualified, options, started);

  const step = gridMinutes(instance.settings);
  const days = calendar.days.length;
  const fixedSupply = supplyOf(
    calendar,
    instance.fixedShifts.map((f) => ({ ...f, totalHours: 0 })),
    instance.previousShifts,
  ).line;
  const curves = blockCurves(demand.line, fixedSupply, step);
  const blocks = curves.length;

  const rooms = employeeRooms(instance, calendar);
  const runLimit = maxConsecutiveDays(instance.settings);
  const freeOnDay = new Array<number>(days).fill(0);
  const weekMinutes = new Array<number>(calendar.weekCount).fill(0);
  for (const room of rooms) {
    room.free.forEach((free, d) => free && freeOnDay[d]!++);
    room.weekMinutes.forEach((minutes, w) => (weekMinutes[w]! += minutes));
  }

  const shifts = candidates(calendar, step, Math.floor(Number(instance.settings.minShiftHours) * 60 + 1e-9));

  // Columns: shifts x, then per block its supply s_b and covered c_b, then per day its count of shifts n_d.
  const X = 0;
  const S = shifts.length;
  const C = S + blocks;
  const N = C + blocks;
  const numCols = N + days;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols).fill(Infinity);
  for (let b = 0; b < blocks; b++) {
    const curve = curves[b]!;
    colCost[C + b] = 1;
    colUpper[C + b] = curve.values.reduce((sum, v, i) => sum + v * curve.counts[i]!, 0);
  }
  for (let d = 0; d < days; d++) colUpper[N + d] = freeOnDay[d]!;

  // Rows, built as lists of (column, value) and packed into CSR at the end.
  const rowStarts: number[] = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const addRow = (entries: Array<[number, number]>, lower: number, upper: number) => {
    for (const [col, value] of entries) {
      indices.push(col);
      values.push(value);
    }
    rowStarts.push(indices.length);
    rowLower.push(lower);
    rowUpper.push(upper);
  };

  // Supply flow along the line: s_b − s_{b−1} − (shifts starting at b) + (shifts ending at b) = 0.
  const startsAt: number[][] = Array.from({ length: blocks }, () => []);
  const endsAt: number[][] = Array.from({ length: blocks }, () => []);
  const onDay: number[][] = Array.from({ length: days }, () => []);
  const inWeek: Array<Array<[number, number]>> = Array.from({ length: calendar.weekCount }, () => []);
  shifts.forEach((shift, i) => {
    const from = (shift.day * DAY_MINUTES + shift.start) / step;
    const to = (shift.day * DAY_MINUTES + shift.end) / step;
    startsAt[from]!.push(i);
    if (to < blocks) endsAt[to]!.push(i);
    onDay[shift.day]!.push(i);
    inWeek[calendar.days[shift.day]!.week]!.push([X + i, shift.minutes]);
  });
  for (let b = 0; b < blocks; b++) {
    const entries: Array<[number, number]> = [[S + b, 1]];
    if (b > 0) entries.push([S + b - 1, -1]);
    for (const i of startsAt[b]!) entries.push([X + i, -1]);
    for (const i of endsAt[b]!) entries.push([X + i, 1]);
    addRow(entries, 0, 0);
  }
  // Covered minutes of a block: under each piece of its concave curve (the constant part is added apart).
  let constant = 0;
  for (let b = 0; b < blocks; b++) {
    const curve = curves[b]!;
    constant += curve.constant;
    let below = 0; // Σ count · v over values at or below the breakpoint
    let above = curve.counts.reduce((a, c) => a + c, 0); // minutes whose value lies above the breakpoint
    let k = 0;
    for (let i = 0; i <= curve.values.length; i++) {
      // Piece from breakpoint k: c ≤ below + above · k + above · (s − k)  ⇔  c − above · s ≤ below.
      if (above > 0)
        addRow(
          [
            [C + b, 1],
            [S + b, -above],
          ],
          -Infinity,
          below,
        );
      if (i === curve.values.length) break;
      k = curve.values[i]!;
      below += curve.counts[i]! * k;
      above -= curve.counts[i]!;
    }
  }
  // Shifts per day (R4, R8, fixed shifts).
  for (let d = 0; d < days; d++) addRow([...onDay[d]!.map((i): [number, number] => [X + i, 1]), [N + d, -1]], 0, 0);
  // Shift minutes per week (R5, R6).
  for (let w = 0; w < calendar.weekCount; w++) if (inWeek[w]!.length > 0) addRow(inWeek[w]!, -Infinity, weekMinutes[w]!);
  // Runs of days (R12): any runLimit + 1 days hold at most runLimit working days per employee.
  if (runLimit > 0 && runLimit < days) {
    for (let first = 0; first + runLimit < days; first++) {
      let room = 0;
      for (const r of rooms) room += runRoom(r, first, runLimit);
      const entries: Array<[number, number]> = [];
      for (let d = first; d <= first + runLimit; d++) entries.push([N + d, 1]);
      addRow(entries, -Infinity, room);
    }
  }

  const numRows = rowLower.length;
  const size = { columns: numCols, rows: numRows, nonzeros: indices.length };
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const coarse = (): number => {
    // Every minute's supply is at most two shifts per employee (one of its date, one of the day before):
    // each block at its curve's value for that supply.
    const most = 2 * instance.employees.length;
    return Math.floor(curves.reduce((sum, curve) => sum + curveAt(curve, most), 0));
  };

  const highs = await loadHighs();
  const inf = highs.infinity;
  const finite = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
  const model = highs.createModel();
  let aggregateMinutes: number;
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, (timeLimitMs - (performance.now() - started)) / 1000),
    });
    model.passModel({
      numCols,
      numRows,
      sense: highs.constants.objectiveSense.maximize,
      offset: constant,
      colCost,
      colLower,
      colUpper: colUpper.map(finite),
      rowLower: Float64Array.from(rowLower, finite),
      rowUpper: Float64Array.from(rowUpper, finite),
      matrix: {
        format: 'csr',
        numRows,
        numCols,
        starts: Int32Array.from(rowStarts),
        indices: Int32Array.from(indices),
        values: Float64Array.from(values),
      },
    });
    model.run();
    const status = model.getModelStatus();
    // Only a proven optimum of the relaxation is a bound; a simplex stopped early holds no valid value here.
    if (status !== highs.constants.modelStatus.optimal) return finish(coarse(), 'timeLimit', size);
    aggregateMinutes = Math.min(coarse(), withMargin(model.getObjectiveValue()));
  } finally {
    model.dispose();
  }
  const aggregate = finish(aggregateMinutes, 'optimal', size);
  // The per-employee relaxation (bound-employees.ts): tighter where the staff is short; skipped where the
  // aggregate bound already says 0 % or the caller gives it no time.
  const employeeLimitMs = Math.min(options.employeeTimeLimitMs ?? DEFAULT_EMPLOYEE_TIME_LIMIT_MS, timeLimitMs - (performance.now() - started));
  if (employeeLimitMs <= 0 || aggregateMinutes <= 0) return { ...aggregate, method: 'aggregate', aggregatePercent: aggregate.coveragePercent };
  const employeeStarted = performance.now();
  const result = employeeRelaxation({
    instance,
    calendar,
    step,
    curves,
    shifts,
    rooms,
    highs,
    timeLimitMs: employeeLimitMs,
    maxColumns: options.employeeMaxColumns ?? DEFAULT_EMPLOYEE_MAX_COLUMNS,
  });
  const employeeMs = Math.round(performance.now() - employeeStarted);
  if (result.status !== 'optimal')
    return {
      ...finish(aggregateMinutes, 'optimal', size),
      method: 'aggregate',
      aggregatePercent: aggregate.coveragePercent,
      perEmployee: { status: result.status, elapsedMs: employeeMs, size: result.size },
    };
  const employeeMinutes = withMargin(result.objective);
  const tighter = employeeMinutes < aggregateMinutes;
  return {
    ...finish(Math.min(aggregateMinutes, employeeMinutes), 'optimal', size),
    method: tighter ? 'perEmployee' : 'aggregate',
    aggregatePercent: aggregate.coveragePercent,
    perEmployee: { status: 'optimal', percent: finish(employeeMinutes, 'optimal').coveragePercent, elapsedMs: employeeMs, size: result.size },
  };
}

/**
 * The solver's value as whole minutes, never below the true optimum: a roster covers whole minutes, and
 * the margin is far above what the solver's feasibility tolerances (1e-7 per row) can add up to.
 */
function withMargin(value: number): number {
  return Math.floor(value + 0.5 + 1e-6 * Math.abs(value));
}

/**
 * The bound with qualifications (format version 3). The month's relaxation is the one above (anonymous
 * shifts, their supply S_b per block, shifts per day, minutes per week, runs of days). Then employees with
 * the same qualifications valid on every date form a class, and each class holding any qualification gets
 * its share s_kb of the supply: together at most S_b; per block at most its members free that day or the
 * day before (a shift of the day before still on duty); per week at most its members' minutes that week
 * plus what shifts of the week before may run into it. Each is a sum of what every member keeps, so a
 * roster's own class supplies satisfy them. At every minute the units are matched to classes as the figures
 * do: a q-unit only to a class holding q that date, any other unit to anyone. Minutes of a block with the
 * same demand and the same fixed supply form one group with one matching (non-fixed supply is constant over
 * a block). The model is solved twice: for the most units covered (Q1) and the most q-units filled (Q7).
 * Shifts per class would be tighter and were measured far too slow (Boise, 20 staff: 227,000 columns, no
 * optimum within 20 s).
 */
async function qualifiedUpperBound(
  instance: Instance,
  calendar: Calendar,
  demand: Demand,
  qualified: QualifiedDemand,
  options: BoundOptions,
  started: number,
): Promise<CoverageBound> {
  const step = gridMinutes(instance.settings);
  const days = calendar.days.length;
  const Q = qualified.codes.length;
  const E = instance.employees.length;
  const masks = qualificationMasks(calendar, instance.employees, qualified.codes);
  // Classes of holders: the same mask on every date (the day after the month too); those holding nothing are "the others".
  const classIndex = new Map<string, number>();
  const classOf = instance.employees.map((_, e) => {
    const sequence = masks.subarray(e * (days + 1), (e + 1) * (days + 1));
    if (sequence.every((m) => m === 0)) return -1;
    const key = Array.from(sequence).join(',');
    let k = classIndex.get(key);
    if (k === undefined) classIndex.set(key, (k = classIndex.size));
    return k;
  });
  const K = classIndex.size;
  const firstMember = Array.from({ length: K }, (_, k) => classOf.indexOf(k));
  const maskOf = (k: number, day: number): number => masks[firstMember[k]! * (days + 1) + day]!;
  const rooms = employeeRooms(instance, calendar);
  const runLimit = maxConsecutiveDays(instance.settings);

  // Fixed supply (fixed shifts and the night before the month): in all, and per class of holders.
  const fixed = supplyOf(
    calendar,
    instance.fixedShifts.map((f) => ({ ...f, totalHours: 0 })),
    instance.previousShifts,
  );
  const ids = new Map(instance.employees.map((e, i) => [e.id, i]));
  const fixedByClass = Array.from({ length: K }, () => new Uint16Array(demand.line.length));
  for (const span of fixed.spans) {
    const e = ids.get(span.employeeId);
    if (e === undefined || classOf[e]! < 0) continue;
    for (let i = Math.max(0, span.from); i < Math.min(demand.line.length, span.to); i++) fixedByClass[classOf[e]!]![i]!++;
  }

  const shifts = candidates(calendar, step, Math.floor(Number(instance.settings.minShiftHours) * 60 + 1e-9));
  const blocks = demand.line.length / step;
  // Groups: minutes of a block alike in demand and fixed supply.
  type Group = { block: number; day: number; count: number; any: number; need: number[]; fixedAll: number; fixed: number[] };
  const groups: Group[] = [];
  for (let b = 0; b < blocks; b++) {
    const byKey = new Map<string, Group>();
    for (let t = b * step; t < (b + 1) * step; t++) {
      const D = demand.line[t]!;
      if (D === 0) continue;
      const need = qualified.need.map((line) => line[t]!);
      const f = fixedByClass.map((line) => line[t]!);
      const key = `${D},${need.join(',')}|${fixed.line[t]},${f.join(',')}`;
      const group = byKey.get(key);
      if (group) group.count++;
      else byKey.set(key, { block: b, day: Math.floor(t / DAY_MINUTES), count: 1, any: D - qualified.needAll[t]!, need, fixedAll: fixed.line[t]!, fixed: f });
    }
    groups.push(...byKey.values());
  }

  // Columns: shifts, supply per block, shifts per day, class supply per block, then per group the units
  // anyone may fill (z) and the q-units each class fills (y).
  let columns = 0;
  const X = columns;
  columns += shifts.length;
  const S = columns;
  columns += blocks;
  const N = columns;
  columns += days;
  const SK = columns;
  columns += K * blocks;
  const Z = columns;
  columns += groups.length;
  type Assign = { group: number; k: number; q: number; col: number };
  const assigns: Assign[] = [];
  groups.forEach((g, gi) => {
    for (let q = 0; q < Q; q++) {
      if (g.need[q] === 0) continue;
      for (let k = 0; k < K; k++) if ((maskOf(k, g.day) >> q) & 1) assigns.push({ group: gi, k, q, col: columns++ });
    }
  });
  const colUpper = new Float64Array(columns).fill(Infinity);
  for (let d = 0; d < days; d++) colUpper[N + d] = rooms.reduce((n, r) => n + (r.free[d] ? 1 : 0), 0);
  for (let k = 0; k < K; k++) {
    const members = rooms.filter((_, e) => classOf[e] === k);
    for (let b = 0; b < blocks; b++) {
      const d = Math.floor((b * step) / DAY_MINUTES);
      colUpper[SK + k * blocks + b] = members.reduce((n, r) => n + (r.free[d] || r.free[d - 1] ? 1 : 0), 0);
    }
  }
  groups.forEach((g, gi) => (colUpper[Z + gi] = g.any));
  for (const a of assigns) colUpper[a.col] = groups[a.group]!.need[a.q]!;

  const rows = new RowList();
  // Supply flow along the line (as in the bound without qualifications).
  const startsAt: number[][] = Array.from({ length: blocks }, () => []);
  const endsAt: number[][] = Array.from({ length: blocks }, () => []);
  const onDay: Array<Array<[number, number]>> = Array.from({ length: days }, () => []);
  const inWeek: Array<Array<[number, number]>> = Array.from({ length: calendar.weekCount }, () => []);
  shifts.forEach((shift, i) => {
    startsAt[(shift.day * DAY_MINUTES + shift.start) / step]!.push(i);
    const to = (shift.day * DAY_MINUTES + shift.end) / step;
    if (to < blocks) endsAt[to]!.push(i);
    onDay[shift.day]!.push([X + i, 1]);
    inWeek[calendar.days[shift.day]!.week]!.push([X + i, shift.minutes]);
  });
  for (let b = 0; b < blocks; b++) {
    const entries: Array<[number, number]> = [[S + b, 1]];
    if (b > 0) entries.push([S + b - 1, -1]);
    for (const i of startsAt[b]!) entries.push([X + i, -1]);
    for (const i of endsAt[b]!) entries.push([X + i, 1]);
    rows.add(entries, 0, 0);
  }
  for (let d = 0; d < days; d++) rows.add([...onDay[d]!, [N + d, -1]], 0, 0);
  const weekMinutes = new Array<number>(calendar.weekCount).fill(0);
  for (const r of rooms) r.weekMinutes.forEach((m, w) => (weekMinutes[w]! += m));
  for (let w = 0; w < calendar.weekCount; w++) if (inWeek[w]!.length > 0) rows.add(inWeek[w]!, -Infinity, weekMinutes[w]!);
  if (runLimit > 0 && runLimit < days)
    for (let first = 0; first + runLimit < days; first++) {
      const entries: Array<[number, number]> = [];
      for (let d = first; d <= first + runLimit; d++) entries.push([N + d, 1]);
      rows.add(
        entries,
        -Infinity,
        rooms.reduce((sum, r) => sum + runRoom(r, first, runLimit), 0),
      );
    }
  // Class supplies: together at most the supply; per week at most the members' minutes and what runs over from the week before.
  for (let b = 0; b < blocks && K > 0; b++) {
    const entries: Array<[number, number]> = [[S + b, -1]];
    for (let k = 0; k < K; k++) entries.push([SK + k * blocks + b, 1]);
    rows.add(entries, -Infinity, 0);
  }
  for (let k = 0; k < K; k++) {
    const members = rooms.filter((_, e) => classOf[e] === k);
    for (let w = 0; w < calendar.weekCount; w++) {
      const own = calendar.days.filter((d) => d.week === w);
      if (own.length === 0) continue;
      const before = own[0]!.index - 1;
      const carry = before >= 0 ? members.reduce((n, r) => n + (r.free[before] ? DAILY_CAP_MINUTES : 0), 0) : 0;
      // The night the clocks go forward, a shift holds an hour more on the wall clock than it lasts.
      const skipped = own.some((d) => d.offsetChanges) || (before >= 0 && calendar.days[before]!.offsetChanges) ? 60 * members.length : 0;
      const entries: Array<[number, number]> = [];
      for (let b = (own[0]!.index * DAY_MINUTES) / step; b < ((own[own.length - 1]!.index + 1) * DAY_MINUTES) / step; b++)
        entries.push([SK + k * blocks + b, step]);
      rows.add(entries, -Infinity, members.reduce((sum, r) => sum + r.weekMinutes[w]!, 0) + carry + skipped);
    }
  }
  // Matching per group: each class fills q-units up to its supply; all units up to everyone's supply; each q up to its need.
  const byGroupClass = new Map<number, Array<[number, number]>>();
  const byGroupCode = new Map<number, Array<[number, number]>>();
  const byGroup = new Map<number, Array<[number, number]>>();
  for (const a of assigns) {
    const gk = a.group * K + a.k;
    if (!byGroupClass.has(gk)) byGroupClass.set(gk, []);
    byGroupClass.get(gk)!.push([a.col, 1]);
    const gq = a.group * Q + a.q;
    if (!byGroupCode.has(gq)) byGroupCode.set(gq, []);
    byGroupCode.get(gq)!.push([a.col, 1]);
    if (!byGroup.has(a.group)) byGroup.set(a.group, []);
    byGroup.get(a.group)!.push([a.col, 1]);
  }
  for (const [gk, entries] of byGroupClass) {
    const g = groups[Math.floor(gk / K)]!;
    const k = gk % K;
    rows.add([...entries, [SK + k * blocks + g.block, -1]], -Infinity, g.fixed[k]!);
  }
  for (const [gq, entries] of byGroupCode) if (entries.length > 1) rows.add(entries, -Infinity, groups[Math.floor(gq / Q)]!.need[gq % Q]!);
  groups.forEach((g, gi) => rows.add([[Z + gi, 1], ...(byGroup.get(gi) ?? []), [S + g.block, -1]], -Infinity, g.fixedAll));

  const size = { columns, rows: rows.lower.length, nonzeros: rows.indices.length };
  const covers = new Float64Array(columns);
  const fills = new Float64Array(columns);
  groups.forEach((g, gi) => (covers[Z + gi] = g.count));
  for (const a of assigns) {
    covers[a.col] = groups[a.group]!.count;
    fills[a.col] = groups[a.group]!.count;
  }
  // Coarse bounds, valid without the solver: every minute at most two shifts per employee (one of its date,
  // one of the day before), and q-units at most the holders of q that date, twice.
  let coarseCovered = 0;
  let coarseFilled = 0;
  const holders = Array.from({ length: days + 1 }, (_, d) =>
    qualified.codes.map((_, q) => instance.employees.reduce((n, _e, e) => n + ((masks[e * (days + 1) + d]! >> q) & 1), 0)),
  );
  for (let t = 0; t < demand.line.length; t++) {
    coarseCovered += Math.min(demand.line[t]!, 2 * E);
    const day = Math.floor(t / DAY_MINUTES);
    for (let q = 0; q < Q; q++) coarseFilled += Math.min(qualified.need[q]![t]!, 2 * holders[day]![q]!);
  }
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const highs = await loadHighs();
  const inf = highs.infinity;
  const finite = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
  const solve = (cost: Float64Array): number | null => {
    const model = highs.createModel();
    try {
      model.options.set({ output_flag: false, time_limit: Math.max(0.05, (timeLimitMs - (performance.now() - started)) / 1000) });
      model.passModel({
        numCols: columns,
        numRows: rows.lower.length,
        sense: highs.constants.objectiveSense.maximize,
        offset: 0,
        colCost: cost,
        colLower: new Float64Array(columns),
        colUpper: colUpper.map(finite),
        rowLower: Float64Array.from(rows.lower, finite),
        rowUpper: Float64Array.from(rows.upper, finite),
        matrix: {
          format: 'csr',
          numRows: rows.lower.length,
          numCols: columns,
          starts: Int32Array.from(rows.starts),
          indices: Int32Array.from(rows.indices),
          values: Float64Array.from(rows.values),
        },
      });
      model.run();
      return model.getModelStatus() === highs.constants.modelStatus.optimal ? withMargin(model.getObjectiveValue()) : null;
    } finally {
      model.dispose();
    }
  };
  const covered = solve(covers);
  const filled = solve(fills);
  const asked = qualified.total.reduce((a, b) => a + b, 0);
  const coveredMinutes = Math.min(demand.total, coarseCovered, covered ?? Infinity);
  const filledMinutes = Math.min(asked, coarseFilled, filled ?? Infinity);
  const percent = (part: number, whole: number): number => (whole === 0 ? 100 : Math.min(100, Math.ceil((part / whole) * 10000 - 1e-9) / 100));
  return {
    coveragePercent: percent(coveredMinutes, demand.total),
    demandHours: demand.total / 60,
    boundHours: coveredMinutes / 60,
    elapsedMs: Math.round(performance.now() - started),
    status: covered === null ? 'timeLimit' : 'optimal',
    size,
    qualified: {
      percent: percent(filledMinutes, asked),
      demandHours: asked / 60,
      boundHours: filledMinutes / 60,
      status: filled === null ? 'timeLimit' : 'optimal',
    },
  };
}
