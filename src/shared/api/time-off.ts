// Time off (docs/product.md §2, §3 and §5): the request form, the API body and what the API returns.
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { isoDate } from './dates.ts';

/** Hours per day of time off that counts as work: 1 to 24 in steps of 0.5. */
const workHoursSchema = z
  .number({ error: 'must be a number' })
  .min(1, 'must be at least 1')
  .max(24, 'must be at most 24')
  .refine((v) => Number.isInteger(v * 2), { message: 'must be in steps of 0.5', params: { rule: 'halfHourSteps' } });

/**
 * What a time off is (docs/product.md, Time Off). Stored in `time_off.kind`; a request made before
 * kinds existed, or one that names none, is 'other'.
 */
export const TIME_OFF_KIND_VALUES = ['vacation', 'onDemand', 'sick', 'training', 'other'] as const;
export type TimeOffKind = (typeof TIME_OFF_KIND_VALUES)[number];
const DEFAULT_TIME_OFF_KIND: TimeOffKind = 'other';
/**
 * The kind a new request starts at in the form: the most common one (docs/decisions/0039-time-off-reason-and-kind.md).
 * The API's default for a body that names no kind stays 'other'.
 */
export const FORM_DEFAULT_TIME_OFF_KIND: TimeOffKind = 'vacation';

/** Whether a kind needs a reason: only 'other', whose reason is all that says what it is. */
export const reasonRequired = (kind: TimeOffKind) => kind === 'other';

/**
 * Each kind with whether it counts as work by default and, when it does, the hours per day: what the
 * form fills in when the kind is chosen (the planner may still change both), and what an import should
 * assume. Listed in the order the form offers them.
 */
export const TIME_OFF_KINDS: readonly { kind: TimeOffKind; countAsWork: boolean; workHours: number | null }[] = [
  { kind: 'vacation', countAsWork: false, workHours: null },
  { kind: 'onDemand', countAsWork: false, workHours: null },
  { kind: 'sick', countAsWork: false, workHours: null },
  { kind: 'training', countAsWork: true, workHours: 8 },
  { kind: 'other', countAsWork: false, workHours: null },
];

/** Whether a time off of this kind counts as work by default, and its hours per day (null unless it does). */
export function timeOffKindDefaults(kind: TimeOffKind): { countAsWork: boolean; workHours: number | null } {
  const found = TIME_OFF_KINDS.find((k) => k.kind === kind)!;
  return { countAsWork: found.countAsWork, workHours: found.workHours };
}

const timeOffKindSchema = z.enum(TIME_OFF_KIND_VALUES, { error: `must be one of ${TIME_OFF_KIND_VALUES.join(', ')}` });

export const timeOffInputSchema = z
  .object({
    employeeId: z.uuid('must be an employee id'),
    startDate: isoDate,
    endDate: isoDate,
    /** Left out: 'other'. */
    kind: timeOffKindSchema.default(DEFAULT_TIME_OFF_KIND),
    /** Required for 'other' only; left out or empty for the rest (a sick note's reason is the employee's). */
    reason: plainText({ multiLine: true }).max(500, 'must be at most 500 characters').default(''),
    countAsWork: z.boolean(),
    /** null unless countAsWork is true. */
    workHours: workHoursSchema.nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'cannot be earlier than the start date', params: { rule: 'endBeforeStart' } });
    }
    if (reasonRequired(v.kind) && v.reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required for time off of the kind other', params: { rule: 'reasonRequired' } });
    }
    if (v.countAsWork && v.workHours === null) {
      ctx.addIssue({ code: 'custom', path: ['workHours'], message: 'is required when the time off counts as work', params: { rule: 'workHoursRequired' } });
    }
    if (!v.countAsWork && v.workHours !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['workHours'],
        message: 'must be empty unless the time off counts as work',
        params: { rule: 'workHoursNotAllowed' },
      });
    }
  });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

const TIME_OFF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

/**
 * A manager's decision on a request, naming the version it was based on. A rejected request stays
 * listed on the Time Off screen but is not planned: the grid, the totals and the generator skip it.
 */
export const timeOffStatusUpdateSchema = z
  .object({
    status: z.enum(TIME_OFF_STATUSES, { error: 'must be pending, approved or rejected' }),
    version: z.number({ error: 'must be the version the decision was based on' }).int().min(1),
  })
  .strict();

/** Whether a time off takes the employee out of the plan: every request but a rejected one. */
export const isPlanned = (off: { status: string }) => off.status !== 'rejected';

/** An edit names the version it was based on; a stale one is refused with 409. */
export const timeOffUpdateSchema = z.object({ version: z.number().int().min(1), data: timeOffInputSchema }).strict();

export const timeOffSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  role: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  kind: timeOffKindSchema,
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  countAsWork: z.boolean(),
  workHours: z.number().nullable(),
  version: z.number().int(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** What the time off dialog asks before saving: the employee's shifts on the days it covers. */
export const overlappingShiftsQuerySchema = z.object({ employeeId: z.uuid('must be an employee id'), startDate: isoDate, endDate: isoDate }).strict();
export const overlappingShiftSchema = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });
export type OverlappingShift = z.infer<typeof overlappingShiftSchema>;
