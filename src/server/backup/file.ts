// The backup file: written a row per line (so it streams, and reads well in a diff), readable as it
// arrives. A file to restore is read once, decrypted when it is encrypted, checked, and its rows
// spooled to one temporary file per table (readable by this user only, removed afterwards), so that
// neither a whole upload nor the whole document is ever held in memory, and the database is touched
// only once the file has been read to its end and found whole (an encrypted file's tag checked).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { BackupDecryption, encryptedHeaderOf } from './encryption.ts';
import { BackupFormatError, BackupTooLargeError } from './errors.ts';
import { BackupJsonReader, type BackupJsonEvent } from './json-reader.ts';
import { fieldProblem } from './row-limits.ts';
import {
  ALL_TABLES,
  EMPLOYEE_ACCOUNT_TABLES,
  KEPT_TABLES,
  SECRET_TABLES,
  SESSION_TABLES,
  SIGNING_SECRET_KEY,
  checkHeader,
  requiredTables,
  type BackupHeader,
} from './tables.ts';

/** A backup in memory: its header and the rows of each table. */
export interface BackupContent extends BackupHeader {
  tables: Record<string, unknown[]>;
}

const ROWS_PER_PIECE = 500;

/** The file's text, a piece at a time: the header fields first, then a table per key and a row per line. */
export function* backupText(backup: BackupContent): Generator<string> {
  const { tables, ...header } = backup;
  const fields = header.formatVersion === 1 ? { ...header, secrets: undefined } : header;
  yield `${JSON.stringify(fields).slice(0, -1)},"tables":{\n`;
  const names = Object.keys(tables);
  for (const [t, name] of names.entries()) {
    const rows = tables[name] ?? [];
    yield `${JSON.stringify(name)}:[`;
    for (let i = 0; i < rows.length; i += ROWS_PER_PIECE) {
      const piece = rows.slice(i, i + ROWS_PER_PIECE).map((r) => JSON.stringify(r));
      yield `${i > 0 ? ',' : ''}\n${piece.join(',\n')}`;
    }
    yield `${rows.length > 0 ? '\n' : ''}]${t < names.length - 1 ? ',' : ''}\n`;
  }
  yield '}}\n';
}

/**
 * Writes a backup file readable by its owner only: created with mode 0600 under a temporary name
 * in the same folder, then renamed over the target, so nobody ever sees half a file or a moment
 * of wider permissions.
 */
export async function writeBackupFile(target: string, pieces: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<void> {
  const full = path.resolve(target);
  const temp = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await fsp.open(temp, 'wx', 0o600);
  try {
    for await (const piece of pieces) await handle.write(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
    await handle.sync();
    await handle.close();
    await fsp.rename(temp, full);
  } catch (err) {
    await handle.close().catch(() => {});
    await fsp.rm(temp, { force: true });
    throw err;
  }
}

/** Passes `input` through, or throws BackupTooLargeError once more than `maxBytes` went by. */
export async function* limitBytes(input: AsyncIterable<Uint8Array | string>, maxBytes: number): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of input) {
    const bytes = asBuffer(chunk);
    seen += bytes.length;
    if (seen > maxBytes) throw new BackupTooLargeError(maxBytes);
    yield bytes;
  }
}

function asBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** A backup file read to its end and checked, its rows waiting in temporary files. */
export interface ReadBackup {
  header: BackupHeader;
  encrypted: boolean;
  /** The tables the file holds, in restore order (the session tables and calendar addresses never among them). */
  tables: string[];
  rows(table: string): number;
  /** The columns the rows of `table` have between them. */
  columns(table: string): string[];
  /** The rows of `table` as JSON arrays of up to `size` rows. */
  batches(table: string, size: number): AsyncGenerator<string>;
  /** Rows of session tables (a version 1 file) and calendar addresses (an older file) the file had, left out; and a plain version 1 file's secrets. */
  ignored: Record<string, number>;
  /** Removes the temporary files. */
  close(): Promise<void>;
}

const SNIFF_BYTES = 64 * 1024;
/** How a version 1 file's signing secret is counted among what was left out. */
const SIGNING_SECRET_ROW = 'app_meta (signing secret)';

/**
 * Reads a backup file (plain or encrypted) from `input`. Throws BackupFormatError naming what is
 * wrong: not a backup, damaged, an unknown table, an encrypted file without its passphrase or with
 * a wrong one. Nothing but temporary files is written, and those are gone when it throws.
 */
