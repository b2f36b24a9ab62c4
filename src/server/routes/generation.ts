import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearRequestSchema,
  generateRequestSchema,
  generateResponseSchema,
  generationRunsQuerySchema,
  generationQueueSchema,
  generationRunsSchema,
  RUN_HISTORY_LENGTH,
  type GenerateResponse,
} from '../../shared/api/generation.ts';
import { parseMonthKey } from '../../shared/month.ts';
import type { Report } from '../../engine/generate.ts';
import { recentRuns } from '../repos/generation.ts';
import { clearMonth, generateMonth, type GenerateMonthResult } from '../generation/service.ts';
import { workQueue } from '../work/pools.ts';
import { applyReplan, proposeReplan } from '../generation/replan.ts';
import { replanAppliedSchema, replanApplySchema, replanProposalSchema, replanRequestSchema } from '../../shared/api/replan.ts';

/** The apply route reads a proposal's token of up to this many bytes (a 200-person month changed throughout fits); others keep the default. */
const REPLAN_BODY_LIMIT = 4 * 1024 * 1024;
import type { RouteContext } from './context.ts';

/** The run as the browser gets it: breaches and warnings by code with their figures, never as English text. */
function answer(result: Pick<GenerateMonthResult, 'runId' | 'shiftCount' | 'seed' | 'strategy' | 'report'>): GenerateResponse {
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

export async function generationRoutes(app: FastifyInstance, { database, auth }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secret = auth.options.secret!;
  // Re-planning a published month from a date (docs/replanning.md): a proposal, saving nothing; then applying it.
  api.post(
    '/generation/replan',
    { config: { audience: 'planner', savesNothing: true }, schema: { body: replanRequestSchema, response: { 200: replanProposalSchema } } },
    async (request) => proposeReplan(database.db, { ...request.body, userId: request.user?.id ?? null, secret }),
  );
  api.post(
    '/generation/replan/apply',
    { config: { audience: 'planner' }, bodyLimit: REPLAN_BODY_LIMIT, schema: { body: replanApplySchema, response: { 200: replanAppliedSchema } } },
    async (request) => applyReplan(database.db, { ...request.body, userId: request.user?.id ?? null, secret }),
  );
  api.post(
    '/generation',
    { config: { audience: 'planner' }, schema: { body: generateRequestSchema, response: { 200: generateResponseSchema } } },
    async (request) => {
      const { role, month, strategy, seed, keepManual, confirmPublished } = request.body;
      const result = await generateMonth(database.db, {
        role,
        month,
        ...(strategy ? { strategy } : {}),
        ...(seed ? { seed } : {}),
        ...(keepManual !== undefined ? { keepManual } : {}),
        ...(confirmPublished !== undefined ? { confirmPublished } : {}),
        ...(request.user ? { userId: request.user.id } : {}),
      });
      return answer(result);
    },
  );
  // Where the user's own run stands in the generation queue (src/server/work/work-queue.ts).
  api.get('/generation/queue', { config: { audience: 'planner' }, schema: { response: { 200: generationQueueSchema } } }, async (request) => {
    const state = request.user ? workQueue('generation').stateOf(request.user.id) : null;
    return state ?? { state: 'none' as const };
  });
  // The last runs of a group-month, each as its answer was, to see and compare (docs/coverage.md).
  api.get(
    '/generation/runs',
    { config: { audience: 'planner' }, schema: { querystring: generationRunsQuerySchema, response: { 200: generationRunsSchema } } },
    async (request) => {
      const { role, month } = request.query;
      const rows = await recentRuns(database.db, role, parseMonthKey(month), RUN_HISTORY_LENGTH);
      // A run recorded by an older version may lack what the answer holds now: it is left out, not failed on.
      const runs = rows.flatMap((row) => {
        try {
          const report = row.report as Report;
          const run = answer({
            runId: row.id,
            shiftCount: row.shiftCount,
            seed: row.seed,
            strategy: row.strategy as GenerateResponse['strategy'],
            report: { ...report, notices: report.notices ?? [] },
          });
          const parsed = generateResponseSchema.safeParse(run);
          return parsed.success ? [{ ...parsed.data, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy ?? null }] : [];
        } catch {
          return [];
        }
      });
      return { runs };
    },
  );
  api.post('/generation/clear', { config: { audience: 'planner' }, schema: { body: clearRequestSchema } }, async (request) =>
    clearMonth(database.db, request.body.role, request.body.month, { userId: request.user?.id ?? null, confirmPublished: request.body.confirmPublished }),
  );
}
