// Events API: PUT /events upserts the day's event of an employee (name required); DELETE
// /events?employeeId&date removes it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayKeySchema, eventInputSchema, eventSchema } from '../../shared/api/schedule.ts';
import { deleteEvent, upsertEvent } from '../repos/events.ts';
import type { RouteContext } from './context.ts';
import { replyToDayDelete, replyToDayUpsert } from './day-record.ts';

export async function eventRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/events',
    { schema: { body: eventInputSchema, response: { 200: eventSchema, 201: eventSchema } } },
    async (request, reply) => {
      const { employeeId, date, name, description, version } = request.body;
      const result = await upsertEvent(db, { employeeId, date, name, description: description ? description : null, version });
      return replyToDayUpsert(reply, result);
    },
  );

  api.delete('/events', { schema: { querystring: dayKeySchema } }, async (request, reply) => {
    return replyToDayDelete(reply, await deleteEvent(db, request.query.employeeId, request.query.date), 'Event');
  });
}
