// Speed of the dashboard with a 200-employee group over a full month, in the real browser
// (Debian's Chromium with the browser suite's launch flags). Builds the front end into a
// temporary folder, starts the app in-process on a fresh embedded database, seeds the group,
// and measures: time to first render of the month, time to open a cell menu, and time to
// re-render after a save. Prints the figures and writes them to bench/RESULTS.md between the
// dashboard markers, keeping the rest of the file.
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';
import { buildApp } from '../src/server/app.ts';
import { createAuth } from '../src/server/auth/auth.ts';
import { createUser } from '../src/server/auth/users.ts';
import { openEmbedded } from '../src/server/db/client.ts';
import { airportHours, employees, events, flights, monthlyWorkHours, schedules, staffGroups, timeOff } from '../src/server/db/schema.ts';
import { DateTime } from 'luxon';
import { shiftHours } from '../src/shared/hours.ts';
import { monthDates, parseMonthKey } from '../src/shared/month.ts';
import { writeResultsSection } from '../tools/results-section.ts';
import { median, SHIFT_PATTERNS } from './month-layout.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MONTH = '2026-03';
const GROUP = 'Bench 200';
const STAFF = 200;
/** A second group, of the size the coverage day view is timed at. */
const SMALL_GROUP = 'Bench 60';
const SMALL_STAFF = 60;
const RUNS = 7;
/**
 * `--profile <file>`: instead of measuring, record the page's CPU profile (Chrome's .cpuprofile) and
 * Chrome's trace over one first render of the 200's month (with `--save`: over one save), from a build
 * left unminified so the profile names the functions.
 */
const profileAt = process.argv.indexOf('--profile');
const PROFILE = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const WITHOUT_DRAWING = process.argv.includes('--without-drawing');
const ADMIN = { email: 'bench@grafik.test', password: 'planner grid under load 2026' };
const SHIFTS = SHIFT_PATTERNS;
const fmt = (ms: number) => Math.round(ms);

async function seed(db: Awaited<ReturnType<typeof openEmbedded>>['db']) {
  const { month, year } = parseMonthKey(MONTH);
  await db.insert(monthlyWorkHours).values({ month, year, requiredHours: 160 });
  const dates = monthDates(MONTH);
  // Both groups take flights and have operating hours (04:00-23:30 every day), so that their coverage
  // (the dashboard's day strip, the day view) has demand: 40 departures a day, every 25 minutes from
  // 05:30, each needing 2 to 4 of each group.
  await db.insert(staffGroups).values([
    { name: GROUP, position: 10, takesFlights: true, takesAirportHours: true },
    { name: SMALL_GROUP, position: 11, takesFlights: true, takesAirportHours: true },
  ]);
  for (const role of [GROUP, SMALL_GROUP])
    await db
      .insert(airportHours)
      .values([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ role, dayOfWeek, openingTime: '04:00', closingTime: '23:30', minimumStaff: 2, month, year })));
  const flightRows = dates.flatMap((date, d) =>
    Array.from({ length: 40 }, (_, k) => {
      const minute = 5 * 60 + 30 + k * 25;
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const staff = 2 + ((d + k) % 3);
      return {
        flightNumber: `BN${String(d * 40 + k).padStart(4, '0')}`,
        departureTime: DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Warsaw' }).toISO()!,
        arrivalTime: DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Warsaw' }).plus({ minutes: 90 }).toISO()!,
        requiredStaff: { [GROUP]: staff, [SMALL_GROUP]: staff },
      };
    }),
  );
  for (let i = 0; i < flightRows.length; i += 500) await db.insert(flights).values(flightRows.slice(i, i + 500));
  const small = await seedGroup(db, SMALL_GROUP, SMALL_STAFF, 'small');
  const big = await seedGroup(db, GROUP, STAFF, 'bench');
  return { ...big, smallEmployeeIds: small.employeeIds, flights: flightRows.length };
}

