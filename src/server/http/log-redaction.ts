// How an error is written to the log: enough to find the fault (type, PostgreSQL's code, the
// constraint, table and column it names, the statement's shape, the stack's frames), never the values
// of a query. A failed query carries its parameters (names, emails, phone numbers, whole imported
// files), PostgreSQL's `detail` repeats the row ("Key (email)=(…) already exists"), and some of its
// messages quote the offending value; none of that reaches the log.
//
// `serializeError` is the Fastify logger's serializer for `err`; `redactLogText` cleans a plain text
// (better-auth's log lines, command-line messages) of the same things.

export interface SerializedError {
  type: string;
  message: string;
  /** PostgreSQL's SQLSTATE (23505, 53100, …) or a system error code (ENOSPC, ECONNRESET, …). */
  code?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  /** PostgreSQL's severity and the routine that raised the error: safe, and useful to its readers. */
  severity?: string;
  routine?: string;
  /** The statement with its literals and value lists taken out, cut short. */
  query?: string;
  /** How many parameter values the query had (the values themselves are left out). */
  values?: number;
  statusCode?: number;
  /** The stack's frames, without the message line(s) that V8 puts first. */
  stack?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
}

/** The longest message kept from an error that is not the database's. */
export const MAX_MESSAGE_LENGTH = 500;
const MAX_QUERY_LENGTH = 300;
const MAX_DEPTH = 5;
const MAX_AGGREGATED = 5;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** PostgreSQL names these in its messages between double quotes; anything else quoted is a value. */
const IDENTIFIER_WORDS =
  /\b(?:constraint|relation|table|column|index|type|function|schema|sequence|database|role|extension|trigger|view|encoding|file|operator|collation|domain|procedure|cursor|savepoint|portal)\s*$/i;

export function serializeError(err: unknown): SerializedError {
  return serialize(err, 0, new Set(), undefined);
}

function serialize(err: unknown, depth: number, seen: Set<unknown>, parentQuery: string | undefined): SerializedError {
  if (!err || typeof err !== 'object') {
    return { type: typeof err, message: redactLogText(String(err)) };
  }
  seen.add(err);
  const e = err as Record<string, unknown>;
  const database = isDatabaseError(e);
  const out: SerializedError = { type: database ? 'DatabaseError' : typeName(e), message: '' };

  if (database) {
    out.message = redactDatabaseMessage(stringOf(e.message));
    for (const key of ['code', 'constraint', 'schema', 'table', 'column', 'dataType', 'severity', 'routine'] as const) {
      const value = e[key];
      if (typeof value === 'string' && value !== '') out[key] = value.slice(0, 200);
    }
  } else if (isQueryError(e)) {
    // drizzle's "Failed query: <text>\nparams: <values>": only the statement's shape is kept.
    out.message = 'Failed query';
  } else {
    out.message = redactLogText(stringOf(e.message));
    if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code).slice(0, 100);
  }
  // PGlite repeats the statement on its error: said once, on the outer entry.
  if (typeof e.query === 'string' && e.query !== parentQuery) {
    out.query = queryShape(e.query);
    if (Array.isArray(e.params)) out.values = e.params.length;
  }
  const query = typeof e.query === 'string' ? e.query : parentQuery;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (typeof e.stack === 'string') {
    const frames = stackFrames(e.stack);
    if (frames) out.stack = frames;
  }

  if (depth < MAX_DEPTH) {
    if (e.cause !== undefined && e.cause !== null && !seen.has(e.cause)) out.cause = serialize(e.cause, depth + 1, seen, query);
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      out.errors = e.errors
        .slice(0, MAX_AGGREGATED)
        .filter((x) => !seen.has(x))
        .map((x) => serialize(x, depth + 1, seen, query));
    }
  }
  // The database's own fields, found anywhere in the chain, on the top entry too: one place to look.
  if (depth === 0) hoistDatabaseFields(out);
  return out;
}

/** The first database error (else the first coded one) below the top lends it the fields it lacks. */
function hoistDatabaseFields(top: SerializedError): void {
  let coded: SerializedError | undefined;
  for (let c = top.cause; c; c = c.cause) {
    if (c.type === 'DatabaseError') {
      coded = c;
      break;
    }
    if (c.code) coded ??= c;
  }
  if (!coded) return;
  top.code ??= coded.code;
  if (coded.constraint) top.constraint ??= coded.constraint;
  if (coded.table) top.table ??= coded.table;
  if (coded.column) top.column ??= coded.column;
}

