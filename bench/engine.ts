// Generator benchmark: builds months from the public-domain timetables in data/timetables
// (Boise and Albuquerque, January 2008) with 20, 60 and 200 employees, and Albuquerque with one group
// open around the clock (docs/night-operations.md), runs both strategies,
// prints Q1–Q6 side by side and writes the table to bench/RESULTS.md between the engine markers.
// Then the same airports as format version 3 months (timed ramp tasks per departure, licences among the
// staff; src/engine/testing.ts, qualifiedTimetableInstance) in a table of their own with Q7 and the bound's
// best possible Q1 and Q7.
// Then re-planning (`--replan` runs this table alone): a month generated and published, disturbed from
// the middle of the month (two people sick for five days, or one more departure a day), re-planned from
// that date with the published shifts (Q8), against a full regeneration that knew of the change.
// Then wishes (`--wishes` runs this table alone): a few months with seeded wishes for every employee
// (docs/decisions/0053-wishes-as-a-soft-term.md), Q1 with and without them and the share met (Q9).
// Each run happens in a fresh child process so that its peak memory is its own.
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageUpperBound } from '../src/engine/bound.ts';
import { parseInstance, type Instance, type InstanceInput } from '../src/engine/format.ts';
import { generate, type StrategyName } from '../src/engine/generate.ts';
import { measureQuality } from '../src/engine/quality.ts';
import { buildBenchInstance, timetableRows, type Group, type Hours } from '../tools/bench-instances.ts';
import { qualifiedTimetableInstance } from '../src/engine/testing.ts';
import { writeResultsSection } from '../tools/results-section.ts';
import { parseTimeOfDay } from '../src/shared/hours.ts';
import { seededRandom } from '../src/engine/prng.ts';
import { WISH_KINDS, type WishKind } from '../src/engine/wishes.ts';

const CASES: Array<{ airport: string; employees: number; hours?: Hours; group?: Group }> = [
  // Short-handed: fewer people than the demand needs (10 × 160 h and 6 × 160 h are below it), and 12,
  // about as many as it needs; here coverage stays below 100 % and the bound says how far it could go.
  { airport: 'BOI', employees: 10 },
  { airport: 'BOI', employees: 12 },
  { airport: 'BOI', employees: 6, group: 'pax' },
  // The two tight cases have about 1.2 × the demand in capacity (13 × 160 h and 14 × 160 h).
  { airport: 'BOI', employees: 13 },
  { airport: 'BOI', employees: 20 },
  { airport: 'BOI', employees: 60 },
  { airport: 'BOI', employees: 200 },
  { airport: 'ABQ', employees: 14 },
  { airport: 'ABQ', employees: 20 },
  { airport: 'ABQ', employees: 60 },
  { airport: 'ABQ', employees: 200 },
  // Around the clock: the night needs its minimum staff and the first departures their team from 04:00.
  { airport: 'ABQ', employees: 20, hours: '24h' },
  { airport: 'ABQ', employees: 60, hours: '24h' },
];
const STRATEGY_NAMES: StrategyName[] = ['spec', 'default'];

/**
 * Version 3 months: ramp tasks summed per minute need far more staff-hours than the version 2 service
 * windows (Boise about 2,950 h, Albuquerque about 7,150 h), so the staff sizes differ: short-handed
 * (capacity ÷ demand below 1), tight, and plenty, with 60 employees among them.
 */
const QUALIFIED_CASES: Array<{ airport: string; employees: number }> = [
  { airport: 'BOI', employees: 16 },
  { airport: 'BOI', employees: 24 },
  { airport: 'BOI', employees: 60 },
  { airport: 'ABQ', employees: 40 },
  { airport: 'ABQ', employees: 60 },
];
/** The qualified bound solves two larger models; it may take this long before a coarser bound is reported. */
const QUALIFIED_BOUND_LIMIT_MS = 60_000;

type QualifiedMeasured = {
  airport: string;
  employees: number;
  strategy: StrategyName;
  flights: number;
  demandHours: number;
  capacityRatio: number;
  bound: number | null;
  boundQ7: number | null;
  boundMs: number | null;
  q1: number;
  q2: number;
  q7: number;
  q7DemandHours: number;
  byQualification: Array<{ code: string; demandHours: number; filledHours: number; percent: number }>;
  q3gap: number | null;
  wallMs: number;
  peakMb: number;
  breaches: number;
  cut: boolean;
};

