// Who can take it? (docs/day-of-operations.md): GET /schedules/:role/:month/cover-candidates?date&start&end[&from]
// ranks the group's people for a shift; POST /schedules/:role/:month/cover gives it to one of them,
// taking it from its present owner in the same transaction. The judging is cover/service.ts's, the
// move the schedules service's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverCandidatesQuerySchema, coverCandidatesSchema, coverMoveAnswerSchema, coverMoveBodySchema } from '../../shared/api/cover.ts';
import { isoMonth } from '../../shared/api/dates.ts';
import { coverCandidates } from '../cover/service.ts';
import { invalidInput } from '../domain/errors.ts';
import { moveShift } from '../schedules/service.ts';
import type { RouteContext } from './context.ts';

const params = z.object({ role: z.string().min(1, 'must name a staff group').max(100, 'must be at most 100 characters'), month: isoMonth });

export async function coverRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/schedules/:role/:month/cover-candidates',
    { config: { audience: 'planner' }, schema: { params, querystring: coverCandidatesQuerySchema, response: { 200: coverCandidatesSchema } } },
    async (request) => coverCandidates(db, request.params.role, request.params.month, request.query),
  );

  api.post(
    '/schedules/:role/:month/cover',
    { config: { audience: 'planner' }, schema: { params, body: coverMoveBodySchema, response: { 200: coverMoveAnswerSchema } } },
    async (request) => {
      const { role, month } = request.params;
      if (request.body.date.slice(0, 7) !== month) {
        throw invalidInput(`date: ${request.body.date} is not in the month ${month}`, 'date', { rule: 'dateInMonth', month });
      }
      const moved = await moveShift(db, role, request.body, request.user?.id ?? null);
      return { shift: moved.row };
    },
  );
}
