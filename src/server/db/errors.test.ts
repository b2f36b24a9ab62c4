// Which errors say the database's disk is full: PostgreSQL's 53100, the system's ENOSPC and the
// embedded database's own file layer, anywhere in the cause chain; nothing else.
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, isDatabaseUnavailable, isDiskFull } from './errors.ts';
import { HttpError } from '../http/errors.ts';

/** What a PostgreSQL error looks like (pg's DatabaseError and PGlite's carry these fields). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
/** drizzle's wrapper: the statement and its values, the database's error as the cause. */
const queryError = (cause: unknown, params: unknown[] = []) =>
  Object.assign(new Error(`Failed query: insert into "employees" values ($1)\nparams: ${params.join(',')}`), {
    query: 'insert into "employees" values ($1)',
    params,
    cause,
  });

describe('isDiskFull', () => {
  it("PostgreSQL's disk_full (53100), wrapped by drizzle as every failed query is", () => {
    const full = pgError('53100', 'could not extend file "base/5/16813": No space left on device');
    expect(isDiskFull(full)).toBe(true);
    expect(isDiskFull(queryError(full))).toBe(true);
    expect(isDiskFull(new HttpError(500, 'INTERNAL', 'saving failed', undefined))).toBe(false);
    expect(isDiskFull(Object.assign(new HttpError(500, 'INTERNAL', 'saving failed', undefined), { cause: queryError(full) }))).toBe(true);
  });

  it('ENOSPC from the system, and from the embedded database’s file layer (errno 51)', () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/data/pg/base/5/1'"), { code: 'ENOSPC', errno: -28 });
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull(new Error('startup failed', { cause: new Error('open failed', { cause: enospc }) }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 51 }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error(), { name: 'ErrnoError', errno: 54 }))).toBe(false);
  });

  it('a WAL write that failed for space, as PGlite reports it', () => {
    expect(isDiskFull(pgError('53100', 'could not write to file "pg_wal/xlogtemp.42": No space left on device'))).toBe(true);
  });

  it('not other errors, nor a value in a failed query that happens to say so', () => {
    expect(isDiskFull(pgError('23505', 'duplicate key value violates unique constraint "x"'))).toBe(false);
    expect(isDiskFull(pgError('53200', 'out of memory'))).toBe(false);
    expect(isDiskFull(queryError(pgError('23514', 'new row violates check constraint "c"'), ['No space left on device']))).toBe(false);
    expect(isDiskFull(new Error('RuntimeError: Aborted()'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    expect(isDiskFull('No space')).toBe(false);
  });

  it('a full disk is not taken for a lost connection, and the message says what happened and what to do', () => {
    expect(isDatabaseUnavailable(queryError(pgError('53100', 'could not extend file "base/5/1": No space left on device')))).toBe(false);
    expect(DISK_FULL_MESSAGE).toMatch(/disk is full/);
    expect(DISK_FULL_MESSAGE).toMatch(/not saved/);
    expect(DISK_FULL_MESSAGE).toMatch(/free space/);
  });
});
