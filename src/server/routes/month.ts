// GET /month?month=YYYY-MM: everything the dashboard grid shows for a month, in one round trip.
// The answer comes from the month cache (cache/month-cache.ts), checked against the response schema
// when it is built (http/month-answer.ts), and goes out gzipped to every client that accepts it
// (browsers do): a month of 60 employees is about 160 KB of JSON and a tenth of that compressed.
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { monthDataSchema, monthQuerySchema } from '../../shared/api/schedule.ts';
import type { RouteContext } from './context.ts';

const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });

export async function monthRoutes(app: FastifyInstance, { monthCache }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // compress: false: the answer is compressed once, by the cache, never again by the API's compression (app.ts).
  api.get(
    '/month',
    { config: { audience: 'planner' }, compress: false, schema: { querystring: monthQuerySchema, response: { 200: monthDataSchema } } },
    async (request, reply) => {
      const answer = await monthCache.get(request.query.month);
      const accepted = request.headers['accept-encoding'];
      const gzip = accepted !== undefined && encodings.negotiate(accepted) === 'gzip';
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (gzip) reply.header('content-encoding', 'gzip');
      // A Buffer is sent as it is, not serialised again.
      return reply.send((gzip ? answer.gzip : answer.json) as never);
    },
  );
}