async function runQualifiedCase(airport: string, employeeCount: number, strategy: StrategyName): Promise<QualifiedMeasured> {
  const instance = qualifiedTimetableInstance(timetableRows(airport), airport, employeeCount);
  const began = performance.now();
  const result = generate(instance, { strategy, seed: 1 });
  const wallMs = performance.now() - began;
  const q = result.report.quality;
  let bound: number | null = null;
  let boundQ7: number | null = null;
  let boundMs: number | null = null;
  if (strategy === 'default') {
    await coverageUpperBound(buildBenchInstance('BOI', 1));
    const b = await coverageUpperBound(instance, { timeLimitMs: QUALIFIED_BOUND_LIMIT_MS });
    bound = b.status === 'optimal' ? b.coveragePercent : null;
    boundQ7 = b.qualified?.status === 'optimal' ? b.qualified.percent : null;
    boundMs = b.elapsedMs;
  }
  return {
    airport,
    employees: employeeCount,
    strategy,
    flights: instance.flights.length,
    demandHours: q.demandHours,
    capacityRatio: Math.round(((employeeCount * 160) / q.demandHours) * 100) / 100,
    bound,
    boundQ7,
    boundMs,
    q1: q.coveragePercent,
    q2: q.flightsStaffedPercent,
    q7: q.qualified?.percent ?? 100,
    q7DemandHours: q.qualified?.demandHours ?? 0,
    byQualification: q.qualified?.byQualification ?? [],
    q3gap: q.hoursGapMean,
    wallMs: Math.round(wallMs),
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
    breaches: result.report.breaches.length,
    cut: result.report.warnings.some((w) => w.startsWith('The time limit')),
  };
}

function qualifiedTable(rows: QualifiedMeasured[]): string {
  const head =
    '| airport | staff | capacity ÷ demand | strategy | best possible Q1 % | best possible Q7 % (bound s) | Q1 coverage % | Q7 qualified % | Q2 flights staffed % | Q3 mean gap h | Q5 wall ms | Q5 peak RSS MB | breaches | search cut by time limit |';
  const line = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.airport} (${r.flights} dep., ${r.demandHours} h, ${r.q7DemandHours} h qualified) | ${r.employees} | ${r.capacityRatio} | ${r.strategy} | ${r.bound ?? '–'} | ${r.boundQ7 ?? '–'}${r.boundMs === null ? '' : ` (${(r.boundMs / 1000).toFixed(1)})`} | ${r.q1} | ${r.q7} | ${r.q2} | ${r.q3gap ?? '–'} | ${r.wallMs} | ${r.peakMb} | ${r.breaches} | ${r.cut ? 'yes' : 'no'} |`,
  );
  const codes = [...new Set(rows.flatMap((r) => r.byQualification.map((b) => b.code)))];
  const perHead = `| airport | staff | ${codes.map((c) => `${c} % (demand h)`).join(' | ')} |`;
  const perLine = `|---|---|${codes.map(() => '---|').join('')}`;
  const perBody = rows
    .filter((r) => r.strategy === 'default')
    .map((r) => {
      const cells = codes.map((c) => {
        const b = r.byQualification.find((x) => x.code === c);
        return b ? `${b.percent} (${b.demandHours})` : '–';
      });
      return `| ${r.airport} | ${r.employees} | ${cells.join(' | ')} |`;
    });
  return [head, line, ...body, '', 'Q7 per qualification, default strategy:', '', perHead, perLine, ...perBody].join('\n');
}

type Measured = {
  airport: string;
  employees: number;
  hours: Hours;
  group: Group;
  /** The upper bound on Q1 (docs/coverage-bound.md) and how long it took, measured with the default strategy's run. */
  bound: number | null;
  boundMs: number | null;
  strategy: StrategyName;
  flights: number;
  demandHours: number;
  capacityRatio: number;
  q1: number;
  q2: number;
  /** Q2 of the departures whose last hour touches the night (22:00–06:00), and of the others. */
  q2Night: number | null;
  q2Day: number | null;
  q3gap: number | null;
  q3within: number | null;
  q4: number;
  /** Q6 (a)–(d), %. */
  jumps: number;
  short: number;
  doba: number;
  weekends: number;
  wallMs: number;
  peakMb: number;
  breaches: number;
  /** Whether the time limit ended the default strategy's search (its result then depends on speed). */
  cut: boolean;
};

/** Whether a departure's last hour touches 22:00–06:00 (local wall clock of the file). */
function atNight(departureTime: string): boolean {
  const minute = parseTimeOfDay(departureTime.slice(11, 16))!;
  return minute < 7 * 60 || minute > 22 * 60;
}

async function runCase(airport: string, employeeCount: number, strategy: StrategyName, hours: Hours, group: Group): Promise<Measured> {
  const instance = buildBenchInstance(airport, employeeCount, hours, group);
  const heapBefore = process.memoryUsage().heapUsed;
  const began = performance.now();
  const result = generate(instance, { strategy, seed: 1 });
  const wallMs = performance.now() - began;
  const q = result.report.quality;
  const short = new Set(result.report.unstaffedFlights.map((f) => `${f.flightNumber}|${f.departureTime}`));
  const staffedShare = (night: boolean): number | null => {
    const list = instance.flights.filter((f) => atNight(f.departureTime) === night);
    if (list.length === 0) return null;
    return Math.round((list.filter((f) => !short.has(`${f.flightNumber}|${f.departureTime}`)).length / list.length) * 10000) / 100;
  };
  let bound: number | null = null;
  let boundMs: number | null = null;
  if (strategy === 'default') {
    // Loads HiGHS first, so that the time is the bound's own (as the server's worker keeps it loaded).
    await coverageUpperBound(buildBenchInstance('BOI', 1));
    const b = await coverageUpperBound(instance);
    bound = b.status === 'optimal' ? b.coveragePercent : null;
    boundMs = b.elapsedMs;
  }
  return {
    airport,
    employees: employeeCount,
    hours,
    group,
    bound,
    boundMs,
    strategy,
    flights: instance.flights.length,
    demandHours: q.demandHours,
    capacityRatio: Math.round(((employeeCount * 160) / q.demandHours) * 100) / 100,
    q1: q.coveragePercent,
    q2: q.flightsStaffedPercent,
    q2Night: staffedShare(true),
    q2Day: staffedShare(false),
    q3gap: q.hoursGapMean,
    q3within: q.withinOneHourPercent,
    q4: q.overstaffingPercent,
    jumps: q.shape.startJumpsPercent,
    short: q.shape.shortShiftsPercent,
    doba: q.shape.dobaOverlapPercent,
    weekends: q.shape.freeWeekendsPercent,
    wallMs: Math.round(wallMs),
    peakMb: Math.round(Math.max(process.resourceUsage().maxRSS / 1024, (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20)),
    breaches: result.report.breaches.length,
    cut: result.report.warnings.some((w) => w.startsWith('The time limit')),
  };
}

function table(rows: Measured[]): string {
  const head =
    '| airport | group | hours | staff | capacity ÷ demand | strategy | best possible Q1 % (bound s) | Q1 coverage % | Q2 flights staffed % | Q2 night / day % | Q3 mean gap h | Q3 within 1 h % | Q4 overstaffing % | Q6a start jumps % | Q6b short shifts % | Q6c doba overlap % | Q6d free weekends % | Q5 wall ms | Q5 peak RSS MB | breaches | search cut by time limit |';
  const line = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.airport} (${r.flights} dep.) | ${r.group} | ${r.hours === '24h' ? '24 h' : 'timetable'} | ${r.employees} | ${r.capacityRatio} | ${r.strategy} | ${r.bound === null ? '–' : `${r.bound} (${(r.boundMs! / 1000).toFixed(1)})`} | ${r.q1} | ${r.q2} | ${r.q2Night ?? '–'} / ${r.q2Day ?? '–'} | ${r.q3gap ?? '–'} | ${r.q3within ?? '–'} | ${r.q4} | ${r.jumps} | ${r.short} | ${r.doba} | ${r.weekends} | ${r.wallMs} | ${r.peakMb} | ${r.breaches} | ${r.cut ? 'yes' : 'no'} |`,
  );
  return [head, line, ...body].join('\n');
}

