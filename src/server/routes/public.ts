// The only /api routes answered without a session: liveness, and better-auth's own endpoints (sign-in,
// sign-out, the second step, password change), each checked against the gate's list first.
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { toFetchRequest } from '../auth/fetch-request.ts';
import type { Database } from '../db/client.ts';
import type { ErrorBody } from '../http/errors.ts';
import { checkAuthRequest } from '../security/auth-gate.ts';
import { databaseAnswers } from '../repos/health.ts';

/** Sign-in and the other auth bodies hold an email, a password or a code: a few kB is plenty. */
export const AUTH_BODY_LIMIT = 4 * 1024;

export async function publicRoutes(app: FastifyInstance, { database, auth, baseUrl }: { database: Database; auth: Auth; baseUrl: string }) {
  // Liveness for load balancers and scripts: no version, no database kind (those are in /api/health/details).
  app.get('/health', { config: { audience: 'public' } }, async (_request, reply) => {
    const ok = await databaseAnswers(database.db);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded' });
  });

  app.route({
    config: { audience: 'public' },
    method: ['GET', 'POST'],
    url: '/auth/*',
    bodyLimit: AUTH_BODY_LIMIT,
    handler: async (request, reply) => {
      // The path as the router matched and decoded it, so no spelling of it slips past the gate.
      const path = '/' + String((request.params as Record<string, string>)['*'] ?? '');
      if (path.startsWith('/sign-up')) {
        return reply.status(403).send({
          code: 'SIGN_UP_DISABLED',
          message: 'Registration of new accounts is disabled. Please contact the system administrator.',
          requestId: String(request.id),
        } satisfies ErrorBody);
      }
      // Only the endpoints the app uses, with only the fields it sends (security/auth-gate.ts).
      const gate = checkAuthRequest(request.method, path, request.body);
      if (!gate.ok) {
        const body: ErrorBody = { code: gate.code, message: gate.message, requestId: String(request.id) };
        if (gate.field) body.field = gate.field;
        return reply.status(gate.status).send(body);
      }
      const response = await auth.handler(toFetchRequest(request, `/api/auth${gate.path}`, baseUrl));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
