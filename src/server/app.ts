// Builds the HTTP app without listening, so tests can call inject(). src/cli/serve.ts listens.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Auth } from './auth/auth.ts';
import { headersOf } from './auth/fetch-request.ts';
import { errorReply, frameworkErrorReply } from './http/error-handler.ts';
import { loggedUrl, serializeError } from './http/log-redaction.ts';
import { registerWebAssets, REVALIDATE } from './http/web-assets.ts';
import { loadFirstScreenDrawer, sendDrawn } from './http/first-screen-drawing.ts';
import { workQueue } from './work/pools.ts';
import { FirstScreenPages, hasSessionCookie, monthToPreload, pageEncoding, readFirstScreenFiles } from './http/first-screen.ts';
import { refuseNulCharacters } from './http/input-guard.ts';
import { registerApiRoutes } from './routes/index.ts';
import { monthCoverage } from './coverage/service.ts';
import { createCoverageRunner } from './coverage/coverage-runner.ts';
import { createBoundService, createBoundSolver } from './coverage/bound-service.ts';
import { createStaffingService } from './coverage/staffing-service.ts';
import type { MonthCoverage } from '../shared/api/coverage.ts';
import { publicRoutes } from './routes/public.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { MonthCache } from './cache/month-cache.ts';
import { monthAnswer } from './http/month-answer.ts';
import { hasBody, refuseCrossSiteWrites } from './security/access.ts';
import { declareAudiences, type RouteAudience } from './security/audience.ts';
import { employeeOfUser } from './repos/employee-accounts.ts';
import type { MailSettings } from './employee-accounts/mail.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { securityHeaders } from './security/headers.ts';

export interface AppOptions {
  database: Database;
  auth: Auth;
  baseUrl: string;
  logLevel?: string;
  trustedProxies?: string[];
  /** Folder of the built front end; served with history fallback when it exists. */
  webRoot?: string | null;
  /**
   * The built server entry that draws the dashboard's first screen (dist/ssr by default with the default
   * web root; none with another, unless given); null: pages are never drawn on the server.
   */
  ssrRoot?: string | null;
  /** Requests one client address may make to calendar addresses per minute (routes/calendar.ts). */
  calendarRequestsPerMinute?: number;
  /** Where the log goes (standard output when not given); tests capture it. */
  logStream?: NodeJS.WritableStream;
  /** Where invitation mail goes out; none: planners copy the links (src/server/employee-accounts/mail.ts). */
  mail?: MailSettings | null;
  /** Invitation acceptances one client address may try per minute (routes/invitations.ts). */
  invitationAttemptsPerMinute?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's address carries a secret (a calendar token): the log shows the route, never the address (http/log-redaction.ts). */
    secretInAddress?: boolean;
  }
  interface FastifyRequest {
    user: {
      id: string;
      email: string;
      name: string;
      role?: string | null | undefined;
      mustChangePassword?: boolean | null | undefined;
    } | null;
    /** The id of the signed-in session (set with `user`). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** The dashboard's months kept between reads (cache/month-cache.ts). */
    monthCache: MonthCache;
    /** Every /api route with who may call it (security/audience.ts). */
    routeAudiences: RouteAudience[];
  }
}

