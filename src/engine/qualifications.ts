// Qualified demand (format version 3, docs/quality.md): who may fill which unit of demand at a minute.
// Of the demand D(t), T_q(t) units need a holder of qualification q valid on t's date (the date of the
// minute on the airport clock); the rest anyone on shift can fill. Covered(t) is the most units the people
// on shift can fill at once: a maximum matching between people and units. People with the same set of
// qualifications valid that day form one class, so the matching is a tiny flow between classes and codes;
// minutes repeat, and results are cached by the classes' counts and the units asked for.
import { DAY_MINUTES, type Calendar } from './calendar.ts';
import type { Employee } from './format.ts';

/** The qualified part of a month's demand: codes asked for by tasks, and T_q on the month's line of minutes. */
export type QualifiedDemand = {
  /** Codes tasks ask for; a code's index is its bit in a mask. */
  codes: string[];
  /** T_q(t) on the month's line of minutes, per code. */
  need: Uint16Array[];
  /** Σ_q T_q(t). */
  needAll: Uint16Array;
  /** ∫ T_q dt per code, in minutes × staff. */
  total: number[];
};

/**
 * The bits of the codes each employee holds valid on each day index 0 … N (the day after the month too,
 * for the minutes past the last midnight): index e × (N + 1) + d.
 */
export function qualificationMasks(calendar: Calendar, employees: ReadonlyArray<Pick<Employee, 'qualifications'>>, codes: readonly string[]): Int32Array {
  const days = calendar.days.length + 1;
  const out = new Int32Array(employees.length * days);
  const bit = new Map(codes.map((code, i) => [code, 1 << i]));
  employees.forEach((employee, e) => {
    for (const q of employee.qualifications ?? []) {
      const b = bit.get(q.code);
      if (b === undefined) continue;
      for (let d = 0; d < days; d++) {
        const date = calendar.dateOf(d);
        if ((q.validFrom === undefined || q.validFrom <= date) && (q.validUntil === undefined || date <= q.validUntil)) out[e * days + d]! |= b;
      }
    }
  });
  return out;
}

/** A matching at one minute: units of each code filled (in code order), and their sum. */
export type Match = { matched: number; perCode: number[] };

/**
 * The most q-units the classes can fill: a maximum flow from classes (capacity: their count) to codes
 * (capacity: the units asked for), a class reaching the codes its mask holds. Augmenting paths found
 * breadth first, classes and codes in index order, so the split among codes is always the same.
 */
export function maxQualifiedMatch(masks: readonly number[], counts: readonly number[], need: ArrayLike<number>): Match {
  const { matched, perCode } = maxFlow(masks, counts, need);
  return { matched, perCode };
}

/**
 * A maximum matching and, per class, whether one more person of it would match one more q-unit (`grows`:
 * an augmenting path starts at the class) and whether one fewer would match one fewer (`shrinks`: the
 * class is used to its count and no class with someone unused can take its place along the residual graph).
 */
export function matchWithChanges(
  masks: readonly number[],
  counts: readonly number[],
  need: ArrayLike<number>,
): { matched: number; grows: Uint8Array; shrinks: Uint8Array } {
  const { matched, flow, used, filled } = maxFlow(masks, counts, need);
  const C = masks.length;
  const Q = need.length;
  // Classes from which a code with a unit left is reachable (class → code it holds; code → class matched to it), found backwards.
  const grows = new Uint8Array(C);
  const codeSeen = new Uint8Array(Q);
  const stack: number[] = [];
  for (let q = 0; q < Q; q++)
    if (filled[q]! < need[q]!) {
      codeSeen[q] = 1;
      stack.push(q);
    }
  while (stack.length > 0) {
    const q = stack.pop()!;
    for (let c = 0; c < C; c++) {
      if (grows[c] || ((masks[c]! >> q) & 1) === 0) continue;
      grows[c] = 1;
      for (let r = 0; r < Q; r++)
        if (!codeSeen[r] && flow[c * Q + r]! > 0) {
          codeSeen[r] = 1;
          stack.push(r);
        }
    }
  }
  // Classes reachable from a class with someone unused: they can hand their unit over.
  const spare = new Uint8Array(C);
  const codeReached = new Uint8Array(Q);
  const classes: number[] = [];
  for (let c = 0; c < C; c++)
    if (used[c]! < counts[c]!) {
      spare[c] = 1;
      classes.push(c);
    }
  while (classes.length > 0) {
    const c = classes.pop()!;
    for (let q = 0; q < Q; q++) {
      if (codeReached[q] || ((masks[c]! >> q) & 1) === 0) continue;
      codeReached[q] = 1;
      for (let k = 0; k < C; k++)
        if (!spare[k] && flow[k * Q + q]! > 0) {
          spare[k] = 1;
          classes.push(k);
        }
    }
  }
  const shrinks = new Uint8Array(C);
  for (let c = 0; c < C; c++) shrinks[c] = used[c]! > 0 && !spare[c] ? 1 : 0;
  return { matched, grows, shrinks };
}

