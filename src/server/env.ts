// The environment, checked once at start. No other file reads process.env.
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  /** Seed the demo airport on first start with the embedded database (default on). */
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  /** Generate the demo month's shifts on first start (default on; the browser suite turns it off). */
  DEMO_SHIFTS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma separated). Empty: none. */
  TRUSTED_PROXIES: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** Sign-in attempts allowed from one client address per minute (the browser suite raises it). */
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  /** The largest backup file a restore through the server takes, in MB. */
  BACKUP_MAX_MB: z.coerce.number().int().min(1).max(4096).default(200),
  /**
   * How many of each kind of heavy work (a timetable's checks, a generation, a month's coverage) run at
   * once, each in a worker thread; the rest wait in its queue (src/server/work/). 1 suits two cores.
   */
  HEAVY_WORK_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** The mail server invitations go out through (smtp://user:password@host:587 or smtps://…); unset: planners copy links. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of that mail, e.g. "Grafik <grafik@airport.example>"; required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
});

export type Env = z.infer<typeof envSchema> & { baseUrl: string };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.SMTP_URL && !env.MAIL_FROM) throw new Error('Invalid environment:\n  MAIL_FROM: is required with SMTP_URL (the sender of invitation mail)');
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return { ...env, baseUrl: env.BASE_URL ?? `http://${host}:${env.PORT}` };
}

/**
 * BACKUP_MAX_MB on its own, for the restore route, which is built without the checked environment
 * at hand. Invalid: the same message as loadEnv's.
 */
export function backupMaxMb(source: Record<string, string | undefined> = process.env): number {
  const raw = source.BACKUP_MAX_MB;
  const result = envSchema.shape.BACKUP_MAX_MB.safeParse(raw === '' ? undefined : raw);
  if (!result.success) throw new Error(`Invalid environment:\n  BACKUP_MAX_MB: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/** HEAVY_WORK_THREADS on its own, for the queues of heavy work, made where the checked environment is not at hand. */
export function heavyWorkThreads(source: Record<string, string | undefined> = process.env): number {
  const raw = source.HEAVY_WORK_THREADS;
  const result = envSchema.shape.HEAVY_WORK_THREADS.safeParse(raw === '' ? undefined : raw);
  if (!result.success) throw new Error(`Invalid environment:\n  HEAVY_WORK_THREADS: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}
