// Every signed-in API route plugin, mounted under /api (src/server/app.ts). Who may call each route is
// said in its own options (security/audience.ts). Handlers stay thin; SQL lives in src/server/repos.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.ts';
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
import { qualificationRoutes } from './qualifications.ts';
import { handlingRuleRoutes } from './handling-rules.ts';
import { coverRoutes } from './cover.ts';
import { employeeAccountRoutes } from './employee-accounts.ts';
import { meRoutes } from './me.ts';
import { timeOffRequestRoutes } from './time-off-requests.ts';
import { swapRoutes } from './swaps.ts';

export async function registerApiRoutes(api: FastifyInstance, ctx: RouteContext): Promise<void> {
  // Each route says who may call it where it is registered (config.audience, security/audience.ts).
  for (const routes of [
    accountRoutes,
    healthDetailsRoutes,
    staffGroupRoutes,
    settingsRoutes,
    generationRoutes,
    backupRoutes,
    airportHoursRoutes,
    monthlyHoursRoutes,
    timeOffRoutes,
    employeeRoutes,
    scheduleRoutes,
    eventRoutes,
    monthRoutes,
    flightRoutes,
    adminRoutes,
    auditRoutes,
    coverageRoutes,
    exportRoutes,
    publishingRoutes,
    calendarFeedRoutes,
    setupRoutes,
    qualificationRoutes,
    handlingRuleRoutes,
    coverRoutes,
    employeeAccountRoutes,
    meRoutes,
    timeOffRequestRoutes,
    swapRoutes,
  ]) {
    await api.register(async (scope) => routes(scope, ctx));
  }
}
