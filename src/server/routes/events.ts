// Events API: PUT /events upserts the day's event of an employee (name required); DELETE
// /events?employeeId&date[&version] removes it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayDeleteQuerySchema, eventInputSchema, eventSchema } from '../../shared/api/schedule.ts';
import { deleteEvent } from '../repos/events.ts';
import { saveEvent } from '../events/service.ts';
import type { RouteContext } from './context.ts';
import { replyToDayUpsert, replyToDelete } from '../http/replies.ts';

export async function eventRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/events',
    { config: { audience: 'planner' }, schema: { body: eventInputSchema, response: { 200: eventSchema, 201: eventSchema } } },
    async (request, reply) => {
      const { employeeId, date, name, description, version } = request.body;
      const result = await saveEvent(db, { employeeId, date, name, description: description ? description : null, version });
      return replyToDayUpsert(reply, result);
    },
  );

  api.delete('/events', { config: { audience: 'planner' }, schema: { querystring: dayDeleteQuerySchema } }, async (request, reply) => {
    const { employeeId, date, version } = request.query;
    return replyToDelete(reply, await deleteEvent(db, employeeId, date, version), 'Event');
  });
}
