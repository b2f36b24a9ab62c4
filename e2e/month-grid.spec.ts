// The month at a glance: the compact grid shows all 31 days at 1440 × 900 with the dates and names in
// sight and one horizontal scroll for every group; the comfortable density is one click away and
// remembered; on a phone (390 × 844) the dashboard is a list of one day whose rows open the same menu
// and modals. Screenshots go to /tmp for a person to look at.
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const monthKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const now = new Date();
const daysIn = (key: string) => new Date(Number(key.slice(0, 4)), Number(key.slice(5, 7)), 0).getDate();
/** This month when it has 31 days, else the next one (of two months in a row, one has 31). */
const MONTH = daysIn(monthKey(now)) === 31 ? monthKey(now) : monthKey(new Date(now.getFullYear(), now.getMonth() + 1, 1));
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;

type Person = { id: string; name: string };

async function makeGroup(page: Page, lastNames: string[]) {
  const group = `E2E Miesiąc ${unique()}`;
  const res = await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } });
  expect(res.status()).toBe(201);
  const people: Person[] = [];
  for (const [i, lastName] of lastNames.entries()) {
    const firstName = ['Anna', 'Bartosz', 'Celina', 'Dawid'][i] ?? 'Ewa';
    const r = await page.request.post('/api/employees', {
      data: { firstName, lastName, email: `${lastName.toLowerCase()}.${unique()}@example.com`, phoneNumber: null, role: group },
    });
    expect(r.status()).toBe(201);
    people.push({ id: ((await r.json()) as { id: string }).id, name: `${firstName} ${lastName}` });
  }
  return { group, people };
}

async function putShift(page: Page, person: Person, date: string, startTime: string, endTime: string, endDate?: string) {
  const res = await page.request.put('/api/schedules', { data: { employeeId: person.id, date, startTime, endTime, ...(endDate ? { endDate } : {}) } });
  expect(res.status()).toBe(201);
}