async function seedGroup(db: Awaited<ReturnType<typeof openEmbedded>>['db'], role: string, staff: number, prefix: string) {
  const people = await db
    .insert(employees)
    .values(
      Array.from({ length: staff }, (_, i) => ({
        firstName: `Imię${String(i).padStart(3, '0')}`,
        lastName: `Nazwisko${String(i).padStart(3, '0')}`,
        email: `${prefix}${i}@example.com`,
        role,
      })),
    )
    .returning({ id: employees.id });
  const dates = monthDates(MONTH);
  const shiftRows = [];
  const eventRows = [];
  const offRows = [];
  for (const [i, p] of people.entries()) {
    // Five days on, two off, staggered; a week of time off for every tenth employee; an event now and then.
    for (const [d, date] of dates.entries()) {
      if ((d + i) % 7 >= 5) continue;
      if (i % 10 === 0 && d >= 14 && d < 21) continue;
      const [start, end] = SHIFTS[(i + d) % SHIFTS.length]!;
      shiftRows.push({ employeeId: p.id, date, endDate: date, startTime: start, endTime: end, totalHours: shiftHours(date, start, end, 'Europe/Warsaw') });
      if ((i + d) % 23 === 0) eventRows.push({ employeeId: p.id, date, name: 'Szkolenie', description: 'Bench' });
    }
    if (i % 10 === 0)
      offRows.push({
        employeeId: p.id,
        startDate: dates[14]!,
        endDate: dates[20]!,
        reason: 'Urlop',
        countAsWork: i % 20 === 0,
        workHours: i % 20 === 0 ? 8 : null,
      });
  }
  for (let i = 0; i < shiftRows.length; i += 1000) await db.insert(schedules).values(shiftRows.slice(i, i + 1000));
  await db.insert(events).values(eventRows);
  await db.insert(timeOff).values(offRows);
  return { employeeIds: people.map((p) => p.id), shifts: shiftRows.length, events: eventRows.length, timeOff: offRows.length };
}

/**
 * A step of the page's own timing, given up after `ms` with the step named: the in-page waits poll on
 * animation frames, and a page whose frames stop would otherwise leave the benchmark waiting for ever.
 */
function within<T>(answer: Promise<T>, step: string, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: no answer from the page within ${ms / 1000} s`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

type Render = { firstRows: number; total: number; api: number; afterData: number };

/**
 * Navigation start to the first rows painted, and to the last employee's row painted, with the month
 * request's duration and the time from its answer to the painted grid (measured by the page's own
 * clock). The grid draws the rows in and near its view only: as soon as the first rows are painted,
 * the group's last rows are scrolled into view, as a planner would, and timed to their painting.
 */
async function firstRender(page: Page, url: string, firstEmployee: string, lastEmployee: string): Promise<Render> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  return within(
    page.evaluate(
      ([first, emp, monthKey]) =>
        new Promise<Render>((resolve, reject) => {
          const deadline = performance.now() + 30_000;
          let firstRows = 0;
          let scrolled = false;
          // When the browser painted the first row's name (Element Timing), whether React drew it or the server did.
          let rowPainted = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number }>)
              if (e.identifier === 'grid-first-row' && e.renderTime && !rowPainted) rowPainted = e.renderTime;
          }).observe({ type: 'element', buffered: true });
          const wait = () => {
            if (!firstRows && document.querySelector(`td[data-emp="${first}"][data-col="0"]`)) {
              requestAnimationFrame(() => setTimeout(() => (firstRows = firstRows || performance.now()), 0));
            }
            // Once the page is parsed: a page the server drew shows its first rows while the rest of its
            // table is still arriving, and the last block found then was not the group's last.
            if (firstRows && !scrolled && document.readyState !== 'loading') {
              // The group's last block of rows (each block is a <tbody>), scrolled to the box's bottom edge.
              const table = document.querySelector(`td[data-emp="${first}"][data-col="0"]`)?.closest('table');
              const bodies = table?.tBodies;
              bodies?.[bodies.length - 1]?.scrollIntoView({ block: 'end' });
              scrolled = true;
            }
            if (document.querySelector(`td[data-emp="${emp}"][data-col="0"]`)) {
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const painted = performance.now();
                  // The month's answer: its own request, or the page itself when the server drew the first screen with it.
                  const month = (performance
                    .getEntriesByType('resource')
                    .filter((e) => e.name.includes('/api/month?') && e.name.includes(`month=${monthKey}`))
                    .at(-1) ?? performance.getEntriesByType('navigation')[0]) as PerformanceResourceTiming;
                  resolve({
                    firstRows: rowPainted || firstRows || painted,
                    total: painted,
                    api: month.responseEnd - month.startTime,
                    afterData: painted - month.responseEnd,
                  });
                }, 0),
              );
            } else if (performance.now() > deadline) {
              // What the page showed, to tell a page never taken over from rows never drawn.
              const seen = {
                firstScreen: document.getElementById('root')?.dataset.firstScreen ?? 'none',
                firstRow: Boolean(document.querySelector(`td[data-emp="${first}"][data-col="0"]`)),
                scrolled,
                grids: [...document.querySelectorAll('table[role="grid"]')].map(
                  (t) => `${(t as HTMLTableElement).tBodies.length} blocks, ${t.querySelectorAll('tbody[data-drawn]').length} drawn`,
                ),
                scrollY: Math.round(scrollY),
              };
              reject(new Error(`${location.pathname}${location.search}: the grid's rows were not painted within 30 s (${JSON.stringify(seen)})`));
            } else requestAnimationFrame(wait);
          };
          wait();
        }),
      // The dashboard also reads the month before (rest and runs of days across the boundary): only
      // this month's request is the one timed.
      [firstEmployee, lastEmployee, MONTH] as const,
    ),
    'the first render',
  );
}

