// The staff import (docs/staff-import.md): each row matched to an employee by email, or by name when
// the row has no email, classified as new, changed, unchanged or invalid, and, unless it is the dry
// run, the new and changed rows written in one transaction. The reads and writes are the
// repository's (repos/staff-import.ts).
import type { Db } from '../db/client.ts';
import {
  readStaffRow,
  STAFF_IMPORT_MESSAGES,
  type StaffImportAnswer,
  type StaffImportRule,
  type StaffImportStatus,
  type StaffMapping,
} from '../../shared/api/staff-import.ts';
import type { RowError } from '../../shared/api/flight-import.ts';
import { insertEmployees, staffGroupNames, storedEmployees, updateEmployeeFields, type EmployeeFields, type StoredEmployee } from '../repos/staff-import.ts';
import { holdEmployeeRow, holdingsOf, insertHoldings, lockQualifications, qualificationCodes, replaceHoldings, type Holding } from '../repos/qualifications.ts';
import type { HeldQualification } from '../../shared/api/qualifications.ts';

const refusal = (field: string, rule: StaffImportRule): RowError => ({ field, message: STAFF_IMPORT_MESSAGES[rule], params: { issue: 'custom', rule } });
const nameKey = (first: string, last: string) => `${first} ${last}`.toLowerCase().replace(/\s+/g, ' ').trim();
const same = (a: EmployeeFields, b: EmployeeFields) =>
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.email === b.email &&
  a.phoneNumber === b.phoneNumber &&
  a.role === b.role &&
  Math.abs(a.workingTimeFraction - b.workingTimeFraction) < 1e-9 &&
  a.monthlyHours === b.monthlyHours;
const heldKey = (held: readonly HeldQualification[]) =>
  JSON.stringify(held.map((h) => [h.code, h.validFrom, h.validUntil]).sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)));

/**
 * The file's rows classified against the stored employees and groups; with `write`, the new and
 * changed rows written in the same transaction, and the invalid ones left out.
 */
