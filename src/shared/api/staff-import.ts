// Staff import (docs/staff-import.md): a table of employees read in the browser, its columns mapped to
// the employee's fields, judged by the server in a dry run, and written only when confirmed. The file
// checks, the row and error shapes and the limits are the timetable import's (flight-import.ts).
import { z } from 'zod';
import { employeeInputSchema } from './employees.ts';
import { paramsOfIssue } from './issues.ts';
import { controlCharacter, PLAIN_TEXT_MESSAGES } from './plain-text.ts';
import { duplicatedHeader, fileHeaderSchema, fileRowsSchema, IMPORT_CELL_MAX, rowErrorSchema, type RowError } from './flight-import.ts';
import { isCalendarDate } from '../hours.ts';
import { qualificationCodeSchema, type HeldQualification } from './qualifications.ts';

/** A staff list is short: a few thousand rows at most. */
const STAFF_IMPORT_MAX_ROWS = 5_000;

const columnName = z.string().trim().min(1).max(IMPORT_CELL_MAX);

export const STAFF_FIELDS = ['firstName', 'lastName', 'fullName', 'email', 'phone', 'group', 'fraction', 'monthlyHours'] as const;
export type StaffField = (typeof STAFF_FIELDS)[number];

/**
 * Which column holds what, by header name. The name is a first-name and a last-name column, or one
 * column with the whole name ("Anna Nowak": the last word is the surname). The group is required; the
 * rest is optional.
 */
export const staffMappingSchema = z
  .object({
    firstName: columnName.nullable().default(null),
    lastName: columnName.nullable().default(null),
    fullName: columnName.nullable().default(null),
    email: columnName.nullable().default(null),
    phone: columnName.nullable().default(null),
    group: columnName,
    /** The working-time fraction ("etat"): 1, 0.5, 0,75, 50% or 1/2. */
    fraction: columnName.nullable().default(null),
    /** The employee's own monthly hours, replacing the fraction. */
    monthlyHours: columnName.nullable().default(null),
    /**
     * What the employee holds ("kwalifikacje"): codes separated by ; or , each optionally CODE@YYYY-MM-DD,
     * valid until that date. With this column, the file's list replaces what a matched employee holds.
     */
    qualifications: columnName.nullable().optional(),
  })
  .strict()
  .refine((m) => m.fullName !== null || (m.firstName !== null && m.lastName !== null), {
    message: 'needs a first-name and a last-name column, or one column with the whole name',
    path: ['fullName'],
    params: { rule: 'nameColumns' },
  });
export type StaffMapping = z.infer<typeof staffMappingSchema>;
export type StaffMappingInput = z.input<typeof staffMappingSchema>;

export const STAFF_IMPORT_MESSAGES = {
  unknownColumn: 'is not a column of the file',
  columnTwice: 'is chosen for two fields',
  duplicateHeader: 'names a column twice',
  fraction: 'must be a share of full time from 0.05 to 1, like 1, 0.5, 50% or 1/2',
  hours: 'must be a whole number of hours from 1 to 300',
  unknownGroup: 'is not a staff group',
  severalGroups: 'names several groups; an employee belongs to one group',
  emailForNew: 'is required for a new employee (a row without an email can only update an employee found by name)',
  sameName: 'matches several employees of that name; add the email to say which',
  repeatedEmail: 'repeats the email of an earlier row',
  repeatedName: 'repeats the name of an earlier row without an email',
  fullName: 'must have a first name and a surname',
  qualifications: 'must be qualification codes separated by ; or , each optionally CODE@YYYY-MM-DD (valid until that date)',
  unknownQualification: 'names a qualification that is not in the catalogue',
  qualificationTwice: 'names a qualification twice',
} as const;
export type StaffImportRule = keyof typeof STAFF_IMPORT_MESSAGES;

/** A mapped field: one of STAFF_FIELDS, or the qualifications column. */
type MappedField = StaffField | 'qualifications';

function staffMappedColumns(mapping: StaffMapping): [MappedField, string][] {
  const columns: [MappedField, string][] = STAFF_FIELDS.flatMap((field) => (mapping[field] ? [[field, mapping[field]] as [StaffField, string]] : []));
  if (mapping.qualifications) columns.push(['qualifications', mapping.qualifications]);
  return columns;
}