/** Navigation start to the grid's last row painted and to the group's day strip painted (the dashboard with ?coverage=1). */
async function renderWithStrip(page: Page, url: string, lastEmployee: string): Promise<{ grid: number; strip: number }> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  return within(
    page.evaluate(
      (emp) =>
        new Promise<{ grid: number; strip: number }>((resolve, reject) => {
          const deadline = performance.now() + 30_000;
          let grid = 0;
          let strip = 0;
          const wait = () => {
            // The grid draws the rows near its view: its last block is scrolled into view once there is a grid.
            const bodies = document.querySelector<HTMLTableElement>('table[role="grid"]')?.tBodies;
            if (!grid && bodies?.length && !document.querySelector(`td[data-emp="${emp}"][data-col="0"]`))
              bodies[bodies.length - 1]!.scrollIntoView({ block: 'end' });
            if (!grid && document.querySelector(`td[data-emp="${emp}"][data-col="0"]`))
              requestAnimationFrame(() => setTimeout(() => (grid = grid || performance.now()), 0));
            if (!strip && document.querySelector('[data-testid="day-strip"] li'))
              requestAnimationFrame(() => setTimeout(() => (strip = strip || performance.now()), 0));
            if (grid && strip) resolve({ grid, strip });
            else if (performance.now() > deadline) reject(new Error(`${location.search}: the grid and its day strip were not painted within 30 s`));
            else requestAnimationFrame(wait);
          };
          wait();
        }),
      lastEmployee,
    ),
    'the grid with its day strip',
  );
}

type DayView = { total: number; api: number; afterData: number; afterAll: number; onDuty: number };

/** Navigation start to the coverage day view painted: its chart drawn and its duty timeline listed. */
async function renderDayView(page: Page, url: string): Promise<DayView> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  return within(
    page.evaluate(
      () =>
        new Promise<DayView>((resolve, reject) => {
          const deadline = performance.now() + 30_000;
          const wait = () => {
            const rows = document.querySelectorAll('[data-testid="duty-timeline"] li').length;
            if (rows > 0 && document.querySelector('figure canvas')) {
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const painted = performance.now();
                  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
                  const day = entries.filter((e) => e.name.includes('/api/coverage/day?')).at(-1)!;
                  // The chart needs the day's profile; the duty timeline the month's shifts (GET /api/month).
                  const month = entries.filter((e) => e.name.includes('/api/month?')).at(-1);
                  const last = Math.max(day.responseEnd, month?.responseEnd ?? 0);
                  resolve({
                    total: painted,
                    api: day.responseEnd - day.startTime,
                    afterData: painted - day.responseEnd,
                    afterAll: painted - last,
                    onDuty: rows,
                  });
                }, 0),
              );
            } else if (performance.now() > deadline) reject(new Error(`${location.search}: the day view was not painted within 30 s`));
            else requestAnimationFrame(wait);
          };
          wait();
        }),
    ),
    'the day view',
  );
}

