// The one place where an error becomes an answer: JSON with a message a person can read, never a
// stack trace, and a status that says whose fault it was. Services and repositories raise domain
// errors (../domain/errors.ts) and routes HttpError; both are said here, with the code and params
// the browser translates.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, type ErrorBody } from './errors.ts';
import { BusyError, ConflictError, DomainError, FailedError, NotFoundError, UnprocessableError } from '../domain/errors.ts';
import { issueParams } from '../../shared/api/issues.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, DISK_FULL_MESSAGE, invalidInputMessage, isDatabaseUnavailable, isDiskFull } from '../db/errors.ts';

/** "1 MB", "4 kB": a body limit as a person reads it. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** The 4xx errors Fastify raises itself, with a code and a sentence of their own. */
function frameworkClientError(error: FastifyError, request: FastifyRequest): Omit<ErrorBody, 'requestId'> | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = request.routeOptions.bodyLimit;
      return { code: 'PAYLOAD_TOO_LARGE', message: `The request is too large: this address takes at most ${limit ? sizeText(limit) : 'a small body'}.` };
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON (Content-Type: application/json).' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'BAD_REQUEST', message: 'body: The JSON body is empty.', field: 'body', params: { field: 'body', issue: 'empty_body' } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'BAD_REQUEST', message: 'body: The body is not valid JSON.', field: 'body', params: { field: 'body', issue: 'invalid_json' } };
    default:
      return null;
  }
}

/**
 * The status of a domain error: 404 for what is not there, 409 for stored data in the way, 422 for
 * stored data that lacks what the work needs, 429 for work the server is too busy to take, 500 for a
 * failed step, 400 for a refused input.
 */
export function domainStatus(error: DomainError): 400 | 404 | 409 | 422 | 429 | 500 {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof BusyError) return 429;
  if (error instanceof ConflictError) return 409;
  if (error instanceof UnprocessableError) return 422;
  if (error instanceof FailedError) return 500;
  return 400;
}

/** An HttpError or a domain error: a refusal the server meant, sent with its own code, field and params. */
function meantRefusal(
  error: unknown,
): { status: number; code: string; message: string; field: string | undefined; params: Record<string, unknown> | undefined } | null {
  if (error instanceof HttpError) return { status: error.statusCode, code: error.code, message: error.message, field: error.field, params: error.params };
  if (error instanceof DomainError) return { status: domainStatus(error), code: error.code, message: error.message, field: error.field, params: error.params };
  return null;
}

export function errorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const requestId = String(request.id);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const message = first ? `${field ?? error.validationContext ?? 'request'}: ${first.message}` : 'Invalid request';
    // The sentence's parts for the browser: the field, the zod issue and its limits, a schema's rule.
    const params = { ...(field ? { field } : {}), ...(first ? issueParams(first.keyword, first.params) : { issue: 'invalid' }) };
    const body: ErrorBody = { code: 'BAD_REQUEST', message, requestId, params, ...(field ? { field } : {}) };
    return reply.status(400).send(body);
  }
  const refusal = meantRefusal(error);
  // A full disk under the database (also behind the cause of a 5xx HttpError or a FailedError): 507 with a message that says so.
  if (!(refusal && refusal.status < 500) && isDiskFull(error)) {
    request.log.error({ err: error }, 'disk full');
    return reply.status(507).send({ code: 'DISK_FULL', message: DISK_FULL_MESSAGE, requestId } satisfies ErrorBody);
  }
  // A lost database connection (also behind the cause of a 5xx HttpError or a FailedError): 503 with a message that says so.
  if (!(refusal && refusal.status < 500) && isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.status(503).send({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, requestId } satisfies ErrorBody);
  }
  // A value the database cannot hold (PostgreSQL's data exceptions, class 22) is the input's fault: 400.
  const invalid = refusal ? null : invalidInputMessage(error);
  if (invalid) return reply.status(400).send({ code: 'BAD_REQUEST', message: invalid, params: { issue: 'not_storable' }, requestId } satisfies ErrorBody);
  if (refusal) {
    const body: ErrorBody = { code: refusal.code, message: refusal.message, requestId };
    if (refusal.field) body.field = refusal.field;
    if (refusal.params) body.params = refusal.params;
    return reply.status(refusal.status).send(body);
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    const known = frameworkClientError(error, request);
    return reply.status(status).send({ ...(known ?? { code: 'BAD_REQUEST', message: error.message }), requestId } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on the server. Request id: ' + requestId, requestId } satisfies ErrorBody);
}

/**
 * Errors the router raises before any route is matched: an address that cannot be decoded, or a path
 * parameter too long to match. Said in the API's words, without echoing the address.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const requestId = String(request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send({ code: 'BAD_URL', message: 'The address is not valid: it holds a malformed percent-encoding.', requestId } satisfies ErrorBody);
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ code: 'URI_TOO_LONG', message: 'The address is too long: a part of it is longer than any record id.', requestId } satisfies ErrorBody);
  }
  return reply.status(error.statusCode ?? 400).send({ code: 'BAD_REQUEST', message: 'The request could not be read.', requestId } satisfies ErrorBody);
}
