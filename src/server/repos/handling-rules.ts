// SQL of the handling rules and the aircraft-name table (docs/handling-rules.md): read in the order
// shown, each replaced whole on a save. The checks, the stale refusal and the transactions are the
// handling-rules service's (handling-rules/service.ts).
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { aircraftTypeNames, handlingRules } from '../db/schema.ts';
import type { HandlingRule, HandlingTask, Movement, TypeName } from '../../shared/api/handling-rules.ts';

/** The rules as stored, in their order. The tasks are as they were saved (checked then). */
export async function listHandlingRules(db: Db): Promise<HandlingRule[]> {
  const rows = await db
    .select({ aircraftType: handlingRules.aircraftType, prefix: handlingRules.prefix, movement: handlingRules.movement, tasks: handlingRules.tasks })
    .from(handlingRules)
    .orderBy(asc(handlingRules.position), asc(handlingRules.id));
  return rows.map((r) => ({ aircraftType: r.aircraftType, prefix: r.prefix, movement: r.movement as Movement | null, tasks: r.tasks as HandlingTask[] }));
}

/** Holds the rules for the rest of the transaction: two saves wait for each other. */
export async function lockHandlingRules(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${handlingRules} in share row exclusive mode`);
}

/** Replaces the rules with `rules`, in their order. */
export async function writeHandlingRules(tx: Db, rules: readonly HandlingRule[]): Promise<void> {
  await tx.delete(handlingRules);
  if (rules.length > 0) {
    await tx
      .insert(handlingRules)
      .values(rules.map((r, position) => ({ position, aircraftType: r.aircraftType, prefix: r.prefix, movement: r.movement, tasks: r.tasks })));
  }
}

/** Tasks name their group: a renamed group's tasks follow it. */
export async function renameInHandlingRules(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update ${handlingRules}
    set tasks = (select jsonb_agg(case when t ->> 'group' = ${from}::text then jsonb_set(t, '{group}', to_jsonb(${to}::text)) else t end order by n)
                 from jsonb_array_elements(${handlingRules.tasks}) with ordinality as e(t, n)),
        updated_at = now()
    where exists (select 1 from jsonb_array_elements(${handlingRules.tasks}) as e(t) where t ->> 'group' = ${from}::text)`);
}

export async function listTypeNames(db: Db): Promise<TypeName[]> {
  return db
    .select({ written: aircraftTypeNames.written, aircraftType: aircraftTypeNames.aircraftType })
    .from(aircraftTypeNames)
    .orderBy(asc(aircraftTypeNames.position), asc(aircraftTypeNames.written));
}

/** Replaces the aircraft-name table with `rows`, in their order. */
export async function writeTypeNames(tx: Db, rows: readonly TypeName[]): Promise<void> {
  await tx.delete(aircraftTypeNames);
  if (rows.length > 0) await tx.insert(aircraftTypeNames).values(rows.map((r, position) => ({ ...r, position })));
}
