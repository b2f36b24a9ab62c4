// Judges a solution of the Curtois–Qu benchmark by the rules and the objective as the benchmark states
// them (data/benchmarks/curtois-qu/README.md), written apart from Grafik's engine and its rule objects
// on purpose: the benchmark's table must not rest on the engine grading itself.
import type { Assignment, CurtoisInstance } from './instance.ts';

interface Breach {
  /** The benchmark's hard rule, 1–8 as the README numbers them; 0 for a line that names nothing real. */
  rule: number;
  employee: string;
  what: string;
}

export interface Evaluation {
  objective: number;
  /** The objective's three parts. */
  onRequests: number;
  offRequests: number;
  cover: number;
  breaches: Breach[];
}

/** Runs of equal values in a day-by-day row: [value, first day, length]. */
function runs(row: readonly boolean[]): Array<[boolean, number, number]> {
  const out: Array<[boolean, number, number]> = [];
  row.forEach((value, day) => {
    const last = out[out.length - 1];
    if (last && last[0] === value) last[2] += 1;
    else out.push([value, day, 1]);
  });
  return out;
}

export function evaluate(instance: CurtoisInstance, assignments: readonly Assignment[]): Evaluation {
  const breaches: Breach[] = [];
  const shiftById = new Map(instance.shifts.map((s) => [s.id, s]));
  const plan = new Map<string, Array<string | null>>(instance.staff.map((s) => [s.id, Array<string | null>(instance.days).fill(null)]));
  for (const a of assignments) {
    const row = plan.get(a.employee);
    if (!row || !shiftById.has(a.shift) || !Number.isInteger(a.day) || a.day < 0 || a.day >= instance.days) {
      breaches.push({ rule: 0, employee: a.employee, what: `no such employee, shift type or day: ${a.employee},${a.day},${a.shift}` });
      continue;
    }
    if (row[a.day] !== null) breaches.push({ rule: 0, employee: a.employee, what: `two shifts on day ${a.day}` });
    row[a.day] = a.shift;
  }

  for (const person of instance.staff) {
    const row = plan.get(person.id)!;
    const off = instance.daysOff.get(person.id) ?? new Set<number>();
    const breach = (rule: number, what: string) => breaches.push({ rule, employee: person.id, what });
    row.forEach((shift, day) => {
      if (shift === null) return;
      if (off.has(day)) breach(1, `works ${shift} on day ${day}, a day off`);
      const next = row[day + 1];
      if (next != null && shiftById.get(shift)!.forbiddenNext.includes(next)) breach(2, `${next} on day ${day + 1} after ${shift}`);
    });
    for (const type of instance.shifts) {
      const worked = row.filter((s) => s === type.id).length;
      const most = person.maxShifts.get(type.id) ?? 0;
      if (worked > most) breach(3, `${worked} shifts of ${type.id}, at most ${most}`);
    }
    const minutes = row.reduce((sum, s) => sum + (s === null ? 0 : shiftById.get(s)!.minutes), 0);
    if (minutes > person.maxTotalMinutes) breach(4, `${minutes} minutes, at most ${person.maxTotalMinutes}`);
    if (minutes < person.minTotalMinutes) breach(4, `${minutes} minutes, at least ${person.minTotalMinutes}`);
    for (const [working, first, length] of runs(row.map((s) => s !== null))) {
      const touchesEdge = first === 0 || first + length === instance.days;
      if (working && length > person.maxConsecutiveShifts) breach(5, `${length} working days from day ${first}, at most ${person.maxConsecutiveShifts}`);
      if (working && !touchesEdge && length < person.minConsecutiveShifts)
        breach(6, `${length} working days from day ${first}, at least ${person.minConsecutiveShifts}`);
      if (!working && !touchesEdge && length < person.minConsecutiveDaysOff)
        breach(7, `${length} days off from day ${first}, at least ${person.minConsecutiveDaysOff}`);
    }
    let weekends = 0;
    for (let saturday = 5; saturday < instance.days; saturday += 7) if (row[saturday] != null || row[saturday + 1] != null) weekends += 1;
    if (weekends > person.maxWeekends) breach(8, `${weekends} weekends worked, at most ${person.maxWeekends}`);
  }

  let onRequests = 0;
  for (const r of instance.onRequests) if (plan.get(r.employee)![r.day] !== r.shift) onRequests += r.weight;
  let offRequests = 0;
  for (const r of instance.offRequests) if (plan.get(r.employee)![r.day] === r.shift) offRequests += r.weight;
  let cover = 0;
  for (const c of instance.cover) {
    let staffed = 0;
    for (const row of plan.values()) if (row[c.day] === c.shift) staffed += 1;
    cover += staffed < c.requirement ? (c.requirement - staffed) * c.underWeight : (staffed - c.requirement) * c.overWeight;
  }
  return { objective: onRequests + offRequests + cover, onRequests, offRequests, cover, breaches };
}
