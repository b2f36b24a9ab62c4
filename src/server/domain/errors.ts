// What services and repositories raise when they refuse something: the refusal in the product's
// terms, with the code and params the browser translates (and the English sentence the command line
// prints). They know nothing of HTTP: src/server/http/error-handler.ts is the one place that gives
// each kind its status (docs/decisions/0011-server-layers.md).

/** Options every refusal may carry: the input at fault, and the figures its sentence needs. */
export interface RefusalDetails {
  /** The input at fault, when one is (`email`, `password`). */
  field?: string | undefined;
  /** What the browser needs to say it in the user's language; sent as the answer's `params`. */
  params?: Record<string, unknown> | undefined;
  /** The error underneath, for the log and for recognising a lost connection or a full disk. */
  cause?: unknown;
}

/** A refusal with a code; the subclasses say whose fault it is. */
export class DomainError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  readonly params: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details: RefusalDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.code = code;
    this.field = details.field;
    this.params = details.params;
  }
}

/** The input itself is refused (a password the policy does not allow). Answered with 400. */
export class RefusedError extends DomainError {}

/** What was asked for is not there. Answered with 404. */
export class NotFoundError extends DomainError {}

/** The stored data stands in the way (a taken email, the last administrator, one's own account). Answered with 409. */
export class ConflictError extends DomainError {}

/** The input is well formed, but what is stored lacks something the work needs (a month without required hours). Answered with 422. */
export class UnprocessableError extends DomainError {}

/** A step of the work failed for a reason that is not the request's (a statement that failed); the code names the step. Answered with 500. */
export class FailedError extends DomainError {}

/**
 * The server is busy with work of this kind: the user's own earlier request of the kind is still
 * waiting or running, or the queue is full. Answered with 429; nothing was done.
 */
export class BusyError extends DomainError {}

/**
 * A refused input said as a malformed request is (code BAD_REQUEST): the field, and params that say
 * why in words the browser translates (shared/api/issues.ts), `{ field, issue: 'custom', rule?... }`.
 * Answered with 400, as the routes' badRequest (http/errors.ts) is.
 */
export const invalidInput = (message: string, field?: string, params?: Record<string, unknown>) =>
  new RefusedError('BAD_REQUEST', message, { field, params: { ...(field ? { field } : {}), issue: 'custom', ...params } });
