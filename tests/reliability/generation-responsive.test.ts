// A generate must not stop the server: the generator's search runs in a worker thread, so other
// planners' requests are answered while it runs. Both databases.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../src/server/test/harness.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';
import { employees } from '../../src/server/db/schema.ts';

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('busy@grafik.test');
  await seedDemo(t.database.db);
  // A large ramp crew, so that the search takes long enough on a fast machine to tell a stall from it.
  await t.database.db
    .insert(employees)
    .values(Array.from({ length: 150 }, (_, i) => ({ firstName: 'Extra', lastName: `Crew ${i + 1}`, email: `extra${i + 1}@grafik.test`, role: 'Rampa' })));
});
afterAll(async () => t.close());

it('answers other requests while a month is generated', async () => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let done = false;
  const started = performance.now();
  const generating = t.app
    .inject({ method: 'POST', url: '/api/generation', payload: { role: 'Rampa', month: MONTH, seed: 5 }, headers: { cookie, origin: TEST_BASE_URL } })
    .finally(() => (done = true));
  const answered: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    answered.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  const res = await generating;
  delay.disable();
  const generateMs = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().report.elapsedMs).toBeGreaterThan(200);
  // The search took a good part of the run, yet reads kept coming back throughout it…
  expect(answered.length).toBeGreaterThan(5);
  // …and the event loop was never held for anything like the search's length.
  expect(delay.max / 1e6).toBeLessThan(Math.max(600, res.json().report.elapsedMs * 0.6));
  console.log(
    `generate ${generateMs.toFixed(0)} ms (search ${res.json().report.elapsedMs.toFixed(0)} ms); ${answered.length} reads answered meanwhile, ` +
      `slowest ${Math.max(...answered).toFixed(0)} ms; longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms`,
  );
});