/** The class's name (DrizzleQueryError, HttpError, …); a minified one gives way to `name`. */
function typeName(e: Record<string, unknown>): string {
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  const name = typeof ctor === 'string' && ctor.length > 2 && ctor !== 'Object' ? ctor : e.name;
  return typeof name === 'string' && name ? name.slice(0, 100) : 'Error';
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined ? '' : String(value);
}

/** An error PostgreSQL (or PGlite) sent: a SQLSTATE code and a severity. */
function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

/** drizzle's wrapper of a failed statement: the statement's text and its parameter values. */
function isQueryError(e: Record<string, unknown>): boolean {
  return typeof e.query === 'string' && 'params' in e;
}

/**
 * PostgreSQL's message with every quoted value replaced: double-quoted names of constraints,
 * relations, columns and the like stay; any other quoted text ("invalid input syntax for type uuid:
 * "…"", "value "…" is out of range") and every single-quoted literal go.
 */
export function redactDatabaseMessage(message: string): string {
  let result = '';
  let rest = message.replace(/'(?:[^']|'')*'/g, "'…'");
  for (;;) {
    const open = rest.indexOf('"');
    if (open < 0) break;
    const close = rest.indexOf('"', open + 1);
    if (close < 0) {
      rest = rest.slice(0, open) + '"…';
      break;
    }
    const before = rest.slice(0, open);
    const quoted = rest.slice(open, close + 1);
    result += before + (IDENTIFIER_WORDS.test(before) && quoted.length <= 130 ? quoted : '"…"');
    rest = rest.slice(close + 1);
  }
  return cap(result + rest, MAX_MESSAGE_LENGTH);
}

/**
 * A statement as it may be logged: string and dollar-quoted literals, numbers and the lists after
 * VALUES taken out, cut to MAX_QUERY_LENGTH. drizzle sends values as parameters ($1, $2, …); this
 * also covers text written into the statement itself.
 */
export function queryShape(query: string): string {
  const shape = query
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, '?')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$."])\d+(?:\.\d+)?/g, '?')
    .replace(/\bvalues\s*\([\s\S]*?(?=\s+(?:on\s+conflict|returning)\b|$)/i, 'values …')
    .replace(/\s+/g, ' ')
    .trim();
  return cap(shape, MAX_QUERY_LENGTH);
}

/**
 * A text for the log with what a failed query would carry taken out: drizzle's "Failed query: …
 * params: …" (which other messages sometimes quote) becomes its statement's shape; cut to
 * MAX_MESSAGE_LENGTH.
 */
export function redactLogText(text: string): string {
  const at = text.indexOf('Failed query: ');
  if (at < 0) return cap(text, MAX_MESSAGE_LENGTH);
  const rest = text.slice(at + 'Failed query: '.length);
  const paramsAt = rest.search(/\nparams: /);
  const statement = paramsAt < 0 ? rest : rest.slice(0, paramsAt);
  return cap(`${text.slice(0, at)}Failed query: ${queryShape(statement)} (values left out)`, MAX_MESSAGE_LENGTH);
}

/** The "    at …" lines of a V8 stack: the message above them may quote a query and its values. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => cap(line, 300))
    .join('\n');
}

function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** What the log serializer sees of a request: its address as sent, and the route the server matched. */
export interface LoggedRequest {
  url: string;
  routeOptions?: { url?: string; config?: unknown };
}

/**
 * The address a request's log line shows. A route whose address carries a secret (its config says
 * `secretInAddress`, as the calendar's does) is logged by the route the server matched
 * ("/api/calendar/:file"), never as it was sent: the decision hangs on the route, so no spelling of
 * the address (`/api/c%61lendar/…`) can carry the token into the log. Any other address is logged as
 * sent, with a calendar address's token cut out as well (one that matched no route, say).
 */
export function loggedUrl(request: LoggedRequest): string {
  const route = request.routeOptions;
  const config = route?.config as { secretInAddress?: unknown } | undefined;
  if (route?.url && config?.secretInAddress === true) return route.url;
  return redactFeedUrl(request.url);
}

/** A request's address with anything after a calendar path cut out, however it is percent-encoded: "/api/calendar/…". */
function redactFeedUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Not valid percent-encoding: looked at as sent.
  }
  const at = decoded.search(/\/calendar\//i);
  return at < 0 ? url : `${decoded.slice(0, at)}/calendar/…`;
}
