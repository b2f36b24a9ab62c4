// Re-planning a published month from a date (docs/replanning.md, docs/decisions/0047-replan-proposals-signed-not-stored.md):
// the proposal the server computes without saving anything, and the signed token the planner sends
// back to apply it in one action.
import { z } from 'zod';
import { isoDate, isoMonth } from './dates.ts';
import { RULE_CODES } from './generation.ts';

export const replanRequestSchema = z
  .object({
    role: z.string().min(1, 'is required'),
    month: isoMonth,
    /** The first day to re-plan; every shift before it stays as it is. */
    from: isoDate,
  })
  .strict()
  .refine((body) => body.from.slice(0, 7) === body.month, { path: ['from'], error: 'is not a day of the month' });

/** A shift as the proposal shows it: times HH:MM, endDate the next date for a night shift. */
const replanShiftSchema = z.object({ startTime: z.string(), endTime: z.string(), endDate: z.string() });
export type ReplanShift = z.infer<typeof replanShiftSchema>;

/** One day of one person that differs from the published month: moved (other times), added or removed. */
const replanChangeSchema = z.object({
  date: z.string(),
  kind: z.enum(['moved', 'added', 'removed']),
  before: replanShiftSchema.nullable(),
  after: replanShiftSchema.nullable(),
});
export type ReplanChange = z.infer<typeof replanChangeSchema>;

const sentenceParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** The answer of POST /generation/replan: the difference against the published month, and the token to apply it. */
export const replanProposalSchema = z.object({
  role: z.string(),
  month: z.string(),
  from: z.string(),
  /** Who is affected, by name, each with their changed days in date order. */
  people: z.array(z.object({ employeeId: z.string(), name: z.string(), changes: z.array(replanChangeSchema) })),
  counts: z.object({ people: z.number().int(), moved: z.number().int(), added: z.number().int(), removed: z.number().int() }),
  /** How many of the published shifts the proposal changes (moved or removed), time off's included. */
  publishedChanged: z.number().int(),
  /**
   * The engine's Q8: of the published shifts from the date on, less those a day of time off now takes,
   * how many the proposal does not keep as they were (`changed` of `published`, `percent`); and how many
   * time off takes. Null when the engine did not measure it.
   */
  disruption: z.object({ percent: z.number(), changed: z.number().int(), published: z.number().int(), forbiddenByTimeOff: z.number().int() }).nullable(),
  /** The group's coverage (Q1, %) of the month as it is now and as proposed. */
  coverage: z.object({ before: z.number(), after: z.number() }),
  /** How many shifts of the month as it is now applying writes (added, replaced or removed). */
  writes: z.number().int(),
  /** Hard-rule breaches of the proposed month, by code and figures (none when the month keeps every rule). */
  breaches: z.array(z.object({ code: z.enum(RULE_CODES), params: sentenceParams })),
  /** The proposal, signed by the server: sent back as it is to apply it. */
  token: z.string(),
});
export type ReplanProposal = z.infer<typeof replanProposalSchema>;

/** The largest token the apply route reads: a 200-person month with every day of everyone changed fits. */
const REPLAN_TOKEN_MAX = 3_000_000;

export const replanApplySchema = z
  .object({
    role: z.string().min(1, 'is required'),
    month: isoMonth,
    token: z.string().min(1, 'is required').max(REPLAN_TOKEN_MAX, 'is too long'),
  })
  .strict();

export const replanAppliedSchema = z.object({ written: z.number().int() });
export type ReplanApplied = z.infer<typeof replanAppliedSchema>;

/** 409: the month changed since the proposal was computed; params say what (GenerationStaleParams). */
export const REPLAN_STALE = 'REPLAN_STALE';
/** 400: the token was not made by this server for this month, or was altered. */
export const REPLAN_TAMPERED = 'REPLAN_TAMPERED';
/** 409: the month as applied would break a hard rule the proposal did not show; params: the breach's code and figures. */
export const REPLAN_BREAKS_RULE = 'REPLAN_BREAKS_RULE';
/** 409: the month is not published; there is nothing to re-plan against. */
export const REPLAN_NOT_PUBLISHED = 'REPLAN_NOT_PUBLISHED';
