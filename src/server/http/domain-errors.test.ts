// Services and repositories refuse with domain errors that know nothing of HTTP; the one error
// handler gives each kind its status and sends its code, field and params as they were raised.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, DomainError, FailedError, NotFoundError, RefusedError, UnprocessableError } from '../domain/errors.ts';
import { domainStatus, errorReply } from './error-handler.ts';

let app: FastifyInstance;
const raised: Record<string, DomainError> = {
  refused: new RefusedError('PASSWORD_REJECTED', 'password: too short', { field: 'password', params: { reason: 'tooShort', min: 12, max: 128 } }),
  missing: new NotFoundError('NOT_FOUND', 'No such user', { params: { what: 'user' } }),
  taken: new ConflictError('EMAIL_TAKEN', 'email: an account with a@b.example already exists', { field: 'email', params: {} }),
  bare: new ConflictError('LAST_ADMIN', 'This is the only administrator.'),
  lacking: new UnprocessableError('NO_REQUIRED_HOURS', 'No required hours are set for this month.'),
  failed: new FailedError('GENERATION_STEP', 'Error saving schedules', { cause: new Error('a statement failed') }),
  disk: new FailedError('GENERATION_STEP', 'Error saving schedules', { cause: Object.assign(new Error('could not extend file'), { code: '53100' }) }),
};

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler(errorReply);
  app.get('/:name', async (request) => {
    throw raised[(request.params as { name: string }).name]!;
  });
  await app.ready();
});
afterAll(async () => app.close());

describe('domain errors as answers', () => {
  it('gives each kind its status', () => {
    expect(domainStatus(raised.refused!)).toBe(400);
    expect(domainStatus(raised.missing!)).toBe(404);
    expect(domainStatus(raised.taken!)).toBe(409);
    expect(domainStatus(raised.lacking!)).toBe(422);
    expect(domainStatus(raised.failed!)).toBe(500);
    expect(domainStatus(new DomainError('SOMETHING', 'refused'))).toBe(400);
  });

  it('answers stored data that lacks what the work needs with 422, and a failed step with 500, each with its code', async () => {
    const lacking = await app.inject({ method: 'GET', url: '/lacking' });
    expect(lacking.statusCode).toBe(422);
    expect(lacking.json()).toEqual({ code: 'NO_REQUIRED_HOURS', message: 'No required hours are set for this month.', requestId: expect.any(String) });
    const failed = await app.inject({ method: 'GET', url: '/failed' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'GENERATION_STEP', message: 'Error saving schedules', requestId: expect.any(String) });
    expect(raised.failed!.cause).toBeInstanceOf(Error);
    // A full disk behind a failed step is said as such, as behind a 5xx HttpError.
    const disk = await app.inject({ method: 'GET', url: '/disk' });
    expect(disk.statusCode).toBe(507);
    expect(disk.json().code).toBe('DISK_FULL');
  });

  it('sends the code, message, field and params as raised, and no more', async () => {
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'PASSWORD_REJECTED',
      message: 'password: too short',
      field: 'password',
      params: { reason: 'tooShort', min: 12, max: 128 },
      requestId: expect.any(String),
    });
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No such user', params: { what: 'user' }, requestId: expect.any(String) });
    const taken = await app.inject({ method: 'GET', url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'email: an account with a@b.example already exists',
      field: 'email',
      params: {},
      requestId: expect.any(String),
    });
    const bare = await app.inject({ method: 'GET', url: '/bare' });
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toEqual({ code: 'LAST_ADMIN', message: 'This is the only administrator.', requestId: expect.any(String) });
  });

  it('names its class, so a log says which refusal it was', () => {
    expect(raised.missing!.name).toBe('NotFoundError');
    expect(raised.missing).toBeInstanceOf(Error);
  });
});
