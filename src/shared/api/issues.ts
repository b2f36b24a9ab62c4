// What a validation problem is, in words the browser can translate: the zod issue code, the rule's own
// key when a schema names one (custom checks carry `params: { rule }`), and the limits a sentence
// quotes. The server sends these as an error answer's params; the forms build them from their own
// zod issues, so both are said by the same sentences (src/web/lib/api-errors.ts).
import { z } from 'zod';

/** The params of a refused input: every value a sentence needs, none of the refused input itself. */
export type IssueParams = {
  /** The zod issue code: too_small, too_big, invalid_type, invalid_format, invalid_value, custom... */
  issue: string;
  /** A schema's own rule (FLIGHT_MESSAGES, DATE_MESSAGES, RULES below), when it names one. */
  rule?: string;
  minimum?: number;
  maximum?: number;
  /** What was measured: string, number, array, set, date... */
  origin?: string;
  /** The expected type of an invalid_type issue. */
  expected?: string;
  /** The format of an invalid_format issue: email, uuid, datetime, regex... */
  format?: string;
  /** The allowed values of an invalid_value issue. */
  values?: (string | number | boolean | null)[];
  divisor?: number;
};

/** IssueParams as an answer's schema (the rows of a timetable preview carry them). */
export const issueParamsSchema = z.object({
  issue: z.string(),
  rule: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  origin: z.string().optional(),
  expected: z.string().optional(),
  format: z.string().optional(),
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  divisor: z.number().optional(),
  /** The text at fault, where a rule's sentence names it (a qualification code of the staff import). */
  value: z.string().optional(),
});

/** The rules the schemas name that are not flight or date rules. */
export const RULES = [
  'email',
  'phone',
  'endBeforeStart',
  'workHoursRequired',
  'workHoursNotAllowed',
  'halfHourSteps',
  'closingAfterOpening',
  'timeOfDay',
  'groupNotInHours',
  'endAfterStart',
  'inFuture',
  'plainText',
  'plainTextLines',
] as const;

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.getTime();
  return undefined;
};
const asText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The params of one zod issue: its code and the rest of it (as zod gives it, or as the Fastify zod
 * provider passes it on). Input values are never copied.
 */
export function issueParams(code: string, rest: Record<string, unknown>): IssueParams {
  const out: IssueParams = { issue: code };
  const custom = rest.params && typeof rest.params === 'object' ? (rest.params as Record<string, unknown>) : undefined;
  const rule = asText(custom?.rule);
  if (rule) out.rule = rule;
  // A custom check's params may quote limits too (a date's years).
  const minimum = asNumber(rest.minimum ?? custom?.minimum);
  if (minimum !== undefined) out.minimum = minimum;
  const maximum = asNumber(rest.maximum ?? custom?.maximum);
  if (maximum !== undefined) out.maximum = maximum;
  const divisor = asNumber(rest.divisor);
  if (divisor !== undefined) out.divisor = divisor;
  for (const key of ['origin', 'expected', 'format'] as const) {
    const text = asText(rest[key]);
    if (text) out[key] = text;
  }
  if (Array.isArray(rest.values)) {
    out.values = rest.values.filter((v): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v));
  }
  return out;
}

/** The params of a zod issue as zod gives it. */
export function paramsOfIssue(issue: { code: string }): IssueParams {
  const { code, path: _path, message: _message, ...rest } = issue as { code: string } & Record<string, unknown>;
  return issueParams(code, rest);
}
