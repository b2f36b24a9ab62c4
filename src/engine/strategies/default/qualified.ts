// The default strategy's view of qualified demand (format version 3): the people on shift by class (the
// qualifications they hold valid on a minute's date), and per minute what one more or one fewer person of
// a class changes in Covered, the matching of people to units (qualifications.ts) by which the report
// judges the month. Each minute keeps a hash of its classes' counts (cut as `caps` says), updated as shifts are added and
// removed; a minute's matching is looked up by its units asked for and that hash, and worked out on a miss.
// (A hash is a sum of the counts times fixed random weights: two different supplies of one minute
// sharing a hash would need a sum of small multiples of those weights to vanish, which the search may
// meet far less than once in its life. The report never reads it: it matches exactly, minute by minute.)
import { DAY_MINUTES } from '../../calendar.ts';
import type { QualifiedSupply } from '../../objective.ts';
import type { Problem } from '../../problem.ts';
import { coveredUnits, matchWithChanges } from '../../qualifications.ts';
import { seededRandom } from '../../prng.ts';

/** A minute's matching: q-units matched, and per class whether one more or one fewer changes that. */
type Entry = { matched: number; grows: Uint8Array; shrinks: Uint8Array; anyGrows: boolean };

/** Entries kept at most in all before the caches start over (a long search meets many supplies). */
const CACHE_LIMIT = 100_000;

export class QualifiedLines implements QualifiedSupply {
  private readonly problem: Problem;
  private readonly days: number;
  /** Class of employee e on day index d (0 … N): index e × (N + 1) + d. */
  private readonly classOf: Uint8Array;
  private readonly masks: number[];
  private readonly C: number;
  /** People on shift per class, on the month's line of minutes. */
  private readonly lines: Uint16Array[];
  private readonly supply: Uint16Array;
  /** Per minute: the hash of its classes' counts cut at their caps, and which units it asks for (an index of `asks`). */
  private readonly hash: Float64Array;
  private readonly weights: number[];
  private readonly kind: Int32Array;
  private readonly asks: number[][] = [];
  /**
   * Per kind of minute and class: 0 when the class holds none of the codes asked for (its people never
   * change the matching), else one more than the units it could fill at most. Counts beyond that leave
   * the flow, `grows` and `shrinks` as they are, so the cache is keyed by counts cut there.
   */
  private readonly caps: Int32Array[] = [];
  private readonly caches: Array<Map<number, Entry>> = [];
  private cached = 0;
  /** The entry last found for a minute, and the hash it was found for. */
  private readonly entryAt: Array<Entry | undefined>;
  private readonly hashAt: Float64Array;
  /** The one found before it, and its hash. */
  private readonly entryBefore: Array<Entry | undefined>;
  private readonly hashBefore: Float64Array;

  constructor(problem: Problem, masks: Int32Array, supply: Uint16Array) {
    this.problem = problem;
    this.days = problem.calendar.days.length + 1;
    const ids = new Map<number, number>();
    this.masks = [];
    this.classOf = new Uint8Array(masks.length);
    masks.forEach((mask, k) => {
      let id = ids.get(mask);
      if (id === undefined) {
        id = this.masks.length;
        ids.set(mask, id);
        this.masks.push(mask);
      }
      this.classOf[k] = id;
    });
    this.C = this.masks.length;
    const random = seededRandom(this.C + 1);
    this.weights = this.masks.map(() => 1 + random.below(2 ** 30) * 4 + random.below(4));
    const length = supply.length;
    this.supply = supply;
    this.lines = this.masks.map(() => new Uint16Array(length));
    this.hash = new Float64Array(length);
    this.touched = new Int32Array(length);
    this.hashAt = new Float64Array(length).fill(-1);
    this.entryAt = new Array<Entry | undefined>(length);
    this.hashBefore = new Float64Array(length).fill(-1);
    this.entryBefore = new Array<Entry | undefined>(length);
    const qualified = problem.demand.qualified!;
    this.kind = new Int32Array(length).fill(-1);
    const kinds = new Map<string, number>();
    for (let i = 0; i < length; i++) {
      if (qualified.needAll[i] === 0) continue;
      const need = qualified.need.map((line) => line[i]!);
      const key = need.join(',');
      let k = kinds.get(key);
      if (k === undefined) {
        k = this.asks.length;
        kinds.set(key, k);
        this.asks.push(need);
        this.caches.push(new Map());
        this.caps.push(
          Int32Array.from(this.masks, (mask) => {
            let units = 0;
            need.forEach((n, q) => (units += (mask >> q) & 1 ? n : 0));
            return units > 0 ? units + 1 : 0;
          }),
        );
      }
      this.kind[i] = k;
    }
  }

  private classAt(e: number, i: number): number {
    return this.classOf[e * this.days + Math.floor(i / DAY_MINUTES)]!;
  }

  /** Per line minute: the tick of the last change of its supply; `tick` counts the changes, `weighedAt` is the tick of the last change of weights. */
  readonly touched: Int32Array;
  tick = 1;
  weighedAt = 1;

