// Every API route plugin, mounted under /api. Handlers stay thin; SQL lives in src/server/repos.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.ts';
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

export async function registerApiRoutes(api: FastifyInstance, ctx: RouteContext): Promise<void> {
  await api.register(async (scope) => staffGroupRoutes(scope, ctx));
  await api.register(async (scope) => settingsRoutes(scope, ctx));
  await api.register(async (scope) => generationRoutes(scope, ctx));
  await api.register(async (scope) => backupRoutes(scope, ctx));
  await api.register(async (scope) => airportHoursRoutes(scope, ctx));
  await api.register(async (scope) => monthlyHoursRoutes(scope, ctx));
  await api.register(async (scope) => timeOffRoutes(scope, ctx));
  await api.register(async (scope) => employeeRoutes(scope, ctx));
  await api.register(async (scope) => scheduleRoutes(scope, ctx));
  await api.register(async (scope) => eventRoutes(scope, ctx));
  await api.register(async (scope) => monthRoutes(scope, ctx));
  await api.register(async (scope) => flightRoutes(scope, ctx));
  await api.register(async (scope) => accountRoutes(scope, ctx));
  await api.register(async (scope) => adminRoutes(scope, ctx));
  await api.register(async (scope) => auditRoutes(scope, ctx));
}
