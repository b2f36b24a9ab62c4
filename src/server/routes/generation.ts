import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearRequestSchema, generateRequestSchema } from '../../shared/api/generation.ts';
import { clearMonth, generateMonth } from '../generation/service.ts';
import type { RouteContext } from './context.ts';

export async function generationRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/generation', { schema: { body: generateRequestSchema } }, async (request) => {
    const { role, month, strategy, seed, keepManual } = request.body;
    return generateMonth(database.db, {
      role,
      month,
      ...(strategy ? { strategy } : {}),
      ...(seed ? { seed } : {}),
      ...(keepManual !== undefined ? { keepManual } : {}),
      ...(request.user ? { userId: request.user.id } : {}),
    });
  });
  api.post('/generation/clear', { schema: { body: clearRequestSchema } }, async (request) =>
    clearMonth(database.db, request.body.role, request.body.month),
  );
}
