// Lost updates (docs/security.md 20): two planners edit one record from the same version at the same time.
// One save wins; the other gets 409 STALE and changes nothing; a reload shows the winner's value, and
// the loser's edit based on that fresh version then saves. And a planner saves while a colleague's
// generation of the month is searching: the save is kept (decision record 0008). Both databases.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';

// The real generator runs; the test only holds its answer back, so that a planner's saves land exactly
// between the search and the transaction that writes the month. `plans` counts searches.
const search = vi.hoisted(() => ({ plans: 0, afterSearch: null as null | ((plan: number) => Promise<void>) }));
vi.mock('../../src/server/generation/off-thread.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/generation/off-thread.ts')>();
  return {
    ...original,
    generateOffThread: async (...args: Parameters<typeof original.generateOffThread>) => {
      const result = await original.generateOffThread(...args);
      search.plans++;
      await search.afterSearch?.(search.plans);
      return result;
    },
  };
});

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
const STALE = { code: 'STALE', message: 'This record was changed by someone else. Reload to see the latest version.' };

let t: TestApp;
let cookie: string;
let employeeIds: string[];

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const write = (method: 'PUT' | 'POST', url: string, payload: unknown): InjectOptions => ({
  method,
  url,
  payload: payload as object,
  headers: { cookie, origin: TEST_BASE_URL },
});

/** Sends both edits at once; returns the winner's and the loser's answers. */
async function race(first: InjectOptions, second: InjectOptions, okStatus = 200) {
  const answers = await Promise.all([t.app.inject(first), t.app.inject(second)]);
  const codes = answers.map((r) => r.statusCode).sort();
  expect(codes, answers.map((r) => r.body).join('\n')).toEqual([okStatus, 409].sort());
  const winnerIndex = answers.findIndex((r) => r.statusCode === okStatus);
  const winner = answers[winnerIndex] as LightMyRequestResponse;
  const loser = answers[1 - winnerIndex] as LightMyRequestResponse;
  expect(loser.json()).toMatchObject(STALE);
  expect(typeof loser.json().requestId).toBe('string');
  return { winner: winner.json(), winnerIndex, loser };
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('lead@grafik.test', { role: 'admin' });
  await seedDemo(t.database.db);
  employeeIds = (await get('/api/employees')).map((e: { id: string }) => e.id);
});
afterAll(async () => t.close());

