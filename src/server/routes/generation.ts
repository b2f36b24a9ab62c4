import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearRequestSchema, generateRequestSchema, generateResponseSchema, type GenerateResponse } from '../../shared/api/generation.ts';
import { clearMonth, generateMonth, type GenerateMonthResult } from '../generation/service.ts';
import type { RouteContext } from './context.ts';

/** The run as the browser gets it: breaches and warnings by code with their figures, never as English text. */
function answer(result: GenerateMonthResult): GenerateResponse {
  const { report } = result;
  return {
    runId: result.runId,
    shiftCount: result.shiftCount,
    seed: result.seed,
    strategy: result.strategy,
    report: {
      elapsedMs: report.elapsedMs,
      quality: report.quality,
      breaches: report.breaches.map((b) => ({ code: b.rule, params: { ...b.params, employeeId: b.employeeId, date: b.date, amount: b.amount } })),
      unstaffedFlights: report.unstaffedFlights,
      warnings: report.notices,
    },
  };
}

export async function generationRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/generation', { schema: { body: generateRequestSchema, response: { 200: generateResponseSchema } } }, async (request) => {
    const { role, month, strategy, seed, keepManual } = request.body;
    const result = await generateMonth(database.db, {
      role,
      month,
      ...(strategy ? { strategy } : {}),
      ...(seed ? { seed } : {}),
      ...(keepManual !== undefined ? { keepManual } : {}),
      ...(request.user ? { userId: request.user.id } : {}),
    });
    return answer(result);
  });
  api.post('/generation/clear', { schema: { body: clearRequestSchema } }, async (request) =>
    clearMonth(database.db, request.body.role, request.body.month),
  );
}
