// Coverage API (docs/coverage.md): GET /coverage?month for every group with operating hours (per day
// and per flight, with the upper bound when it is known), GET /coverage/day?date&role for one day in
// 15-minute steps. Both read what is saved; nothing is written. POST /coverage/staffing-curve starts a
// group-month's staffing curve (docs/staffing-curve.md) off the request thread, GET reads its progress
// and result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coverageDayQuerySchema, coverageQuerySchema, dayProfileSchema, monthCoverageSchema } from '../../shared/api/coverage.ts';
import { dayCoverage } from '../coverage/service.ts';
import { staffingCurveQuerySchema, staffingCurveStatusSchema } from '../../shared/api/staffing-curve.ts';
import type { RouteContext } from './context.ts';

export async function coverageRoutes(app: FastifyInstance, { database, coverageCache, coverageBound, staffingCurve }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/coverage',
    { config: { audience: 'planner' }, schema: { querystring: coverageQuerySchema, response: { 200: monthCoverageSchema } } },
    async (request) => {
      const { month } = request.query;
      const coverage = await coverageCache.get(month);
      // The bound is asked each time: it may have become ready since the month was kept.
      if (!coverageBound) return coverage;
      return { ...coverage, groups: coverage.groups.map((g) => ({ ...g, bound: coverageBound(g.role, month) })) };
    },
  );
  api.get(
    '/coverage/day',
    { config: { audience: 'planner' }, schema: { querystring: coverageDayQuerySchema, response: { 200: dayProfileSchema } } },
    async (request) => dayCoverage(database.db, request.query.role, request.query.date),
  );
  if (!staffingCurve) return;
  api.post(
    '/coverage/staffing-curve',
    { config: { audience: 'planner', savesNothing: true }, schema: { body: staffingCurveQuerySchema, response: { 200: staffingCurveStatusSchema } } },
    async (request) => staffingCurve.start(request.body.role, request.body.month),
  );
  api.get(
    '/coverage/staffing-curve',
    { config: { audience: 'planner' }, schema: { querystring: staffingCurveQuerySchema, response: { 200: staffingCurveStatusSchema } } },
    async (request) => staffingCurve.statusOf(request.query.role, request.query.month),
  );
}
