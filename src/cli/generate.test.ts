import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseInstance, parseResult } from '../engine/format.ts';
import { generate } from '../engine/generate.ts';
import { baseInstanceInput } from '../engine/testing.ts';
import { parseCliArgs, runGenerateCli, summaryLine } from './generate.ts';

let dir = '';
let lines: string[] = [];
let errors: string[] = [];
const io = { log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'grafik-generate-'));
  lines = [];
  errors = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('generate command', () => {
  it('writes a result file and prints a one-line summary', () => {
    const input = join(dir, 'month.json');
    const output = join(dir, 'result.json');
    const instance = baseInstanceInput();
    instance.airportHours = [{ dayOfWeek: 1, openingTime: '06:00', closingTime: '14:00', minimumStaff: 1 }];
    instance.flights = [{ flightNumber: 'LO1', departureTime: '2026-11-02T09:00', arrivalTime: null, requiredStaff: 2 }];
    writeFileSync(input, JSON.stringify(instance));
    const code = runGenerateCli(['--input', input, '--output', output, '--seed', '7', '--time-limit', '0.2'], io);
    expect(code).toBe(0);
    const result = parseResult(JSON.parse(readFileSync(output, 'utf8')));
    expect(result.shifts.length).toBeGreaterThan(0);
    expect(result.report.seed).toBe(7);
    expect(lines, lines[0]).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Q1 coverage [\d.]+% \| Q2 flights staffed 100% .*Q3 gap .*Q4 overstaffing .*Q5 \d+ ms, \d+ MB \| Q6 start jumps [\d.]+%, short shifts [\d.]+%, doba overlap [\d.]+%, free weekends [\d.]+% \| breaches 0 \| strategy default, seed 7$/,
    );
    expect(readdirSync(dir).sort()).toEqual(['month.json', 'result.json']);
  });

  it('prints Q7 overall and per qualification for a version 3 instance whose tasks ask for them, and nothing of it otherwise', () => {
    const input = baseInstanceInput();
    const instance = parseInstance({
      ...input,
      version: 3,
      employees: [{ ...input.employees[1]!, qualifications: [{ code: 'PUSHBACK' }] }],
      airportHours: [{ dayOfWeek: 1, openingTime: '06:00', closingTime: '14:00', minimumStaff: 1 }],
      flights: [
        {
          flightNumber: 'LO1',
          departureTime: '2026-11-02T09:00:00+01:00',
          tasks: [{ name: 'pushback', from: '2026-11-02T08:50:00+01:00', to: '2026-11-02T09:05:00+01:00', staff: 1, qualification: 'PUSHBACK' }],
        },
      ],
    });
    const line = summaryLine(generate(instance, { seed: 1, timeLimitMs: 200 }), 100);
    expect(line).toMatch(/\| Q7 qualified [\d.]+% of 0\.25 h \(PUSHBACK [\d.]+% of 0\.25 h\) \| breaches 0 \|/);
    expect(summaryLine(generate(parseInstance(input), { seed: 1, timeLimitMs: 200 }), 100)).not.toContain('Q7');
  });

  it('prints Q8 when the instance re-plans a published month, and nothing of it otherwise', () => {
    const input = baseInstanceInput();
    const published = generate(parseInstance({ ...input, version: 3 }), { seed: 1, timeLimitMs: 200 });
    // e1 is off 10–12 Nov: from the 9th on, the published shifts of those days are counted apart.
    const instance = parseInstance({
      ...input,
      version: 3,
      replanFrom: '2026-11-09',
      publishedShifts: published.shifts.map(({ totalHours: _hours, ...s }) => s),
    });
    const line = summaryLine(generate(instance, { seed: 1, timeLimitMs: 200 }), 100);
    expect(line).toMatch(/\| Q8 disruption [\d.]+% \(\d+\/\d+ changed: \d+ moved, \d+ removed; \d+ on time off\) \| breaches 0 \|/);
    expect(summaryLine(published, 100)).not.toContain('Q8');
  });

  it('counts the breaches of each rule in the summary', () => {
    const result = generate(parseInstance(baseInstanceInput()), { seed: 1, timeLimitMs: 200 });
    const breach = (rule: 'R11' | 'R12') => ({ rule, name: '', employeeId: 'e1', date: '2026-11-02', message: '', amount: 1 });
    result.report.breaches = [breach('R11'), breach('R12'), breach('R11')];
    expect(summaryLine(result, 100)).toContain('| breaches 3 (R11 2, R12 1) |');
  });

  it('refuses bad input naming the field, exits non-zero and writes nothing', () => {
    const input = join(dir, 'month.json');
    const output = join(dir, 'result.json');
    writeFileSync(input, JSON.stringify({ ...baseInstanceInput(), month: 'November' }));
    const code = runGenerateCli(['--input', input, '--output', output], io);
    expect(code).not.toBe(0);
    expect(errors.join('\n')).toContain('month: expected YYYY-MM');
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir)).toEqual(['month.json']);
  });

  it('refuses a file that is not JSON and bad options', () => {
    const input = join(dir, 'month.json');
    writeFileSync(input, '{ not json');
    expect(runGenerateCli(['--input', input, '--output', join(dir, 'r.json')], io)).not.toBe(0);
    expect(errors.join('\n')).toContain('not readable JSON');
    expect(() => parseCliArgs(['--input', 'a', '--output', 'b', '--strategy', 'best'])).toThrow(/spec or default/);
    expect(runGenerateCli(['--input', input], io)).toBe(64);
  });
});