/** Re-planning: the months published and disturbed; version 3 cases have ramp tasks and licences. */
const REPLAN_CASES: Array<{ airport: string; employees: number; qualified: boolean }> = [
  { airport: 'BOI', employees: 20, qualified: false },
  // Tight: capacity about 1.27 × demand.
  { airport: 'BOI', employees: 13, qualified: false },
  { airport: 'ABQ', employees: 60, qualified: false },
  { airport: 'BOI', employees: 24, qualified: true },
];
type Disturbance = 'sick' | 'flight';
const DISTURBANCES: Disturbance[] = ['sick', 'flight'];
/** The date the disturbance begins and the re-plan starts from: the middle of January 2008. */
const REPLAN_FROM = '2008-01-16';
/** Days the two people are sick from REPLAN_FROM on. */
const SICK_DAYS = 5;

type ReplanMeasured = {
  airport: string;
  employees: number;
  qualified: boolean;
  disturbance: Disturbance;
  /** The published month's Q1 (and Q7) before the disturbance, and as it stands after it (its shifts on the new time off dropped). */
  publishedQ1: number;
  publishedAfterQ1: number;
  publishedAfterQ7: number | null;
  fullQ1: number;
  fullQ7: number | null;
  fullMs: number;
  fullQ8: number;
  /** Q3, the mean gap to the required hours (h), of the full regeneration and of the re-plan. */
  fullQ3: number | null;
  replanQ3: number | null;
  /** Shifts of the re-plan from the re-plan date on on a day its employee had no published shift: added, not counted in Q8. */
  added: number;
  replanQ1: number;
  replanQ7: number | null;
  replanMs: number;
  q8: number;
  changed: number;
  moved: number;
  removed: number;
  published: number;
  forbidden: number;
  breaches: number;
  cut: boolean;
};

