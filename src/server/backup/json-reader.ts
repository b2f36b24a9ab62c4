// Reads a backup's JSON as it arrives, a chunk at a time, without building the whole document: the
// top-level fields come out parsed, and each row of `tables` comes out as its own JSON text. Memory
// stays at one row (plus the chunk), whatever the size of the file. Works on bytes: every character
// that shapes JSON is ASCII, and no byte of a multi-byte UTF-8 character is, so a chunk may end
// anywhere, even inside a character. A row's own text is checked later, by JSON.parse.
import { BackupFormatError } from './errors.ts';

/** What the reader found, in the order of the file. */
export type BackupJsonEvent = { kind: 'field'; name: string; value: unknown } | { kind: 'table'; name: string } | { kind: 'row'; table: string; text: string };

/** A fault in the file's JSON; a BackupFormatError like every other refusal of a file. */
class BackupJsonError extends BackupFormatError {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** A top-level field other than `tables` is small (a name, a date, a number). */
const FIELD_MAX_BYTES = 64 * 1024;
/** A field's or a table's name. */
const KEY_MAX_BYTES = 1024;

type Mode =
  | 'start' // before the document's '{'
  | 'fieldKeyOrEnd' // just after '{': a field name or '}'
  | 'fieldKey' // after a comma: a field name
  | 'fieldColon'
  | 'fieldValue'
  | 'fieldCommaOrEnd'
  | 'tablesOpen' // the value of `tables`: must be '{'
  | 'tableKeyOrEnd'
  | 'tableKey'
  | 'tableColon'
  | 'tableOpen' // a table's value: must be '['
  | 'rowOrEnd' // just after '[': a row or ']'
  | 'row' // after a comma: a row
  | 'rowCommaOrEnd'
  | 'tableCommaOrEnd' // after a table's ']': another table or the end of `tables`
  | 'done';

type Capture = { into: 'fieldName' } | { into: 'tableName' } | { into: 'field'; name: string } | { into: 'row'; table: string };

/** How a byte of a captured value left the capture. */
const MORE = 0;
const ENDS_AFTER = 1; // the byte closes the value and belongs to it
const ENDS_BEFORE = 2; // a bare word (number, true, false, null) ended just before this byte

export class BackupJsonReader {
  private mode: Mode = 'start';
  private capture: Capture | null = null;
  /** Pieces of a capture that began in an earlier chunk. */
  private pieces: Buffer[] = [];
  private captured = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private bare = false;
  /** Bytes before the current chunk, for messages. */
  private offset = 0;
  private fieldName = '';
  private tableName = '';
  private readonly seenFields = new Set<string>();
  private readonly seenTables = new Set<string>();

