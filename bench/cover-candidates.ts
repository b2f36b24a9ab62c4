// Speed of "Who can take it?" (docs/day-of-operations.md): the ranked list of candidates for a shift of
// a 60-person group over a full month, through the real route (GET /api/schedules/:role/:month/
// cover-candidates) of the app built in-process on a fresh embedded database. The month is laid out as
// bench/dashboard.ts lays its groups out: five shift patterns, two days off a week, a week of time off
// for every tenth person, 40 departures a day each needing 2 to 4 of the group. Asks for the list of
// several shifts (morning, afternoon, a day with people away), each a few times, and prints the times
// (median and slowest), with the machine's load. Not written to bench/RESULTS.md by itself: the figures
// printed are copied there by hand under "Who can take it?".
import { loadavg, availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { buildApp } from '../src/server/app.ts';
import { createAuth } from '../src/server/auth/auth.ts';
import { createUser } from '../src/server/auth/users.ts';
import { openEmbedded } from '../src/server/db/client.ts';
import { airportHours, employees, flights, monthlyWorkHours, schedules, staffGroups, timeOff } from '../src/server/db/schema.ts';
import { shiftHours } from '../src/shared/hours.ts';
import { monthDates, parseMonthKey } from '../src/shared/month.ts';
import { median, SHIFT_PATTERNS } from './month-layout.ts';

const MONTH = '2026-03';
const GROUP = 'Bench 60';
const STAFF = 60;
const RUNS = 9;
const ADMIN = { email: 'bench@grafik.test', password: 'who covers the early shift 2026' };
const SHIFTS = SHIFT_PATTERNS;

async function seed(db: Awaited<ReturnType<typeof openEmbedded>>['db']) {
  const { month, year } = parseMonthKey(MONTH);
  await db.insert(monthlyWorkHours).values({ month, year, requiredHours: 160 });
  await db.insert(staffGroups).values({ name: GROUP, position: 10, takesFlights: true, takesAirportHours: true });
  await db
    .insert(airportHours)
    .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ role: GROUP, dayOfWeek, openingTime: '04:00', closingTime: '23:30', minimumStaff: 2, month, year })));
  const dates = monthDates(MONTH);
  const flightRows = dates.flatMap((date, d) =>
    Array.from({ length: 40 }, (_, k) => {
      const minute = 5 * 60 + 30 + k * 25;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const at = DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Warsaw' });
      return {
        flightNumber: `BN${String(d * 40 + k).padStart(4, '0')}`,
        departureTime: at.toISO()!,
        arrivalTime: at.plus({ minutes: 90 }).toISO()!,
        requiredStaff: { [GROUP]: 2 + ((d + k) % 3) },
      };
    }),
  );
  for (let i = 0; i < flightRows.length; i += 500) await db.insert(flights).values(flightRows.slice(i, i + 500));
  const people = await db
    .insert(employees)
    .values(Array.from({ length: STAFF }, (_, i) => ({ firstName: `Imię${i}`, lastName: `Nazwisko${i}`, email: `cover${i}@example.com`, role: GROUP })))
    .returning({ id: employees.id });
  const shiftRows = [];
  const offRows = [];
  for (const [i, p] of people.entries()) {
    for (const [d, date] of dates.entries()) {
      if ((d + i) % 7 >= 5) continue;
      if (i % 10 === 0 && d >= 14 && d < 21) continue;
      const [start, end] = SHIFTS[(i + d) % SHIFTS.length]!;
      shiftRows.push({ employeeId: p.id, date, endDate: date, startTime: start, endTime: end, totalHours: shiftHours(date, start, end, 'Europe/Warsaw') });
    }
    if (i % 10 === 0) offRows.push({ employeeId: p.id, startDate: dates[14]!, endDate: dates[20]!, reason: 'Urlop', countAsWork: false, workHours: null });
  }
  for (let i = 0; i < shiftRows.length; i += 1000) await db.insert(schedules).values(shiftRows.slice(i, i + 1000));
  await db.insert(timeOff).values(offRows);
  return { ids: people.map((p) => p.id), shifts: shiftRows, flights: flightRows.length };
}

const dir = mkdtempSync(join(tmpdir(), 'grafik-bench-cover-'));
const database = await openEmbedded(join(dir, 'db'));
try {
  const seeded = await seed(database.db);
  const auth = createAuth({ db: database.db, baseUrl: 'http://127.0.0.1:3000', secret: 'bench-secret-bench-secret-bench-secret-01', sessionIdleMinutes: 60 });
  await createUser(auth, { email: ADMIN.email, password: ADMIN.password, role: 'admin' });
  const app = await buildApp({ database, auth, baseUrl: 'http://127.0.0.1:3000', logLevel: 'warn', webRoot: null, ssrRoot: null });
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://127.0.0.1:3000' }, payload: ADMIN });
  const cookie = [signIn.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => String(c).split(';')[0])
    .join('; ');

  // Shifts of different people and days: the 3rd (everyone in), the 17th (every tenth away), the 30th.
  const cases = [3, 10, 17, 24, 30].map(
    (day, k) =>
      seeded.shifts.find((s) => s.date === `${MONTH}-${String(day).padStart(2, '0')}` && s.employeeId === seeded.ids[(k * 7) % STAFF]) ?? seeded.shifts[k]!,
  );
  const times: number[] = [];
  let listed = 0;
  for (let run = 0; run < RUNS + 1; run++) {
    for (const s of cases) {
      const url = `/api/schedules/${encodeURIComponent(GROUP)}/${MONTH}/cover-candidates?date=${s.date}&start=${s.startTime}&end=${s.endTime}&from=${s.employeeId}`;
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      listed = res.json().candidates.length;
      // The first round warms the server up (code paths, the database's caches): not counted.
      if (run > 0) times.push(ms);
    }
  }
  const [one, five] = loadavg();
  console.log(
    `Who can take it? ${GROUP}: ${STAFF} people, ${seeded.shifts.length} shifts, ${seeded.flights} flights in ${MONTH}; ${listed} candidates per list.`,
  );
  console.log(
    `cover-candidates: ${times.length} lists, median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms (target 200 ms); Node ${process.version}, ${availableParallelism()} CPUs, load ${one!.toFixed(2)} / ${five!.toFixed(2)} (1 / 5 min).`,
  );
  await app.close();
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