export async function importStaff(
  db: Db,
  input: { header: string[]; mapping: StaffMapping; rows: { row: number; cells: string[] }[] },
  write: boolean,
): Promise<StaffImportAnswer> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const groups = await staffGroupNames(tx);
    const withQualifications = Boolean(input.mapping.qualifications);
    // The catalogue is held while the holdings are checked and written (a code cannot go meanwhile).
    if (withQualifications) await lockQualifications(tx);
    const codes = withQualifications ? await qualificationCodes(tx) : undefined;
    const stored = await storedEmployees(tx);
    const storedHeld = new Map<string, HeldQualification[]>();
    if (withQualifications) {
      for (const h of await holdingsOf(tx)) storedHeld.set(h.employeeId, [...(storedHeld.get(h.employeeId) ?? []), h]);
    }
    const byEmail = new Map(stored.map((e) => [e.email.toLowerCase(), e]));
    const byName = new Map<string, StoredEmployee[]>();
    for (const e of stored) byName.set(nameKey(e.firstName, e.lastName), [...(byName.get(nameKey(e.firstName, e.lastName)) ?? []), e]);

    const answer: StaffImportAnswer = { counts: { new: 0, changed: 0, unchanged: 0, invalid: 0 }, rows: [], invalid: [], written: write };
    const seenEmails = new Set<string>();
    const seenNames = new Set<string>();
    const touched = new Set<string>();
    const inserts: EmployeeFields[] = [];
    const updates: { id: string; values: EmployeeFields }[] = [];
    /** What new employees hold, by their email (lower case: a new row's email is no stored employee's, nor an earlier row's). */
    const newHeld = new Map<string, HeldQualification[]>();
    const heldUpdates: { id: string; held: HeldQualification[] }[] = [];

    for (const { row, cells } of input.rows) {
      const read = readStaffRow(input.header, input.mapping, cells, groups, codes);
      const mark = (status: StaffImportStatus, name: string, errors?: RowError[]) => {
        answer.counts[status]++;
        answer.rows.push({ row, status, name });
        if (errors) answer.invalid.push({ row, errors });
      };
      if (!read.ok) {
        mark('invalid', read.name, read.errors);
        continue;
      }
      const name = `${read.firstName} ${read.lastName}`;
      const email = read.email.toLowerCase();
      const key = nameKey(read.firstName, read.lastName);
      let match: StoredEmployee | undefined;
      if (email) {
        if (seenEmails.has(email)) {
          mark('invalid', name, [refusal('email', 'repeatedEmail')]);
          continue;
        }
        seenEmails.add(email);
        match = byEmail.get(email);
      } else {
        if (seenNames.has(key)) {
          mark('invalid', name, [refusal('fullName', 'repeatedName')]);
          continue;
        }
        seenNames.add(key);
        const found = byName.get(key) ?? [];
        if (found.length > 1) {
          mark('invalid', name, [refusal('email', 'sameName')]);
          continue;
        }
        if (found.length === 0) {
          mark('invalid', name, [refusal('email', 'emailForNew')]);
          continue;
        }
        match = found[0];
      }
      if (match && touched.has(match.id)) {
        mark('invalid', name, [refusal('email', email ? 'repeatedEmail' : 'repeatedName')]);
        continue;
      }
      if (!match) {
        inserts.push({
          firstName: read.firstName,
          lastName: read.lastName,
          email: read.email,
          phoneNumber: read.phoneNumber ?? null,
          role: read.role,
          workingTimeFraction: read.workingTimeFraction ?? 1,
          monthlyHours: read.monthlyHours ?? null,
        });
        if (read.qualifications?.length) newHeld.set(email, read.qualifications);
        mark('new', name);
        continue;
      }
      touched.add(match.id);
      // What the file does not say (a column not mapped) stays as it is.
      const next: EmployeeFields = {
        firstName: read.firstName,
        lastName: read.lastName,
        // Matched by this email (case aside) or by name without one: the stored address stays.
        email: match.email,
        phoneNumber: read.phoneNumber === undefined ? match.phoneNumber : read.phoneNumber,
        role: read.role,
        workingTimeFraction: read.workingTimeFraction ?? match.workingTimeFraction,
        monthlyHours: read.monthlyHours === undefined ? match.monthlyHours : read.monthlyHours,
      };
      const { id: _id, ...current } = match;
      // With the column, the file's list replaces what the employee holds; a code kept keeps its valid-from date.
      let heldChanged = false;
      if (read.qualifications) {
        const before = storedHeld.get(match.id) ?? [];
        const after = read.qualifications.map((h) => ({ ...h, validFrom: before.find((b) => b.code === h.code)?.validFrom ?? null }));
        // A valid-from date after the file's valid-until date cannot stay.
        const held = after.map((h) => (h.validFrom && h.validUntil && h.validFrom > h.validUntil ? { ...h, validFrom: null } : h));
        if (heldKey(held) !== heldKey(before)) {
          heldChanged = true;
          heldUpdates.push({ id: match.id, held });
        }
      }
      const fieldsChanged = !same(current, next);
      if (!fieldsChanged && !heldChanged) mark('unchanged', name);
      else {
        if (fieldsChanged) updates.push({ id: match.id, values: next });
        mark('changed', name);
      }
    }

    if (write) {
      const created = await insertEmployees(tx, inserts);
      for (const { id, values } of updates) await updateEmployeeFields(tx, id, values);
      for (const { id, held } of heldUpdates) {
        await holdEmployeeRow(tx, id);
        await replaceHoldings(tx, id, held);
      }
      const fresh: Holding[] = created.flatMap((e) => (newHeld.get(e.email.toLowerCase()) ?? []).map((h) => ({ ...h, employeeId: e.id })));
      await insertHoldings(tx, fresh);
    }
    return answer;
  });
}