function maxFlow(
  masks: readonly number[],
  counts: readonly number[],
  need: ArrayLike<number>,
): { matched: number; perCode: number[]; flow: Int32Array; used: Int32Array; filled: Int32Array } {
  const C = masks.length;
  const Q = need.length;
  const flow = new Int32Array(C * Q);
  const used = new Int32Array(C);
  const filled = new Int32Array(Q);
  let matched = 0;
  // Nodes: classes 0 … C − 1, codes C … C + Q − 1. parent[n] is the node it was reached from (−2: from the source).
  const parent = new Int32Array(C + Q);
  const queue = new Int32Array(C + Q);
  for (;;) {
    parent.fill(-1);
    let head = 0;
    let tail = 0;
    for (let c = 0; c < C; c++)
      if (used[c]! < counts[c]!) {
        parent[c] = -2;
        queue[tail++] = c;
      }
    let end = -1;
    while (head < tail && end < 0) {
      const n = queue[head++]!;
      if (n < C) {
        for (let q = 0; q < Q; q++) {
          if (((masks[n]! >> q) & 1) === 0 || parent[C + q] !== -1) continue;
          parent[C + q] = n;
          if (filled[q]! < need[q]!) {
            end = C + q;
            break;
          }
          queue[tail++] = C + q;
        }
      } else {
        const q = n - C;
        for (let c = 0; c < C; c++)
          if (flow[c * Q + q]! > 0 && parent[c] === -1) {
            parent[c] = n;
            queue[tail++] = c;
          }
      }
    }
    if (end < 0) break;
    // One unit along the path: source → class → code (→ class → code …) → sink.
    filled[end - C]!++;
    let n = end;
    while (parent[n] !== -2) {
      const from = parent[n]!;
      if (n >= C) flow[from * Q + (n - C)]!++;
      else flow[n * Q + (from - C)]!--;
      n = from;
    }
    used[n]!++;
    matched++;
  }
  return { matched, perCode: Array.from(filled), flow, used, filled };
}

/**
 * Covered units at a minute: the q-units matched, then as many of the units anyone may fill as the people
 * left over can take. Filling the most q-units first is optimal, since each q-unit filled uses one person
 * who could otherwise fill at most one other unit.
 */
export const coveredUnits = (matched: number, people: number, demand: number, needAll: number): number =>
  matched + Math.min(demand - needAll, people - matched);

/** A cache of matchings by the classes' counts and the units asked for. */
class MatchCache {
  private readonly cache = new Map<string, Match>();
  get(masks: readonly number[], counts: readonly number[], need: ArrayLike<number>): Match {
    let key = '';
    for (let c = 0; c < masks.length; c++) if (counts[c]! > 0) key += `${masks[c]}:${counts[c]},`;
    key += '|';
    for (let q = 0; q < need.length; q++) key += `${need[q]},`;
    let match = this.cache.get(key);
    if (match === undefined) {
      const live = masks.map((_, c) => c).filter((c) => counts[c]! > 0);
      match = maxQualifiedMatch(
        live.map((c) => masks[c]!),
        live.map((c) => counts[c]!),
        need,
      );
      this.cache.set(key, match);
    }
    return match;
  }
}

/** Covered(t) on the month's line, and the q-units filled per code. */
export type QualifiedCover = { covered: Uint16Array; filled: Uint16Array[] };

/**
 * Covered(t) and the q-units filled, minute by minute, from each employee's spans on the month's line of
 * minutes ([from, to) as line indices, clipped to the line).
 */
export function qualifiedCover(
  qualified: QualifiedDemand,
  demand: Uint16Array,
  masks: Int32Array,
  days: number,
  spans: ReadonlyArray<{ employee: number; from: number; to: number }>,
): QualifiedCover {
  const length = demand.length;
  const Q = qualified.codes.length;
  // One supply line per distinct mask held by someone on shift.
  const classOf = new Map<number, number>();
  const classMasks: number[] = [];
  const lines: Uint16Array[] = [];
  const total = new Uint16Array(length);
  for (const span of spans) {
    for (let i = Math.max(0, span.from); i < Math.min(length, span.to); i++) {
      const mask = masks[span.employee * days + Math.floor(i / DAY_MINUTES)]!;
      let c = classOf.get(mask);
      if (c === undefined) {
        c = classMasks.length;
        classOf.set(mask, c);
        classMasks.push(mask);
        lines.push(new Uint16Array(length));
      }
      lines[c]![i]!++;
      total[i]!++;
    }
  }
  const covered = new Uint16Array(length);
  const filled = qualified.codes.map(() => new Uint16Array(length));
  const cache = new MatchCache();
  const counts = classMasks.map(() => 0);
  const need = new Array<number>(Q).fill(0);
  for (let i = 0; i < length; i++) {
    const D = demand[i]!;
    const S = total[i]!;
    const needAll = qualified.needAll[i]!;
    if (needAll === 0) {
      covered[i] = S < D ? S : D;
      continue;
    }
    for (let c = 0; c < counts.length; c++) counts[c] = lines[c]![i]!;
    for (let q = 0; q < Q; q++) need[q] = qualified.need[q]![i]!;
    const match = cache.get(classMasks, counts, need);
    covered[i] = coveredUnits(match.matched, S, D, needAll);
    for (let q = 0; q < Q; q++) filled[q]![i] = match.perCode[q]!;
  }
  return { covered, filled };
}
