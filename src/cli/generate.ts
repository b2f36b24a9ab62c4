// npm run generate -- --input month.json --output result.json [--strategy spec|default] [--seed N] [--time-limit S]
// Reads an instance file (docs/generator-format.md), generates the month and writes the result file
// atomically. Bad input is refused with a message naming the field, and nothing is written.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FormatError, parseInstance, type Instance } from '../engine/format.ts';
import { generate, type GenerateResult, type StrategyName } from '../engine/generate.ts';

export type CliOptions = { input: string; output: string; strategy: StrategyName; seed?: number; timeLimitMs?: number };
export type CliIo = { log: (line: string) => void; error: (line: string) => void };

const USAGE = 'usage: npm run generate -- --input month.json --output result.json [--strategy spec|default] [--seed N] [--time-limit S]';

export class UsageError extends Error {}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (!flag.startsWith('--')) throw new UsageError(`unexpected argument "${flag}"`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
    values.set(flag.slice(2), value);
    i++;
  }
  for (const key of values.keys()) if (!['input', 'output', 'strategy', 'seed', 'time-limit'].includes(key)) throw new UsageError(`unknown option --${key}`);
  const input = values.get('input');
  const output = values.get('output');
  if (!input) throw new UsageError('--input is required');
  if (!output) throw new UsageError('--output is required');
  const strategy = values.get('strategy') ?? 'default';
  if (strategy !== 'default' && strategy !== 'spec') throw new UsageError(`--strategy must be spec or default, not "${strategy}"`);
  const options: CliOptions = { input, output, strategy };
  const seed = values.get('seed');
  if (seed !== undefined) {
    if (!/^-?\d+$/.test(seed)) throw new UsageError(`--seed must be an integer, not "${seed}"`);
    options.seed = Number(seed);
  }
  const limit = values.get('time-limit');
  if (limit !== undefined) {
    const seconds = Number(limit);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--time-limit must be a positive number of seconds, not "${limit}"`);
    options.timeLimitMs = Math.round(seconds * 1000);
  }
  return options;
}

/** Reads and checks an instance file; throws FormatError naming the field. */
export function readInstanceFile(path: string): Instance {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FormatError([`(file): not readable JSON: ${(error as Error).message}`]);
  }
  return parseInstance(json);
}

/**
 * Writes a JSON file atomically: a temporary file beside it, then a rename, so a reader never
 * sees half a file. Exported for other commands that write instance or result files.
 */
export function writeJsonFileAtomically(path: string, value: unknown): void {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function summaryLine(result: GenerateResult, peakMb: number): string {
  const { quality: q, breaches, strategy, seed, elapsedMs } = result.report;
  const q3 = q.hoursGapMean === null ? 'Q3 n/a (no required hours)' : `Q3 gap ${q.hoursGapMean} h (${q.withinOneHourPercent}% within 1 h)`;
  const { startJumpsPercent, shortShiftsPercent, dobaOverlapPercent, freeWeekendsPercent } = q.shape;
  const byRule = new Map<string, number>();
  for (const b of breaches) byRule.set(b.rule, (byRule.get(b.rule) ?? 0) + 1);
  const ruleCounts = byRule.size === 0 ? '' : ` (${[...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ')})`;
  return [
    `Q1 coverage ${q.coveragePercent}%`,
    `Q2 flights staffed ${q.flightsStaffedPercent}% (${q.flightsStaffed}/${q.flightsCounted}, ${q.flightsClosed} closed)`,
    q3,
    `Q4 overstaffing ${q.overstaffingPercent}%`,
    `Q5 ${elapsedMs} ms, ${peakMb} MB`,
    `Q6 start jumps ${startJumpsPercent}%, short shifts ${shortShiftsPercent}%, doba overlap ${dobaOverlapPercent}%, free weekends ${freeWeekendsPercent}%`,
    // Version 3 instances whose tasks ask for qualifications: Q7, overall and per qualification.
    ...(q.qualified
      ? [
          `Q7 qualified ${q.qualified.percent}% of ${q.qualified.demandHours} h (${q.qualified.byQualification.map((b) => `${b.code} ${b.percent}% of ${b.demandHours} h`).join(', ')})`,
        ]
      : []),
    // Re-planning a published month (version 3): Q8, the published shifts changed.
    ...(q.disruption
      ? [
          `Q8 disruption ${q.disruption.percent}% (${q.disruption.changed}/${q.disruption.published} changed: ${q.disruption.moved} moved, ${q.disruption.removed} removed; ${q.disruption.forbiddenByTimeOff} on time off)`,
        ]
      : []),
    // Employees' wishes: Q9, the share met and the spread between people.
    ...(q.wishes
      ? [`Q9 wishes met ${q.wishes.percent}% (${q.wishes.met}/${q.wishes.wishes}, spread ${q.wishes.spreadPoints} points; ${q.wishes.onTimeOff} on time off)`]
      : []),
    `breaches ${breaches.length}${ruleCounts}`,
    `strategy ${strategy}, seed ${seed}`,
  ].join(' | ');
}

/** The command itself, callable in-process; returns the exit code. */
export function runGenerateCli(argv: readonly string[], io: CliIo = { log: console.log, error: console.error }): number {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    io.error(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  let instance: Instance;
  try {
    instance = readInstanceFile(options.input);
  } catch (error) {
    if (error instanceof FormatError) {
      io.error(`Bad input in ${options.input}; nothing was written:\n${error.issues.map((i) => `  ${i}`).join('\n')}`);
      return 65;
    }
    io.error(`Cannot read ${options.input}: ${(error as Error).message}`);
    return 66;
  }
  const result = generate(instance, { strategy: options.strategy, seed: options.seed, timeLimitMs: options.timeLimitMs });
  writeJsonFileAtomically(options.output, result);
  io.log(summaryLine(result, Math.round(process.resourceUsage().maxRSS / 1024)));
  return result.report.breaches.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = runGenerateCli(process.argv.slice(2));
}