/**
 * Scrolls the month's box until an employee's day is drawn and in view, as a planner scrolls to a row
 * before clicking it (not timed): the grid draws the rows near its view only.
 */
async function bringIntoView(page: Page, employeeId: string, date: string) {
  await within(
    page.evaluate(
      async ([emp, d]) => {
        const selector = `td[data-emp="${emp}"][data-date="${d}"]`;
        const box = document.querySelector<HTMLElement>('[data-testid="month-scroller"]')!;
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (!document.querySelector(selector)) {
          box.scrollTop = 0;
          await frame();
        }
        for (let i = 0; i < 400 && !document.querySelector(selector); i++) {
          box.scrollTop += box.clientHeight / 2;
          await frame();
        }
        document.querySelector(selector)!.scrollIntoView({ block: 'center', inline: 'center' });
        await frame();
        await frame();
      },
      [employeeId, date] as const,
    ),
    'scrolling to a cell',
  );
  // Whatever the scroll set going (rows drawn around the new view) is done before the timing starts.
  await page.waitForTimeout(200);
}

/** Click on a cell to the menu painted, measured inside the page. */
async function openMenu(page: Page, employeeId: string, date: string): Promise<number> {
  await bringIntoView(page, employeeId, date);
  return within(
    page.evaluate(
      ([emp, d]) =>
        new Promise<number>((resolve, reject) => {
          const cell = document.querySelector<HTMLElement>(`td[data-emp="${emp}"][data-date="${d}"]`)!;
          const t0 = performance.now();
          cell.click();
          const wait = () => {
            if (document.querySelector('[role="menu"]')) requestAnimationFrame(() => resolve(performance.now() - t0));
            else if (performance.now() - t0 > 30_000) reject(new Error(`the menu of ${d} did not open within 30 s`));
            else requestAnimationFrame(wait);
          };
          wait();
        }),
      [employeeId, date] as const,
    ),
    'opening a cell menu',
  );
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('[role="menu"]').waitFor({ state: 'detached' });
}

