// Administration of accounts: administrators only (the app's one permission). Each action ends the
// sessions it must and writes the audit log (src/server/auth/users.ts, shared with the command line);
// what those refuse they raise as domain errors, said by the one error handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { banBodySchema, createUserBodySchema, createdUserSchema, oneTimePasswordSchema, userParamsSchema, userSchema } from '../../shared/api/users.ts';
import { adminBanUser, adminCreateUser, adminDeleteUser, adminResetPassword, adminUnbanUser, type Actor } from '../auth/users.ts';
import { listUsers } from '../repos/users.ts';
import { HttpError } from '../http/errors.ts';
import { ADMIN_ONLY_MESSAGE } from '../security/access.ts';
import { actorOf } from '../http/actor.ts';
import type { RouteContext } from './context.ts';

const webActor = (request: FastifyRequest): Actor => ({ ...actorOf(request), via: 'web' });

type Row = Awaited<ReturnType<typeof listUsers>>[number];
function toUser(u: Omit<Row, 'activeSessions' | 'lastSeenAt'> & Partial<Pick<Row, 'activeSessions' | 'lastSeenAt'>>) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? ('admin' as const) : ('user' as const),
    banned: !!u.banned,
    banReason: u.banReason,
    banExpires: u.banExpires ? u.banExpires.toISOString() : null,
    twoFactorEnabled: !!u.twoFactorEnabled,
    mustChangePassword: !!u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
    activeSessions: u.activeSessions ?? 0,
    lastSeenAt: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
  };
}

const noBody = z.strictObject({}).nullish();

export async function adminRoutes(app: FastifyInstance, { database, auth }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get('/admin/users', { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { response: { 200: z.array(userSchema) } } }, async () => {
    return (await listUsers(db)).map(toUser);
  });

  api.post(
    '/admin/users',
    { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { body: createUserBodySchema, response: { 201: createdUserSchema } } },
    async (request, reply) => {
      const created = await adminCreateUser(db, auth, webActor(request), request.body);
      return reply.status(201).send({ user: toUser(created.user), oneTimePassword: created.oneTimePassword });
    },
  );

  api.post(
    '/admin/users/:id/reset-password',
    {
      config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE },
      schema: { params: userParamsSchema, body: noBody, response: { 200: oneTimePasswordSchema } },
    },
    async (request) => adminResetPassword(db, auth, webActor(request), request.params.id),
  );

  api.post(
    '/admin/users/:id/ban',
    { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { params: userParamsSchema, body: banBodySchema.nullish() } },
    async (request, reply) => {
      const until = request.body?.until ? new Date(request.body.until) : undefined;
      if (until && until.getTime() <= Date.now())
        throw new HttpError(400, 'BAD_REQUEST', 'until: must be in the future', 'until', { field: 'until', issue: 'custom', rule: 'inFuture' });
      await adminBanUser(db, auth, webActor(request), request.params.id, { reason: request.body?.reason, expires: until });
      return reply.status(204).send();
    },
  );

  api.post(
    '/admin/users/:id/unban',
    { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { params: userParamsSchema, body: noBody } },
    async (request, reply) => {
      await adminUnbanUser(db, webActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.delete(
    '/admin/users/:id',
    { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { params: userParamsSchema } },
    async (request, reply) => {
      await adminDeleteUser(db, auth, webActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
