// The shift scheduling benchmark of Curtois and Qu (data/benchmarks/curtois-qu/README.md):
//   npm run bench:curtois -- [--instances 1-24] [--time-limit 60] [--out DIR]
// Each instance is solved by each solver with the same time limit; every solution is written to
// DIR/<solver>/InstanceN.csv as EmployeeID,Day,ShiftID lines and judged by the benchmark's rules in
// bench/curtois/evaluate.ts, written apart from the engine. The table goes to bench/RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluate, type Evaluation } from './curtois/evaluate.ts';
import { readInstance, writeSolution } from './curtois/instance.ts';
import { solveWithHighs } from './curtois/milp.ts';
import { writeResultsSection } from '../tools/results-section.ts';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data/benchmarks/curtois-qu');
/** Best known objective values, from the benchmark's published table (data/benchmarks/curtois-qu/README.md). */
const BEST_KNOWN = [
  607, 828, 1001, 1716, 1143, 1950, 1056, 1300, 439, 4631, 3443, 4040, 1348, 1278, 3829, 3225, 5746, 4459, 3149, 4769, 21133, 30241, 17428, 42463,
];

function instanceList(text: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) throw new Error(`--instances: "${part}" is not a number or a range like 1-12`);
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to > 24 || from > to) throw new Error(`--instances: ${part} is outside 1-24`);
    for (let n = from; n <= to; n++) out.add(n);
  }
  return [...out];
}

const gap = (objective: number, best: number) => ((100 * (objective - best)) / best).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { instances: { type: 'string', default: '1-24' }, 'time-limit': { type: 'string', default: '60' }, out: { type: 'string' } },
  });
  const instances = instanceList(values.instances!);
  const timeLimit = Number(values['time-limit']);
  if (!Number.isFinite(timeLimit) || timeLimit <= 0) throw new Error('--time-limit must be a number of seconds above 0');
  const out = values.out ?? fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-curtois-'));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`${os.availableParallelism()} CPUs, load average ${load}; solutions in ${out}`);

  const rows: string[] = [];
  for (const n of instances) {
    const instance = readInstance(`Instance${n}`, fs.readFileSync(path.join(DATA, `Instance${n}.txt`), 'utf8'));
    const best = BEST_KNOWN[n - 1]!;
    let cell: string;
    try {
      const result = await solveWithHighs(instance, timeLimit);
      let judged: Evaluation | null = null;
      if (result.assignments) {
        fs.mkdirSync(path.join(out, 'highs'), { recursive: true });
        fs.writeFileSync(path.join(out, 'highs', `Instance${n}.csv`), writeSolution(result.assignments));
        judged = evaluate(instance, result.assignments);
      }
      const bound = result.lowerBound === null ? '–' : String(Math.ceil(result.lowerBound - 1e-6));
      cell = judged
        ? `${judged.objective} | ${gap(judged.objective, best)} | ${judged.breaches.length} | ${bound} | ${result.status} | ${result.seconds.toFixed(1)}`
        : `none | – | – | ${bound} | ${result.status} | ${result.seconds.toFixed(1)}`;
      console.log(
        `Instance${n}: HiGHS ${judged ? `objective ${judged.objective} (best known ${best}), ${judged.breaches.length} breaches` : 'no solution'}, ${result.columns} columns × ${result.rows} rows, ${result.status}, ${result.seconds.toFixed(1)} s`,
      );
      if (judged?.breaches.length) console.log(judged.breaches.slice(0, 5));
    } catch (error) {
      // The WebAssembly build has a memory ceiling: the largest instances may not fit at all.
      cell = `none | – | – | – | ${(error as Error).message.slice(0, 40)} | –`;
      console.log(`Instance${n}: HiGHS failed: ${(error as Error).message}`);
    }
    rows.push(`| ${n} | ${instance.days} | ${instance.staff.length} | ${instance.shifts.length} | ${best} | ${cell} |`);
  }

  const date = new Date().toISOString().slice(0, 10);
  writeResultsSection(
    'curtois',
    `## Curtois–Qu shift scheduling benchmark

\`npm run bench:curtois -- --instances ${values.instances} --time-limit ${timeLimit}\` on ${date}, Node ${process.versions.node}, ${os.availableParallelism()} CPUs (load average ${load} at start).
Each solution is judged by \`bench/curtois/evaluate.ts\` (the benchmark's eight hard rules and its objective, written apart from the engine). Gap: (objective − best known) ÷ best known.
HiGHS solves the instance as a mixed-integer programme (\`bench/curtois/milp.ts\`) with the time limit; "lower bound" is what it proved, so no roster scores below it.

| instance | days | staff | shift types | best known | HiGHS objective | gap % | hard breaches | HiGHS lower bound | HiGHS status | s |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Grafik's engine does not yet plan groups from shift templates with these contract rules, so it has no column here yet.`,
  );
  console.log(rows.join('\n'));
}

await main();