/** The body of POST /api/employees/import: the file's header and rows, and which column holds what. */
export const staffImportBodySchema = z
  .object({
    /** Only classify the rows (the dry run); write nothing. */
    dryRun: z.boolean().optional(),
    header: fileHeaderSchema,
    mapping: staffMappingSchema,
    rows: fileRowsSchema('employees', STAFF_IMPORT_MAX_ROWS),
  })
  .strict()
  .superRefine((body, ctx) => {
    const repeated = duplicatedHeader(body.header);
    if (repeated !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['header'],
        message: `${repeated} ${STAFF_IMPORT_MESSAGES.duplicateHeader}`,
        params: { rule: 'duplicateHeader', column: repeated },
      });
    }
    const names = new Set(body.header.map((h) => h.trim()));
    const used = new Set<string>();
    for (const [field, column] of staffMappedColumns(body.mapping)) {
      if (!names.has(column)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: `${column} ${STAFF_IMPORT_MESSAGES.unknownColumn}`,
          params: { rule: 'unknownColumn', column },
        });
      } else if (used.has(column)) {
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', field],
          message: `${column} ${STAFF_IMPORT_MESSAGES.columnTwice}`,
          params: { rule: 'columnTwice', column },
        });
      }
      used.add(column);
    }
  });
export type StaffImportBody = z.input<typeof staffImportBodySchema>;

export type StaffImportStatus = 'new' | 'changed' | 'unchanged' | 'invalid';

export const staffImportAnswerSchema = z.object({
  counts: z.object({ new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() }),
  /** Every row in file order: its status and the employee's name as read. */
  rows: z.array(z.object({ row: z.number().int(), status: z.enum(['new', 'changed', 'unchanged', 'invalid']), name: z.string() })),
  /** The invalid rows, in file order, each with its reasons. */
  invalid: z.array(z.object({ row: z.number().int(), errors: z.array(rowErrorSchema) })),
  /** False for the dry run, true when the rows were written. */
  written: z.boolean(),
});
export type StaffImportAnswer = z.infer<typeof staffImportAnswerSchema>;

/** "1", "0.5", "0,75", "50%", "1/2" → the fraction; null when the text is none of these. */
function parseFraction(text: string): number | null {
  const v = text.trim().replace(',', '.');
  let n: number;
  const ratio = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
  if (ratio) n = Number(ratio[1]) / Number(ratio[2]);
  else if (/^\d+(\.\d+)?\s*%$/.test(v)) n = Number(v.replace('%', '').trim()) / 100;
  else if (/^\d+(\.\d+)?$/.test(v)) n = Number(v);
  else return null;
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 1000) / 1000;
}

/** The cells of one row by field, trimmed; a field without a column is undefined. */
function staffCells(header: string[], mapping: StaffMapping, cells: string[]): Partial<Record<MappedField, string>> {
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  const out: Partial<Record<MappedField, string>> = {};
  for (const [field, column] of staffMappedColumns(mapping)) out[field] = (cells[index.get(column) ?? -1] ?? '').trim();
  return out;
}

/** A row read as an employee's values, or its problems. The group is matched to `groups` (case ignored). */
export type ReadStaffRow =
  | {
      ok: true;
      firstName: string;
      lastName: string;
      /** Empty when the row has none. */
      email: string;
      phoneNumber: string | null | undefined;
      role: string;
      workingTimeFraction: number | undefined;
      monthlyHours: number | null | undefined;
      /** What the row says the employee holds; undefined without a qualifications column. */
      qualifications: HeldQualification[] | undefined;
    }
  | { ok: false; errors: RowError[]; name: string };

const rule = (field: string, key: StaffImportRule): RowError => ({ field, message: STAFF_IMPORT_MESSAGES[key], params: { issue: 'custom', rule: key } });

/**
 * A qualifications cell: codes separated by ; or , each optionally CODE@YYYY-MM-DD (valid until then).
 * `codes` is the catalogue; without it, any well-formed code is taken (the browser's preview).
 */
