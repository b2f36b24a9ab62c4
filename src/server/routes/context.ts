import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import type { MonthCache } from '../cache/month-cache.ts';
import type { BoundLookup } from '../coverage/service.ts';
import type { StaffingService } from '../coverage/staffing-service.ts';
import type { MonthCoverage } from '../../shared/api/coverage.ts';
import type { MailSettings } from '../employee-accounts/mail.ts';

/** What every route plugin is given. */
export interface RouteContext {
  database: Database;
  auth: Auth;
  /** The dashboard's months, kept until they change. */
  monthCache: MonthCache;
  /** Each month's coverage, kept until it changes (src/server/coverage/service.ts). */
  coverageCache: MonthCache<MonthCoverage>;
  /** The best coverage a group-month could reach, when it is computed (src/server/coverage/bound-service.ts). */
  coverageBound?: BoundLookup;
  /** "How many people are needed?": the staffing curve per group-month (src/server/coverage/staffing-service.ts). */
  staffingCurve?: StaffingService;
  /** The app's own address (links in mail). */
  baseUrl?: string;
  /** Where invitation mail goes out; null: none is sent. */
  mail?: MailSettings | null;
}
