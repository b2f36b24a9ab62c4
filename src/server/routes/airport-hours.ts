import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  airportHoursDeleteQuerySchema,
  airportHoursEditSchema,
  airportHoursInputSchema,
  airportHoursQuerySchema,
  airportHoursSchema,
  copyPreviousResultSchema,
  copyPreviousSchema,
  quickSetupSchema,
  setDaysSchema,
} from '../../shared/api/airport-hours.ts';
import { parseMonthKey } from '../../shared/month.ts';
import { addAirportHours, copyPreviousMonth, editAirportHours, quickSetup, setDays } from '../airport-hours/service.ts';
import { deleteAirportHours, listAirportHours } from '../repos/airport-hours.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';

const idParams = z.object({ id: z.uuid('must be the id of an operating hours record') });

export async function airportHoursRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get(
    '/airport-hours',
    { config: { audience: 'planner' }, schema: { querystring: airportHoursQuerySchema, response: { 200: z.array(airportHoursSchema) } } },
    async (request) => listAirportHours(db, parseMonthKey(request.query.month)),
  );

  api.post(
    '/airport-hours',
    { config: { audience: 'planner' }, schema: { body: airportHoursInputSchema, response: { 201: airportHoursSchema } } },
    async (request, reply) => reply.status(201).send(await addAirportHours(db, request.body)),
  );

  api.put(
    '/airport-hours/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: airportHoursEditSchema, response: { 200: airportHoursSchema } } },
    async (request) => {
      const { basedOn, ...values } = request.body;
      return editAirportHours(db, request.params.id, values, basedOn);
    },
  );

  api.delete(
    '/airport-hours/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, querystring: airportHoursDeleteQuerySchema } },
    async (request, reply) => {
      const { openingTime, closingTime, minimumStaff } = request.query;
      const basedOn = openingTime && closingTime && minimumStaff !== undefined ? { openingTime, closingTime, minimumStaff } : undefined;
      return replyToDelete(reply, await deleteAirportHours(db, request.params.id, basedOn), 'Operating hours record');
    },
  );

  api.post(
    '/airport-hours/quick-setup',
    { config: { audience: 'planner' }, schema: { body: quickSetupSchema, response: { 201: z.array(airportHoursSchema) } } },
    async (request, reply) => reply.status(201).send(await quickSetup(db, request.body)),
  );

  // Several days at once (a whole week, or the days picked), each with its hours; all or nothing.
  api.put(
    '/airport-hours/days',
    { config: { audience: 'planner' }, schema: { body: setDaysSchema, response: { 200: z.array(airportHoursSchema) } } },
    async (request) => setDays(db, request.body),
  );

  api.post(
    '/airport-hours/copy-previous',
    { config: { audience: 'planner' }, schema: { body: copyPreviousSchema, response: { 200: copyPreviousResultSchema } } },
    async (request) => copyPreviousMonth(db, request.body),
  );
}
