// What a signed-in user may learn about the server: its version and which database it runs on.
// (Unauthenticated liveness is /api/health, in routes/public.ts, and says only ok or degraded.)
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../shared/version.ts';
import { databaseAnswers } from '../repos/health.ts';
import type { RouteContext } from './context.ts';

export async function healthDetailsRoutes(app: FastifyInstance, { database }: RouteContext) {
  app.get('/health/details', { config: { audience: 'planner' } }, async () => {
    const ok = await databaseAnswers(database.db);
    return { status: ok ? 'ok' : 'degraded', version: APP_VERSION, database: { kind: database.kind, ok } };
  });
}
