// The benchmark months of bench/engine.ts and bench/bound.ts, which the engine's tests use too: the
// public-domain timetables of data/timetables (Boise and Albuquerque, January 2008, US Bureau of
// Transportation Statistics) read from their files and built by the engine's testing helper.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { Instance } from '../src/engine/format.ts';
import { timetableInstance, type Group, type Hours, type TimetableRow } from '../src/engine/testing.ts';

export type { Group, Hours };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FILES: Record<string, string> = {
  BOI: 'data/timetables/boi_2008-01_departures.csv',
  ABQ: 'data/timetables/abq_2008-01_departures.csv',
};

const read = new Map<string, TimetableRow[]>();

/** The airport's January 2008 departures, read once. */
export function timetableRows(airport: string): TimetableRow[] {
  const file = FILES[airport];
  if (!file) throw new Error(`no timetable for ${airport} (${Object.keys(FILES).join(', ')})`);
  let rows = read.get(airport);
  if (!rows) {
    rows = Papa.parse<TimetableRow>(readFileSync(join(root, file), 'utf8'), { header: true, skipEmptyLines: true }).data;
    read.set(airport, rows);
  }
  return rows;
}

/** A benchmark month of the airport with this many employees (src/engine/testing.ts, timetableInstance). */
export function buildBenchInstance(airport: string, employeeCount: number, hours: Hours = 'timetable', group: Group = 'ramp'): Instance {
  return timetableInstance(timetableRows(airport), airport, employeeCount, hours, group);
}
