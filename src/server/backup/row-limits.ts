// The limits a restored row must keep: the same as the API's for the fields a planner types (the
// shared zod schemas of src/shared/api, so a rule added there, such as refusing control characters,
// holds for restores too), and a size for every other text, so that a file cannot put into the
// database what no screen or route would have let in.
import type { z } from 'zod';
import { paramsOfIssue, type IssueParams } from '../../shared/api/issues.ts';
import { employeeInputSchema } from '../../shared/api/employees.ts';
import { staffGroupInputSchema } from '../../shared/api/staff-groups.ts';
import { timeOffInputSchema } from '../../shared/api/time-off.ts';
import { requestDecisionSchema, timeOffRequestInputSchema } from '../../shared/api/time-off-requests.ts';
import { swapDecisionSchema, swapOfferInputSchema } from '../../shared/api/swaps.ts';
import { eventInputSchema } from '../../shared/api/schedule.ts';
import { flightNumberSchema } from '../../shared/api/flights.ts';
import { importBodySchema } from '../../shared/api/flight-import.ts';
import { heldQualificationSchema, qualificationCodeSchema, qualificationInputSchema } from '../../shared/api/qualifications.ts';
import { handlingRuleSchema, typeNameSchema } from '../../shared/api/handling-rules.ts';

/** The longest text a column without an API schema may hold (characters). */
const TEXT_MAX = 10_000;
/** The longest JSON value (an object or array column, as text) a row may hold. */
const JSON_MAX = 2_000_000;

const employee = employeeInputSchema.shape;
const event = eventInputSchema.shape;
const qualification = qualificationInputSchema.shape;
const held = heldQualificationSchema.shape;
const rule = handlingRuleSchema.shape;

/** Per table, the API's schema of each column a person types. */
const API_FIELDS: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>> = {
  staff_groups: { name: staffGroupInputSchema.shape.name },
  employees: {
    first_name: employee.firstName,
    last_name: employee.lastName,
    email: employee.email,
    phone_number: employee.phoneNumber,
    working_time_fraction: employee.workingTimeFraction,
    monthly_hours: employee.monthlyHours,
  },
  time_off: { reason: timeOffInputSchema.shape.reason },
  time_off_requests: { note: timeOffRequestInputSchema.shape.note, decision_reason: requestDecisionSchema.shape.reason },
  shift_swaps: { note: swapOfferInputSchema.shape.note, decision_reason: swapDecisionSchema.shape.reason },
  events: { name: event.name, description: event.description },
  flights: { flight_number: flightNumberSchema },
  flight_imports: { file_name: importBodySchema.shape.fileName },
  qualifications: { code: qualificationCodeSchema, name_pl: qualification.namePl, name_en: qualification.nameEn, description: qualification.description },
  // A holding's code must be in the catalogue (its foreign key says so) and its dates real dates.
  employee_qualifications: { code: qualificationCodeSchema, valid_from: held.validFrom, valid_until: held.validUntil },
  // A rule's tasks are JSON the database does not judge: each is checked as a save of the rules checks it.
  handling_rules: { aircraft_type: rule.aircraftType, prefix: rule.prefix, movement: rule.movement, tasks: rule.tasks },
  aircraft_type_names: { written: typeNameSchema.shape.written, aircraft_type: typeNameSchema.shape.aircraftType },
};

/** What is wrong with one field of a restored row. */
export interface FieldProblem {
  column: string;
  /** The API's words, such as "must be at most 100 characters". */
  message: string;
  params: IssueParams;
}

const tooLong = (maximum: number): Omit<FieldProblem, 'column'> => ({
  message: `must be at most ${maximum} characters`,
  params: { issue: 'too_big', origin: 'string', maximum },
});

/** The first field of `row` (a row of `table` as the backup has it) that breaks a limit, or null. */
export function fieldProblem(table: string, row: Record<string, unknown>): FieldProblem | null {
  const fields = API_FIELDS[table] ?? {};
  for (const [column, value] of Object.entries(row)) {
    const schema = fields[column];
    if (schema) {
      // null stays for the database to judge (a column that must have a value says so itself).
      if (value === null) continue;
      const checked = schema.safeParse(value);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return { column, message: issue.message, params: paramsOfIssue(issue) };
      }
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > TEXT_MAX) return { column, ...tooLong(TEXT_MAX) };
    } else if (value !== null && typeof value === 'object' && JSON.stringify(value).length > JSON_MAX) {
      return { column, ...tooLong(JSON_MAX) };
    }
  }
  return null;
}
