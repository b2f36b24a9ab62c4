// Builds the HTTP app without listening, so tests can call inject(). src/cli/serve.ts listens.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import type { Auth } from './auth/auth.ts';
import { CLIENT_IP_HEADER } from './auth/auth.ts';
import { HttpError, type ErrorBody } from './http/errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, invalidInputMessage, isDatabaseUnavailable } from './http/db-errors.ts';
import { refuseNulCharacters } from './http/input-guard.ts';
import { APP_VERSION } from '../shared/version.ts';
import { registerApiRoutes } from './routes/index.ts';
import { MonthCache } from './repos/month-cache.ts';
import { monthAnswer } from './repos/month.ts';
import { checkAuthRequest } from './security/auth-gate.ts';
import { securityHeaders } from './security/headers.ts';

export interface AppOptions {
  database: Database;
  auth: Auth;
  baseUrl: string;
  logLevel?: string;
  trustedProxies?: string[];
  /** Folder of the built front end; served with history fallback when it exists. */
  webRoot?: string | null;
  /** Where the log goes (standard output when not given); tests capture it. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
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
    /** The dashboard's months kept between reads (repos/month-cache.ts). */
    monthCache: MonthCache;
  }
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, auth, baseUrl } = options;
  const trusted = options.trustedProxies?.filter(Boolean) ?? [];
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    // Only a configured proxy's X-Forwarded-For is believed; otherwise the socket's address counts.
    trustProxy: trusted.length > 0 ? trusted : false,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  // Security headers on every answer; API answers are never cached.
  const headers = securityHeaders(baseUrl.startsWith('https://'));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error, request, reply) => {
    const requestId = String(request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const message = first ? `${field ?? error.validationContext ?? 'request'}: ${first.message}` : 'Invalid request';
      const body: ErrorBody = { code: 'BAD_REQUEST', message, requestId, ...(field ? { field } : {}) };
      return reply.status(400).send(body);
    }
    // A lost database connection (also behind a 5xx HttpError's cause): 503 with a message that says so.
    if (!(error instanceof HttpError && error.statusCode < 500) && isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, requestId } satisfies ErrorBody);
    }
    // A value the database cannot hold (PostgreSQL's data exceptions, class 22) is the input's fault: 400.
    const invalid = error instanceof HttpError ? null : invalidInputMessage(error);
    if (invalid) return reply.status(400).send({ code: 'BAD_REQUEST', message: invalid, requestId } satisfies ErrorBody);
    if (error instanceof HttpError) {
      const body: ErrorBody = { code: error.code, message: error.message, requestId };
      if (error.field) body.field = error.field;
      return reply.status(error.statusCode).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: "BAD_REQUEST", message: (error as Error).message, requestId } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Something went wrong on the server. Request id: ' + requestId, requestId });
  });

  // Cross-origin writes are refused (the session cookie is SameSite=Lax; this closes the rest).
  const ownOrigin = new URL(baseUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && origin !== ownOrigin) || site === 'cross-site') {
      return reply
        .status(403)
        .send({ code: 'FORBIDDEN_ORIGIN', message: 'Requests from another site are refused.', requestId: String(request.id) });
    }
  });

  // Text with a NUL character cannot be stored by PostgreSQL: refused before validation, naming the field.
  app.addHook('preValidation', refuseNulCharacters);

  app.get('/api/health', async () => {
    let ok = true;
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      ok = false;
    }
    return { status: ok ? 'ok' : 'degraded', version: APP_VERSION, database: { kind: database.kind, ok } };
  });

  // better-auth answers everything under /api/auth. Sign-up is refused before it gets there.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      if (request.url.startsWith('/api/auth/sign-up')) {
        return reply.status(403).send({
          code: 'SIGN_UP_DISABLED',
          message: 'Registration of new accounts is disabled. Please contact the system administrator.',
          requestId: String(request.id),
        });
      }
      // Only the endpoints the app uses, with only the fields it sends (security/auth-gate.ts).
      const gate = checkAuthRequest(request.method, request.url, request.body);
      if (!gate.ok) {
        const body: ErrorBody = { code: gate.code, message: gate.message, requestId: String(request.id) };
        if (gate.field) body.field = gate.field;
        return reply.status(gate.status).send(body);
      }
      const response = await auth.handler(toFetchRequest(request, baseUrl));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  // Every other API route needs a signed-in user (and, with two-factor on, a passed second step).
  app.addHook('preHandler', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/auth/') || url === '/api/health') return;
    const session = await auth.api.getSession({ headers: headersOf(request) });
    if (!session) {
      return reply
        .status(401)
        .send({ code: 'UNAUTHORIZED', message: 'Not signed in', requestId: String(request.id) } satisfies ErrorBody);
    }
    request.user = session.user;
    request.sessionId = session.session.id;
    // An account created or reset by an administrator chooses its own password before anything else.
    if (session.user.mustChangePassword && !url.startsWith('/api/account')) {
      return reply.status(403).send({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Choose a new password on the Account page before continuing.',
        requestId: String(request.id),
      } satisfies ErrorBody);
    }
  });

  // Months are kept until the database's change feed reports a change. A change made through this
  // instance is also forgotten at once, before its answer goes out, so that the planner who made it
  // reads it back even before the feed's notice arrives. Sign-in traffic and refused requests (4xx)
  // change no month, so they leave the kept months alone.
  const monthCache = new MonthCache(database.changes(), (month) => monthAnswer(database.db, month));
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    monthCache.invalidate('all');
  });
  app.addHook('onClose', async () => monthCache.close());
  app.decorate('monthCache', monthCache);

  await app.register(async (api) => registerApiRoutes(api, { database, auth, monthCache }), { prefix: '/api' });

  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const hasWeb = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No such address: ${request.method} ${request.url.split('?')[0]}`, requestId: String(request.id) });
    }
    // History fallback: every other GET gets the app, which routes on the client.
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const lower = key.toLowerCase();
    if (lower === CLIENT_IP_HEADER || lower === 'x-forwarded-for' || lower === 'x-real-ip') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The client's address comes from the socket (or a configured trusted proxy), never from a header it sent.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function toFetchRequest(request: FastifyRequest, baseUrl: string): Request {
  const url = new URL(request.url, new URL(baseUrl).origin);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: headersOf(request),
    ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
  });
}
