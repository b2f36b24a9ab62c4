// The per-employee relaxation of the coverage bound (docs/coverage-bound.md, "Per employee"). Where the
// aggregate model of bound.ts pools the staff, this one gives every employee their own candidate shifts
// (each a variable in [0, 1]) and their own rules:
//
// - at most one shift a date, none on a day off or a day a fixed shift holds (R4, R8, R10), and none that
//   would break R5 with the day's time off counted as work or R7 against a fixed or previous shift;
// - R7 between the shifts of two consecutive dates as cliques: for each start B of the second date, the
//   first date's shifts ending after B − rest and the second date's starting by B conflict pairwise, so
//   together they hold at most one shift. Ends and starts are summed along the day in chains of auxiliary
//   columns, so that each clique is a row of two entries;
// - R6 per week, R13 per month, R12 per window of maxConsecutiveDays + 1 days (the fortnight before the
//   month included), and R11 as "a date without work in each whole week" only where the weekly rest is
//   long enough to imply it (more than two days).
//
// Employees whose inputs are alike (time off, fixed and previous shifts, monthly limit) form one class of
// k members whose columns are the members' sums, each row k times a member's: by symmetry the relaxation's
// optimum is the same as with each member apart, and the model is k times smaller.
import { DAY_MINUTES, PREVIOUS_DAYS, spanOf, workDaysBefore, type Calendar } from './calendar.ts';
import type { Highs } from 'highs';
import type { Instance } from './format.ts';
import { maxConsecutiveDays, weeklyRestMinutes } from './rules.ts';

/** A block's covered minutes as a function of its supply s: constant + Σ_v count_v · min(v, s). */
type BlockCurve = { constant: number; values: number[]; counts: number[] };
type BoundCandidate = { day: number; start: number; end: number; minutes: number };
/** What one employee leaves a roster (bound.ts, employeeRooms). */
type EmployeeRoom = { free: boolean[]; busy: boolean[]; weekMinutes: number[] };

type EmployeeBoundInput = {
  instance: Instance;
  calendar: Calendar;
  step: number;
  curves: BlockCurve[];
  shifts: BoundCandidate[];
  rooms: EmployeeRoom[];
  highs: Highs;
  /** Wall time the solver may take. */
  timeLimitMs: number;
  /** Largest model tried, in columns. */
  maxColumns: number;
};

type EmployeeBoundResult =
  | { status: 'optimal'; objective: number; size: { columns: number; rows: number; nonzeros: number } }
  | { status: 'timeLimit' | 'tooLarge'; size: { columns: number; rows: number; nonzeros: number } };

/** A shift an employee holds whatever is planned (fixed, or before the month), in minutes from the month's first midnight. */
type Known = { from: number; to: number };

