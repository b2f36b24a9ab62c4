// Reading a timetable file in the browser: size, encoding and header checks, then the rows as text
// cells for the server to judge (POST /api/flights/import with dryRun gives the preview).
import Papa from 'papaparse';
import {
  FLIGHT_MESSAGES,
  IMPORT_CELL_MAX,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportRow,
  type RowError,
} from '../../../shared/api/flights.ts';

export type FileErrorKey =
  | 'tooBig'
  | 'empty'
  | 'binary'
  | 'notUtf8'
  | 'tooManyRows'
  | 'noRows'
  | 'missingColumns'
  | 'duplicateColumn'
  | 'unknownStaffColumn'
  | 'quotes'
  | 'unreadable';

export interface FileError {
  key: FileErrorKey;
  params?: Record<string, string | number>;
}

export interface TimetableFile {
  rows: ImportRow[];
  /** Rows refused before the server sees them (more cells than the header). */
  rowErrors: { row: number; errors: RowError[]; cells: ImportRow }[];
  /** Staff columns by header, with the group each one feeds. */
  staffColumns: { header: string; group: string }[];
  ignoredColumns: string[];
}

export type ReadResult = { ok: true; file: TimetableFile } | { ok: false; error: FileError };

const REQUIRED = ['flight_number', 'departure_time', 'arrival_time'] as const;
const KNOWN = new Set<string>([...REQUIRED, 'aircraft_type']);

export async function readTimetableFile(file: File, groups: string[]): Promise<ReadResult> {
  if (file.size > IMPORT_MAX_BYTES) {
    return { ok: false, error: { key: 'tooBig', params: { size: (file.size / 1024 / 1024).toFixed(1) } } };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    // The browser's own reason is in English: the screen says it in its own words.
    return { ok: false, error: { key: 'unreadable' } };
  }
  return parseTimetable(bytes, groups);
}

/** Control characters other than tab and line breaks do not belong in a CSV text file. */
function isControlByte(byte: number): boolean {
  return byte === 0x7f || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);
}

/** Checks and splits the bytes of a timetable file. Pure, so it can be tested without a browser. */
export function parseTimetable(bytes: Uint8Array, groups: string[]): ReadResult {
  if (bytes.length > IMPORT_MAX_BYTES) {
    return { ok: false, error: { key: 'tooBig', params: { size: (bytes.length / 1024 / 1024).toFixed(1) } } };
  }
  if (bytes.length === 0) return { ok: false, error: { key: 'empty' } };
  if (bytes.some(isControlByte)) return { ok: false, error: { key: 'binary' } };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, error: { key: 'notUtf8' } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: false, error: { key: 'empty' } };

  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) return { ok: false, error: { key: 'quotes', params: { row: (quoteError.row ?? 0) + 1 } } };

  const lines = parsed.data;
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerIndex = lines.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) return { ok: false, error: { key: 'empty' } };
  const header = lines[headerIndex]!.map((h) => h.trim());

  // Which column holds what.
  const columnOf = new Map<string, number>();
  const staffColumns: { header: string; group: string; index: number }[] = [];
  const ignoredColumns: string[] = [];
  const groupByLower = new Map(groups.map((g) => [g.toLowerCase(), g]));
  const seen = new Set<string>();
  for (const [index, name] of header.entries()) {
    const lower = name.toLowerCase();
    if (lower === '') continue;
    if (seen.has(lower)) return { ok: false, error: { key: 'duplicateColumn', params: { column: name } } };
    seen.add(lower);
    if (KNOWN.has(lower)) {
      columnOf.set(lower, index);
      continue;
    }
    const staffName = lower.startsWith('staff_') ? name.slice('staff_'.length).trim() : null;
    const group = groupByLower.get(staffName?.toLowerCase() ?? lower);
    if (group) {
      if (staffColumns.some((s) => s.group === group)) {
        return { ok: false, error: { key: 'duplicateColumn', params: { column: name } } };
      }
      staffColumns.push({ header: name, group, index });
    } else if (staffName !== null) {
      return { ok: false, error: { key: 'unknownStaffColumn', params: { column: name, group: staffName } } };
    } else {
      ignoredColumns.push(name);
    }
  }
  const missing = REQUIRED.filter((c) => !columnOf.has(c));
  if (missing.length > 0) return { ok: false, error: { key: 'missingColumns', params: { columns: missing.join(', ') } } };

  const cut = (value: string | undefined) => (value ?? '').slice(0, IMPORT_CELL_MAX);
  const rows: ImportRow[] = [];
  const rowErrors: TimetableFile['rowErrors'] = [];
  let dataRows = 0;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const cells = lines[i]!;
    if (isBlank(cells)) continue;
    dataRows++;
    if (dataRows > IMPORT_MAX_ROWS) continue;
    const cell = (name: string) => {
      const index = columnOf.get(name);
      return index === undefined ? undefined : cut(cells[index]);
    };
    const row: ImportRow = {
      row: i + 1, // the spreadsheet's row number: the header is row 1
      flight_number: cell('flight_number')!,
      departure_time: cell('departure_time')!,
      arrival_time: cell('arrival_time')!,
    };
    const aircraft = cell('aircraft_type');
    if (aircraft !== undefined) row.aircraft_type = aircraft;
    if (staffColumns.length > 0) row.staff = Object.fromEntries(staffColumns.map((s) => [s.group, cut(cells[s.index])]));
    const extra = cells.slice(header.length).some((c) => c.trim() !== '');
    if (extra) rowErrors.push({ row: row.row, errors: [{ field: 'row', message: FLIGHT_MESSAGES.extraCells, params: { issue: 'custom', rule: 'extraCells' } }], cells: row });
    else rows.push(row);
  }
  if (dataRows > IMPORT_MAX_ROWS) return { ok: false, error: { key: 'tooManyRows', params: { count: dataRows } } };
  if (dataRows === 0) return { ok: false, error: { key: 'noRows' } };
  return {
    ok: true,
    file: { rows, rowErrors, staffColumns: staffColumns.map(({ header: h, group }) => ({ header: h, group })), ignoredColumns },
  };
}
