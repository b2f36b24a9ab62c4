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
