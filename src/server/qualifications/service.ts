// Qualifications (docs/handling-rules.md): the airport's catalogue, who holds which qualification
// from when to when, and the holdings that run out within a month. A code stays while an employee
// holds it or a task asks for it; a holding names a code of the catalogue. The reads and writes are
// repos/qualifications.ts's.
import type { z } from 'zod';
import {
  QUALIFICATION_MESSAGES,
  lostFrom,
  type HeldQualification,
  type Qualification,
  type heldQualificationsBodySchema,
  type qualificationInputSchema,
} from '../../shared/api/qualifications.ts';
import { monthRange } from '../../shared/month.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, invalidInput, NotFoundError } from '../domain/errors.ts';
import { listHandlingRules, lockHandlingRules } from '../repos/handling-rules.ts';
import {
  deleteQualification,
  getQualificationRow,
  holdEmployeeRow,
  holdersOf,
  holdingsEndingBetween,
  holdingsOf,
  insertQualification,
  listQualificationRows,
  lockQualifications,
  qualificationCodes,
  replaceHoldings,
  updateQualification,
  type QualificationRow,
} from '../repos/qualifications.ts';
import { tasksPerQualification } from '../handling-rules/service.ts';

type QualificationInput = z.output<typeof qualificationInputSchema>;

const notFound = (code: string) =>
  new NotFoundError('NOT_FOUND', `Qualification ${code} not found`, { field: 'code', params: { what: 'qualification', code } });

/** The catalogue in its order, with how many employees hold each and how many tasks ask for it. */
export async function listQualifications(db: Db): Promise<Qualification[]> {
  const [rows, rules] = await Promise.all([listQualificationRows(db), listHandlingRules(db)]);
  const tasks = tasksPerQualification(rules);
  return rows.map((r) => ({ ...r, tasks: tasks.get(r.code) ?? 0 }));
}

async function answerOf(db: Db, code: string): Promise<Qualification> {
  const found = (await listQualifications(db)).find((q) => q.code === code);
  if (!found) throw notFound(code);
  return found;
}

const rowOf = (input: QualificationInput): QualificationRow => ({
  code: input.code,
  namePl: input.namePl,
  nameEn: input.nameEn,
  description: input.description,
});

/** A new qualification at the end of the catalogue; a code already there is refused. */
export async function addQualification(db: Db, input: QualificationInput): Promise<Qualification> {
  const added = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockQualifications(tx);
    return insertQualification(tx, rowOf(input));
  });
  if (!added) {
    throw new ConflictError('DUPLICATE', `code: ${input.code} ${QUALIFICATION_MESSAGES.duplicateCode}`, {
      field: 'code',
      params: { rule: 'duplicateCode', code: input.code },
    });
  }
  return answerOf(db, input.code);
}

/** A qualification's names and description; its code stays what it is. */
export async function editQualification(db: Db, code: string, input: QualificationInput): Promise<Qualification> {
  if (input.code !== code) throw invalidInput(`code: must stay ${code} (a qualification's code cannot change)`, 'code', { rule: 'codeFixed', code });
  const updated = await db.transaction((transaction) => updateQualification(transaction as unknown as Db, rowOf(input)));
  if (!updated) throw notFound(code);
  return answerOf(db, code);
}

/** Removes a qualification nobody holds and no task asks for; otherwise 409 QUALIFICATION_IN_USE, saying how many. */
export async function removeQualification(db: Db, code: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The same order as a save of the rules: the rules, then the catalogue.
    await lockHandlingRules(tx);
    await lockQualifications(tx);
    if (!(await getQualificationRow(tx, code))) throw notFound(code);
    const holders = await holdersOf(tx, code);
    const tasks = tasksPerQualification(await listHandlingRules(tx)).get(code) ?? 0;
    if (holders > 0 || tasks > 0) {
      throw new ConflictError(
        'QUALIFICATION_IN_USE',
        `${code} is held by ${holders} ${holders === 1 ? 'employee' : 'employees'} and asked for by ${tasks} ${tasks === 1 ? 'task' : 'tasks'}: remove it from them first.`,
        { params: { code, holders, tasks } },
      );
    }
    await deleteQualification(tx, code);
  });
}

/** A code each held qualification names must be in the catalogue; the first that is not is refused, naming its place. */
function checkCodes(held: readonly Pick<HeldQualification, 'code'>[], codes: readonly string[], fieldOf: (i: number) => string): void {
  held.forEach((h, i) => {
    if (!codes.includes(h.code)) {
      const field = fieldOf(i);
      throw invalidInput(`${field}: ${h.code} ${QUALIFICATION_MESSAGES.unknownCode}`, field, { rule: 'unknownCode', code: h.code });
    }
  });
}

const heldOf = (h: HeldQualification): HeldQualification => ({ code: h.code, validFrom: h.validFrom, validUntil: h.validUntil });

/** Replaces everything an employee holds; answers what they hold now, in the catalogue's order. */
export async function setHoldings(db: Db, employeeId: string, body: z.output<typeof heldQualificationsBodySchema>): Promise<HeldQualification[]> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockQualifications(tx);
    if (!(await holdEmployeeRow(tx, employeeId))) throw new NotFoundError('NOT_FOUND', 'Employee not found', { params: { what: 'employee' } });
    checkCodes(body.qualifications, await qualificationCodes(tx), (i) => `qualifications.${i}.code`);
    await replaceHoldings(tx, employeeId, body.qualifications);
  });
  return (await holdingsOf(db, [employeeId])).map(heldOf);
}

/** A holding that counts on the month's first day and no longer from `lostFrom` on, within the month. */
export interface QualificationLoss extends HeldQualification {
  employeeId: string;
  firstName: string;
  lastName: string;
  role: string;
  lostFrom: string;
}

/** The holdings that run out within the month (YYYY-MM), earliest first. */
export async function lossesOf(db: Db, month: string): Promise<QualificationLoss[]> {
  const { first, last } = monthRange(month);
  const rows = await holdingsEndingBetween(db, first, last);
  return rows.flatMap((r) => {
    const from = lostFrom(r, first, last);
    return from ? [{ ...r, lostFrom: from }] : [];
  });
}
