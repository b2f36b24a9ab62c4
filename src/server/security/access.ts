// The access hooks of the /api scope (src/server/app.ts). They are added to the scopes the routes are
// registered in, so they run for every route matched there, however the client spelled its path.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { headersOf } from '../auth/fetch-request.ts';
import type { ErrorBody } from '../http/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request carries a body (declared by length or sent in chunks). */
export const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

function refuse(reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string) {
  // A refused request's body is never read; closing the connection after the answer keeps the client
  // from streaming the rest of it into a connection that would otherwise stay open for the next request.
  if (hasBody(request)) reply.header('connection', 'close');
  return reply.status(status).send({ code, message, requestId: String(request.id) } satisfies ErrorBody);
}

/** Writes from another site are refused (the session cookie is SameSite=Lax; this closes the rest). */
export function refuseCrossSiteWrites(ownOrigin: string): onRequestAsyncHookHandler {
  return async function crossSiteGuard(request, reply) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && origin !== ownOrigin) || site === 'cross-site') {
      return refuse(reply, request, 403, 'FORBIDDEN_ORIGIN', 'Requests from another site are refused.');
    }
  };
}

/**
 * A signed-in user (with two-factor on, one who passed the second step), or 401. Runs on onRequest,
 * before the body is read, so a caller without a session costs no parsing and sees no field errors.
 */
export function requireSession(auth: Auth): onRequestAsyncHookHandler {
  return async function sessionGuard(request, reply) {
    const session = await auth.api.getSession({ headers: headersOf(request) });
    if (!session) return refuse(reply, request, 401, 'UNAUTHORIZED', 'Not signed in');
    request.user = session.user;
    request.sessionId = session.session.id;
  };
}

/**
 * An account created or reset by an administrator chooses its own password before anything else:
 * added to every signed-in scope but the account's own routes.
 */
export const requireChosenPassword: onRequestAsyncHookHandler = async function passwordGuard(request, reply) {
  if (request.user?.mustChangePassword) {
    return refuse(reply, request, 403, 'PASSWORD_CHANGE_REQUIRED', 'Choose a new password on the Account page before continuing.');
  }
};

/** What the Users page's routes and the audit log say to a signed-in user who is not an administrator. */
export const ADMIN_ONLY_MESSAGE = 'Only administrators can manage accounts.';