/** A month of one group with shifts of every kind of time, time off and an event. */
async function fillMonth(page: Page) {
  const made = await makeGroup(page, ['Zwarta', 'Nocna', 'Urlopowa']);
  const [anna, bartosz, celina] = made.people as [Person, Person, Person];
  for (const d of [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 31])
    await putShift(page, anna, day(d), d % 2 ? '06:30' : '06:00', '14:00');
  await putShift(page, bartosz, day(5), '22:00', '06:00', day(6));
  await putShift(page, bartosz, day(8), '14:00', '22:30');
  const off = await page.request.post('/api/time-off', {
    data: { employeeId: celina.id, startDate: day(10), endDate: day(14), reason: 'Urlop wypoczynkowy', countAsWork: false, workHours: null },
  });
  expect(off.status()).toBe(201);
  const event = await page.request.put('/api/events', { data: { employeeId: celina.id, date: day(20), name: 'Szkolenie BHP', description: null } });
  expect(event.status()).toBe(201);
  return { ...made, anna, bartosz, celina };
}

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a group of 120 draws the rows in view only, and the rest as they are scrolled to, moved to by keys or printed', async ({ signedInPage: page }) => {
    const group = `E2E Duża ${unique()}`;
    expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } })).status()).toBe(201);
    const people: Person[] = [];
    for (let i = 0; i < 120; i++) {
      const lastName = `Osoba${String(i).padStart(3, '0')}`;
      const r = await page.request.post('/api/employees', {
        data: { firstName: 'Ewa', lastName, email: `duza.${i}.${unique()}@example.com`, phoneNumber: null, role: group },
      });
      expect(r.status()).toBe(201);
      people.push({ id: ((await r.json()) as { id: string }).id, name: `Ewa ${lastName}` });
    }
    const [first, last] = [people[0]!, people.at(-1)!];
    await putShift(page, last, day(31), '06:00', '14:00');
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
    const cellOf = (p: Person, d: number) => grid.locator(`td[data-emp="${p.id}"][data-date="${day(d)}"]`);
    await expect(cellOf(first, 1)).toBeVisible();
    // The grid says it has every row; the rows far below the view are not drawn yet.
    await expect(grid).toHaveAttribute('aria-rowcount', '121');
    await expect(grid.getByRole('rowheader', { name: first.name, exact: true })).toBeVisible();
    await expect(cellOf(last, 1)).toHaveCount(0);
    const drawn = await grid.locator('td[data-col="0"]').count();
    expect(drawn).toBeGreaterThanOrEqual(15);
    expect(drawn).toBeLessThan(90);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Scrolled to the bottom, the last rows are drawn, with their place in the grid.
    await page.getByTestId('month-scroller').evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(cellOf(last, 31)).toHaveAttribute('aria-label', /06:00-14:00/);
    await expect(grid.locator('tr', { has: page.getByRole('rowheader', { name: last.name, exact: true }) })).toHaveAttribute('aria-rowindex', '121');
    // The rows in between are left out again (the first rows stay: the keyboard's place is in them).
    await expect(cellOf(people[30]!, 1)).toHaveCount(0);

    // Back at the top, the keyboard reaches the last day of the last employee (Ctrl+End) and one row up.
    await page.getByTestId('month-scroller').evaluate((box) => box.scrollTo({ top: 0 }));
    await cellOf(first, 1).focus();
    await page.keyboard.press('Control+End');
    await expect(cellOf(last, 31)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(cellOf(people[118]!, 31)).toBeFocused();
    await page.keyboard.press('Control+Home');
    await expect(cellOf(first, 1)).toBeFocused();

    // Printed, the page has every row.
    await page.emulateMedia({ media: 'print' });
    await expect(grid.locator('td[data-col="0"]')).toHaveCount(120);
    await page.emulateMedia({ media: 'screen' });
    await page.screenshot({ path: test.info().outputPath('month-grid-120-1440.png') });
  });

  test('the compact grid shows all 31 days, short times with the exact ones in the names, and remembers the comfortable density', async ({
    signedInPage: page,
  }) => {
    const { group, anna, bartosz, celina } = await fillMonth(page);
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
    await expect(grid).toBeVisible();
    await expect(page.getByTestId('density').getByRole('radio', { name: 'Zwarta' })).toBeChecked();

    // Every day column, the names and the totals inside the window and inside the scrolling box.
    const box = (await page.getByTestId('month-scroller').boundingBox())!;
    const headers = grid.locator('thead th');
    await expect(headers).toHaveCount(33);
    for (let i = 0; i < 33; i++) {
      const h = (await headers.nth(i).boundingBox())!;
      expect(h.x, `column ${i}`).toBeGreaterThanOrEqual(box.x);
      expect(h.x + h.width, `column ${i}`).toBeLessThanOrEqual(Math.min(box.x + box.width, 1440));
      expect(h.y + h.height).toBeLessThanOrEqual(900);
    }
    // The grid starts near the top: the publishing state and the generation controls sit on the group's line.
    expect((await headers.first().boundingBox())!.y).toBeLessThan(260);

    const cellOf = (p: Person, d: number) => grid.locator(`td[data-emp="${p.id}"][data-date="${day(d)}"]`);
    await expect(cellOf(anna, 2).locator('[data-badge="shift"]')).toHaveText('6–14');
    await expect(cellOf(anna, 3).locator('[data-badge="shift"]')).toHaveText('6:30–14');
    await expect(cellOf(anna, 3)).toHaveAttribute('aria-label', new RegExp(`^Anna Zwarta, .*: 06:30-14:00, wpisana ręcznie$`));
    await expect(cellOf(bartosz, 5).locator('[data-badge="shift"]')).toHaveText('22–6 +1');
    await expect(cellOf(bartosz, 6).getByTestId('carried-over')).toHaveText('do 6');
    await expect(cellOf(celina, 11).locator('[data-badge="timeOff"]')).toHaveText('Wolne');
    await expect(cellOf(celina, 20).locator('[data-badge="event"]')).toHaveText('Szkolenie BHP');
    // Hover and keyboard focus show the exact times.
    await cellOf(anna, 3).locator('[data-badge="shift"]').hover();
    await expect(page.getByTestId('badge-details')).toHaveText('06:30–14:00, 7,50 h, wpisana ręcznie');
    await page.mouse.move(5, 5);
    await cellOf(anna, 1).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('badge-details')).toHaveText('06:00–14:00, 8,00 h, wpisana ręcznie');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('compact-1440.png') });

    // Comfortable: the times written out, a × on each badge; kept after a reload.
    await page.getByTestId('density').getByText('Wygodna').click();
    await expect(cellOf(anna, 3).locator('[data-badge="shift"]')).toHaveText('06:30-14:00×');
    await page.reload();
    await expect(page.getByTestId('density').getByRole('radio', { name: 'Wygodna' })).toBeChecked();
    await expect(cellOf(bartosz, 5).locator('[data-badge="shift"]')).toContainText('22:00-06:00+1');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('comfortable-1440.png') });
  });

  test('every group scrolls sideways in one box, the days in line, the names and coverage in sight', async ({ signedInPage: page }) => {
    const first = await fillMonth(page);
    const second = await makeGroup(page, ['Druga']);
    await putShift(page, second.people[0]!, day(15), '08:00', '16:00');
    await preferDensity(page, 'comfortable');
    await page.goto(`/?month=${MONTH}&coverage=1`);
    const one = page.getByRole('grid', { name: `Grafik grupy ${first.group}` });
    const two = page.getByRole('grid', { name: `Grafik grupy ${second.group}` });
    await expect(one).toBeVisible();
    await expect(two).toBeAttached();
    const scroller = page.getByTestId('month-scroller');
    // Scrolled once the app has the page (a drawn page taken over may start again at the left edge).
    // The second grid is brought into view first: bringing a wide element into view may scroll sideways too.
    await two.scrollIntoViewIfNeeded();
    await expect(async () => {
      await scroller.evaluate((el) => (el.scrollLeft = 1200));
      expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(600);
      const x1 = (await one.locator('thead th').nth(15).boundingBox())!.x;
      const x2 = (await two.locator('thead th').nth(15).boundingBox())!.x;
      expect(Math.abs(x1 - x2)).toBeLessThan(1);
    }).toPass({ timeout: 15_000 });
    // The names stay at the left edge of the box.
    const left = (await scroller.boundingBox())!.x;
    expect(Math.abs((await two.getByRole('rowheader', { name: second.people[0]!.name }).boundingBox())!.x - left)).toBeLessThan(3);
    await page.screenshot({ path: test.info().outputPath('comfortable-scrolled-1440.png') });

    // The demo's Rampa group takes flights: its coverage strip's days sit over its grid's days, in
    // both densities.
    for (const density of ['comfortable', 'compact'] as const) {
      await preferDensity(page, density);
      await page.goto(`/?month=${monthKey(now)}&group=Rampa&coverage=1`);
      const rampa = page.getByRole('grid', { name: 'Grafik grupy Rampa' });
      await expect(page.getByTestId('dashboard-coverage')).toBeVisible({ timeout: 30_000 });
      for (const i of [0, 14]) {
        const stripDay = (await page.getByTestId('day-strip').locator('li').nth(i).boundingBox())!;
        const gridDay = (await rampa
          .locator('thead th')
          .nth(i + 1)
          .boundingBox())!;
        expect(Math.abs(stripDay.x - gridDay.x), `${density}, day ${i + 1}`).toBeLessThan(1.5);
        expect(Math.abs(stripDay.width - gridDay.width), `${density}, day ${i + 1}`).toBeLessThan(1.5);
      }
      await page.screenshot({ path: test.info().outputPath(`coverage-${density}-1440.png`) });
    }
  });
});