/** The log's form of an error (pino wants a stack string, even an empty one). */
function logError(error: unknown) {
  const out = serializeError(error);
  return { ...out, stack: out.stack ?? '' };
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
const defaultSsrRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/ssr');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The body limit of every route that sets none. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, auth, baseUrl } = options;
  const trusted = options.trustedProxies?.filter(Boolean) ?? [];
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      // Errors are logged by code, constraint and table, never with a query's values (http/log-redaction.ts).
      // A route whose address carries a secret is logged by the matched route, never as sent (routes/calendar.ts).
      serializers: {
        err: logError,
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: loggedUrl(req),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-backup-passphrase"]', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    // Only a configured proxy's X-Forwarded-For is believed; otherwise the socket's address counts.
    trustProxy: trusted.length > 0 ? trusted : false,
    // Small by default; the few routes that take files set their own limit.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Errors the router raises before any route is matched (an address that cannot be decoded, say).
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('employeeId', null);

  // Security headers on every answer (API answers also get no-store, in the /api scope below).
  const headers = securityHeaders(baseUrl.startsWith('https://'));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // An address no route matches is answered at once, before any body is read: the API's 404 in JSON,
  // and for any other GET the web app, which routes on the client (history fallback).
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  const firstScreen = hasWeb ? readFirstScreenFiles(webRoot) : null;
  const firstScreenPages = firstScreen ? new FirstScreenPages(fs.readFileSync(path.join(webRoot!, 'index.html'), 'utf8'), firstScreen) : null;
  const ssrRoot = options.ssrRoot === undefined ? (options.webRoot === undefined ? defaultSsrRoot : null) : options.ssrRoot;
  const drawer = firstScreenPages ? await loadFirstScreenDrawer(ssrRoot) : null;
  if (drawer) app.addHook('onClose', async () => drawer.close());
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      if (hasBody(request)) reply.header('connection', 'close');
      const address = request.url.split('?')[0]!.slice(0, 200);
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No such address: ${request.method} ${address}`, requestId: String(request.id) });
    }
    const [pathname, query] = request.url.split('?', 2) as [string, string | undefined];
    if (pathname === '/') {
      // The dashboard's page names its first screen's files and requests for a signed-in browser
      // (src/server/http/first-screen.ts); the page differs by the cookie.
      reply.header('vary', 'cookie');
      if (firstScreenPages && hasSessionCookie(request.headers.cookie)) {
        // An employee's own account has no dashboard: their page is /me, and the dashboard's page (which
        // names the dashboard's code to fetch) never goes to them.
        const session = await auth.api.getSession({ headers: headersOf(request) }).catch(() => null);
        if (session?.user.role === 'employee') return reply.redirect('/me', 302);
        const month = monthToPreload(query);
        const encoding = pageEncoding(request.headers['accept-encoding']);
        // Drawn on the server when it can be (http/first-screen-drawing.ts); else the page with its links.
        if (drawer) {
          const drawn = await drawer.draw(app, request, firstScreenPages.forDrawing(month), month).catch((error: unknown) => {
            request.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'the first screen was not drawn');
            return null;
          });
          if (drawn) return sendDrawn(reply, drawn, encoding);
        }
        const page = firstScreenPages.page(month);
        reply.header('vary', 'cookie, accept-encoding').header('cache-control', REVALIDATE).header('etag', page.tag);
        if (request.headers['if-none-match'] === page.tag) return reply.status(304).send();
        reply.type('text/html; charset=utf-8');
        if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
        return reply.send(page.html);
      }
    }
    return reply.type('text/html').sendFile('index.html');
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return notFound(request, reply);
  });

  app.setErrorHandler(errorReply);

  // Every /api route is registered inside the scope below, and says who may call it in its own options
  // (security/audience.ts): access is decided by the matched route, never by the URL's text.
  const monthCache = new MonthCache(database.changes(), (month) => monthAnswer(database.db, month));
  app.addHook('onClose', async () => monthCache.close());
  // Each month's coverage (docs/coverage.md), kept the same way: building it reads every group's inputs.
  // The engine's part runs in a worker thread, so that a month's build does not hold other requests.
  const coverageRunner = createCoverageRunner();
  const coverageCache = new MonthCache<MonthCoverage>(
    database.changes(),
    (month) =>
      // One month worked out at a time (its inputs read, its engine part in the coverage thread): twelve
      // months asked at once wait in the coverage queue instead of sharing the server's thread (src/server/work/).
      workQueue('coverage').run(null, () => monthCoverage(database.db, month, undefined, coverageRunner.run)),
    { maxMonths: 6 },
  );
  app.addHook('onClose', async () => {
    coverageCache.close();
    coverageRunner.close();
  });
  // The best coverage each group-month could reach, solved off the request thread and kept until its
  // inputs change (docs/coverage-bound.md); a first ask answers "pending".
  const boundService = createBoundService({ db: database.db, feed: database.changes() });
  // The staffing curve (docs/staffing-curve.md) solves its points in a worker thread of its own, so that a
  // curve of many points never holds up the bound the coverage screen waits for.
  const staffingSolver = createBoundSolver();
  const staffingService = createStaffingService({ db: database.db, feed: database.changes(), solver: staffingSolver });
  app.addHook('onClose', async () => {
    staffingService.close();
    staffingSolver.close();
    boundService.close();
  });
  app.decorate('monthCache', monthCache);
  // Every /api route says who may call it; its guards (a session first, checked before the body is read:
  // a caller without one gets 401 and nothing parsed) run for the route the router matched.
  app.decorate(
    'routeAudiences',
    declareAudiences(app, auth, (userId) => employeeOfUser(database.db, userId)),
  );
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      api.addHook('onRequest', refuseCrossSiteWrites(new URL(baseUrl).origin));
      // Answers of 1 kB or more go out compressed (brotli or gzip, as the client accepts). The month's
      // answer, already gzipped by its cache, is left as it is. Compressed request bodies are not
      // accepted: a body's limit is its size on the wire (docs/decisions/0012-first-load.md).
      await api.register(fastifyCompress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
      // Text with a NUL character cannot be stored by PostgreSQL: refused before validation, naming the field.
      api.addHook('preValidation', refuseNulCharacters);
      await api.register(async (open) => publicRoutes(open, { database, auth, baseUrl }));
      // An invitation link's acceptance: no session, the token is the key; throttled in its own scope.
      await api.register(async (invitations) =>
        invitationRoutes(invitations, {
          database,
          auth,
          ...(options.invitationAttemptsPerMinute ? { perMinute: options.invitationAttemptsPerMinute } : {}),
        }),
      );
      // Employees' calendar addresses: no session, the token is the key; rate-limited in their own scope.
      await api.register(async (feeds) =>
        calendarRoutes(feeds, { database, ...(options.calendarRequestsPerMinute ? { perMinute: options.calendarRequestsPerMinute } : {}) }),
      );
      await api.register(async (signedIn) => {
        // Months are kept until the database's change feed reports a change. A change made through this
        // instance is also forgotten at once, before its answer goes out, so that the planner who made it
        // reads it back even before the feed's notice arrives. Refused requests (4xx) change no month, nor
        // do routes that declare they save nothing.
        signedIn.addHook('onSend', async (request, reply) => {
          if (SAFE_METHODS.has(request.method) || request.routeOptions.config.savesNothing) return;
          if (reply.statusCode >= 400 && reply.statusCode < 500) return;
          monthCache.invalidate('all');
          coverageCache.invalidate('all');
        });
        await registerApiRoutes(signedIn, {
          database,
          auth,
          monthCache,
          coverageCache,
          coverageBound: boundService.boundFor,
          staffingCurve: staffingService,
          baseUrl,
          mail: options.mail ?? null,
        });
      });
    },
    { prefix: '/api' },
  );

  // The built front end: hashed assets cached for a year, index.html revalidated, the smallest encoding
  // the browser accepts (http/web-assets.ts).
  if (hasWeb) await registerWebAssets(app, webRoot);
  app.setNotFoundHandler(notFound);

  return app;
}
