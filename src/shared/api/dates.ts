// Dates and months as every API schema takes them, in query strings, parameters and bodies alike:
// a date is "YYYY-MM-DD" and must exist in the calendar, a month is "YYYY-MM" with a month 01–12,
// and both lie within YEAR_RANGE. A value outside these never reaches the database, whose own
// refusal would come back as PostgreSQL's text. Each refusal names its rule (params.rule), which the
// screens translate.
import { z } from 'zod';
import { DATE_MESSAGES, dateIssue, monthIssue, YEAR_RANGE } from '../date-rules.ts';

export { DATE_MESSAGES, FIRST_MONTH, LAST_MONTH, YEAR_RANGE, monthProblem } from '../date-rules.ts';

/** The limits the range rules quote, sent with them so that a screen can say them. */
const RANGE = { minimum: YEAR_RANGE.min, maximum: YEAR_RANGE.max };

/** A date "YYYY-MM-DD" that exists in the calendar, within YEAR_RANGE. */
export const isoDate = z.string({ error: DATE_MESSAGES.dateFormat }).superRefine((value, ctx) => {
  const problem = dateIssue(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule, ...RANGE } });
});

/** A month "YYYY-MM" (01–12) within YEAR_RANGE. */
export const isoMonth = z.string({ error: DATE_MESSAGES.monthFormat }).superRefine((value, ctx) => {
  const problem = monthIssue(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule, ...RANGE } });
});
