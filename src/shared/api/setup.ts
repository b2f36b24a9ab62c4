// What a month still lacks before it can be generated (docs/getting-started.md): the first-run
// checklist on the dashboard counts these, and says each step done or not from them.
import { z } from 'zod';
import { isoMonth } from './dates.ts';

export const setupStatusQuerySchema = z.object({ month: isoMonth }).strict();

export const setupStatusSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Staff groups, and employees in them. */
  groups: z.number().int(),
  employees: z.number().int(),
  /** Groups that take part in flights, and the flights departing in the month (airport zone). */
  flightGroups: z.number().int(),
  flights: z.number().int(),
  /** Groups that take part in operating hours, and how many of them have hours this month. */
  hoursGroups: z.number().int(),
  hoursGroupsSet: z.number().int(),
  /** The month's required hours, or null while unset. */
  requiredHours: z.number().int().nullable(),
  /** Shifts dated in the month. */
  shifts: z.number().int(),
  /**
   * Whether the airport has a shift in any month. The checklist is for an airport not set up yet: once
   * a month has been planned, later months are the planner's routine and it is not shown.
   */
  plannedBefore: z.boolean(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export type SetupStep = 'staff' | 'flights' | 'hours' | 'requiredHours' | 'generate';
export const SETUP_STEPS: readonly SetupStep[] = ['staff', 'flights', 'hours', 'requiredHours', 'generate'];

/**
 * Whether each step is done. A step with nothing to do counts as done: flights when no group takes
 * part in flights, operating hours when no group takes part in them.
 */
export function setupSteps(status: SetupStatus): Record<SetupStep, boolean> {
  return {
    staff: status.groups > 0 && status.employees > 0,
    flights: status.flightGroups === 0 || status.flights > 0,
    hours: status.hoursGroupsSet >= status.hoursGroups,
    requiredHours: status.requiredHours !== null,
    generate: status.shifts > 0,
  };
}
