// Services and repositories refuse with domain errors that know nothing of HTTP; the one error
// handler gives each kind its status and sends its code, field and params as they were raised.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, DomainError, NotFoundError, RefusedError } from '../domain/errors.ts';
import { domainStatus, errorReply } from './error-handler.ts';

let app: FastifyInstance;
const raised: Record<string, DomainError> = {
  refused: new RefusedError('PASSWORD_REJECTED', 'password: too short', { field: 'password', params: { reason: 'tooShort', min: 12, max: 128 } }),
  missing: new NotFoundError('NOT_FOUND', 'No such user', { params: { what: 'user' } }),
  taken: new ConflictError('EMAIL_TAKEN', 'email: an account with a@b.example already exists', { field: 'email', params: {} }),
  bare: new ConflictError('LAST_ADMIN', 'This is the only administrator.'),
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
    expect(domainStatus(new DomainError('SOMETHING', 'refused'))).toBe(400);
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
