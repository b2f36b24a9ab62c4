// GET /month?month=YYYY-MM: everything the dashboard grid shows for a month, in one round trip.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { monthDataSchema, monthQuerySchema } from '../../shared/api/schedule.ts';
import { loadMonth } from '../repos/month.ts';
import type { RouteContext } from './context.ts';

export async function monthRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/month', { schema: { querystring: monthQuerySchema, response: { 200: monthDataSchema } } }, async (request) =>
    loadMonth(database.db, request.query.month),
  );
}
