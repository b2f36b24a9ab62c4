// Every signed-in API route plugin, mounted under /api inside the scope that requires a session
// (src/server/app.ts). Handlers stay thin; SQL lives in src/server/repos.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.ts';
import { requireChosenPassword } from '../security/access.ts';
import { healthDetailsRoutes } from './health.ts';
import { staffGroupRoutes } from './staff-groups.ts';
import { settingsRoutes } from './settings.ts';
import { generationRoutes } from './generation.ts';
import { backupRoutes } from './backup.ts';
import { airportHoursRoutes } from './airport-hours.ts';
import { monthlyHoursRoutes } from './monthly-hours.ts';
import { timeOffRoutes } from './time-off.ts';
import { employeeRoutes } from './employees.ts';
import { scheduleRoutes } from './schedules.ts';
import { eventRoutes } from './events.ts';
import { monthRoutes } from './month.ts';
import { flightRoutes } from './flights.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { auditRoutes } from './audit.ts';
import { coverageRoutes } from './coverage.ts';
import { exportRoutes } from './exports.ts';
import { publishingRoutes } from './publishing.ts';
import { calendarFeedRoutes } from './calendar-feeds.ts';
import { setupRoutes } from './setup.ts';

export async function registerApiRoutes(api: FastifyInstance, ctx: RouteContext): Promise<void> {
  // The account's own routes stay open to a user who must still choose a password.
  await api.register(async (scope) => accountRoutes(scope, ctx));
  await api.register(async (settled) => {
    settled.addHook('onRequest', requireChosenPassword);
    await settled.register(async (scope) => healthDetailsRoutes(scope, ctx));
    await settled.register(async (scope) => staffGroupRoutes(scope, ctx));
    await settled.register(async (scope) => settingsRoutes(scope, ctx));
    await settled.register(async (scope) => generationRoutes(scope, ctx));
    await settled.register(async (scope) => backupRoutes(scope, ctx));
    await settled.register(async (scope) => airportHoursRoutes(scope, ctx));
    await settled.register(async (scope) => monthlyHoursRoutes(scope, ctx));
    await settled.register(async (scope) => timeOffRoutes(scope, ctx));
    await settled.register(async (scope) => employeeRoutes(scope, ctx));
    await settled.register(async (scope) => scheduleRoutes(scope, ctx));
    await settled.register(async (scope) => eventRoutes(scope, ctx));
    await settled.register(async (scope) => monthRoutes(scope, ctx));
    await settled.register(async (scope) => flightRoutes(scope, ctx));
    await settled.register(async (scope) => adminRoutes(scope, ctx));
    await settled.register(async (scope) => auditRoutes(scope, ctx));
    await settled.register(async (scope) => coverageRoutes(scope, ctx));
    await settled.register(async (scope) => exportRoutes(scope, ctx));
    await settled.register(async (scope) => publishingRoutes(scope, ctx));
    await settled.register(async (scope) => calendarFeedRoutes(scope, ctx));
    await settled.register(async (scope) => setupRoutes(scope, ctx));
  });
}
