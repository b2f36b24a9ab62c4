// The audit log, for administrators: newest first, a page at a time (at most 100 entries), paged back
// by id; optionally one action only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../shared/api/users.ts';
import { auditPage } from '../repos/audit.ts';
import { ADMIN_ONLY_MESSAGE } from '../security/access.ts';
import type { RouteContext } from './context.ts';

export async function auditRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/audit',
    { config: { audience: 'admin', forbidden: ADMIN_ONLY_MESSAGE }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      const page = await auditPage(database.db, request.query);
      return {
        entries: page.entries.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          action: r.action,
          userId: r.userId,
          email: r.email,
          ipAddress: r.ipAddress,
          detail: (r.detail as Record<string, unknown> | null) ?? null,
          count: r.occurrences,
          lastAt: r.occurrences > 1 && r.lastAt ? r.lastAt.toISOString() : null,
        })),
        nextBefore: page.nextBefore,
      };
    },
  );
}