export async function readBackupFile(input: AsyncIterable<Uint8Array | string>, options: { passphrase?: string | undefined } = {}): Promise<ReadBackup> {
  const spool = await Spool.create();
  try {
    const source = input[Symbol.asyncIterator]();
    const next = async (): Promise<Buffer | null> => {
      const r = await source.next();
      return r.done ? null : asBuffer(r.value);
    };
    // The first line decides: an encrypted file's header, or the start of a plain backup's JSON.
    let head = Buffer.alloc(0);
    let newline = -1;
    while (newline < 0 && head.length < SNIFF_BYTES) {
      const chunk = await next();
      if (!chunk) break;
      head = Buffer.concat([head, chunk]);
      newline = head.indexOf(0x0a);
    }
    const headerLine = newline >= 0 ? head.subarray(0, newline) : null;
    const encrypted = headerLine ? encryptedHeaderOf(headerLine) : null;
    spool.encrypted = encrypted !== null;
    if (!encrypted) {
      await spool.take(head);
      for (let chunk = await next(); chunk; chunk = await next()) await spool.take(chunk);
      return spool.finish(false);
    }
    if (!options.passphrase) {
      throw new BackupFormatError('This backup is encrypted: give the passphrase it was made with to restore it.', 'PASSPHRASE_REQUIRED');
    }
    const decryption = await BackupDecryption.open(encrypted, headerLine!, options.passphrase);
    try {
      await spool.take(decryption.update(head.subarray(newline + 1)));
      for (let chunk = await next(); chunk; chunk = await next()) await spool.take(decryption.update(chunk));
    } catch (err) {
      if (!(err instanceof BackupFormatError)) throw err;
      // Garbage from a wrong passphrase also reads as a broken file: the tag tells which it was.
      for (let chunk = await next(); chunk; chunk = await next()) decryption.update(chunk);
      decryption.finish();
      throw err;
    }
    decryption.finish();
    const prepared = spool.finish(true);
    if (prepared.header.formatVersion !== 2 || prepared.header.secrets !== encrypted.secrets) {
      throw new BackupFormatError("The encrypted backup's header does not match its content; the file was not made by Grafik.");
    }
    return prepared;
  } catch (err) {
    await spool.close();
    throw err;
  }
}

interface TableSpool {
  file: string;
  handle: fsp.FileHandle;
  rows: number;
  columns: Set<string>;
  pending: string[];
}

/** Takes the file's bytes, checks each thing the JSON reader finds, and writes rows to a file per table. */
class Spool {
  private readonly reader = new BackupJsonReader();
  private readonly fields: Record<string, unknown> = {};
  private header: BackupHeader | null = null;
  private readonly tables = new Map<string, TableSpool>();
  private readonly ignored: Record<string, number> = {};
  private current: TableSpool | 'ignored' | null = null;
  private currentName = '';
  /** Whether the bytes come out of an encrypted file: only such a file may bring secrets. */
  encrypted = false;

  private readonly dir: string;
  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(): Promise<Spool> {
    // mkdtemp makes the folder 0700; each file in it is created 0600.
    return new Spool(await fsp.mkdtemp(path.join(os.tmpdir(), 'grafik-restore-')));
  }

  async take(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    for (const event of this.reader.push(chunk)) await this.event(event);
    await this.flush();
  }

