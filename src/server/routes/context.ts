import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';

/** What every route plugin is given. */
export interface RouteContext {
  database: Database;
  auth: Auth;
}
