// Coverage bound benchmark (docs/coverage-bound.md): for the months of bench/engine.ts (Boise and
// Albuquerque, January 2008), the best coverage any rule-abiding roster can reach, next to what the
// default strategy reaches, and how long the bound takes. Writes the table to bench/RESULTS.md between
// the bound markers.
import { availableParallelism, loadavg } from 'node:os';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coverageUpperBound } from '../src/engine/bound.ts';
import { generate } from '../src/engine/generate.ts';
import { buildBenchInstance } from './engine.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
type Hours = 'timetable' | '24h';
const CASES: Array<{ airport: string; employees: number; hours?: Hours }> = [
  // Too few people for the demand: here the bound is below 100 % and says how far the roster is from it.
  { airport: 'BOI', employees: 8 },
  { airport: 'ABQ', employees: 9 },
  { airport: 'ABQ', employees: 12, hours: '24h' },
  // The tight cases of bench:engine, and 60 employees (the size the bound is timed at).
  { airport: 'BOI', employees: 13 },
  { airport: 'ABQ', employees: 14 },
  { airport: 'BOI', employees: 60 },
  { airport: 'ABQ', employees: 60 },
  { airport: 'ABQ', employees: 20, hours: '24h' },
  { airport: 'ABQ', employees: 60, hours: '24h' },
];

const START = '<!-- bound:start -->';
const END = '<!-- bound:end -->';

function writeSection(file: string, section: string): void {
  const block = `${START}\n${section}\n${END}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a >= 0 && b > a) text = text.slice(0, a) + block + text.slice(b + END.length);
  else text = text.trim() === '' ? `${block}\n` : `${text.trimEnd()}\n\n${block}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

async function main(): Promise<void> {
  const load = loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`${availableParallelism()} CPUs, load average ${load}`);
  // The first call also loads HiGHS; timed apart so that each row is the bound's own time.
  const loadStarted = performance.now();
  await coverageUpperBound(buildBenchInstance('BOI', 1));
  const firstMs = Math.round(performance.now() - loadStarted);
  console.log(`first call (loads HiGHS, one employee): ${firstMs} ms`);
  const rows: string[] = [];
  for (const c of CASES) {
    const instance = buildBenchInstance(c.airport, c.employees, c.hours ?? 'timetable');
    const bound = await coverageUpperBound(instance);
    const result = generate(instance);
    const q1 = result.report.quality.coveragePercent;
    const label = `${c.airport}${c.hours === '24h' ? ' 24h' : ''}`;
    const size = bound.size ? `${bound.size.columns} × ${bound.size.rows}, ${bound.size.nonzeros} nz` : '–';
    console.log(
      `${label.padEnd(7)} ${String(c.employees).padStart(3)} staff  best possible ${bound.coveragePercent}%  default ${q1}%  gap ${(bound.coveragePercent - q1).toFixed(2)}  bound ${bound.elapsedMs} ms (${bound.status}, ${size})`,
    );
    rows.push(
      `| ${c.airport} | ${c.hours === '24h' ? '24 h' : 'timetable'} | ${c.employees} | ${Math.round(bound.demandHours)} | ${bound.coveragePercent} | ${q1} | ${(bound.coveragePercent - q1).toFixed(2)} | ${bound.elapsedMs} | ${bound.status} | ${size} |`,
    );
  }
  const section = [
    '## Coverage bound',
    '',
    `\`npm run bench:bound\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${availableParallelism()} CPUs (load average ${load} at start).`,
    'The months of `bench:engine` (January 2008, America/Denver, the same staff, time off and settings). "Best possible" is the upper bound on Q1',
    'of docs/coverage-bound.md (no rule-abiding roster covers more); "default" is Q1 of the default strategy (seed 1, 1.5 s). Bound time is one',
    `\`coverageUpperBound\` call after HiGHS is loaded (the first call, which loads it, took ${firstMs} ms).`,
    '',
    '| airport | hours | staff | demand (staff-hours) | best possible Q1 % | default Q1 % | gap (points) | bound ms | status | LP columns × rows |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeSection(join(root, 'bench', 'RESULTS.md'), section);
  console.log('\nwrote bench/RESULTS.md (Coverage bound section)');
}

await main();