/** The month disturbed from REPLAN_FROM on: two people who work that day sick for SICK_DAYS days, or one more departure a day. */
function disturbed(
  instance: Instance,
  published: ReadonlyArray<{ employeeId: string; date: string; startTime: string; endTime: string }>,
  disturbance: Disturbance,
): InstanceInput {
  const dates = Array.from({ length: 31 - Number(REPLAN_FROM.slice(8)) + 1 }, (_, i) => `2008-01-${String(Number(REPLAN_FROM.slice(8)) + i).padStart(2, '0')}`);
  if (disturbance === 'sick') {
    const sick = [...new Set(published.filter((s) => s.date === REPLAN_FROM).map((s) => s.employeeId))].slice(0, 2);
    const until = dates[SICK_DAYS - 1]!;
    return {
      ...instance,
      employees: instance.employees.map((e) =>
        sick.includes(e.id) ? { ...e, timeOff: [...e.timeOff, { startDate: REPLAN_FROM, endDate: until, countAsWork: false, workHours: null }] } : e,
      ),
    };
  }
  // A larger jet every day from REPLAN_FROM on (4 people in its last hour, or its ramp tasks), at the
  // hour of the day the published month has the fewest people on duty (between 09:00 and 20:00), so that
  // the month as published is short of it.
  const onDuty = new Array<number>(48).fill(0);
  for (const s of published) {
    if (s.date < REPLAN_FROM) continue;
    const start = parseTimeOfDay(s.startTime)!;
    const end = parseTimeOfDay(s.endTime)!;
    for (let h = 0; h < 48; h++) if (h * 30 >= start && (end <= start || h * 30 < end)) onDuty[h]!++;
  }
  let departure = 20 * 60;
  for (let m = 9 * 60; m <= 20 * 60; m += 30)
    if (onDuty[m / 30 - 2]! + onDuty[m / 30 - 1]! < onDuty[departure / 30 - 2]! + onDuty[departure / 30 - 1]!) departure = m;
  const extra = dates.map((date) => {
    const at = (minutes: number): string => {
      const m = departure + minutes;
      return `${date}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00-07:00`;
    };
    const departureTime = at(0);
    if (!instance.flights.some((f) => f.tasks !== undefined)) return { flightNumber: 'XX100', departureTime, arrivalTime: null, requiredStaff: 4 };
    return {
      flightNumber: 'XX100',
      departureTime,
      arrivalTime: null,
      aircraftType: 'BOEING 757-200',
      tasks: [
        { name: 'loading', from: at(-45), to: at(-10), staff: 4 },
        { name: 'high loader', from: at(-45), to: at(-15), staff: 1, qualification: 'HILOADER' },
        { name: 'pushback', from: at(-10), to: at(5), staff: 1, qualification: 'PUSHBACK' },
        { name: 'wing walkers', from: at(-10), to: at(5), staff: 2 },
      ],
    };
  });
  return { ...instance, flights: [...instance.flights, ...extra] };
}

function runReplanCase(airport: string, employeeCount: number, qualified: boolean, disturbance: Disturbance): ReplanMeasured {
  const base = qualified ? qualifiedTimetableInstance(timetableRows(airport), airport, employeeCount) : buildBenchInstance(airport, employeeCount);
  // The month as published: generated (default strategy) before anything changed.
  const publishedResult = generate(base, { seed: 1 });
  const publishedShifts = publishedResult.shifts.map(({ totalHours: _h, ...s }) => s);
  const changed = disturbed(base, publishedShifts, disturbance);
  const full = parseInstance({ ...changed, version: 3 });
  const replan = parseInstance({ ...changed, version: 3, replanFrom: REPLAN_FROM, publishedShifts });
  // The published month as it stands after the change: its shifts on the new time off dropped.
  const standing = measureQuality(
    full,
    publishedResult.shifts.filter((s) => !full.employees.find((e) => e.id === s.employeeId)!.timeOff.some((o) => s.date >= o.startDate && s.date <= o.endDate)),
  );
  let began = performance.now();
  const fullResult = generate(full, { seed: 1 });
  const fullMs = performance.now() - began;
  began = performance.now();
  const replanResult = generate(replan, { seed: 1 });
  const replanMs = performance.now() - began;
  const q = replanResult.report.quality;
  const d = q.disruption!;
  // How much of the published month a regeneration from scratch would have changed, by the same count.
  const fullQ8 = measureQuality(replan, fullResult.shifts).disruption!.percent;
  const publishedDays = new Set(publishedShifts.map((s) => `${s.employeeId}|${s.date}`));
  const added = replanResult.shifts.filter((s) => s.date >= REPLAN_FROM && !publishedDays.has(`${s.employeeId}|${s.date}`)).length;
  return {
    airport,
    employees: employeeCount,
    qualified,
    disturbance,
    publishedQ1: publishedResult.report.quality.coveragePercent,
    publishedAfterQ1: standing.coveragePercent,
    publishedAfterQ7: standing.qualified?.percent ?? null,
    fullQ1: fullResult.report.quality.coveragePercent,
    fullQ7: fullResult.report.quality.qualified?.percent ?? null,
    fullMs: Math.round(fullMs),
    fullQ8,
    fullQ3: fullResult.report.quality.hoursGapMean,
    replanQ3: q.hoursGapMean,
    added,
    replanQ1: q.coveragePercent,
    replanQ7: q.qualified?.percent ?? null,
    replanMs: Math.round(replanMs),
    q8: d.percent,
    changed: d.changed,
    moved: d.moved,
    removed: d.removed,
    published: d.published,
    forbidden: d.forbiddenByTimeOff,
    breaches: replanResult.report.breaches.length,
    cut: replanResult.report.warnings.some((w) => w.startsWith('The time limit')),
  };
}

