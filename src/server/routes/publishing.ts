// Publishing a group's month (docs/publishing.md): POST /publishing publishes it (again), GET
// /publishing?role&month says whether and when it was published and how many shifts changed since,
// GET /publishing/changes lists those changes, POST /publishing/reset puts the published version back.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  groupMonthQuerySchema,
  publishChangesSchema,
  publishRequestSchema,
  publishStatusSchema,
  resetAnswerSchema,
  resetRequestSchema,
} from '../../shared/api/publishing.ts';
import { changesSincePublication, publishMonth, publishStatus, resetToPublished } from '../publishing/service.ts';
import type { RouteContext } from './context.ts';

export async function publishingRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/publishing',
    { config: { audience: 'planner' }, schema: { querystring: groupMonthQuerySchema, response: { 200: publishStatusSchema } } },
    async (request) => publishStatus(db, request.query.role, request.query.month),
  );

  api.get(
    '/publishing/changes',
    { config: { audience: 'planner' }, schema: { querystring: groupMonthQuerySchema, response: { 200: publishChangesSchema } } },
    async (request) => changesSincePublication(db, request.query.role, request.query.month),
  );

  api.post(
    '/publishing',
    { config: { audience: 'planner' }, schema: { body: publishRequestSchema, response: { 200: publishStatusSchema } } },
    async (request) => {
      const { role, month, version } = request.body;
      return publishMonth(db, { role, month, version, userId: request.user?.id ?? null });
    },
  );

  api.post(
    '/publishing/reset',
    { config: { audience: 'planner' }, schema: { body: resetRequestSchema, response: { 200: resetAnswerSchema } } },
    async (request) => {
      const { role, month, version, lastEditId } = request.body;
      return resetToPublished(db, { role, month, version, lastEditId, userId: request.user?.id ?? null });
    },
  );
}
