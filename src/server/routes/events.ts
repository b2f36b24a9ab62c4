// Events API: PUT /events upserts the day's event of an employee (name required); DELETE
// /events?employeeId&date removes it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dayKeySchema, eventInputSchema, eventSchema } from '../../shared/api/schedule.ts';
import { notFound } from '../http/errors.ts';
import { deleteEvent, upsertEvent } from '../repos/events.ts';
import type { RouteContext } from './context.ts';
import { stale } from './schedules.ts';

export async function eventRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.put(
    '/events',
    { schema: { body: eventInputSchema, response: { 200: eventSchema, 201: eventSchema } } },
    async (request, reply) => {
      const { employeeId, date, name, description, version } = request.body;
      const result = await upsertEvent(db, { employeeId, date, name, description: description ? description : null, version });
      switch (result.kind) {
        case 'employee-missing':
          throw notFound('Employee');
        case 'stale':
          throw stale();
        case 'created':
          return reply.status(201).send(result.row);
        case 'updated':
          return reply.status(200).send(result.row);
      }
    },
  );

  api.delete('/events', { schema: { querystring: dayKeySchema } }, async (request, reply) => {
    if (!(await deleteEvent(db, request.query.employeeId, request.query.date))) throw notFound('Event');
    return reply.status(204).send();
  });
}