function replanTable(rows: ReplanMeasured[]): string {
  const head =
    '| airport | version | staff | disturbance | published Q1 % (Q1 / Q7 % after the change) | full regeneration Q1 % | Q7 % | Q3 mean gap h | ms | its Q8 % | re-plan Q1 % | Q7 % | Q3 mean gap h | ms | Q8 disruption % | changed (moved + removed) of published | added shifts | on new time off | breaches | search cut by time limit |';
  const line = '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.airport} | ${r.qualified ? 3 : 2} | ${r.employees} | ${r.disturbance === 'sick' ? `2 sick ${SICK_DAYS} days` : '1 more departure a day'} | ${r.publishedQ1} (${r.publishedAfterQ1} / ${r.publishedAfterQ7 ?? '–'}) | ${r.fullQ1} | ${r.fullQ7 ?? '–'} | ${r.fullQ3 ?? '–'} | ${r.fullMs} | ${r.fullQ8} | ${r.replanQ1} | ${r.replanQ7 ?? '–'} | ${r.replanQ3 ?? '–'} | ${r.replanMs} | ${r.q8} | ${r.changed} (${r.moved} + ${r.removed}) of ${r.published} | ${r.added} | ${r.forbidden} | ${r.breaches} | ${r.cut ? 'yes' : 'no'} |`,
  );
  return [head, line, ...body].join('\n');
}

async function replanSection(self: string, load: string): Promise<void> {
  const rows: ReplanMeasured[] = [];
  for (const c of REPLAN_CASES)
    for (const disturbance of DISTURBANCES) {
      const out = execFileSync(process.execPath, [self, '--replan-case', c.airport, String(c.employees), String(c.qualified), disturbance], {
        encoding: 'utf8',
      });
      const r = JSON.parse(out) as ReplanMeasured;
      rows.push(r);
      console.log(
        `${r.airport} v${r.qualified ? 3 : 2} ${String(r.employees).padStart(3)} staff  ${r.disturbance.padEnd(6)}  published Q1 ${r.publishedQ1}% (after the change ${r.publishedAfterQ1}%)  full Q1 ${r.fullQ1}%${r.fullQ7 === null ? '' : ` Q7 ${r.fullQ7}%`} Q3 ${r.fullQ3 ?? '–'} h ${r.fullMs} ms (Q8 ${r.fullQ8}%)  re-plan Q1 ${r.replanQ1}%${r.replanQ7 === null ? '' : ` Q7 ${r.replanQ7}%`} Q3 ${r.replanQ3 ?? '–'} h ${r.replanMs} ms  Q8 ${r.q8}% (${r.changed}/${r.published}: ${r.moved} moved, ${r.removed} removed; ${r.forbidden} on time off; ${r.added} added)  breaches ${r.breaches}${r.cut ? '  (search cut by time limit)' : ''}`,
      );
    }
  const section = [
    '## Re-planning a published month',
    '',
    `\`npm run bench:engine -- --replan\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${availableParallelism()} CPUs (load average ${load} at start; the machine was shared, so times are noisy), seed 1, default time limits.`,
    'Each month (the version 2 months of the Generator table, or the version 3 month with ramp tasks and licences) is generated by the default strategy and published.',
    `Then it is disturbed from ${REPLAN_FROM}: either two people who work that day are sick (time off not counted as work) for ${SICK_DAYS} days, or one more larger jet a day at the hour the published month has the fewest people on duty between 09:00 and 20:00 (4 people in its last hour; version 3: loading 4 D−45 to D−10, HILOADER 1, PUSHBACK 1 and 2 wing walkers D−10 to D+5).`,
    `The re-plan is the disturbed month with \`replanFrom\` ${REPLAN_FROM} and the published shifts; the full regeneration is the disturbed month generated from scratch, as if the change had been known from the start (its Q8 is how much of the published month it would change).`,
    'Q8 (docs/quality.md): published shifts from the re-plan date on that the re-plan does not hold unchanged, % of them; those on the new time off are counted apart.',
    "Targets: the re-plan's Q1 within 0.5 points of the full regeneration's, Q8 at most 5 %, in the time of a generation.",
    '',
    replanTable(rows),
  ].join('\n');
  writeResultsSection('engine-replan', section);
  console.log('\nwrote bench/RESULTS.md (re-planning section)');
}