describe('two planners editing one record from the same version', () => {
  it('a shift (PUT /api/schedules)', async () => {
    const [employeeId] = employeeIds;
    const date = `${MONTH}-03`;
    const created = await t.app.inject(write('PUT', '/api/schedules', { employeeId, date, startTime: '08:00', endTime: '16:00' }));
    expect(created.statusCode).toBe(201);
    const { version } = created.json();
    const edits = [
      { startTime: '06:00', endTime: '14:00' },
      { startTime: '10:00', endTime: '18:00' },
    ];
    const { winner, winnerIndex } = await race(
      write('PUT', '/api/schedules', { employeeId, date, ...edits[0], version }),
      write('PUT', '/api/schedules', { employeeId, date, ...edits[1], version }),
    );
    expect(winner).toMatchObject({ ...edits[winnerIndex], version: version + 1 });
    const stored = (await get(`/api/month?month=${MONTH}`)).schedules.filter(
      (s: { employeeId: string; date: string }) => s.employeeId === employeeId && s.date === date,
    );
    expect(stored).toEqual([winner]);
    const retry = await t.app.inject(write('PUT', '/api/schedules', { employeeId, date, ...edits[1 - winnerIndex], version: winner.version }));
    expect(retry.statusCode).toBe(200);
  });

  it('a shift on an empty day, added by both at once (no version)', async () => {
    const employeeId = employeeIds[1];
    const date = `${MONTH}-04`;
    const { winner } = await race(
      write('PUT', '/api/schedules', { employeeId, date, startTime: '06:00', endTime: '14:00' }),
      write('PUT', '/api/schedules', { employeeId, date, startTime: '12:00', endTime: '20:00' }),
      201,
    );
    const stored = (await get(`/api/month?month=${MONTH}`)).schedules.filter(
      (s: { employeeId: string; date: string }) => s.employeeId === employeeId && s.date === date,
    );
    expect(stored).toEqual([winner]);
  });

  it('an event (PUT /api/events)', async () => {
    const employeeId = employeeIds[2];
    const date = `${MONTH}-05`;
    const created = await t.app.inject(write('PUT', '/api/events', { employeeId, date, name: 'Training' }));
    expect(created.statusCode).toBe(201);
    const { version } = created.json();
    const { winner, winnerIndex } = await race(
      write('PUT', '/api/events', { employeeId, date, name: 'Fire drill', version }),
      write('PUT', '/api/events', { employeeId, date, name: 'Medical check', version }),
    );
    expect(winner.name).toBe(['Fire drill', 'Medical check'][winnerIndex]);
    const stored = (await get(`/api/month?month=${MONTH}`)).events.filter(
      (e: { employeeId: string; date: string }) => e.employeeId === employeeId && e.date === date,
    );
    expect(stored).toEqual([winner]);
  });

  it('an employee (PUT /api/employees/:id)', async () => {
    const [employee] = (await get('/api/employees')) as {
      id: string;
      version: number;
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string | null;
      role: string;
    }[];
    const data = (firstName: string) => ({
      firstName,
      lastName: employee!.lastName,
      email: employee!.email,
      phoneNumber: employee!.phoneNumber,
      role: employee!.role,
    });
    const url = `/api/employees/${employee!.id}`;
    const { winner, winnerIndex } = await race(
      write('PUT', url, { version: employee!.version, data: data('Anna') }),
      write('PUT', url, { version: employee!.version, data: data('Beata') }),
    );
    expect(winner.firstName).toBe(['Anna', 'Beata'][winnerIndex]);
    const stored = (await get('/api/employees')).find((e: { id: string }) => e.id === employee!.id);
    expect(stored).toEqual(winner);
    const retry = await t.app.inject(write('PUT', url, { version: winner.version, data: data('Celina') }));
    expect(retry.statusCode).toBe(200);
  });

  it('a flight (PUT /api/flights/:id)', async () => {
    const [flight] = await get(`/api/flights?month=${MONTH}`);
    const data = (flightNumber: string) => ({
      flightNumber,
      departureTime: flight.departureTime,
      arrivalTime: flight.arrivalTime,
      requiredStaff: flight.requiredStaff,
    });
    const url = `/api/flights/${flight.id}`;
    const { winner, winnerIndex } = await race(
      write('PUT', url, { version: flight.version, data: data('LO9001') }),
      write('PUT', url, { version: flight.version, data: data('LO9002') }),
    );
    expect(winner.flightNumber).toBe(['LO9001', 'LO9002'][winnerIndex]);
    const stored = (await get(`/api/flights?month=${MONTH}`)).find((f: { id: string }) => f.id === flight.id);
    expect(stored).toEqual(winner);
  });

  it('the settings (PUT /api/settings)', async () => {
    const current = await get('/api/settings');
    const body = (minRestHours: number) => ({
      timeIncrement: current.timeIncrement,
      minRestHours,
      weeklyHours: current.weeklyHours,
      minShiftHours: current.minShiftHours,
      timeZone: current.timeZone,
      version: current.version,
    });
    const { winner, winnerIndex } = await race(write('PUT', '/api/settings', body(9)), write('PUT', '/api/settings', body(10)));
    expect(winner.minRestHours).toBe([9, 10][winnerIndex]);
    expect(await get('/api/settings')).toEqual(winner);
  });

  it('a staff group (PUT /api/staff-groups/:id)', async () => {
    const group = (await get('/api/staff-groups')).find((g: { name: string }) => g.name === 'TEST 3');
    const body = (takesFlights: boolean) => ({ name: group.name, takesFlights, takesAirportHours: !takesFlights, version: group.version });
    const url = `/api/staff-groups/${group.id}`;
    const { winner, winnerIndex } = await race(write('PUT', url, body(true)), write('PUT', url, body(false)));
    expect(winner.takesFlights).toBe([true, false][winnerIndex]);
    const reloaded = (await get('/api/staff-groups')).find((g: { id: number }) => g.id === group.id);
    expect(reloaded).toEqual(winner);
    // The loser, having reloaded, saves on the fresh version.
    const again = await t.app.inject(write('PUT', url, { ...body(winnerIndex === 0), version: reloaded.version }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ takesFlights: winnerIndex === 0, version: reloaded.version + 1 });
  });

  it('a time off (PUT /api/time-off/:id)', async () => {
    const input = {
      employeeId: employeeIds[3],
      startDate: `${MONTH}-10`,
      endDate: `${MONTH}-12`,
      reason: 'Holiday',
      countAsWork: false,
      workHours: null,
    };
    const created = await t.app.inject(write('POST', '/api/time-off', input));
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json();
    const url = `/api/time-off/${id}`;
    const { winner, winnerIndex } = await race(
      write('PUT', url, { version, data: { ...input, reason: 'Family holiday' } }),
      write('PUT', url, { version, data: { ...input, reason: 'Sick leave' } }),
    );
    expect(winner.reason).toBe(['Family holiday', 'Sick leave'][winnerIndex]);
    const stored = (await get(`/api/time-off?month=${MONTH}`)).find((r: { id: string }) => r.id === id);
    expect(stored).toEqual(winner);
  });

  it('operating hours (PUT /api/airport-hours/:id, based on the values seen)', async () => {
    const [row] = await get(`/api/airport-hours?month=${MONTH}`);
    const basedOn = { openingTime: row.openingTime, closingTime: row.closingTime, minimumStaff: row.minimumStaff };
    const url = `/api/airport-hours/${row.id}`;
    const { winner, winnerIndex } = await race(
      write('PUT', url, { ...basedOn, minimumStaff: 3, basedOn }),
      write('PUT', url, { ...basedOn, minimumStaff: 4, basedOn }),
    );
    expect(winner.minimumStaff).toBe([3, 4][winnerIndex]);
    const stored = (await get(`/api/airport-hours?month=${MONTH}`)).find((r: { id: string }) => r.id === row.id);
    expect(stored).toEqual(winner);
  });
});

