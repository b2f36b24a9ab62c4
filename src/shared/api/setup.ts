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
 * part in flights, operating hours when no group takes part in them. A new airport has no group yet:
 * then nothing is done, as the groups say which of these steps there will be.
 */
export function setupSteps(status: SetupStatus): Record<SetupStep, boolean> {
  const groups = status.groups > 0;
  return {
    staff: groups && status.employees > 0,
    flights: groups && (status.flightGroups === 0 || status.flights > 0),
    hours: groups && status.hoursGroupsSet >= status.hoursGroups,
    requiredHours: status.requiredHours !== null,
    generate: status.shifts > 0,
  };
}