/** Months of the wishes table: tight (about 1.2 × the demand in capacity) and plenty, both airports, and one around the clock. */
const WISH_CASES: Array<{ airport: string; employees: number; hours?: Hours }> = [
  { airport: 'BOI', employees: 13 },
  { airport: 'BOI', employees: 20 },
  { airport: 'ABQ', employees: 20 },
  { airport: 'ABQ', employees: 60 },
  { airport: 'ABQ', employees: 20, hours: '24h' },
];
/** Wishes per employee, and how often each kind is drawn (dayOff, noEarly, noLate, noNight, work). */
const WISHES_PER_EMPLOYEE = 4;
const WISH_KIND_SHARES = [0.4, 0.2, 0.2, 0.1, 0.1];

/** The month with WISHES_PER_EMPLOYEE wishes for each employee on distinct dates, drawn from seed 1. */
function withSeededWishes(instance: Instance): Instance {
  const random = seededRandom(1);
  const days = Number(instance.month.slice(5)) === 2 ? 28 : 31;
  const kindOf = (x: number): WishKind => {
    let sum = 0;
    for (let i = 0; i < WISH_KINDS.length; i++) if (x < (sum += WISH_KIND_SHARES[i]!)) return WISH_KINDS[i]!;
    return 'dayOff';
  };
  return parseInstance({
    ...instance,
    employees: instance.employees.map((employee) => {
      const dates = new Set<string>();
      while (dates.size < WISHES_PER_EMPLOYEE) dates.add(`${instance.month}-${String(1 + random.below(days)).padStart(2, '0')}`);
      return { ...employee, wishes: [...dates].sort().map((date) => ({ date, kind: kindOf(random.next()) })) };
    }),
  } satisfies InstanceInput);
}

type WishesMeasured = {
  airport: string;
  employees: number;
  hours: Hours;
  q1Without: number;
  q1With: number;
  /** Q9 of the month made without wishes (met by chance) and with them. */
  metWithout: number;
  metWith: number;
  wishes: number;
  spreadWithout: number;
  spreadWith: number;
  q3Without: number | null;
  q3With: number | null;
  breaches: number;
  cut: boolean;
};

function runWishesCase(airport: string, employeeCount: number, hours: Hours): WishesMeasured {
  const plain = buildBenchInstance(airport, employeeCount, hours);
  const wished = withSeededWishes(plain);
  const without = generate(plain, { strategy: 'default', seed: 1 });
  const withWishes = generate(wished, { strategy: 'default', seed: 1 });
  const chance = measureQuality(wished, without.shifts).wishes!;
  const met = withWishes.report.quality.wishes!;
  return {
    airport,
    employees: employeeCount,
    hours,
    q1Without: without.report.quality.coveragePercent,
    q1With: withWishes.report.quality.coveragePercent,
    metWithout: chance.percent,
    metWith: met.percent,
    wishes: met.wishes,
    spreadWithout: chance.spreadPoints,
    spreadWith: met.spreadPoints,
    q3Without: without.report.quality.hoursGapMean,
    q3With: withWishes.report.quality.hoursGapMean,
    breaches: withWishes.report.breaches.length,
    cut: [without, withWishes].some((r) => r.report.warnings.some((w) => w.startsWith('The time limit'))),
  };
}