describe('a planner saving while a colleague generates the month', () => {
  type Shift = { id: string; employeeId: string; date: string; startTime: string; endTime: string; version: number };
  const monthShifts = async (): Promise<Shift[]> => (await get(`/api/month?month=${MONTH}`)).schedules;
  const generate = () => t.app.inject(write('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: 5 }));
  let rampa: { id: string; firstName: string; lastName: string }[];

  beforeAll(async () => {
    // Employees the races above do not touch, and a month generated once already.
    const touched = new Set(employeeIds.slice(0, 4));
    rampa = (await get('/api/employees')).filter((e: { id: string; role: string }) => e.role === 'Rampa' && !touched.has(e.id));
    expect(rampa.length).toBeGreaterThan(2);
    const first = await generate();
    expect(first.statusCode, first.body).toBe(200);
  });
  afterAll(() => {
    search.afterSearch = null;
  });

  it('a generated shift edited and a time off added during the search are kept, and the month is planned again around them', async () => {
    const [anna, bea] = rampa as [(typeof rampa)[number], (typeof rampa)[number]];
    const before = await monthShifts();
    const generated = before.find((s) => s.employeeId === anna.id);
    const beasDays = before
      .filter((s) => s.employeeId === bea.id)
      .map((s) => s.date)
      .sort();
    expect(generated && beasDays.length >= 3).toBeTruthy();
    const [startDate, , endDate] = beasDays as [string, string, string];

    let edited: Shift | undefined;
    let timeOffId: string | undefined;
    search.plans = 0;
    search.afterSearch = async (plan) => {
      if (plan !== 1) return;
      const shift = await t.app.inject(
        write('PUT', '/api/schedules', { employeeId: anna.id, date: generated!.date, startTime: '07:00', endTime: '13:30', version: generated!.version }),
      );
      expect(shift.statusCode, shift.body).toBe(200);
      edited = shift.json();
      const off = await t.app.inject(
        write('POST', '/api/time-off', { employeeId: bea.id, startDate, endDate, reason: 'Sick leave', countAsWork: false, workHours: null }),
      );
      expect(off.statusCode, off.body).toBe(201);
      timeOffId = off.json().id;
    };
    const res = await generate();
    search.afterSearch = null;

    // Both saves are there, and the month written was planned around them: the first plan did not
    // know of them, so it was not written, and the month was planned again.
    expect(res.statusCode, res.body).toBe(200);
    const after = await monthShifts();
    expect(after.filter((s) => s.employeeId === anna.id && s.date === generated!.date)).toEqual([edited]);
    expect(after.filter((s) => s.employeeId === bea.id && s.date >= startDate && s.date <= endDate)).toEqual([]);
    expect((await get(`/api/time-off?month=${MONTH}`)).map((o: { id: string }) => o.id)).toContain(timeOffId);
    expect(search.plans).toBe(2);
    // A regeneration without any save meanwhile keeps the edited shift as the planner left it.
    const again = await generate();
    expect(again.statusCode, again.body).toBe(200);
    expect((await monthShifts()).filter((s) => s.employeeId === anna.id && s.date === generated!.date)).toEqual([edited]);
  });

  it('a month that keeps changing during every search is refused with 409, naming the change, and nothing is replaced', async () => {
    const carla = rampa[2]!;
    const before = await monthShifts();
    const day = before.find((s) => s.employeeId === carla.id)!;
    let latest: Shift = day;
    search.plans = 0;
    search.afterSearch = async () => {
      const shift = await t.app.inject(
        write('PUT', '/api/schedules', {
          employeeId: carla.id,
          date: day.date,
          startTime: latest.startTime === '08:00' ? '09:00' : '08:00',
          endTime: '14:00',
          version: latest.version,
        }),
      );
      expect(shift.statusCode, shift.body).toBe(200);
      latest = shift.json();
    };
    const res = await generate();
    search.afterSearch = null;

    // Every other shift is the one from before; the planner's is the last one saved.
    const after = await monthShifts();
    const others = (list: Shift[]) => list.filter((s) => s.id !== day.id).sort((a, b) => a.id.localeCompare(b.id));
    expect(after.filter((s) => s.id === day.id)).toEqual([latest]);
    expect(others(after)).toEqual(others(before));
    expect(search.plans).toBe(2);
    expect(res.statusCode, res.body).toBe(409);
    const [y, m, d] = day.date.split('-');
    expect(res.json()).toMatchObject({
      code: 'GENERATION_STALE',
      message: `A shift of ${carla.firstName} ${carla.lastName} on ${d}.${m}.${y} was saved while the month was being generated; nothing was replaced. Generate again.`,
      params: { change: 'shift', action: 'saved', employee: `${carla.firstName} ${carla.lastName}`, date: day.date },
    });
  });
});
