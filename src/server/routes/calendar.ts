// GET /api/calendar/<token>.ics: an employee's calendar for calendar apps (docs/publishing.md#calendar-feed),
// answered without a session: the token is the key. It shows the employee's published shifts and
// approved time off and nothing else; an unknown, revoked or renewed token is a plain 404, and a token
// of the wrong shape is refused before the database is asked. Requests are limited per client
// address (429 past the limit), and the log writes the address with its token cut out
// (http/log-redaction.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { approvedTimeOffOf, employeeOfFeed, publishedShiftsOf } from '../repos/calendar-feeds.ts';
import { getSettings } from '../repos/settings.ts';
import { calendarText } from '../calendar/feed.ts';
import { FEED_TOKEN_LENGTH } from '../../shared/api/publishing.ts';
import { feedTokenHash } from '../calendar/token.ts';

/** Requests one client address may make to calendar addresses per minute. */
const FEED_REQUESTS_PER_MINUTE = 30;
/** How far back and ahead a feed reaches, in days from today. */
const DAYS_BACK = 62;
const DAYS_AHEAD = 400;

const FILE = new RegExp(`^([A-Za-z0-9_-]{${FEED_TOKEN_LENGTH}})\\.ics$`);

const noSuchCalendar = () => new HttpError(404, 'NOT_FOUND', 'No such calendar', undefined, { what: 'calendar' });

export async function calendarRoutes(app: FastifyInstance, { database, perMinute = FEED_REQUESTS_PER_MINUTE }: { database: Database; perMinute?: number }) {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many requests for calendars from this address. Try again in ${Math.ceil(context.ttl / 1000)} s.`, undefined, {
        seconds: Math.ceil(context.ttl / 1000),
      }),
  });
  // The token is the address: the log shows the route, never the address as sent (http/log-redaction.ts).
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>(
    '/calendar/:file',
    { config: { audience: 'public', secretInAddress: true } },
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      if (!match) throw noSuchCalendar();
      const { db } = database;
      const employee = await employeeOfFeed(db, feedTokenHash(match[1]!));
      if (!employee) throw noSuchCalendar();
      const { timeZone } = await getSettings(db);
      const today = DateTime.now().setZone(timeZone);
      const from = today.minus({ days: DAYS_BACK }).toISODate()!;
      const to = today.plus({ days: DAYS_AHEAD }).toISODate()!;
      const [shifts, timeOff] = await Promise.all([publishedShiftsOf(db, employee.id, from, to), approvedTimeOffOf(db, employee.id, from, to)]);
      const text = calendarText({
        employeeId: employee.id,
        name: `${employee.firstName} ${employee.lastName}`,
        timeZone,
        language: request.query.lang === 'en' ? 'en' : 'pl',
        shifts,
        timeOff,
      });
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="grafik.ics"').send(text);
    },
  );
}