  /** The minutes' weights changed (every value read of them is to be worked out again). */
  weighed(): void {
    this.weighedAt = ++this.tick;
  }

  /** One person e more (+1) or fewer (−1) on line minutes [from, to). */
  move(e: number, from: number, to: number, sign: 1 | -1): void {
    this.touched.fill(++this.tick, from, to);
    for (let i = from; i < to; i++) {
      const c = this.classAt(e, i);
      const line = this.lines[c]!;
      const n = line[i]!;
      line[i] = n + sign;
      const kind = this.kind[i]!;
      if (kind < 0) continue;
      // The hash is of the counts cut at the class's cap: it changes only where the cut count does.
      const cap = this.caps[kind]![c]!;
      if (sign > 0 ? n < cap : n <= cap) this.hash[i]! += sign * this.weights[c]!;
    }
  }

  /** The matching of minute i (one that asks for qualified units). */
  private entry(i: number): Entry {
    const h = this.hash[i]!;
    if (this.hashAt[i] === h) return this.entryAt[i]!;
    // A move is tried by taking a shift away and putting it back: the minute's previous supply comes back.
    if (this.hashBefore[i] === h) {
      const entry = this.entryBefore[i]!;
      this.hashBefore[i] = this.hashAt[i]!;
      this.entryBefore[i] = this.entryAt[i];
      this.hashAt[i] = h;
      this.entryAt[i] = entry;
      return entry;
    }
    const kind = this.kind[i]!;
    const caps = this.caps[kind]!;
    const cache = this.caches[kind]!;
    let entry = cache.get(h);
    if (entry === undefined) {
      const counts = this.lines.map((line, c) => Math.min(line[i]!, caps[c]!));
      const result = matchWithChanges(this.masks, counts, this.asks[kind]!);
      entry = { ...result, anyGrows: result.grows.some((g) => g === 1) };
      if (this.cached >= CACHE_LIMIT) {
        for (const each of this.caches) each.clear();
        this.cached = 0;
      }
      cache.set(h, entry);
      this.cached++;
    }
    this.hashBefore[i] = this.hashAt[i]!;
    this.entryBefore[i] = this.entryAt[i];
    this.hashAt[i] = h;
    this.entryAt[i] = entry;
    return entry;
  }

  covered(i: number): number {
    const D = this.problem.demand.line[i]!;
    const S = this.supply[i]!;
    const needAll = this.problem.demand.qualified!.needAll[i]!;
    if (needAll === 0) return S < D ? S : D;
    return coveredUnits(this.entry(i).matched, S, D, needAll);
  }

  value(i: number): number {
    const D = this.problem.demand.line[i]!;
    const S = this.supply[i]!;
    const needAll = this.problem.demand.qualified!.needAll[i]!;
    if (needAll === 0) return S < D ? S : D;
    const entry = this.entry(i);
    return coveredUnits(entry.matched, S, D, needAll) + entry.matched;
  }

  /** The most one more person of any class would add to `value` at minute i (0, 1 or 2): an upper envelope of `gain`. */
  gainAny(i: number): number {
    const D = this.problem.demand.line[i]!;
    const S = this.supply[i]!;
    const needAll = this.problem.demand.qualified!.needAll[i]!;
    if (needAll === 0) return S < D ? 1 : 0;
    const entry = this.entry(i);
    return entry.anyGrows ? 2 : S - entry.matched < D - needAll ? 1 : 0;
  }

  gain(i: number, e: number): number {
    const D = this.problem.demand.line[i]!;
    const S = this.supply[i]!;
    const needAll = this.problem.demand.qualified!.needAll[i]!;
    if (needAll === 0) return S < D ? 1 : 0;
    const entry = this.entry(i);
    if (entry.grows[this.classAt(e, i)]) return 2;
    return S - entry.matched < D - needAll ? 1 : 0;
  }

  loss(i: number, e: number): number {
    const D = this.problem.demand.line[i]!;
    const S = this.supply[i]!;
    const needAll = this.problem.demand.qualified!.needAll[i]!;
    if (needAll === 0) return S <= D ? 1 : 0;
    const entry = this.entry(i);
    if (entry.shrinks[this.classAt(e, i)]) return 2;
    return S - entry.matched <= D - needAll ? 1 : 0;
  }

  /** e's classes on day d and the next (the reach of d's shifts): employees alike there gain alike. */
  signature(e: number, d: number): number {
    return this.classOf[e * this.days + d]! * 256 + this.classOf[e * this.days + Math.min(d + 1, this.days - 1)]!;
  }

  /** Whether e and f are of one class on every date of [from, to) (line minutes): exchanging their work there keeps Covered. */
  alike(e: number, f: number, from: number, to: number): boolean {
    for (let d = Math.floor(from / DAY_MINUTES); d <= Math.floor((to - 1) / DAY_MINUTES); d++)
      if (this.classOf[e * this.days + d] !== this.classOf[f * this.days + d]) return false;
    return true;
  }
}
