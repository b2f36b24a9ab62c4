import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AIRPORT_HOURS_EXIST,
  AIRPORT_HOURS_EXIST_MESSAGE,
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
import { addMonths, parseMonthKey } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import {
  copyFromPreviousMonth,
  deleteAirportHours,
  findStaffGroup,
  insertAirportHours,
  listAirportHours,
  listAirportHoursGroups,
  quickSetup,
  setDays,
  updateAirportHours,
} from '../repos/airport-hours.ts';
import { badRequest, conflict, notFound, staleRecord } from '../http/errors.ts';
import type { RouteContext } from './context.ts';
import { replyToDelete } from '../http/replies.ts';

const idParams = z.object({ id: z.uuid('must be the id of an operating hours record') });

/** Only a group that takes part in operating hours is accepted (docs/design.md#staff-groups). */
async function requireHoursGroup(db: Db, role: string): Promise<string> {
  const group = await findStaffGroup(db, role);
  if (!group) throw badRequest(`role: there is no staff group named "${role}"`, 'role', { rule: 'unknownGroup' });
  if (!group.takesAirportHours) {
    throw badRequest(`role: the group "${role}" does not take part in airport operating hours`, 'role', { rule: 'groupNotInHours' });
  }
  return group.name;
}

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
    async (request, reply) => {
      const { month, ...rest } = request.body;
      const role = await requireHoursGroup(db, rest.role);
      const created = await insertAirportHours(db, { ...rest, role, ...parseMonthKey(month) });
      if (!created) throw conflict(AIRPORT_HOURS_EXIST_MESSAGE, AIRPORT_HOURS_EXIST);
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/airport-hours/:id',
    { config: { audience: 'planner' }, schema: { params: idParams, body: airportHoursEditSchema, response: { 200: airportHoursSchema } } },
    async (request) => {
      const { basedOn, ...values } = request.body;
      const saved = await updateAirportHours(db, request.params.id, values, basedOn);
      if (saved === null) throw notFound('Operating hours record');
      if (saved === 'stale') throw staleRecord();
      return saved;
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
    async (request, reply) => {
      const role = await requireHoursGroup(db, request.body.role);
      const { openingTime, closingTime, minimumStaff } = request.body;
      const rows = await quickSetup(db, role, parseMonthKey(request.body.month), { openingTime, closingTime, minimumStaff });
      if (!rows) {
        throw conflict(`The group "${role}" already has operating hours this month. Quick setup only fills a group with none.`, 'AIRPORT_HOURS_NOT_EMPTY');
      }
      return reply.status(201).send(rows);
    },
  );

  // Several days at once (a whole week, or the days picked), each with its hours; all or nothing.
  api.put(
    '/airport-hours/days',
    { config: { audience: 'planner' }, schema: { body: setDaysSchema, response: { 200: z.array(airportHoursSchema) } } },
    async (request) => {
      const role = await requireHoursGroup(db, request.body.role);
      return setDays(db, role, parseMonthKey(request.body.month), request.body.days);
    },
  );

  api.post(
    '/airport-hours/copy-previous',
    { config: { audience: 'planner' }, schema: { body: copyPreviousSchema, response: { 200: copyPreviousResultSchema } } },
    async (request) => {
      const { month, role } = request.body;
      const roles = role ? [await requireHoursGroup(db, role)] : (await listAirportHoursGroups(db)).map((g) => g.name);
      return copyFromPreviousMonth(db, roles, parseMonthKey(addMonths(month, -1)), parseMonthKey(month));
    },
  );
}
