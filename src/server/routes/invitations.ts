// POST /api/invitations/accept: an employee takes their invitation link and chooses a password
// (docs/staff-accounts.md). No session: the token is the key. The body is small (a token and a
// password), the work bounded (one row by its token's hash, one password hash), and attempts are
// limited per client address as sign-in is (429 past the limit). The rules are the service's.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { acceptInvitation } from '../employee-accounts/service.ts';
import { acceptInvitationSchema, invitationAcceptedSchema } from '../../shared/api/employee-accounts.ts';

/** Attempts one client address may make per minute: as many as sign-ins. */
const ATTEMPTS_PER_MINUTE = 10;
/** A token and a password: a kilobyte is plenty. */
export const INVITATION_ACCEPT_BODY_LIMIT = 1024;

export async function invitationRoutes(
  app: FastifyInstance,
  { database, auth, perMinute = ATTEMPTS_PER_MINUTE }: { database: Database; auth: Auth; perMinute?: number },
) {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many attempts from this address. Try again in ${Math.ceil(context.ttl / 1000)} s.`, undefined, {
        seconds: Math.ceil(context.ttl / 1000),
      }),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/invitations/accept',
    {
      config: { audience: 'public' },
      bodyLimit: INVITATION_ACCEPT_BODY_LIMIT,
      schema: { body: acceptInvitationSchema, response: { 200: invitationAcceptedSchema } },
    },
    async (request) => acceptInvitation(database.db, auth, request.body, request.ip),
  );
}
