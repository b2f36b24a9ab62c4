// A refused input is answered with what the browser needs to say why in the user's language: the
// field, the kind of problem (the zod issue code, or the schema's own rule) and the limits a sentence
// quotes. The English message stays for API users and logs; the browser does not read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, apiCaller } from '../test/harness.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);

const person = (over: Record<string, unknown> = {}) => ({
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna.params@example.com',
  phoneNumber: null,
  role: 'Rampa',
  ...over,
});

const flight = (over: Record<string, unknown> = {}) => ({
  flightNumber: 'LO3901',
  departureTime: '2026-11-02T06:05',
  arrivalTime: '2026-11-02T07:20',
  ...over,
});

describe('validation errors carry the field and params', () => {
  const cases: [string, string, string, unknown, Record<string, unknown>][] = [
    [
      'a name too long',
      'POST',
      '/api/employees',
      person({ firstName: 'x'.repeat(101) }),
      { field: 'firstName', issue: 'too_big', maximum: 100, origin: 'string' },
    ],
    ['a blank name', 'POST', '/api/employees', person({ lastName: '  ' }), { field: 'lastName', issue: 'too_small', minimum: 1, origin: 'string' }],
    ['a missing email', 'POST', '/api/employees', person({ email: undefined }), { field: 'email', issue: 'invalid_type', expected: 'string' }],
    ['an email without @', 'POST', '/api/employees', person({ email: 'anna.example.com' }), { field: 'email', issue: 'custom', rule: 'email' }],
    ['a phone with letters', 'POST', '/api/employees', person({ phoneNumber: 'call me' }), { field: 'phoneNumber', issue: 'custom', rule: 'phone' }],
    [
      'a nested field',
      'PUT',
      '/api/employees/00000000-0000-4000-8000-000000000000',
      { version: 1, data: person({ email: 'nope' }) },
      { field: 'data.email', rule: 'email' },
    ],
    ['a month that is not one', 'GET', '/api/flights?month=2026-13', undefined, { issue: 'custom', rule: 'notAMonth', minimum: 2000, maximum: 2100 }],
    ['a group that does not exist', 'POST', '/api/employees', person({ role: 'Nobody' }), { field: 'role', issue: 'custom', rule: 'unknownGroup' }],
    [
      'an arrival before the departure',
      'POST',
      '/api/flights',
      flight({ arrivalTime: '2026-11-02T05:00' }),
      { field: 'arrivalTime', issue: 'custom', rule: 'arrivalAfterDeparture' },
    ],
    ['a flight number like a formula', 'POST', '/api/flights', flight({ flightNumber: '=SUM(A1)' }), { field: 'flightNumber', rule: 'formula' }],
  ];
  for (const [what, method, url, body, params] of cases) {
    it(`refuses ${what} with 400 BAD_REQUEST, its field and params`, async () => {
      const res = await call(method as 'GET' | 'POST' | 'PUT', url, body);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json();
      expect(answer.code).toBe('BAD_REQUEST');
      expect(answer.message).toEqual(expect.any(String));
      expect(answer.params).toMatchObject(params);
      if (params.field) expect(answer.field).toBe(params.field);
    });
  }

  it('never echoes the refused value in the params', async () => {
    const res = await call('POST', '/api/employees', person({ email: 'secret-value' }));
    expect(JSON.stringify(res.json().params)).not.toContain('secret-value');
  });

  it('says which record was not found as a key', async () => {
    const res = await call('PUT', '/api/employees/00000000-0000-4000-8000-000000000000', { version: 1, data: person() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', params: { what: 'employee' } });
  });

  it('answers a body that is not JSON with its field and issue', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'body', params: { field: 'body', issue: 'invalid_json' } });
  });
});
