// Errors as the API sends them: JSON with a message a person can read, never a stack trace.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  /** What the browser needs to say why in the user's language; sent as the body's `params`. */
  readonly params: Record<string, unknown> | undefined;
  constructor(statusCode: number, code: string, message: string, field?: string, params?: Record<string, unknown>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
    this.params = params;
  }
}

/**
 * A refused input. The params say why in words the browser translates (shared/api/issues.ts):
 * `{ field, issue, rule?, minimum?, maximum?... }`; the field is added to them.
 */
export const badRequest = (message: string, field?: string, params?: Record<string, unknown>) =>
  new HttpError(400, 'BAD_REQUEST', message, field, { ...(field ? { field } : {}), issue: 'custom', ...params });

/** "Operating hours record" → "operatingHoursRecord": the thing not found, as a key the browser translates. */
const thingKey = (what: string) =>
  what
    .toLowerCase()
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`, undefined, { what: thingKey(what) });
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);

/** An edit based on a version that is no longer the stored one (lost-update guard, docs/design.md#edits-by-several-planners). */
const STALE_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
export const staleRecord = () => conflict(STALE_MESSAGE, 'STALE');

/** The body of every error answer. */
export interface ErrorBody {
  code: string;
  message: string;
  field?: string;
  /** Values for the browser's translation of the error, e.g. a refused password's { reason }. */
  params?: Record<string, unknown>;
  requestId: string;
}
