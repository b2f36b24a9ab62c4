// The peer in bench:curtois: the benchmark's instance as a mixed-integer programme, solved by HiGHS (the
// `highs` package) within the same time limit as Grafik's engine. The model follows the benchmark's
// README rule by rule; its solution is judged by the independent evaluator like any other.
import type { Highs } from 'highs';
import { RowList } from '../../src/engine/bound-employees.ts';
import type { Assignment, CurtoisInstance } from './instance.ts';

export interface MilpResult {
  /** The best roster HiGHS found, or null when it found none within the limit. */
  assignments: Assignment[] | null;
  /** HiGHS's proven lower bound on the objective (null when it proved none). */
  lowerBound: number | null;
  status: string;
  columns: number;
  rows: number;
  seconds: number;
}

export async function solveWithHighs(instance: CurtoisInstance, timeLimitSeconds: number): Promise<MilpResult> {
  const started = performance.now();
  const highs = (await (import('highs') as unknown as Promise<{ default: () => Promise<Highs> }>).then((m) => m.default())) as Highs;
  const inf = highs.infinity;
  const { days } = instance;
  const cost: number[] = [];
  const upper: number[] = [];
  const integer: number[] = [];
  const column = (objective: number, isInteger: boolean, most = 1): number => {
    cost.push(objective);
    upper.push(most);
    integer.push(isInteger ? 1 : 0);
    return cost.length - 1;
  };

  // x[e][d] maps a shift type to its column; a type the person may not work, or a day off, has none.
  const x = instance.staff.map((person) =>
    Array.from({ length: days }, (_, day) => {
      const row = new Map<string, number>();
      if (instance.daysOff.get(person.id)?.has(day)) return row;
      for (const shift of instance.shifts) if ((person.maxShifts.get(shift.id) ?? 0) > 0) row.set(shift.id, column(0, true));
      return row;
    }),
  );
  const minutesOf = new Map(instance.shifts.map((s) => [s.id, s.minutes]));
  const staffIndex = new Map(instance.staff.map((p, i) => [p.id, i]));
  let offset = 0;
  for (const r of instance.onRequests) {
    offset += r.weight;
    const c = x[staffIndex.get(r.employee)!]![r.day]!.get(r.shift);
    if (c !== undefined) cost[c]! -= r.weight;
  }
  for (const r of instance.offRequests) {
    const c = x[staffIndex.get(r.employee)!]![r.day]!.get(r.shift);
    if (c !== undefined) cost[c]! += r.weight;
  }

  const rows = new RowList();
  const worked = (e: number, day: number): Array<[number, number]> => [...x[e]![day]!.values()].map((c) => [c, 1]);
  const minus = (terms: Array<[number, number]>): Array<[number, number]> => terms.map(([c, v]) => [c, -v]);
  instance.staff.forEach((person, e) => {
    const row = x[e]!;
    for (let day = 0; day < days; day++) {
      rows.add(worked(e, day), -inf, 1);
      if (day + 1 < days)
        for (const shift of instance.shifts)
          for (const next of shift.forbiddenNext) {
            const a = row[day]!.get(shift.id);
            const b = row[day + 1]!.get(next);
            if (a !== undefined && b !== undefined)
              rows.add(
                [
                  [a, 1],
                  [b, 1],
                ],
                -inf,
                1,
              );
          }
    }
    for (const shift of instance.shifts) {
      const columns = row.flatMap((m) => (m.has(shift.id) ? [[m.get(shift.id)!, 1] as [number, number]] : []));
      rows.add(columns, -inf, person.maxShifts.get(shift.id) ?? 0);
    }
    rows.add(
      row.flatMap((m) => [...m].map(([id, c]) => [c, minutesOf.get(id)!] as [number, number])),
      person.minTotalMinutes,
      person.maxTotalMinutes,
    );
    // Runs of working days: at most MaxConsecutiveShifts in any window one day longer.
    const most = person.maxConsecutiveShifts;
    for (let first = 0; first + most < days; first++) {
      const terms: Array<[number, number]> = [];
      for (let day = first; day <= first + most; day++) terms.push(...worked(e, day));
      rows.add(terms, -inf, most);
    }
    // No run of l working days (or days off) framed by the other kind on both sides, for l below the minimum.
    for (let first = 1; first < days - 1; first++) {
      for (let length = 1; first + length <= days - 1; length++) {
        const inside: Array<[number, number]> = [];
        for (let day = first; day < first + length; day++) inside.push(...worked(e, day));
        const frame = [...worked(e, first - 1), ...worked(e, first + length)];
        if (length < person.minConsecutiveShifts) rows.add([...frame, ...minus(inside)], 1 - length, inf);
        if (length < person.minConsecutiveDaysOff) rows.add([...inside, ...minus(frame)], -1, inf);
        if (length >= person.minConsecutiveShifts && length >= person.minConsecutiveDaysOff) break;
      }
    }
    // Weekends: k is 1 when Saturday or Sunday is worked; at most MaxWeekends of them.
    const weekends: Array<[number, number]> = [];
    for (let saturday = 5; saturday < days; saturday += 7) {
      const k = column(0, true);
      weekends.push([k, 1]);
      for (const day of [saturday, saturday + 1])
        if (day < days)
          for (const [c] of worked(e, day))
            rows.add(
              [
                [k, 1],
                [c, -1],
              ],
              0,
              inf,
            );
    }
    rows.add(weekends, -inf, person.maxWeekends);
  });
  for (const c of instance.cover) {
    const under = column(c.underWeight, false, inf);
    const over = column(c.overWeight, false, inf);
    const staffed: Array<[number, number]> = [];
    for (const row of x) {
      const col = row[c.day]!.get(c.shift);
      if (col !== undefined) staffed.push([col, 1]);
    }
    rows.add([...staffed, [under, 1], [over, -1]], c.requirement, c.requirement);
  }

  const model = highs.createModel();
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.1, timeLimitSeconds - (performance.now() - started) / 1000) });
    model.passModel({
      numCols: cost.length,
      numRows: rows.lower.length,
      offset,
      colCost: cost,
      colLower: cost.map(() => 0),
      colUpper: upper.map((u) => (u === Infinity ? inf : u)),
      rowLower: Float64Array.from(rows.lower, (v) => (v === -Infinity ? -inf : v)),
      rowUpper: Float64Array.from(rows.upper, (v) => (v === Infinity ? inf : v)),
      integrality: Int32Array.from(integer),
      matrix: {
        format: 'csr',
        numRows: rows.lower.length,
        numCols: cost.length,
        starts: Int32Array.from(rows.starts),
        indices: Int32Array.from(rows.indices),
        values: Float64Array.from(rows.values),
      },
    });
    model.run();
    const status = model.getModelStatus();
    const statusName = Object.entries(highs.constants.modelStatus).find(([, v]) => v === status)?.[0] ?? String(status);
    const feasible = Number(model.info.get('primal_solution_status')) === 2;
    const dual = Number(model.info.get('mip_dual_bound'));
    let assignments: Assignment[] | null = null;
    if (feasible) {
      const values = model.getSolution().colValue;
      assignments = [];
      instance.staff.forEach((person, e) =>
        x[e]!.forEach((m, day) => {
          for (const [shift, c] of m) if (values[c]! > 0.5) assignments!.push({ employee: person.id, day, shift });
        }),
      );
    }
    return {
      assignments,
      lowerBound: Number.isFinite(dual) ? dual : null,
      status: statusName,
      columns: cost.length,
      rows: rows.lower.length,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    model.dispose();
  }
}
