// SQL of the qualifications (docs/handling-rules.md): the airport's catalogue in the order shown, and
// which of them each employee holds with its validity. The rules (a code in use, an unknown code) and
// the transactions are the qualifications service's (qualifications/service.ts).
import { and, asc, count, eq, inArray, isNotNull, lte, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employeeQualifications, employees, qualifications } from '../db/schema.ts';
import type { HeldQualification } from '../../shared/api/qualifications.ts';

export interface QualificationRow {
  code: string;
  namePl: string;
  nameEn: string;
  description: string | null;
}

const columns = { code: qualifications.code, namePl: qualifications.namePl, nameEn: qualifications.nameEn, description: qualifications.description };

/** The catalogue in its order, each with how many employees hold it (whatever the dates). */
export async function listQualificationRows(db: Db): Promise<(QualificationRow & { holders: number })[]> {
  const holders = db
    .select({ code: employeeQualifications.code, n: count().as('n') })
    .from(employeeQualifications)
    .groupBy(employeeQualifications.code)
    .as('holders');
  const rows = await db
    .select({ ...columns, holders: sql<number>`coalesce(${holders.n}, 0)::int` })
    .from(qualifications)
    .leftJoin(holders, eq(holders.code, qualifications.code))
    .orderBy(asc(qualifications.position), asc(qualifications.code));
  return rows.map((r) => ({ ...r, holders: Number(r.holders) }));
}

export async function qualificationCodes(db: Db): Promise<string[]> {
  const rows = await db.select({ code: qualifications.code }).from(qualifications);
  return rows.map((r) => r.code);
}

export async function getQualificationRow(db: Db, code: string): Promise<QualificationRow | null> {
  const [row] = await db.select(columns).from(qualifications).where(eq(qualifications.code, code));
  return row ?? null;
}

/** Holds the catalogue for the rest of the transaction: two saves that read and write it wait for each other. */
export async function lockQualifications(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${qualifications} in share row exclusive mode`);
}

/** Inserts a qualification at the end of the catalogue; false when the code is taken. */
export async function insertQualification(tx: Db, row: QualificationRow): Promise<boolean> {
  const inserted = await tx
    .insert(qualifications)
    .values({ ...row, position: sql`(select coalesce(max(${qualifications.position}), -1) + 1 from ${qualifications})` })
    .onConflictDoNothing()
    .returning({ code: qualifications.code });
  return inserted.length > 0;
}

/** Writes a qualification's names and description; false when there is no such code. */
export async function updateQualification(tx: Db, row: QualificationRow): Promise<boolean> {
  const updated = await tx
    .update(qualifications)
    .set({ namePl: row.namePl, nameEn: row.nameEn, description: row.description, updatedAt: sql`now()` })
    .where(eq(qualifications.code, row.code))
    .returning({ code: qualifications.code });
  return updated.length > 0;
}

export async function deleteQualification(tx: Db, code: string): Promise<boolean> {
  const deleted = await tx.delete(qualifications).where(eq(qualifications.code, code)).returning({ code: qualifications.code });
  return deleted.length > 0;
}

/** How many employees hold `code`. */
export async function holdersOf(tx: Db, code: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(employeeQualifications).where(eq(employeeQualifications.code, code));
  return Number(row?.n ?? 0);
}

// ---- Who holds what ----

export interface Holding extends HeldQualification {
  employeeId: string;
}

const holdingColumns = {
  employeeId: employeeQualifications.employeeId,
  code: employeeQualifications.code,
  validFrom: employeeQualifications.validFrom,
  validUntil: employeeQualifications.validUntil,
};

/** Every holding of these employees (all employees when `ids` is absent), by employee and catalogue order. */
export async function holdingsOf(db: Db, ids?: readonly string[]): Promise<Holding[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select(holdingColumns)
    .from(employeeQualifications)
    .innerJoin(qualifications, eq(qualifications.code, employeeQualifications.code))
    .where(ids ? inArray(employeeQualifications.employeeId, [...ids]) : undefined)
    .orderBy(asc(employeeQualifications.employeeId), asc(qualifications.position), asc(qualifications.code));
}

/**
 * Holds an employee's row until commit (as a shift's save does), so that a generation that has read the
 * employee waits for the save or the save for it; false when there is no such employee.
 */
export async function holdEmployeeRow(tx: Db, employeeId: string): Promise<boolean> {
  const [row] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId)).for('no key update');
  return Boolean(row);
}

/** Replaces everything one employee holds with `held`. */
export async function replaceHoldings(tx: Db, employeeId: string, held: readonly HeldQualification[]): Promise<void> {
  await tx.delete(employeeQualifications).where(eq(employeeQualifications.employeeId, employeeId));
  if (held.length > 0) {
    await tx.insert(employeeQualifications).values(held.map((h) => ({ employeeId, code: h.code, validFrom: h.validFrom, validUntil: h.validUntil })));
  }
}

/** Inserts holdings as given (the demo airport, the staff import after replacing). */
export async function insertHoldings(tx: Db, rows: readonly Holding[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(employeeQualifications).values(rows.slice(i, i + 1000));
}

/** Holdings that end between `first` and `last` (inclusive), with whose they are. */
export async function holdingsEndingBetween(db: Db, first: string, last: string) {
  return db
    .select({ ...holdingColumns, firstName: employees.firstName, lastName: employees.lastName, role: employees.role })
    .from(employeeQualifications)
    .innerJoin(employees, eq(employees.id, employeeQualifications.employeeId))
    .where(and(isNotNull(employeeQualifications.validUntil), gte(employeeQualifications.validUntil, first), lte(employeeQualifications.validUntil, last)))
    .orderBy(asc(employeeQualifications.validUntil), asc(employees.lastName), asc(employees.firstName), asc(employeeQualifications.code));
}
