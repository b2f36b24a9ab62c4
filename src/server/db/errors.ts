// Recognises a lost or unreachable database behind an error, so the API can answer 503 with a
// message a planner understands instead of a generic 500.

/** PostgreSQL error classes of a connection that went away: 08 (connection) and 57P (shutdown, terminated). */
const CONNECTION_CODE = /^(08\w{3}|57P0[1-3])$/;
const CONNECTION_MESSAGE =
  /Connection terminated|not queryable|Client was closed|ECONNREFUSED|ECONNRESET|EPIPE|terminating connection|timeout exceeded when trying to connect/i;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The connection to the database was lost, so this request was not completed and nothing was saved. Try again in a moment.';

/** True when `error` or one of its causes says the database connection was lost or refused. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (CONNECTION_CODE.test(e.code) || /^E(CONNREFUSED|CONNRESET|PIPE)$/.test(e.code))) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * PostgreSQL's "data exception" class (22…: a value the column cannot hold, a malformed number or
 * date, text it cannot encode): always caused by the request's input, so a 400, never a 500.
 */
export function invalidInputMessage(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.message === 'string') {
      return `A value in the request cannot be stored: ${e.message}`;
    }
    current = e.cause;
  }
  return null;
}

/** PostgreSQL's disk_full; ENOSPC as the system (and the embedded database's file layer) names it. */
const DISK_FULL_CODE = /^(53100|ENOSPC)$/;
/** ENOSPC in the numbering of the embedded database's file layer (Emscripten), which throws it bare. */
const EMSCRIPTEN_ENOSPC = 51;
const DISK_FULL_TEXT = /No space left on device|\bENOSPC\b/i;

export const DISK_FULL_MESSAGE =
  "The database's disk is full, so this change was not saved. Ask the administrator to free space on the server's disk, then try again.";

/** True when `error` or one of its causes says the disk that holds the database is full. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && DISK_FULL_CODE.test(e.code)) return true;
    if (e.name === 'ErrnoError' && e.errno === EMSCRIPTEN_ENOSPC) return true;
    // Only PostgreSQL's own message for a database error: drizzle's wrapper quotes the query's values.
    if (typeof e.message === 'string' && !isQueryWrapper(e) && DISK_FULL_TEXT.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

function isQueryWrapper(e: object): boolean {
  return typeof (e as { query?: unknown }).query === 'string' && 'params' in e && !('severity' in e);
}

/**
 * The PostgreSQL error code (SQLSTATE) of a failed statement: drizzle wraps the driver's error as
 * `cause`, so the first five-character code on the way down is the database's.
 */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when the error, or one it wraps, is PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