function wishesSection(self: string, load: string): void {
  const rows: WishesMeasured[] = [];
  for (const c of WISH_CASES) {
    const out = execFileSync(process.execPath, [self, '--wishes-case', c.airport, String(c.employees), c.hours ?? 'timetable'], { encoding: 'utf8' });
    const row = JSON.parse(out) as WishesMeasured;
    rows.push(row);
    console.log(
      `${row.airport}${row.hours === '24h' ? ' 24h' : '    '} ${String(row.employees).padStart(3)} staff  Q1 ${row.q1Without}% → ${row.q1With}% with wishes (${(row.q1With - row.q1Without).toFixed(2)} points)  wishes met ${row.metWithout}% → ${row.metWith}% of ${row.wishes}  spread ${row.spreadWithout} → ${row.spreadWith} points  Q3 gap ${row.q3Without} → ${row.q3With} h  breaches ${row.breaches}${row.cut ? '  (search cut by time limit)' : ''}`,
    );
  }
  const head =
    '| Airport | Staff | Wishes | Q1 without | Q1 with | Q1 change (points) | Met by chance | Met | Spread by chance (points) | Spread (points) | Q3 gap without / with (h) | Breaches |';
  const line = '|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.airport}${r.hours === '24h' ? ' 24 h' : ''} | ${r.employees} | ${r.wishes} | ${r.q1Without} % | ${r.q1With} % | ${(r.q1With - r.q1Without).toFixed(2)} | ${r.metWithout} % | ${r.metWith} % | ${r.spreadWithout} | ${r.spreadWith} | ${r.q3Without ?? '–'} / ${r.q3With ?? '–'} | ${r.breaches}${r.cut ? ' (time limit)' : ''} |`,
  );
  writeResultsSection(
    'engine-wishes',
    [
      '## Generator: wishes',
      '',
      `\`npm run bench:engine -- --wishes\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${availableParallelism()} CPUs (load average ${load} at start; the machine was shared), seed 1, default time limits.`,
      `The months of the Generator table; every employee gets ${WISHES_PER_EMPLOYEE} wishes on distinct dates drawn from seed 1 (a day off 40 %, no early shift 20 %, no late shift 20 %, no night shift 10 %, a day of work 10 %; docs/generator-format.md).`,
      'Each month is generated without the wishes and with them (default strategy, seed 1). "Met by chance" is Q9 of the month made without them; "Met" of the month made with them.',
      'Spread is the highest less the lowest share of wishes met among the employees (docs/quality.md, Q9). The cost of the wishes in coverage is the Q1 change.',
      'A row marked “time limit” had a search ended by the clock on the shared machine: its figures move with the load from run to run.',
      '',
      head,
      line,
      ...body,
    ].join('\n'),
  );
  console.log('\nwrote bench/RESULTS.md (Generator: wishes section)');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--wishes-case') {
    const [, airport, employees, hours] = args;
    process.stdout.write(JSON.stringify(runWishesCase(airport!, Number(employees), (hours ?? 'timetable') as Hours)));
    return;
  }
  if (args[0] === '--replan-case') {
    const [, airport, employees, qualified, disturbance] = args;
    process.stdout.write(JSON.stringify(runReplanCase(airport!, Number(employees), qualified === 'true', disturbance as Disturbance)));
    return;
  }
  if (args[0] === '--qualified-case') {
    const [, airport, employees, strategy] = args;
    process.stdout.write(JSON.stringify(await runQualifiedCase(airport!, Number(employees), strategy as StrategyName)));
    return;
  }
  if (args[0] === '--case') {
    const [, airport, employees, strategy, hours, group] = args;
    process.stdout.write(
      JSON.stringify(await runCase(airport!, Number(employees), strategy as StrategyName, (hours ?? 'timetable') as Hours, (group ?? 'ramp') as Group)),
    );
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const rows: Measured[] = [];
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`${availableParallelism()} CPUs, load average ${load}`);
  if (args[0] === '--replan') {
    await replanSection(self, load);
    return;
  }
  if (args[0] === '--wishes') {
    wishesSection(self, load);
    return;
  }
  for (const c of CASES) {
    for (const strategy of STRATEGY_NAMES) {
      const out = execFileSync(process.execPath, [self, '--case', c.airport, String(c.employees), strategy, c.hours ?? 'timetable', c.group ?? 'ramp'], {
        encoding: 'utf8',
      });
      const row = JSON.parse(out) as Measured;
      rows.push(row);
      // One bound per month, shown on each strategy's row.
      for (const other of rows)
        if (
          other.airport === row.airport &&
          other.employees === row.employees &&
          other.hours === row.hours &&
          other.group === row.group &&
          row.boundMs !== null
        )
          Object.assign(other, { bound: row.bound, boundMs: row.boundMs });
      console.log(
        `${row.airport}${row.hours === '24h' ? ' 24h' : '    '} ${row.group.padEnd(4)} ${String(row.employees).padStart(3)} staff  ${row.strategy.padEnd(7)}  ${row.boundMs === null ? '' : `best possible ${row.bound ?? '–'}% (bound ${row.boundMs} ms)  `}Q1 ${row.q1}%  Q2 ${row.q2}% (night ${row.q2Night ?? '–'}%, day ${row.q2Day ?? '–'}%)  Q3 gap ${row.q3gap} h (${row.q3within}% within 1 h)  Q4 ${row.q4}%  Q6 jumps ${row.jumps}% short ${row.short}% doba ${row.doba}% weekends ${row.weekends}%  Q5 ${row.wallMs} ms ${row.peakMb} MB  breaches ${row.breaches}${row.cut ? '  (search cut by time limit)' : ''}`,
      );
    }
  }
  const qualifiedRows: QualifiedMeasured[] = [];
  for (const c of QUALIFIED_CASES) {
    for (const strategy of STRATEGY_NAMES) {
      const out = execFileSync(process.execPath, [self, '--qualified-case', c.airport, String(c.employees), strategy], { encoding: 'utf8' });
      const row = JSON.parse(out) as QualifiedMeasured;
      qualifiedRows.push(row);
      for (const other of qualifiedRows)
        if (other.airport === row.airport && other.employees === row.employees && row.boundMs !== null)
          Object.assign(other, { bound: row.bound, boundQ7: row.boundQ7, boundMs: row.boundMs });
      console.log(
        `${row.airport} v3 ${String(row.employees).padStart(3)} staff  ${row.strategy.padEnd(7)}  ${row.boundMs === null ? '' : `best possible Q1 ${row.bound ?? '–'}% Q7 ${row.boundQ7 ?? '–'}% (bound ${row.boundMs} ms)  `}Q1 ${row.q1}%  Q7 ${row.q7}% (${row.byQualification.map((b) => `${b.code} ${b.percent}%`).join(', ')})  Q2 ${row.q2}%  Q3 gap ${row.q3gap} h  Q5 ${row.wallMs} ms ${row.peakMb} MB  breaches ${row.breaches}${row.cut ? '  (search cut by time limit)' : ''}`,
      );
    }
  }
  const section = [
    '## Generator',
    '',
    `\`npm run bench:engine\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${availableParallelism()} CPUs (load average ${load} at start), seed 1, default time limit (1.5 s).`,
    'January 2008 departures of Boise and Albuquerque (public domain, `data/timetables`), America/Denver;',
    'required staff by aircraft size: ramp regional 2, narrow-body 3, larger 4, unknown 2, minimum staff 2; pax (passenger service) one fewer per flight, minimum staff 1;',
    'opening hours per weekday from 1½ h before the first departure to 1 h after the last, or (hours "24 h") 00:00–24:00 every day; requiredHours 160;',
    'Q2 night / day splits the departures whose last hour touches 22:00–06:00 (before 07:00 or after 22:00) from the others.',
    'default settings (half-hour grid, 11 h rest, 40 h week, 4 h minimum shift, 35 h weekly rest, at most 6 working days in a row); seeded vacations, sick days and training days.',
    'Breaches count R1–R12. Q6: (a) start jumps of more than 4 h between consecutive days, (b) shifts under 6 h, (c) hours starting less than 24 h after the previous start (doba overlap), (d) employees with a free weekend.',
    "Capacity ÷ demand is staff × 160 h over the month's demand in staff-hours. Peak RSS is the whole child process's.",
    'Best possible Q1 is the upper bound of docs/coverage-bound.md (no rule-abiding roster covers more), with the seconds one `coverageUpperBound` call took once HiGHS was loaded.',
    'Default time limit: 1.5 s, or 6 s for a short-handed month (capacity ÷ demand below 1), whose search ends by its own budget of rounds when the machine is fast enough.',
    '',
    table(rows),
    '',
    '### Version 3: ramp tasks and licences',
    '',
    'The same departures as format version 3 months (`qualifiedTimetableInstance` in src/engine/testing.ts): each departure adds timed tasks by aircraft size instead of a service window, at planning figures in the range published turnaround charts show.',
    'Narrow-body jets (737, A319/A320, MD-80, DC-9): loading 3 people from D−35 to D−10 min, a belt loader driver (BELT) D−35 to D−15, on A319/A320 a container loader (HILOADER) D−35 to D−15, lavatory and water service (LAV) D−40 to D−25, pushback 1 (PUSHBACK) and a wing walker 1 from D−10 to D+5.',
    'Larger jets (757 and up): loading 4 D−45 to D−10, high loader (HILOADER) D−45 to D−15, lavatory and water (LAV) D−50 to D−30, pushback (PUSHBACK) and 2 wing walkers D−10 to D+5. Regional jets (CRJ, ERJ): 2 loaders D−30 to D−10, pushback and marshalling 1 (PUSHBACK) D−10 to D+5. Others: 2 loaders D−25 to D−5.',
    'De-icing, 2 people (DEICE) from D−25 (regional D−20) to D−8, for departures before 11:00 on a seeded third of the days (January). Licences: PUSHBACK 35 % of the staff, BELT 40 %, HILOADER 20 %, DEICE 18 %, LAV 25 %, each drawn afresh; about one licence in ten ends between the 11th and the 20th, one in twenty starts between the 6th and the 15th.',
    'Staff, time off, opening hours, minimum staff 2 and settings as above; demand D = max(minimum, tasks summed) (docs/quality.md, version 3). Best possible Q1 and Q7 are the qualified bound of docs/coverage-bound.md (both solves within 60 s; "–" when the solver did not finish and only a coarser bound exists), with the seconds both solves took.',
    '',
    qualifiedTable(qualifiedRows),
  ].join('\n');
  writeResultsSection('engine', section);
  console.log('\nwrote bench/RESULTS.md (Generator section)');
  await replanSection(self, load);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
