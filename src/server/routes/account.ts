// The signed-in user's own account: who they are and their sessions. Password change, sign-out
// scopes and two-factor are better-auth's endpoints under /api/auth (see security/auth-gate.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSchema, sessionInfoSchema, sessionParamsSchema } from '../../shared/api/account.ts';
import { findSessionById, findUserById, listSessions } from '../repos/users.ts';
import { writeAudit } from '../repos/audit.ts';
import { deviceName } from '../security/user-agent.ts';
import { notFound } from '../http/errors.ts';
import type { RouteContext } from './context.ts';

export async function accountRoutes(app: FastifyInstance, { database, auth }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get('/account', { config: { audience: 'account' }, schema: { response: { 200: accountSchema } } }, async (request) => {
    const me = await findUserById(db, request.user!.id);
    if (!me) throw notFound('Account');
    return {
      id: me.id,
      email: me.email,
      name: me.name,
      role: me.role === 'admin' ? 'admin' : 'user',
      twoFactorEnabled: !!me.twoFactorEnabled,
      mustChangePassword: !!me.mustChangePassword,
    } as const;
  });

  api.get('/account/sessions', { config: { audience: 'account' }, schema: { response: { 200: z.array(sessionInfoSchema) } } }, async (request) => {
    const rows = await listSessions(db, request.user!.id);
    return rows.map((s) => ({
      id: s.id,
      current: s.id === request.sessionId,
      device: deviceName(s.userAgent),
      ipAddress: s.ipAddress,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.updatedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    }));
  });

  api.delete('/account/sessions/:id', { config: { audience: 'account' }, schema: { params: sessionParamsSchema } }, async (request, reply) => {
    const me = request.user!;
    const found = await findSessionById(db, me.id, request.params.id);
    if (!found) throw notFound('Session');
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(found.token);
    await writeAudit(db, {
      action: 'session.revoked',
      userId: me.id,
      email: me.email,
      ipAddress: request.ip,
      detail: { sessionId: found.id, current: found.id === request.sessionId },
    });
    return reply.status(204).send();
  });
}
