// The audit log, for administrators: newest first, paged back by id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '../../shared/api/users.ts';
import { listAudit } from '../repos/audit.ts';
import { requireAdmin } from './admin.ts';
import type { RouteContext } from './context.ts';

export async function auditRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', requireAdmin);
  api.get('/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } } }, async (request) => {
    const rows = await listAudit(database.db, request.query);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      userId: r.userId,
      email: r.email,
      ipAddress: r.ipAddress,
      detail: (r.detail as Record<string, unknown> | null) ?? null,
    }));
  });
}
