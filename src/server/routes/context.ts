import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import type { MonthCache } from '../repos/month-cache.ts';
import type { BoundLookup } from '../coverage/service.ts';

/** What every route plugin is given. */
export interface RouteContext {
  database: Database;
  auth: Auth;
  /** The dashboard's months, kept until they change. */
  monthCache: MonthCache;
  /** The best coverage a group-month could reach, when it is computed (src/server/coverage/bound-service.ts). */
  coverageBound?: BoundLookup;
}
