// What a delete names to be sure it removes the record the planner saw: `?version=N`. A record
// changed since is kept and the delete refused with 409 (server: repos/versioned-delete.ts).
import { z } from 'zod';

/** A version in a query string: digits only, as a number. */
export const deleteVersionSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be the version the delete was based on')
  .transform(Number)
  .optional();

/** The query of a delete addressed by id: at most the version. */
export const deleteQuerySchema = z.object({ version: deleteVersionSchema }).strict();
