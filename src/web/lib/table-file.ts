// Reading a table file in the browser (docs/flights-import.md; the staff import reads its files so too): size, encoding and header checks,
// then the header and the rows as text cells. Which column holds what is the mapping step's business;
// the server judges the mapped rows (POST /api/flights/import, with dryRun for the dry run).
import Papa from 'papaparse';
import { zipExpandedSize } from './zip-size.ts';
import { FLIGHT_MESSAGES } from '../../shared/api/flights.ts';
import {
  IMPORT_CELL_MAX,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  duplicatedHeader,
  type ImportFileRow,
  type RowError,
} from '../../shared/api/flight-import.ts';

/** A size in megabytes to one decimal, as a number: the screen writes it in its language. */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

type FileErrorKey =
  | 'tooBig'
  | 'tooBigExpanded'
  | 'empty'
  | 'binary'
  | 'utf16'
  | 'notUtf8'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'noRows'
  | 'duplicateColumn'
  | 'quotes'
  | 'xlsx'
  | 'unreadable';

export interface FileError {
  key: FileErrorKey;
  params?: Record<string, string | number>;
}

export interface TimetableFile {
  /** The header's names as written (trimmed). */
  header: string[];
  rows: ImportFileRow[];
  /** Rows refused before the server sees them (more cells than the header), with their reasons. */
  rowErrors: { row: number; errors: RowError[] }[];
}

export type ReadResult = { ok: true; file: TimetableFile } | { ok: false; error: FileError };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/**
 * The most a workbook may hold once expanded (its sheets, shared strings and styles as XML). A
 * timetable of 20,000 flights with a dozen columns expands to about 15 MB; reading one of 300 MB
 * took the browser 6 s and 1.2 GB.
 */
export const WORKBOOK_MAX_EXPANDED_BYTES = 64 * 1024 * 1024;

/** Reads a chosen CSV or XLSX file (a timetable or a staff list) into its header and rows. */
export async function readTableFile(file: File): Promise<ReadResult> {
  if (file.size > IMPORT_MAX_BYTES) {
    return { ok: false, error: { key: 'tooBig', params: { size: megabytes(file.size) } } };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    // The browser's own reason is in English: the screen says it in its own words.
    return { ok: false, error: { key: 'unreadable' } };
  }
  if (XLSX_MAGIC.every((b, i) => bytes[i] === b)) return parseWorkbook(bytes);
  return parseTimetable(bytes);
}

/** Control characters other than tab and line breaks do not belong in a CSV text file. */
function isControlByte(byte: number): boolean {
  return byte === 0x7f || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);
}

/** UTF-16 text: a byte-order mark, or a NUL in every other byte of the first line. */
function looksUtf16(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const sample = bytes.subarray(0, 200);
  if (sample.length < 8) return false;
  let evenNul = 0;
  let oddNul = 0;
  sample.forEach((b, i) => {
    if (b === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  });
  const half = sample.length / 2;
  return evenNul > half * 0.8 || oddNul > half * 0.8;
}

/** Checks and splits the bytes of a CSV timetable. Pure, so it can be tested without a browser. */
export function parseTimetable(bytes: Uint8Array): ReadResult {
  if (bytes.length > IMPORT_MAX_BYTES) {
    return { ok: false, error: { key: 'tooBig', params: { size: megabytes(bytes.length) } } };
  }
  if (bytes.length === 0) return { ok: false, error: { key: 'empty' } };
  if (looksUtf16(bytes)) return { ok: false, error: { key: 'utf16' } };
  if (bytes.some(isControlByte)) return { ok: false, error: { key: 'binary' } };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Windows-1250 or ISO-8859-2 (Polish letters) or Latin-1: not UTF-8. Guessing would mangle names.
    return { ok: false, error: { key: 'notUtf8' } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: false, error: { key: 'empty' } };

  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) return { ok: false, error: { key: 'quotes', params: { row: (quoteError.row ?? 0) + 1 } } };
  return fromLines(parsed.data);
}