  private async event(event: BackupJsonEvent) {
    if (event.kind === 'field') {
      if (this.header) throw new BackupFormatError(`The backup has the field ${event.name} after its tables; the header fields come first.`);
      this.fields[event.name] = event.value;
      return;
    }
    if (event.kind === 'table') {
      this.header ??= this.checkedHeader();
      await this.openTable(event.name);
      return;
    }
    if (this.current === 'ignored') {
      this.ignored[this.currentName] = (this.ignored[this.currentName] ?? 0) + 1;
      return;
    }
    const table = this.current!;
    let row: unknown;
    try {
      row = JSON.parse(event.text);
    } catch {
      throw new BackupFormatError(`Row ${table.rows + 1} of the backup's table ${this.currentName} is not valid JSON.`);
    }
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      throw new BackupFormatError(`Row ${table.rows + 1} of the backup's table ${this.currentName} is not an object of columns.`);
    }
    const problem = fieldProblem(this.currentName, row as Record<string, unknown>);
    if (problem) {
      // The API's words and the column's name, never the value.
      throw new BackupFormatError(
        `Row ${table.rows + 1} of the backup's table ${this.currentName}: ${problem.column} ${problem.message}. Nothing was restored.`,
        'BAD_FIELD',
        { table: this.currentName, row: table.rows + 1, column: problem.column, ...problem.params },
      );
    }
    for (const column of Object.keys(row)) table.columns.add(column);
    if (!this.header!.secrets && this.currentName === 'app_meta' && (row as { key?: unknown }).key === SIGNING_SECRET_KEY) {
      if (this.plainVersion1) {
        this.ignored[SIGNING_SECRET_ROW] = 1;
        return;
      }
      throw new BackupFormatError('The backup says it holds no secrets, yet it has the signing secret (app_meta auth_secret); the file was changed.');
    }
    table.rows++;
    table.pending.push(`${JSON.stringify(row)}\n`);
  }

  /** A version 1 file read as it is: its secrets are not taken (checkedHeader). */
  private plainVersion1 = false;

  /**
   * The header, with secrets only an encrypted file may bring. A plain version 2 file that says it
   * holds secrets was changed (Grafik encrypts every backup with secrets) and is refused; a plain
   * version 1 file (which always held them, in plain text) is restored without them: its password
   * hashes, two-factor secrets and signing secret are left out like its sessions.
   */
  private checkedHeader(): BackupHeader {
    const header = checkHeader(this.fields);
    if (this.encrypted || !header.secrets) return header;
    if (header.formatVersion === 2) {
      throw new BackupFormatError(
        'The backup says it holds passwords and two-factor secrets, yet it is not encrypted: Grafik encrypts every backup with secrets, so this file was changed. ' +
          'Passwords come only from an encrypted backup and its passphrase. Nothing was restored.',
        'PLAIN_SECRETS',
      );
    }
    this.plainVersion1 = true;
    return { ...header, secrets: false };
  }

  private async openTable(name: string) {
    this.currentName = name;
    if (
      SESSION_TABLES.includes(name) ||
      KEPT_TABLES.includes(name) ||
      EMPLOYEE_ACCOUNT_TABLES.includes(name) ||
      (this.plainVersion1 && SECRET_TABLES.includes(name))
    ) {
      this.current = 'ignored';
      this.ignored[name] = 0;
      return;
    }
    if (!(ALL_TABLES as readonly string[]).includes(name)) {
      throw new BackupFormatError(
        `The backup has a table this version of Grafik does not know: ${name}. Restore it with the version that made it (${this.header!.appVersion}) or a later one.`,
      );
    }
    if (!this.header!.secrets && SECRET_TABLES.includes(name)) {
      throw new BackupFormatError(`The backup says it holds no secrets, yet it has the table ${name}; the file was changed.`);
    }
    const file = path.join(this.dir, `${name}.ndjson`);
    const handle = await fsp.open(file, 'wx', 0o600);
    const table: TableSpool = { file, handle, rows: 0, columns: new Set(), pending: [] };
    this.tables.set(name, table);
    this.current = table;
  }

  private async flush() {
    for (const table of this.tables.values()) {
      if (table.pending.length === 0) continue;
      const text = table.pending.join('');
      table.pending = [];
      await table.handle.write(text);
    }
  }

  finish(encrypted: boolean): ReadBackup {
    this.reader.end();
    const header = (this.header ??= this.checkedHeader());
    for (const name of requiredTables(header)) {
      if (!this.tables.has(name)) throw new BackupFormatError(`The backup lacks the table ${name}.`);
    }
    const tables = ALL_TABLES.filter((t) => this.tables.has(t));
    const spool = this.tables;
    return {
      header,
      encrypted,
      tables,
      ignored: this.ignored,
      rows: (table) => spool.get(table)?.rows ?? 0,
      columns: (table) => [...(spool.get(table)?.columns ?? [])],
      batches: (table, size) => batchesOf(spool.get(table), size),
      close: () => this.close(),
    };
  }

  async close(): Promise<void> {
    for (const table of this.tables.values()) await table.handle.close().catch(() => {});
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}

async function* batchesOf(table: TableSpool | undefined, size: number): AsyncGenerator<string> {
  if (!table || table.rows === 0) return;
  await table.handle.sync();
  const lines = readline.createInterface({ input: fs.createReadStream(table.file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line.length === 0) continue;
    batch.push(line);
    if (batch.length >= size) {
      yield `[${batch.join(',')}]`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `[${batch.join(',')}]`;
}