function readQualificationsCell(text: string, codes?: readonly string[]): { ok: true; held: HeldQualification[] } | { ok: false; error: RowError } {
  const held: HeldQualification[] = [];
  // The code or the text at fault leads the message; the screens translate the rule.
  const refused = (key: StaffImportRule, what: string) => ({
    ok: false as const,
    error: { field: 'qualifications', message: `${what} ${STAFF_IMPORT_MESSAGES[key]}`, params: { issue: 'custom', rule: key, value: what } },
  });
  for (const part of text
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [codeText, until, ...rest] = part.split('@').map((p) => p.trim());
    const code = qualificationCodeSchema.safeParse(codeText);
    if (!code.success || rest.length > 0 || (until !== undefined && !isCalendarDate(until))) return refused('qualifications', part);
    if (codes && !codes.includes(code.data)) return refused('unknownQualification', code.data);
    if (held.some((h) => h.code === code.data)) return refused('qualificationTwice', code.data);
    held.push({ code: code.data, validFrom: null, validUntil: until ?? null });
  }
  return { ok: true, held };
}

export function readStaffRow(header: string[], mapping: StaffMapping, cells: string[], groups: string[], codes?: readonly string[]): ReadStaffRow {
  const c = staffCells(header, mapping, cells);
  const errors: RowError[] = [];
  // A cell with a control character is refused by its own column, before a whole name is split at its
  // spaces (a line break is a space to that split, and would be gone from the two halves).
  for (const [field, text] of Object.entries(c)) {
    if (controlCharacter(text) !== null) errors.push({ field, message: PLAIN_TEXT_MESSAGES.plainText, params: { issue: 'custom', rule: 'plainText' } });
  }
  let firstName = c.firstName ?? '';
  let lastName = c.lastName ?? '';
  if (mapping.fullName !== null) {
    const words = (c.fullName ?? '').split(/\s+/).filter(Boolean);
    if (words.length < 2) errors.push(rule('fullName', 'fullName'));
    else {
      lastName = words.pop()!;
      firstName = words.join(' ');
    }
  }
  const name = `${firstName} ${lastName}`.trim() || (c.fullName ?? '');
  const groupText = c.group ?? '';
  let role = groupText;
  if (/[;,|]/.test(groupText)) errors.push(rule('group', 'severalGroups'));
  else if (groupText !== '') {
    const found = groups.find((g) => g.toLowerCase() === groupText.toLowerCase());
    if (found) role = found;
    else errors.push(rule('group', 'unknownGroup'));
  }
  let workingTimeFraction: number | undefined;
  if (c.fraction !== undefined && c.fraction !== '') {
    const f = parseFraction(c.fraction);
    if (f === null || f < 0.05 || f > 1) errors.push(rule('fraction', 'fraction'));
    else workingTimeFraction = f;
  }
  let monthlyHours: number | null | undefined;
  if (c.monthlyHours !== undefined) {
    if (c.monthlyHours === '') monthlyHours = null;
    else if (/^\d{1,3}$/.test(c.monthlyHours) && Number(c.monthlyHours) >= 1 && Number(c.monthlyHours) <= 300) monthlyHours = Number(c.monthlyHours);
    else errors.push(rule('monthlyHours', 'hours'));
  }
  let qualifications: HeldQualification[] | undefined;
  if (c.qualifications !== undefined) {
    const read = readQualificationsCell(c.qualifications, codes);
    if (read.ok) qualifications = read.held;
    else errors.push(read.error);
  }
  const email = c.email ?? '';
  // The employee form's own rules for names, email, phone and group.
  const checked = employeeInputSchema.safeParse({
    firstName,
    lastName,
    email: email || 'placeholder@example.com',
    phoneNumber: c.phone === undefined ? undefined : c.phone,
    role: role || '',
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      const isName = field === 'firstName' || field === 'lastName';
      // A whole-name column already said what is missing.
      if (mapping.fullName !== null && isName && errors.some((e) => e.field === 'fullName')) continue;
      const mapped = field === 'phoneNumber' ? 'phone' : field === 'role' ? 'group' : mapping.fullName !== null && isName ? 'fullName' : field;
      // Said once, by the cell's own check above.
      if (errors.some((e) => e.field === mapped && e.params?.rule === 'plainText')) continue;
      errors.push({ field: mapped, message: issue.message, params: paramsOfIssue(issue) });
    }
  }
  if (errors.length > 0) return { ok: false, errors, name };
  return {
    ok: true,
    firstName: checked.data!.firstName,
    lastName: checked.data!.lastName,
    email: email ? checked.data!.email : '',
    phoneNumber: c.phone === undefined ? undefined : checked.data!.phoneNumber || null,
    role,
    workingTimeFraction,
    monthlyHours,
    qualifications,
  };
}