/** The per-employee relaxation's maximum of covered minutes (before the margin of bound.ts), or why there is none. */
export function employeeRelaxation(input: EmployeeBoundInput): EmployeeBoundResult {
  const { instance, calendar, step, curves, shifts, rooms, highs } = input;
  const days = calendar.days.length;
  const blocks = curves.length;
  const origin = calendar.instant(0, 0);
  const at = (day: number, minute: number): number => calendar.instant(day, minute) - origin;
  const rest = Math.max(0, Number(instance.settings.minRestHours) * 60);
  const runLimit = maxConsecutiveDays(instance.settings);
  const weeklyRest = weeklyRestMinutes(instance.settings);
  const dailyCap = 12 * 60;

  // A shift whose first or last block needs nobody (its demand is met by fixed supply, or there is none)
  // does no better than the candidate without that block, which also keeps every rule it keeps (it lies
  // within it): only shifts that cannot be trimmed so are columns.
  const ids = new Set(shifts.map((s) => `${s.day},${s.start},${s.end}`));
  const idle = (day: number, minute: number): boolean => curves[(day * DAY_MINUTES + minute) / step]?.values.length === 0;
  const trimmable = (s: BoundCandidate): boolean =>
    (idle(s.day, s.start) && ids.has(`${s.day},${s.start + step},${s.end}`)) || (idle(s.day, s.end - step) && ids.has(`${s.day},${s.start},${s.end - step}`));
  const byDay: number[][] = Array.from({ length: days }, () => []);
  shifts.forEach((s, i) => trimmable(s) || byDay[s.day]!.push(i));
  const from = shifts.map((s) => at(s.day, s.start));
  const to = shifts.map((s) => at(s.day, s.end));

  // Classes of alike employees.
  type Member = { e: number; known: Known[]; workBefore: Set<number>; workMinutes: number[]; monthRoom: number };
  const classes = new Map<string, Member[]>();
  instance.employees.forEach((employee, e) => {
    const fixed = instance.fixedShifts.filter((f) => f.employeeId === employee.id);
    const previous = (instance.previousShifts ?? []).filter((p) => p.employeeId === employee.id);
    const known: Known[] = [];
    let fixedMinutes = 0;
    for (const shift of [...fixed, ...previous]) {
      const span = spanOf(shift);
      // As the rules place shifts in time: a span that ends after it starts.
      if (!span || span.end <= span.start) continue;
      const index = calendar.indexOf(shift.date);
      if (!Number.isFinite(index)) continue;
      known.push({ from: at(index, span.start), to: at(index, span.end) });
      if (index >= 0 && index < days) fixedMinutes += calendar.elapsed(index, span.start, span.end);
    }
    const before = workDaysBefore(employee, calendar);
    for (const p of previous) {
      const span = spanOf(p);
      const index = calendar.indexOf(p.date);
      if (span && span.end > span.start && index < 0) before.add(index);
    }
    const workMinutes = calendar.days.map((d) =>
      employee.timeOff.reduce(
        (sum, off) => sum + (off.countAsWork && off.startDate <= d.date && d.date <= off.endDate ? Math.floor((off.workHours ?? 0) * 60 + 1e-9) : 0),
        0,
      ),
    );
    const used = fixedMinutes + workMinutes.reduce((a, b) => a + b, 0);
    const monthRoom = employee.maxHours === undefined ? Infinity : Math.max(0, Math.ceil(employee.maxHours * 60 - 1e-9) - Math.floor(used));
    const key = JSON.stringify([
      employee.timeOff,
      fixed.map((f) => [f.date, f.startTime, f.endTime, f.endDate]),
      previous.map((p) => [p.date, p.startTime, p.endTime, p.endDate]),
      employee.maxHours,
    ]);
    const list = classes.get(key) ?? [];
    list.push({ e, known, workBefore: before, workMinutes, monthRoom });
    classes.set(key, list);
  });

  // Columns: block supply s_b and covered c_b first, then per class its shifts and chain columns.
  const S = 0;
  const C = blocks;
  let columns = 2 * blocks;
  const colUpper: number[] = [];
  const colCost: number[] = [];
  for (let b = 0; b < blocks; b++) {
    colUpper[S + b] = Infinity;
    colCost[S + b] = 0;
  }
  for (let b = 0; b < blocks; b++) {
    const curve = curves[b]!;
    colUpper[C + b] = curve.values.reduce((sum, v, i) => sum + v * curve.counts[i]!, 0);
    colCost[C + b] = 1;
  }
  const addColumn = (upper: number): number => {
    colUpper[columns] = upper;
    colCost[columns] = 0;
    return columns++;
  };

  const rows = new RowList();
  const startsAt: number[][] = Array.from({ length: blocks }, () => []);
  const endsAt: number[][] = Array.from({ length: blocks }, () => []);
  let constant = 0;

  // The model's size before it is built: a class's shifts are at most its free days' candidates, and the
  // other columns add about a third to them.
  let estimate = 2 * blocks;
  for (const members of classes.values()) rooms[members[0]!.e]!.free.forEach((free, d) => free && (estimate += byDay[d]!.length));
  if (estimate > input.maxColumns) return { status: 'tooLarge', size: { columns: estimate, rows: 0, nonzeros: 0 } };

  for (const members of classes.values()) {
    const k = members.length;
    const m = members[0]!;
    const room = rooms[m.e]!;
    // The employee's shifts per day: columns of allowed candidates.
    const own: Array<Array<{ col: number; i: number }>> = Array.from({ length: days }, () => []);
    for (let d = 0; d < days; d++) {
      if (!room.free[d]) continue;
      for (const i of byDay[d]!) {
        const s = shifts[i]!;
        if (s.minutes + m.workMinutes[d]! > dailyCap) continue;
        if (s.minutes > room.weekMinutes[calendar.days[d]!.week]!) continue;
        if (s.minutes > m.monthRoom) continue;
        // R7 against a shift held whatever is planned: too close (or overlapping) on either side.
        if (m.known.some((kn) => (kn.to <= from[i]! ? from[i]! - kn.to : kn.from >= to[i]! ? kn.from - to[i]! : -1) < rest - 1e-9)) continue;
        own[d]!.push({ col: addColumn(k), i });
      }
    }
    if (columns > input.maxColumns) return { status: 'tooLarge', size: { columns, rows: rows.lower.length, nonzeros: rows.indices.length } };
    for (let d = 0; d < days; d++)
      for (const { col, i } of own[d]!) {
        const s = shifts[i]!;
        startsAt[(s.day * DAY_MINUTES + s.start) / step]!.push(col);
        const end = (s.day * DAY_MINUTES + s.end) / step;
        if (end < blocks) endsAt[end]!.push(col);
      }
    // Shifts per day (R4): n_d = Σ x ≤ k.
    const n: number[] = [];
    for (let d = 0; d < days; d++) {
      if (own[d]!.length === 0) {
        n[d] = -1;
        continue;
      }
      n[d] = addColumn(k);
      rows.add([...own[d]!.map(({ col }): [number, number] => [col, 1]), [n[d]!, -1]], 0, 0);
    }
    // R7 between consecutive dates, as cliques along chains of ends (day d) and starts (day d + 1).
    if (rest > 0)
      for (let d = 0; d + 1 < days; d++) {
        if (n[d]! < 0 || n[d + 1]! < 0) continue;
        const ends = [...new Set(own[d]!.map(({ i }) => to[i]!))].sort((a, b) => a - b);
        const starts = [...new Set(own[d + 1]!.map(({ i }) => from[i]!))].sort((a, b) => a - b);
        // A[j]: shifts of day d ending at ends[j] or later; P[j]: shifts of day d + 1 starting by starts[j].
        const A = ends.map(() => addColumn(k));
        ends.forEach((t, j) => {
          const entries: Array<[number, number]> = [[A[j]!, 1]];
          if (j + 1 < ends.length) entries.push([A[j + 1]!, -1]);
          for (const { col, i } of own[d]!) if (to[i] === t) entries.push([col, -1]);
          rows.add(entries, 0, 0);
        });
        const P = starts.map(() => addColumn(k));
        starts.forEach((t, j) => {
          const entries: Array<[number, number]> = [[P[j]!, 1]];
          if (j > 0) entries.push([P[j - 1]!, -1]);
          for (const { col, i } of own[d + 1]!) if (from[i] === t) entries.push([col, -1]);
          rows.add(entries, 0, 0);
        });
        // The first end that leaves less than the rest before a start at tau + rest (R7's own tolerance).
        const firstAfter = (tau: number): number => ends.findIndex((t) => t - tau > 1e-9);
        starts.forEach((t, j) => {
          const a = firstAfter(t - rest);
          if (a < 0) return;
          // The row of the next start with the same ends is stronger.
          if (j + 1 < starts.length && firstAfter(starts[j + 1]! - rest) === a) return;
          rows.add(
            [
              [A[a]!, 1],
              [P[j]!, 1],
            ],
            -Infinity,
            k,
          );
        });
      }
    // R6 per week (R5 and time off as in bound.ts's rooms) and R13 per month.
    const inWeek: Array<Array<[number, number]>> = Array.from({ length: calendar.weekCount }, () => []);
    const inMonth: Array<[number, number]> = [];
    for (let d = 0; d < days; d++)
      for (const { col, i } of own[d]!) {
        inWeek[calendar.days[d]!.week]!.push([col, shifts[i]!.minutes]);
        inMonth.push([col, shifts[i]!.minutes]);
      }
    inWeek.forEach((entries, w) => entries.length > 0 && rows.add(entries, -Infinity, k * room.weekMinutes[w]!));
    if (Number.isFinite(m.monthRoom) && inMonth.length > 0) rows.add(inMonth, -Infinity, k * m.monthRoom);
    // Working days whatever is planned: fixed shifts and time off counted as work, and before the month.
    const working = (d: number): boolean => (d < 0 ? m.workBefore.has(d) : room.busy[d]!);
    const adds = (d: number): boolean => d >= 0 && d < days && n[d]! >= 0 && !room.busy[d];
    // R12: any runLimit + 1 consecutive days hold at most runLimit working days.
    if (runLimit > 0)
      for (let first = -Math.min(runLimit, PREVIOUS_DAYS); first + runLimit < days; first++) {
        const entries: Array<[number, number]> = [];
        let fixedDays = 0;
        for (let d = first; d <= first + runLimit; d++) {
          if (working(d)) fixedDays++;
          else if (adds(d)) entries.push([n[d]!, 1]);
        }
        if (entries.length > 0) rows.add(entries, -Infinity, k * Math.max(0, runLimit - fixedDays));
      }
    // R11, where it implies a date without work in each whole week of the month: a rest longer than two
    // days (and an hour, for the night the clocks go back) holds a whole date, on which no shift starts.
    if (weeklyRest > 2 * DAY_MINUTES + 60)
      for (let sunday = (7 - calendar.weekdayOf(0)) % 7; sunday + 6 < days; sunday += 7) {
        const entries: Array<[number, number]> = [];
        let fixedDays = 0;
        for (let d = sunday; d < sunday + 7; d++) {
          if (working(d)) fixedDays++;
          else if (adds(d)) entries.push([n[d]!, 1]);
        }
        if (entries.length > 0) rows.add(entries, -Infinity, k * Math.max(0, 6 - fixedDays));
      }
  }

  // Supply flow along the line and coverage under the pieces of each block's curve, as in bound.ts.
  for (let b = 0; b < blocks; b++) {
    const entries: Array<[number, number]> = [[S + b, 1]];
    if (b > 0) entries.push([S + b - 1, -1]);
    for (const col of startsAt[b]!) entries.push([col, -1]);
    for (const col of endsAt[b]!) entries.push([col, 1]);
    rows.add(entries, 0, 0);
  }
  for (let b = 0; b < blocks; b++) {
    const curve = curves[b]!;
    constant += curve.constant;
    let below = 0;
    let above = curve.counts.reduce((a, c) => a + c, 0);
    for (let i = 0; i <= curve.values.length; i++) {
      if (above > 0)
        rows.add(
          [
            [C + b, 1],
            [S + b, -above],
          ],
          -Infinity,
          below,
        );
      if (i === curve.values.length) break;
      below += curve.counts[i]! * curve.values[i]!;
      above -= curve.counts[i]!;
    }
  }

  const size = { columns, rows: rows.lower.length, nonzeros: rows.indices.length };
  if (columns > input.maxColumns) return { status: 'tooLarge', size };
  const inf = highs.infinity;
  const finite = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
  const model = highs.createModel();
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.05, input.timeLimitMs / 1000) });
    model.passModel({
      numCols: columns,
      numRows: size.rows,
      sense: highs.constants.objectiveSense.maximize,
      offset: constant,
      colCost: Float64Array.from(colCost),
      colLower: new Float64Array(columns),
      colUpper: Float64Array.from(colUpper, finite),
      rowLower: Float64Array.from(rows.lower, finite),
      rowUpper: Float64Array.from(rows.upper, finite),
      matrix: {
        format: 'csr',
        numRows: size.rows,
        numCols: columns,
        starts: Int32Array.from(rows.starts),
        indices: Int32Array.from(rows.indices),
        values: Float64Array.from(rows.values),
      },
    });
    model.run();
    if (model.getModelStatus() === highs.constants.modelStatus.optimal) return { status: 'optimal', objective: model.getObjectiveValue(), size };
    return { status: 'timeLimit', size };
  } finally {
    model.dispose();
  }
}

/** A model's rows as lists of (column, value), packed into CSR (this relaxation's and bound.ts's). */
export class RowList {
  readonly starts: number[] = [0];
  readonly indices: number[] = [];
  readonly values: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  add(entries: ReadonlyArray<readonly [number, number]>, lower: number, upper: number): void {
    for (const [col, value] of entries) {
      this.indices.push(col);
      this.values.push(value);
    }
    this.starts.push(this.indices.length);
    this.lower.push(lower);
    this.upper.push(upper);
  }
}
