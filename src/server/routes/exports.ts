// Exports: GET /export/payroll?month&role&lang answers one group's month as an XLSX workbook for payroll
// (src/server/exports/payroll.ts), read from what is saved.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { payrollQuerySchema } from '../../shared/api/exports.ts';
import { NotFoundError } from '../domain/errors.ts';
import { payrollFileName, payrollWorkbook } from '../exports/payroll.ts';
import { loadMonth } from '../month/service.ts';
import type { RouteContext } from './context.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function exportRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/export/payroll', { config: { audience: 'planner' }, schema: { querystring: payrollQuerySchema } }, async (request, reply) => {
    const { month, role, lang } = request.query;
    const book = await payrollWorkbook(await loadMonth(database.db, month), role, lang);
    if (!book) throw new NotFoundError('NOT_FOUND', `Staff group "${role}" not found`, { field: 'role', params: { what: 'staffGroup' } });
    reply.header('content-disposition', `attachment; filename="${payrollFileName(role, month)}"`).type(XLSX);
    return reply.send(book);
  });
}
