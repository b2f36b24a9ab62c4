// GET /api/calendar/<token>.ics: an employee's calendar for calendar apps (docs/publishing.md#calendar-feed),
// answered without a session: the token is the key. It shows the employee's published shifts and
// approved time off and nothing else; an unknown, revoked or renewed token is a plain 404, and a token
// of the wrong shape is refused before the database is asked. Requests are limited per client
// address (429 past the limit), and the log writes the address with its token cut out
// (http/log-redaction.ts). What the calendar holds is the calendar service's (calendar/service.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { calendarOfToken } from '../calendar/service.ts';
import { FEED_TOKEN_LENGTH } from '../../shared/api/publishing.ts';

/** Requests one client address may make to calendar addresses per minute. */
const FEED_REQUESTS_PER_MINUTE = 30;

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
      const text = await calendarOfToken(database.db, match[1]!, request.query.lang === 'en' ? 'en' : 'pl');
      if (text === null) throw noSuchCalendar();
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="grafik.ics"').send(text);
    },
  );
}