/** Save in the Edit Schedule modal to the grid showing the new shift, painted (request, reload, render). */
async function saveAndRerender(page: Page, employeeId: string, date: string, start: string, end: string): Promise<number> {
  await bringIntoView(page, employeeId, date);
  const cell = page.locator(`td[data-emp="${employeeId}"][data-date="${date}"]`);
  await cell.click();
  await page.getByRole('menuitem', { name: /Edit Schedule|Add Schedule/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Schedule' });
  await dialog.getByLabel('Start time').selectOption(start);
  await dialog.getByLabel('End time').selectOption(end);
  const expected = `${start}-${end}`;
  return within(
    page.evaluate(
      ([emp, d, text]) =>
        new Promise<number>((resolve, reject) => {
          const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button[type="submit"]')][0]!;
          const t0 = performance.now();
          button.click();
          const wait = () => {
            // The cell's name has the exact times in either density (the compact badge says "7–15:30").
            const c = document.querySelector(`td[data-emp="${emp}"][data-date="${d}"]`);
            if (c?.getAttribute('aria-label')?.includes(text) && !document.querySelector('[role="dialog"]'))
              requestAnimationFrame(() => resolve(performance.now() - t0));
            else if (performance.now() - t0 > 30_000) reject(new Error(`the saved shift ${text} on ${d} was not painted within 30 s`));
            else requestAnimationFrame(wait);
          };
          wait();
        }),
      [employeeId, date, expected] as const,
    ),
    'a save',
  );
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'grafik-bench-dashboard-'));
  const webRoot = join(work, 'web');
  console.log('building the front end…');
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      webRoot,
      '--emptyOutDir',
      ...(PROFILE ? ['--minify', 'false'] : []),
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  // The server's drawing of the first screen (docs/decisions/0025-first-screen-drawn-by-the-server.md);
  // `--without-drawing` measures the app without it.
  const ssrRoot = WITHOUT_DRAWING ? null : join(work, 'ssr');
  if (ssrRoot)
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'server-entry.tsx', '--logLevel', 'warn', '--outDir', ssrRoot, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
  const database = await openEmbedded(join(work, 'data'));
  // 3300-3599: no port Chromium refuses to open (it refuses 3659, for one).
  const port = 3300 + Math.floor(Math.random() * 300);
  const baseUrl = `http://127.0.0.1:${port}`;
  const auth = createAuth({ db: database.db, baseUrl, secret: 'bench-secret-bench-secret-bench-secret-01', sessionIdleMinutes: 60 });
  await createUser(auth, { email: ADMIN.email, password: ADMIN.password, role: 'admin' });
  const seeded = await seed(database.db);
  console.log(`seeded ${GROUP}: ${STAFF} employees, ${seeded.shifts} shifts, ${seeded.timeOff} time off, ${seeded.events} events in ${MONTH}`);
  const app = await buildApp({ database, auth, baseUrl, logLevel: 'warn', webRoot, ssrRoot });
  await app.listen({ port, host: '127.0.0.1' });

  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch(launch);
  try {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-GB', timezoneId: 'Europe/Warsaw', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('grafik.language', 'en'));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.locator('input[type="password"]').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/$/);

    const first = seeded.employeeIds[0]!;
    const last = seeded.employeeIds.at(-1)!;
    // The grid alone (the day strip hidden, as a planner may choose); the strip is timed on its own below.
    const groupUrl = `/?month=${MONTH}&group=${encodeURIComponent(GROUP)}&coverage=0`;
    const allUrl = `/?month=${MONTH}&coverage=0`;
    // Warm-up loads (code and fonts cached, the server's drawing of the page compiled by the engine, as
    // on a server that has served a few pages), then the measured runs.
    for (let i = 0; i < 3; i++) await firstRender(page, groupUrl, first, last);
    if (PROFILE) {
      /** Records the page's CPU profile and Chrome's trace (style, layout, paint and script by time) over `work`. */
      const profiled = async <T>(work: () => Promise<T>): Promise<T> => {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await browser.startTracing(page, {
          path: `${PROFILE}.trace.json`,
          categories: ['devtools.timeline', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'],
        });
        const result = await work();
        await browser.stopTracing();
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(PROFILE, JSON.stringify(profile));
        return result;
      };
      if (process.argv.includes('--save')) {
        // One save, after a first render and a first save left to settle.
        await firstRender(page, groupUrl, first, last);
        const dates = monthDates(MONTH);
        await saveAndRerender(page, seeded.employeeIds[7]!, dates[1]!, '07:00', '15:30');
        const took = await profiled(() => saveAndRerender(page, seeded.employeeIds[60]!, dates[4]!, '07:00', '15:00'));
        console.log(`profile of one save (${fmt(took)} ms) written to ${PROFILE}, its trace to ${PROFILE}.trace.json`);
      } else {
        const measured = await profiled(() => firstRender(page, groupUrl, first, last));
        console.log(
          `profile of one first render (first rows ${fmt(measured.firstRows)} ms, last row ${fmt(measured.total)} ms) written to ${PROFILE}, its trace to ${PROFILE}.trace.json`,
        );
      }
      return;
    }
    const renderGroup: Render[] = [];
    const renderAll: Render[] = [];
    for (let i = 0; i < RUNS; i++) renderGroup.push(await firstRender(page, groupUrl, first, last));
    for (let i = 0; i < RUNS; i++) renderAll.push(await firstRender(page, allUrl, first, last));

    // The day strip above the grid (opt-in): the grid's render with it, and when the strip is painted.
    const stripUrl = `/?month=${MONTH}&group=${encodeURIComponent(GROUP)}&coverage=1`;
    await renderWithStrip(page, stripUrl, last);
    const withStrip: Array<{ grid: number; strip: number }> = [];
    for (let i = 0; i < RUNS; i++) withStrip.push(await renderWithStrip(page, stripUrl, last));
    // The coverage day view of the 60-employee group, on a weekday of the month.
    const dayUrl = `/coverage/day?date=${MONTH}-11&group=${encodeURIComponent(SMALL_GROUP)}`;
    await renderDayView(page, dayUrl);
    const dayView: DayView[] = [];
    for (let i = 0; i < RUNS; i++) dayView.push(await renderDayView(page, dayUrl));

    await firstRender(page, groupUrl, first, last);
    const dates = monthDates(MONTH);
    const menu: number[] = [];
    for (let i = 0; i < RUNS * 2; i++) {
      menu.push(await openMenu(page, seeded.employeeIds[(i * 37) % STAFF]!, dates[(i * 5) % dates.length]!));
      await closeMenu(page);
    }
    // One save first, not measured: the server's save route and the page's save path run for the first
    // time (as the first render is warmed up above); then twice as many saves as first renders, as for
    // the menu, since a single save spreads more.
    await saveAndRerender(page, seeded.employeeIds[3]!, dates[2]!, '07:00', '15:30');
    const save: number[] = [];
    for (let i = 0; i < RUNS * 2; i++) {
      const emp = seeded.employeeIds[(i * 53 + 7) % STAFF]!;
      save.push(await saveAndRerender(page, emp, dates[(i * 3 + 1) % dates.length]!, '07:00', i % 2 ? '15:00' : '15:30'));
    }
    // The server's page for '/' with the first screen drawn anew: the month's answer built again before
    // each (as after any change to the month), so that no kept drawing is reused; then the same page
    // again, answered from the kept drawing. Timed in the server's process (inject), the month's build
    // included in the first.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const pageTimes = { anew: [] as number[], kept: [] as number[], allAnew: [] as number[] };
    if (!WITHOUT_DRAWING) {
      for (let i = 0; i < RUNS; i++) {
        for (const [url, times] of [
          [groupUrl, pageTimes.anew],
          [allUrl, pageTimes.allAnew],
        ] as const) {
          app.monthCache.invalidate([MONTH]);
          const started = performance.now();
          const drawnPage = await app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'br' } });
          times.push(performance.now() - started);
          if (!/elementtiming="grid-first-row"/.test(zlib.brotliDecompressSync(drawnPage.rawPayload).toString()))
            throw new Error(`the page for ${url} came without a drawing`);
        }
        const started = performance.now();
        await app.inject({ method: 'GET', url: groupUrl, headers: { cookie, 'accept-encoding': 'br' } });
        pageTimes.kept.push(performance.now() - started);
      }
    }
    // Day cells drawn at the end (the rows in and near the box's view), against the group's whole month.
    const drawnCells = await page.locator('td[data-col]').count();

    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
    const col = (xs: Render[], k: keyof Render) => xs.map((x) => x[k]);
    const summary = (xs: number[]) => `${fmt(median(xs))} | ${xs.map(fmt).join(', ')}`;
    const lines = [
      `first rows painted (the screenful), 200-employee group alone: median ${fmt(median(col(renderGroup, 'firstRows')))} ms`,
      `first render, 200-employee group alone: median ${fmt(median(col(renderGroup, 'total')))} ms; month request ${fmt(median(col(renderGroup, 'api')))} ms; answer to painted grid ${fmt(median(col(renderGroup, 'afterData')))} ms`,
      `first render, every group: median ${fmt(median(col(renderAll, 'total')))} ms; month request ${fmt(median(col(renderAll, 'api')))} ms; answer to painted grid ${fmt(median(col(renderAll, 'afterData')))} ms`,
      ...(WITHOUT_DRAWING
        ? []
        : [
            `the server's page drawn anew: median ${fmt(median(pageTimes.anew))} ms (all groups ${fmt(median(pageTimes.allAnew))} ms); from the kept drawing ${fmt(median(pageTimes.kept))} ms`,
          ]),
      `open a cell menu: median ${fmt(median(menu))} ms, max ${fmt(Math.max(...menu))} ms (${menu.length} opens)`,
      `re-render after a save (request, month reload, grid render): median ${fmt(median(save))} ms, max ${fmt(Math.max(...save))} ms (${save.length} saves)`,
      `with the day strip: grid painted median ${fmt(median(withStrip.map((x) => x.grid)))} ms (without: ${fmt(median(col(renderGroup, 'total')))} ms), strip painted median ${fmt(median(withStrip.map((x) => x.strip)))} ms`,
      `coverage day view, ${SMALL_STAFF}-employee group (${dayView[0]!.onDuty} on duty): painted median ${fmt(median(dayView.map((x) => x.total)))} ms from navigation; its request ${fmt(median(dayView.map((x) => x.api)))} ms; its answer to painted ${fmt(median(dayView.map((x) => x.afterData)))} ms; last answer to painted ${fmt(median(dayView.map((x) => x.afterAll)))} ms`,
    ];
    for (const l of lines) console.log(l);
    const section = [
      '## Dashboard',
      '',
      `\`npm run bench:dashboard\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${availableParallelism()} CPUs (load average ${load} at the end),`,
      `Debian's Chromium headless with the browser suite's launch flags, viewport 1440×900 (the compact density, the default up to 1600 px), built front end, embedded database, app and browser on the same machine.`,
      `${MONTH}: one group of ${STAFF} employees (${STAFF} rows × ${dates.length} days = ${STAFF * dates.length} day cells, of which the grid had ${drawnCells} drawn at the end: the rows in and near its view), ${seeded.shifts} shifts, ${seeded.timeOff} time off, ${seeded.events} events; a second group of ${SMALL_STAFF} for the coverage day view; both with operating hours 04:00–23:30 and ${seeded.flights} departures (40 a day).`,
      "Day strip: shown over the grid by default; the first-render rows time the grid with it hidden (`?coverage=0`), and the strip's rows the grid with it (`?coverage=1`): the issue's target is that it adds under 50 ms to the dashboard's first render; day view: under 200 ms for 60 staff.",
      "First render, by the page's clock from navigation start: the first rows painted (a screenful: the grid draws only the blocks of rows in and near its view, docs/decisions/0019-grid-rows-in-view.md; the first row's name as the browser reports its paint, by Element Timing, whether the server drew it in the page or the app did, docs/decisions/0025-first-screen-drawn-by-the-server.md), and the last employee's row painted, the group's last rows being scrolled into view as soon as the first are painted; the latter split into the month request (GET /api/month) and the time from its answer to that row painted.",
      "Menu: click to menu painted, inside the page. Save: click on Save to the new shift painted in its cell with the modal gone (PUT, month reload, grid render). Before each, the cell's row is scrolled into view and the page left to settle (not timed).",
      '',
      '| measure | median ms | runs ms |',
      '|---|---|---|',
      `| first rows painted (a screenful), group filter on the 200 | ${summary(col(renderGroup, 'firstRows'))} |`,
      `| last employee's row painted (scrolled to), group filter on the 200 | ${summary(col(renderGroup, 'total'))} |`,
      `| … of which the month request | ${summary(col(renderGroup, 'api'))} |`,
      `| … of which answer to painted grid | ${summary(col(renderGroup, 'afterData'))} |`,
      `| the 200's last row painted (scrolled to), all groups | ${summary(col(renderAll, 'total'))} |`,
      ...(WITHOUT_DRAWING
        ? []
        : [
            `| the server's page with the first screen drawn anew (month rebuilt before each), group filter on the 200 | ${summary(pageTimes.anew)} |`,
            `| … the same, all groups (the 200's first block and the 60 whole) | ${summary(pageTimes.allAnew)} |`,
            `| … the page again, from the kept drawing | ${summary(pageTimes.kept)} |`,
          ]),
      `| open a cell menu | ${summary(menu)} |`,
      `| re-render after a save | ${summary(save)} |`,
      `| the 200's last row painted (scrolled to), with the day strip above (\`?coverage=1\`) | ${summary(withStrip.map((x) => x.grid))} |`,
      `| … the day strip painted (GET /api/coverage, then the strip) | ${summary(withStrip.map((x) => x.strip))} |`,
      `| coverage day view of the ${SMALL_STAFF}-employee group painted (chart and ${dayView[0]!.onDuty} people on duty), from navigation | ${summary(dayView.map((x) => x.total))} |`,
      `| … of which its request (GET /api/coverage/day) | ${summary(dayView.map((x) => x.api))} |`,
      `| … of which its answer to painted day view | ${summary(dayView.map((x) => x.afterData))} |`,
      `| … the last answer it draws from (the day, and the month's shifts for the duty timeline) to painted | ${summary(dayView.map((x) => x.afterAll))} |`,
    ].join('\n');
    writeResultsSection('dashboard', section);
    console.log('\nwrote bench/RESULTS.md (Dashboard section)');
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
