import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createTestApp, type TestApp } from '../test/harness.ts';
import { settings } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  await t.database.db
    .insert(settings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: settings.id, set: { timeZone: 'Europe/Warsaw' } });
});
afterAll(async () => t.close());

const call = apiCaller(
  () => t.app,
  () => cookie,
);
const status = async (month: string) => {
  const res = await call('GET', `/api/setup-status?month=${month}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the first-run checklist counts', () => {
  it('starts empty on a new airport and counts each step as it is done, for the month asked only', async () => {
    // The seeded groups: three take part in flights and operating hours.
    expect(await status('2027-03')).toEqual({
      month: '2027-03',
      groups: 6,
      employees: 0,
      flightGroups: 3,
      flights: 0,
      hoursGroups: 3,
      hoursGroupsSet: 0,
      requiredHours: null,
      shifts: 0,
      plannedBefore: false,
    });

    const employee = await call('POST', '/api/employees', { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' });
    expect(employee.statusCode).toBe(201);
    // The last evening of the month (local time) counts in it; the first night of the next month does not.
    for (const departureTime of ['2027-03-31T23:30', '2027-04-01T00:30']) {
      const flight = await call('POST', '/api/flights', { flightNumber: `LO${departureTime.slice(11, 13)}`, departureTime, requiredStaff: { Rampa: 2 } });
      expect(flight.statusCode).toBe(201);
    }
    expect((await call('POST', '/api/airport-hours/quick-setup', { role: 'Rampa', month: '2027-03' })).statusCode).toBe(201);
    expect(
      (
        await call('POST', '/api/airport-hours', {
          role: 'Koordynator',
          dayOfWeek: 1,
          openingTime: '06:00',
          closingTime: '14:00',
          minimumStaff: 1,
          month: '2027-03',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('POST', '/api/monthly-hours', { month: '2027-03', requiredHours: 168, reason: 'Test airport' })).statusCode).toBe(201);
    const shift = await call('PUT', '/api/schedules', { employeeId: employee.json().id, date: '2027-03-31', startTime: '06:00', endTime: '14:00' });
    expect(shift.statusCode).toBeLessThan(300);

    expect(await status('2027-03')).toMatchObject({ employees: 1, flights: 1, hoursGroupsSet: 2, requiredHours: 168, shifts: 1, plannedBefore: true });
    // Another month has its own gaps; the airport has been planned before.
    expect(await status('2027-04')).toMatchObject({ employees: 1, flights: 1, hoursGroupsSet: 0, requiredHours: null, shifts: 0, plannedBefore: true });
  });

  it('refuses a month that is not one, naming the field', async () => {
    const res = await call('GET', '/api/setup-status?month=2027-13');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^month: /);
  });

  it('is not answered without a session', async () => {
    expect((await call('GET', '/api/setup-status?month=2027-03', undefined, false)).statusCode).toBe(401);
  });
});
