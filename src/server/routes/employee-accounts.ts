// An employee's own account, managed by a planner (docs/staff-accounts.md): GET says whether the
// employee was invited, until when the link works and whether they accepted; POST invites them (or
// again: the old link stops working) and answers the link once, mailing it when a mail server is
// configured; DELETE revokes the account. The rules are the service's (employee-accounts/service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeAccountSchema, invitationCreatedSchema, invitationInputSchema } from '../../shared/api/employee-accounts.ts';
import { accountStatus, inviteEmployee, revokeAccount } from '../employee-accounts/service.ts';
import { actorOf } from '../http/actor.ts';
import type { RouteContext } from './context.ts';

const idParams = z.object({ id: z.uuid('must be an employee id') });
/** An address and a language: a small body. */
const INVITATION_BODY_LIMIT = 2 * 1024;

export async function employeeAccountRoutes(app: FastifyInstance, { database, auth, baseUrl = '', mail = null }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/employees/:id/account',
    { config: { audience: 'planner' }, schema: { params: idParams, response: { 200: employeeAccountSchema } } },
    async (request) => accountStatus(db, request.params.id),
  );

  api.post(
    '/employees/:id/account',
    {
      config: { audience: 'planner' },
      bodyLimit: INVITATION_BODY_LIMIT,
      schema: { params: idParams, body: invitationInputSchema, response: { 201: invitationCreatedSchema } },
    },
    async (request, reply) => {
      const created = await inviteEmployee(
        {
          db,
          auth,
          baseUrl,
          mail,
          // The reason only (an error's name): never the address the mail was for.
          onMailFailure: (reason) => request.log.warn({ reason }, 'an invitation mail was not sent'),
        },
        request.params.id,
        request.body ?? {},
        actorOf(request),
      );
      return reply.status(201).send(created);
    },
  );

  api.delete('/employees/:id/account', { config: { audience: 'planner' }, schema: { params: idParams } }, async (request, reply) => {
    await revokeAccount(db, auth, request.params.id, actorOf(request));
    return reply.status(204).send();
  });
}