/** The header (first non-blank line) and the data rows of a file's lines, with the limits checked. */
function fromLines(lines: string[][]): ReadResult {
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerIndex = lines.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) return { ok: false, error: { key: 'empty' } };
  let header = lines[headerIndex]!.map((h) => h.trim().slice(0, IMPORT_CELL_MAX));
  while (header.length > 0 && header[header.length - 1] === '') header = header.slice(0, -1);
  if (header.length > IMPORT_MAX_COLUMNS) return { ok: false, error: { key: 'tooManyColumns', params: { count: header.length, max: IMPORT_MAX_COLUMNS } } };
  const repeated = duplicatedHeader(header);
  if (repeated !== null) return { ok: false, error: { key: 'duplicateColumn', params: { column: repeated } } };

  const rows: ImportFileRow[] = [];
  const rowErrors: TimetableFile['rowErrors'] = [];
  let dataRows = 0;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const cells = lines[i]!;
    if (isBlank(cells)) continue;
    dataRows++;
    if (dataRows > IMPORT_MAX_ROWS) continue;
    const row = i + 1; // the spreadsheet's row number: the header's line is row headerIndex + 1
    if (cells.slice(header.length).some((c) => c.trim() !== '')) {
      rowErrors.push({ row, errors: [{ field: 'row', message: FLIGHT_MESSAGES.extraCells, params: { issue: 'custom', rule: 'extraCells' } }] });
      continue;
    }
    rows.push({ row, cells: header.map((_, c) => (cells[c] ?? '').slice(0, IMPORT_CELL_MAX)) });
  }
  if (dataRows > IMPORT_MAX_ROWS) return { ok: false, error: { key: 'tooManyRows', params: { count: dataRows, max: IMPORT_MAX_ROWS } } };
  if (dataRows === 0) return { ok: false, error: { key: 'noRows' } };
  return { ok: true, file: { header, rows, rowErrors } };
}

/** A cell of a workbook as text: dates as YYYY-MM-DD HH:MM (workbooks keep wall clocks as if UTC). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') && value.getUTCFullYear() > 1900 ? iso.slice(0, 10) : dateOrClock(value);
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value);
}

/** A time-only cell is a date on 1899-12-30 in a workbook; anything else a date and time. */
function dateOrClock(value: Date): string {
  const iso = value.toISOString();
  return value.getUTCFullYear() < 1901 ? iso.slice(11, 16) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The first sheet of an XLSX workbook, as a CSV file's lines would be. */
export async function parseWorkbook(bytes: Uint8Array): Promise<ReadResult> {
  // Its size once expanded, from the ZIP's own list of entries, before the reader expands anything.
  const expanded = zipExpandedSize(bytes);
  if (expanded === null) return { ok: false, error: { key: 'xlsx' } };
  if (expanded > WORKBOOK_MAX_EXPANDED_BYTES) {
    return { ok: false, error: { key: 'tooBigExpanded', params: { size: Math.ceil(expanded / 1024 / 1024), max: WORKBOOK_MAX_EXPANDED_BYTES / 1024 / 1024 } } };
  }
  try {
    // Loaded only when a workbook is chosen: the Flights screen does not carry it otherwise.
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) return { ok: false, error: { key: 'empty' } };
    if (sheet.rowCount > IMPORT_MAX_ROWS + 1) {
      return { ok: false, error: { key: 'tooManyRows', params: { count: sheet.rowCount - 1, max: IMPORT_MAX_ROWS } } };
    }
    const lines: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const cells: string[] = [];
      for (let c = 1; c <= Math.min(row.cellCount, IMPORT_MAX_COLUMNS + 1); c++) cells.push(cellText(row.getCell(c).value).trim());
      lines[number - 1] = cells;
    });
    for (let i = 0; i < lines.length; i++) lines[i] ??= [];
    return fromLines(lines);
  } catch {
    return { ok: false, error: { key: 'xlsx' } };
  }
}
