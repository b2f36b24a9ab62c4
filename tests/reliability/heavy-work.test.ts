// One user's heavy work never stalls another's (docs/security.md, issue 28): a 20,000-row timetable
// dry run is checked in a worker thread, so the server's own thread is never held for long while it
// runs; heavy work waits in a queue per kind, and a user's second request of a kind while the first
// waits or runs is refused with 429 and a code the browser translates. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { employees } from '../../src/server/db/schema.ts';

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
let t: TestApp;
let planner: string;
let colleague: string;

/** A 20,000-row timetable as the Flights screen sends it, every row a valid flight, in the months after next. */
function timetable() {
  const start = DateTime.fromISO(`${MONTH}-01`).plus({ months: 2 });
  const rows = Array.from({ length: 20_000 }, (_, i) => {
    const departure = start.plus({ days: Math.floor(i / 700), minutes: 300 + (i % 700) });
    return {
      row: i + 2,
      cells: [`LO${1000 + (i % 700)}`, departure.toFormat("yyyy-MM-dd'T'HH:mm"), departure.plus({ minutes: 95 }).toFormat("yyyy-MM-dd'T'HH:mm"), 'A320'],
    };
  });
  return {
    dryRun: true,
    fileName: 'timetable.csv',
    header: ['flight_number', 'departure_time', 'arrival_time', 'aircraft_type'],
    mapping: { flightNumber: 'flight_number', departure: 'departure_time', arrival: 'arrival_time', aircraftType: 'aircraft_type' },
    rows,
  };
}
const FILE = timetable();

const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie, origin: TEST_BASE_URL } });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  planner = await t.signIn('heavy@grafik.test');
  colleague = await t.signIn('colleague@grafik.test');
  await seedDemo(t.database.db);
  // A large ramp crew, so that a generation's search takes long enough to be seen waiting behind it.
  await t.database.db
    .insert(employees)
    .values(Array.from({ length: 150 }, (_, i) => ({ firstName: 'Extra', lastName: `Crew ${i + 1}`, email: `extra${i + 1}@grafik.test`, role: 'Rampa' })));
});
afterAll(async () => t.close());

describe('a 20,000-row timetable dry run', () => {
  it('never holds the server for long: other requests are answered while its rows are checked', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const started = performance.now();
    const checking = post(planner, '/api/flights/import', FILE).finally(() => (done = true));
    const answered: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await get(colleague, '/api/settings');
      expect(res.statusCode).toBe(200);
      answered.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await checking;
    delay.disable();
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ new: 20_000, changed: 0, unchanged: 0, invalid: 0 });
    // The checks took a while, yet the colleague's reads kept coming back throughout…
    expect(answered.length).toBeGreaterThan(5);
    // …and the server's thread was never held for long (it was for the whole check, seconds, before).
    expect(delay.max / 1e6).toBeLessThan(500);
    console.log(
      `dry run ${ms.toFixed(0)} ms; ${answered.length} reads meanwhile, slowest ${Math.max(...answered).toFixed(0)} ms; longest stall ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  });

  it("a user's second file while the first is checked is refused with 429 IMPORT_BUSY; another user's waits its turn", async () => {
    const answers = await Promise.all([
      post(planner, '/api/flights/import', FILE),
      post(planner, '/api/flights/import', FILE),
      post(colleague, '/api/flights/import', FILE),
    ]);
    const others = answers[2];
    // The planner's two files race through sign-in checks (concurrent queries on PostgreSQL), so either
    // may reach the queue first: exactly one is checked and the other refused.
    const [mine, again] = [answers[0], answers[1]];
    const [first, second] = mine.statusCode <= again.statusCode ? [mine, again] : [again, mine];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'IMPORT_BUSY', params: { kind: 'import' } });
    expect(second.json().message).toMatch(/earlier timetable check is still waiting or running/);
    expect(others.statusCode, others.body).toBe(200);
    // Once answered, the same user may send the next file.
    expect((await post(planner, '/api/flights/import', FILE)).statusCode).toBe(200);
  });
});

describe('generations', () => {
  it("wait in a queue, the waiting user's screen can ask its place; a user's second run meanwhile is refused with 429 GENERATION_BUSY", async () => {
    const running = post(planner, '/api/generation', { role: 'Rampa', month: MONTH, seed: 3 });
    // The planner's run has started before the colleague's is sent.
    await expect.poll(async () => (await get(planner, '/api/generation/queue')).json(), { interval: 20, timeout: 10_000 }).toEqual({ state: 'running' });
    const groups = (await get(colleague, `/api/month?month=${MONTH}`)).json().groups.map((g: { name: string }) => g.name);
    const waiting = post(colleague, '/api/generation', { role: groups.find((g: string) => g !== 'Rampa'), month: MONTH, seed: 3 });
    await expect
      .poll(async () => (await get(colleague, '/api/generation/queue')).json(), { interval: 20, timeout: 10_000 })
      .toEqual({ state: 'waiting', position: 1 });
    const again = await post(planner, '/api/generation', {
      role: 'Rampa',
      month: DateTime.fromISO(`${MONTH}-01`).plus({ months: 1 }).toFormat('yyyy-MM'),
      seed: 3,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'GENERATION_BUSY', params: { kind: 'generation' } });
    const [a, b] = await Promise.all([running, waiting]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect((await get(colleague, '/api/generation/queue')).json()).toEqual({ state: 'none' });
  });
});
