// The handling rules and the aircraft-name table (docs/handling-rules.md, decision 0044): each saved
// whole, the rules only while they are as the planner loaded them (409 STALE otherwise), with every
// task's group and qualification checked against what the airport has. And the resolver that turns a
// flight into each group's work, built once from what is stored, for the generator's instance and the
// flights list alike. The reads and writes are repos/handling-rules.ts's.
import type { z } from 'zod';
import {
  HANDLING_MESSAGES,
  handlingRuleSchema,
  typeResolver,
  workResolver,
  type HandlingRule,
  type handlingRulesBodySchema,
  type TypeName,
  type typeNamesBodySchema,
} from '../../shared/api/handling-rules.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, invalidInput } from '../domain/errors.ts';
import { listHandlingRules, listTypeNames, lockHandlingRules, writeHandlingRules, writeTypeNames } from '../repos/handling-rules.ts';
import { flightGroupNames } from '../repos/flights.ts';
import { lockQualifications, qualificationCodes } from '../repos/qualifications.ts';
import { getSettings } from '../repos/settings.ts';

/** JSON that does not depend on the order of an object's keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether the stored rules are the list the planner loaded (`seen`, as GET answered it). */
function sameRules(stored: readonly HandlingRule[], seen: readonly unknown[]): boolean {
  const normalised = seen.map((rule) => {
    const parsed = handlingRuleSchema.safeParse(rule);
    return parsed.success ? parsed.data : rule;
  });
  return canonical(stored) === canonical(normalised);
}

/** Every task's group must take part in flights and its qualification be in the catalogue; the first that is not is refused, naming it. */
function checkTasks(rules: readonly HandlingRule[], flightGroups: readonly string[], codes: readonly string[]): void {
  rules.forEach((rule, i) =>
    rule.tasks.forEach((task, j) => {
      if (!flightGroups.includes(task.group)) {
        const field = `rules.${i}.tasks.${j}.group`;
        throw invalidInput(`${field}: ${task.group} ${HANDLING_MESSAGES.unknownGroup}`, field, { rule: 'unknownGroup', group: task.group });
      }
      if (task.qualification !== null && !codes.includes(task.qualification)) {
        const field = `rules.${i}.tasks.${j}.qualification`;
        throw invalidInput(`${field}: ${task.qualification} ${HANDLING_MESSAGES.unknownQualification}`, field, {
          rule: 'unknownQualification',
          code: task.qualification,
        });
      }
    }),
  );
}

/**
 * Saves every rule in the order given. With `seen`, a list someone else saved since is not overwritten:
 * 409 STALE, and nothing changes. The saved list is answered.
 */
export async function saveHandlingRules(db: Db, body: z.output<typeof handlingRulesBodySchema>): Promise<HandlingRule[]> {
  const { flightGroups } = await flightGroupNames(db);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Two saves wait for each other, so that the second compares with the first's list; the catalogue
    // is held too, so that a qualification a task names cannot be removed meanwhile.
    await lockHandlingRules(tx);
    await lockQualifications(tx);
    checkTasks(body.rules, flightGroups, await qualificationCodes(tx));
    if (body.seen && !sameRules(await listHandlingRules(tx), body.seen)) {
      throw new ConflictError('STALE', 'The handling rules were changed by someone else since they were loaded. Reload to see them.');
    }
    await writeHandlingRules(tx, body.rules);
    return listHandlingRules(tx);
  });
}

/** Saves the aircraft-name table whole, in the order given, and answers it. */
export async function saveTypeNames(db: Db, body: z.output<typeof typeNamesBodySchema>): Promise<TypeName[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await writeTypeNames(tx, body.rows);
    return listTypeNames(tx);
  });
}

/** How many tasks of the rules ask for each qualification. */
export function tasksPerQualification(rules: readonly HandlingRule[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rule of rules) for (const task of rule.tasks) if (task.qualification) counts.set(task.qualification, (counts.get(task.qualification) ?? 0) + 1);
  return counts;
}

export type WorkOf = ReturnType<typeof workResolver>;

/**
 * The airport's resolver, read once: a flight and a group in, the group's work out; and the type code
 * a flight's aircraft is through the name table.
 */
export async function demandResolver(db: Db, timeZone?: string): Promise<{ workOf: WorkOf; typeOf: ReturnType<typeof typeResolver> }> {
  const [rules, names, zone] = await Promise.all([
    listHandlingRules(db),
    listTypeNames(db),
    timeZone ? Promise.resolve(timeZone) : getSettings(db).then((s) => s.timeZone),
  ]);
  return { workOf: workResolver(rules, names, zone), typeOf: typeResolver(names) };
}
