// Handling rules API (docs/handling-rules.md): the rules with the aircraft-name table (GET
// /api/handling-rules), the rules saved whole (PUT, `seen` for the stale check) and the name table saved
// whole (PUT /api/aircraft-type-names). The rules are the handling-rules service's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handlingRuleSchema, handlingRulesBodySchema, typeNameSchema, typeNamesBodySchema } from '../../shared/api/handling-rules.ts';
import { listHandlingRules, listTypeNames } from '../repos/handling-rules.ts';
import { saveHandlingRules, saveTypeNames } from '../handling-rules/service.ts';
import type { RouteContext } from './context.ts';

// The answers as stored (the input schemas' output): a serializer, not a second check.
const ruleAnswer = z.array(z.custom<z.output<typeof handlingRuleSchema>>());
const typeNamesAnswer = z.array(z.custom<z.output<typeof typeNameSchema>>());

export async function handlingRuleRoutes(app: FastifyInstance, { database }: RouteContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/handling-rules',
    { config: { audience: 'planner' }, schema: { response: { 200: z.object({ rules: ruleAnswer, typeNames: typeNamesAnswer }) } } },
    async () => {
      const [rules, typeNames] = await Promise.all([listHandlingRules(db), listTypeNames(db)]);
      return { rules, typeNames };
    },
  );

  api.put(
    '/handling-rules',
    { config: { audience: 'planner' }, schema: { body: handlingRulesBodySchema, response: { 200: z.object({ rules: ruleAnswer }) } } },
    async (request) => ({ rules: await saveHandlingRules(db, request.body) }),
  );

  api.put(
    '/aircraft-type-names',
    { config: { audience: 'planner' }, schema: { body: typeNamesBodySchema, response: { 200: z.object({ typeNames: typeNamesAnswer }) } } },
    async (request) => ({ typeNames: await saveTypeNames(db, request.body) }),
  );
}