/**
 * The density this browser goes by, as if chosen on the dashboard: remembered in the browser, and in the
 * view cookie the server draws the next page's first screen by (docs/decisions/0025-first-screen-drawn-by-the-server.md).
 */
async function preferDensity(page: Page, density: 'compact' | 'comfortable') {
  await page.evaluate((d) => localStorage.setItem('grafik.dashboard.density', d), density);
  await page.context().addCookies([{ name: 'grafik.view', value: `pl.${density}.strip.wide`, url: new URL(page.url()).origin }]);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the day list shows each person’s day and opens the same edit modal', async ({ signedInPage: page }) => {
    const { group } = await fillMonth(page);
    await page.evaluate(() => localStorage.setItem('grafik.language', 'en'));
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    await expect(page.getByRole('grid')).toHaveCount(0);
    // No day strip on a phone (the Coverage screen has it), so no button to hide it either.
    await expect(page.getByRole('combobox', { name: 'Day' })).toBeVisible();
    await expect(page.getByRole('button', { name: /coverage by day/ })).toHaveCount(0);
    const longDay = (d: number) =>
      new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day(d)}T00:00:00Z`),
      );
    await page.getByRole('combobox', { name: 'Day' }).click();
    await page.getByRole('option', { name: longDay(5) }).click();
    const list = page.getByRole('list', { name: `${group}, ${longDay(5)}` });
    const rows = list.getByRole('listitem');
    // Those at work first, by start time; the exact times written out.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Anna Zwarta06:30–14:00, 7.50 h');
    await expect(rows.nth(1)).toContainText('Bartosz Nocna22:00–06:00 (ends the next day');
    await expect(rows.nth(2)).toContainText('Celina UrlopowaNothing planned');
    // The next day: the night shift still running, and the arrows move the day.
    await page.getByRole('button', { name: 'Next day', exact: true }).click();
    const next = page.getByRole('list', { name: `${group}, ${longDay(6)}` });
    await expect(next.getByRole('listitem').filter({ hasText: 'Bartosz Nocna' })).toContainText(
      'on the night shift from the previous day (22:00–06:00) until 06:00',
    );
    await page.getByRole('combobox', { name: 'Day' }).click();
    await page.getByRole('option', { name: longDay(11) }).click();
    await expect(
      page
        .getByRole('list', { name: `${group}, ${longDay(11)}` })
        .getByRole('listitem')
        .filter({ hasText: 'Celina Urlopowa' }),
    ).toContainText('Off (');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('phone-390.png'), fullPage: true });

    // A row opens the grid's menu; editing opens the same modal.
    await page
      .getByRole('list', { name: `${group}, ${longDay(11)}` })
      .getByRole('button', { name: /Anna Zwarta/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-menu-390.png') });
    await page.getByRole('menuitem', { name: 'Edit Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Schedule' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Start time')).toHaveValue('06:30');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('phone-modal-390.png') });
    await dialog.getByLabel('Start time').selectOption('07:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('list', { name: `${group}, ${longDay(11)}` })
        .getByRole('listitem')
        .first(),
    ).toContainText('07:00–14:00, 7.00 h');
  });
});