  /** Feeds the next chunk; returns what it completed. Throws BackupJsonError at the first fault. */
  push(chunk: Buffer): BackupJsonEvent[] {
    const events: BackupJsonEvent[] = [];
    let from = this.capture ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.capture) {
        const step = this.scan(b);
        if (step === MORE) continue;
        this.finish(chunk.subarray(from, step === ENDS_AFTER ? i + 1 : i), events);
        from = -1;
        if (step === ENDS_AFTER) continue;
      }
      if (isSpace(b)) continue;
      if (this.structural(b, i, events)) from = i;
    }
    if (this.capture) this.keep(chunk.subarray(from));
    this.offset += chunk.length;
    return events;
  }

  /** Call at the end of the input: throws if the document is unfinished. */
  end(): void {
    if (this.mode !== 'done' || this.capture) throw new BackupJsonError('The backup file ends too early: it is cut off or incomplete.');
  }

  /** One byte of the document outside any captured value; true when a capture begins at it. */
  private structural(b: number, i: number, events: BackupJsonEvent[]): boolean {
    switch (this.mode) {
      case 'start':
        if (b !== OPEN_OBJECT) this.fail(b, i, 'the "{" a backup starts with');
        this.mode = 'fieldKeyOrEnd';
        return false;
      case 'fieldKeyOrEnd':
      case 'fieldKey':
        if (b === CLOSE_OBJECT && this.mode === 'fieldKeyOrEnd') {
          this.mode = 'done';
          return false;
        }
        if (b !== QUOTE) this.fail(b, i, 'a field name in quotes');
        return this.begin({ into: 'fieldName' }, b);
      case 'fieldColon':
        if (b !== COLON) this.fail(b, i, '":" after a field name');
        this.mode = this.fieldName === 'tables' ? 'tablesOpen' : 'fieldValue';
        return false;
      case 'fieldValue':
        if (!startsValue(b)) this.fail(b, i, 'a value');
        return this.begin({ into: 'field', name: this.fieldName }, b);
      case 'fieldCommaOrEnd':
        if (b === COMMA) this.mode = 'fieldKey';
        else if (b === CLOSE_OBJECT) this.mode = 'done';
        else this.fail(b, i, '"," or "}" after a field');
        return false;
      case 'tablesOpen':
        if (b !== OPEN_OBJECT) throw new BackupJsonError('The backup\'s "tables" must be an object that holds the tables.');
        this.mode = 'tableKeyOrEnd';
        return false;
      case 'tableKeyOrEnd':
      case 'tableKey':
        if (b === CLOSE_OBJECT && this.mode === 'tableKeyOrEnd') {
          this.mode = 'fieldCommaOrEnd';
          return false;
        }
        if (b !== QUOTE) this.fail(b, i, 'a table name in quotes');
        return this.begin({ into: 'tableName' }, b);
      case 'tableColon':
        if (b !== COLON) this.fail(b, i, '":" after a table name');
        this.mode = 'tableOpen';
        return false;
      case 'tableOpen':
        if (b !== OPEN_ARRAY) throw new BackupJsonError(`The backup's table ${this.tableName} must be a list of rows.`);
        events.push({ kind: 'table', name: this.tableName });
        this.mode = 'rowOrEnd';
        return false;
      case 'rowOrEnd':
      case 'row':
        if (b === CLOSE_ARRAY && this.mode === 'rowOrEnd') {
          this.mode = 'tableCommaOrEnd';
          return false;
        }
        if (!startsValue(b)) this.fail(b, i, 'a row');
        return this.begin({ into: 'row', table: this.tableName }, b);
      case 'rowCommaOrEnd':
        if (b === COMMA) this.mode = 'row';
        else if (b === CLOSE_ARRAY) this.mode = 'tableCommaOrEnd';
        else this.fail(b, i, '"," or "]" after a row');
        return false;
      case 'tableCommaOrEnd':
        if (b === COMMA) this.mode = 'tableKey';
        else if (b === CLOSE_OBJECT) this.mode = 'fieldCommaOrEnd';
        else this.fail(b, i, '"," or "}" after a table');
        return false;
      case 'done':
        this.fail(b, i, 'nothing after the closing "}"');
    }
  }

  private begin(capture: Capture, b: number): boolean {
    this.capture = capture;
    this.pieces = [];
    this.captured = 0;
    this.escaped = false;
    this.inString = b === QUOTE;
    this.depth = b === OPEN_OBJECT || b === OPEN_ARRAY ? 1 : 0;
    this.bare = !this.inString && this.depth === 0;
    return true;
  }

  /** The next byte of a captured value. */
  private scan(b: number): number {
    if (this.bare) return isSpace(b) || b === COMMA || b === CLOSE_OBJECT || b === CLOSE_ARRAY ? ENDS_BEFORE : MORE;
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) this.escaped = true;
      else if (b === QUOTE) {
        this.inString = false;
        if (this.depth === 0) return ENDS_AFTER;
      }
      return MORE;
    }
    if (b === QUOTE) this.inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.depth++;
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      this.depth--;
      if (this.depth === 0) return ENDS_AFTER;
    }
    return MORE;
  }

  /** Keeps the part of a capture that the chunk ends in (a copy: a stream may reuse its buffers). */
  private keep(piece: Buffer) {
    this.limit(piece.length);
    this.pieces.push(Buffer.from(piece));
  }

  private limit(more: number) {
    this.captured += more;
    const into = this.capture!.into;
    const max = into === 'fieldName' || into === 'tableName' ? KEY_MAX_BYTES : into === 'field' ? FIELD_MAX_BYTES : Infinity;
    if (this.captured <= max) return;
    if (into === 'field') throw new BackupJsonError(`The backup's field ${this.fieldName} is far too long for what it holds.`);
    throw new BackupJsonError('The backup has a field or table name that is far too long.');
  }

  private finish(last: Buffer, events: BackupJsonEvent[]) {
    const capture = this.capture!;
    this.limit(last.length);
    const text = (this.pieces.length === 0 ? last : Buffer.concat([...this.pieces, last])).toString('utf8');
    this.capture = null;
    this.pieces = [];
    if (capture.into === 'row') {
      events.push({ kind: 'row', table: capture.table, text });
      this.mode = 'rowCommaOrEnd';
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BackupJsonError(
        capture.into === 'field'
          ? `The backup's field ${capture.name} is not valid JSON.`
          : 'The backup has a field or table name that is not valid JSON text.',
      );
    }
    if (capture.into === 'field') {
      events.push({ kind: 'field', name: capture.name, value });
      this.mode = 'fieldCommaOrEnd';
    } else if (capture.into === 'fieldName') {
      const name = String(value);
      if (this.seenFields.has(name)) throw new BackupJsonError(`The backup has the field ${name} twice.`);
      this.seenFields.add(name);
      this.fieldName = name;
      this.mode = 'fieldColon';
    } else {
      const name = String(value);
      if (this.seenTables.has(name)) throw new BackupJsonError(`The backup has the table ${name} twice.`);
      this.seenTables.add(name);
      this.tableName = name;
      this.mode = 'tableColon';
    }
  }

  private fail(b: number, i: number, expected: string): never {
    const shown = b >= 0x20 && b < 0x7f ? `"${String.fromCharCode(b)}"` : `the byte 0x${b.toString(16).padStart(2, '0')}`;
    throw new BackupJsonError(`The backup file is not valid JSON: at byte ${this.offset + i} it has ${shown} where ${expected} should be.`);
  }
}

/** A byte a JSON value can start with. */
function startsValue(b: number): boolean {
  return b === QUOTE || b === OPEN_OBJECT || b === OPEN_ARRAY || b === 0x2d || (b >= 0x30 && b <= 0x39) || b === 0x74 || b === 0x66 || b === 0x6e;
}
