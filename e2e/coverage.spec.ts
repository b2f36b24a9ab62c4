// Coverage you can see (docs/coverage.md): a planner saves a shift that leaves a flight short, and sees
// it on the Coverage screen (the day strip, the short flight and why), on the Flights screen with the
// staffing filter, and in the day view's chart and duty timeline. Each test makes its own staff group
// with operating hours in a month no other spec plans, through the API.
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const MONTH = '2032-03';

/**
 * The demo's Rampa group, open 06:00-22:00 in a month no other spec plans (quick setup, once), and
 * its people. A staff group made here would add a column to every other spec's flight table.
 */
async function rampaMonth(page: Page) {
  const hours = await page.request.post('/api/airport-hours/quick-setup', {
    data: { role: 'Rampa', month: MONTH, openingTime: '06:00', closingTime: '22:00', minimumStaff: 1 },
  });
  expect([201, 409]).toContain(hours.status());
  const month = (await (await page.request.get(`/api/month?month=${MONTH}`)).json()) as {
    groups: { name: string; employees: { id: string; firstName: string; lastName: string }[] }[];
  };
  const people = month.groups.find((g) => g.name === 'Rampa')!.employees.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}` }));
  return { group: 'Rampa', people };
}

async function addFlight(page: Page, number: string, departure: string, arrival: string, staff: Record<string, number>) {
  const res = await page.request.post('/api/flights', { data: { flightNumber: number, departureTime: departure, arrivalTime: arrival, requiredStaff: staff } });
  expect(res.status()).toBe(201);
}

/** A group of three with hours, a flight needing three at 12:00 and one needing one at 09:00, and one 08:00-16:00 shift saved. */
async function shortFlightMonth(page: Page, DAY: string) {
  const { group, people } = await rampaMonth(page);
  const short = `CV${unique().toUpperCase().slice(0, 4)}`;
  const staffed = `CS${unique().toUpperCase().slice(0, 4)}`;
  await addFlight(page, short, `${DAY}T12:00`, `${DAY}T13:00`, { [group]: 3 });
  await addFlight(page, staffed, `${DAY}T09:00`, `${DAY}T10:00`, { [group]: 1 });
  // One of three on duty through the day: the 12:00 flight needs three.
  const shift = await page.request.put('/api/schedules', { data: { employeeId: people[0]!.id, date: DAY, startTime: '08:00', endTime: '16:00' } });
  expect([200, 201]).toContain(shift.status());
  return { group, people, short, staffed };
}

test("the Coverage screen shows the saved roster's short flight in its day strip and its list, with why (axe)", async ({ signedInPage: page }) => {
  const { group, short, staffed } = await shortFlightMonth(page, '2032-03-10');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Pokrycie' })).toHaveAttribute('href', '/coverage');
  await page.goto(`/coverage?month=${MONTH}&group=${encodeURIComponent(group)}`);
  const section = page.getByRole('region', { name: group });
  await expect(section.getByTestId('coverage-summary')).toContainText('ten grafik');
  const strip = section.getByRole('list', { name: `Pokrycie kolejnych dni – ${group}` });
  await expect(strip.getByRole('link')).toHaveCount(31);
  await expect(strip.getByRole('link', { name: /^środa, 10 marca 2032: pokrycie [\d,]+ %, 1 lot z brakami\. Otwórz dzień\.$/ })).toBeVisible();
  const row = section.getByTestId('short-flights').getByRole('row', { name: new RegExp(short) });
  await expect(row).toContainText('śr. 10 mar, 12:00');
  await expect(row).toContainText('brakuje 2 z 3');
  await expect(row).toContainText(
    /Ktoś był wolny i miał jeszcze godziny do przepracowania, ale nie został zaplanowany\.|Wolne były tylko osoby, które mają już wymagane godziny|Zasady odpoczynku lub czasu pracy|Wszyscy mieli wolne albo pracowali w innych godzinach\./,
  );
  await expect(row).toContainText('Poza zmianą w ostatniej godzinie przed odlotem:');
  await expect(section.getByTestId('short-flights')).not.toContainText(staffed);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the Flights screen shows each group's status and keeps only the short flights with the filter (axe)", async ({ signedInPage: page }) => {
  const { group, short, staffed } = await shortFlightMonth(page, '2032-03-11');
  await page.goto(`/coverage?month=${MONTH}&group=${encodeURIComponent(group)}`);
  await page.getByRole('region', { name: group }).getByRole('link', { name: 'Pokaż w rozkładzie lotów' }).click();
  await expect(page).toHaveURL(new RegExp(`/flights\\?month=${MONTH}&short=`));
  await expect(page.getByRole('combobox', { name: 'Obsada' })).toHaveValue(`Z brakami: ${group}`);
  const flightRow = page.getByRole('row', { name: new RegExp(short) });
  await expect(flightRow).toContainText('brakuje 2');
  await expect(flightRow.getByText(`${group}: brakuje 2`)).toBeAttached();
  await expect(page.getByRole('row', { name: new RegExp(staffed) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Obsada' }).click();
  await page.getByRole('option', { name: 'Wszystkie loty' }).click();
  await expect(page.getByRole('row', { name: new RegExp(staffed) })).toContainText('✓');
  await page.getByRole('combobox', { name: 'Obsada' }).click();
  await page.getByRole('option', { name: 'Z brakami w dowolnej grupie' }).click();
  await expect(page.getByRole('row', { name: new RegExp(short) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(staffed) })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the day view, opened from a short flight, draws demand against staff, says the short periods and shows who is on duty (axe)', async ({
  signedInPage: page,
}) => {
  const { group, people, short } = await shortFlightMonth(page, '2032-03-12');
  await page.goto(`/coverage?month=${MONTH}&group=${encodeURIComponent(group)}`);
  await page.getByRole('link', { name: `Otwórz dzień pt. 12 mar – ${group}` }).click();
  await expect(page).toHaveURL(/\/coverage\/day\?date=2032-03-12&group=/);
  await expect(page.getByRole('heading', { name: `${group} – piątek, 12 marca 2032` })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Zapotrzebowanie i obsada w ciągu dnia' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByTestId('day-chart-summary')).toContainText(/Braki obsady: .*10:00–13:00 \(brakuje do 2\)/);
  await expect(page.getByTestId('duty-timeline')).toContainText(`${people[0]!.name}08:00–16:00`);
  await expect(page.getByTestId('day-flights').getByRole('row', { name: new RegExp(short) })).toContainText('brakuje 2 z 3');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Easter falls on 28 March in 2032: its strip names the holiday with the date, as the dashboard's.
  await expect(page.getByRole('link', { name: /^niedziela, 28 marca 2032, święto: Niedziela Wielkanocna:/ })).toBeVisible();

  // The strip leads to the next day, by the keyboard.
  await page.getByRole('link', { name: /^sobota, 13 marca 2032/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `${group} – sobota, 13 marca 2032` })).toBeVisible();
});

test("a shift deleted on the dashboard makes the day strip and the flight's status short at once", async ({ signedInPage: page }) => {
  const DAY = '2032-03-16';
  const { group, people } = await rampaMonth(page);
  const number = `CD${unique().toUpperCase().slice(0, 4)}`;
  // One person needed at 09:00, and one on duty 08:00-16:00: staffed until the shift goes.
  await addFlight(page, number, `${DAY}T09:00`, `${DAY}T10:00`, { [group]: 1 });
  const shift = await page.request.put('/api/schedules', { data: { employeeId: people[1]!.id, date: DAY, startTime: '08:00', endTime: '16:00' } });
  expect([200, 201]).toContain(shift.status());

  // The strip shows over the grid without being asked for, and its room is kept while it loads: the
  // grid stands where it will stay (the coverage answer held back a moment to see it loading).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/coverage?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
  const gridBox = page.getByRole('grid', { name: `Grafik grupy ${group}` });
  await expect(page.getByTestId('dashboard-coverage-loading')).toBeVisible();
  await expect(gridBox).toBeVisible();
  const before = (await gridBox.boundingBox())!.y;
  // The loading strip says so to a screen reader: a status with a name, not a name on a bare element.
  await expect(page.getByTestId('dashboard-coverage-loading').getByRole('status', { name: 'Ładowanie...' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  release();
  const strip = page.getByRole('list', { name: `Pokrycie kolejnych dni – ${group}` });
  await expect(strip).toBeVisible();
  expect((await gridBox.boundingBox())!.y).toBe(before);
  await page.unroute('**/api/coverage?*');
  const tuesday = strip.getByRole('link', { name: /^wtorek, 16 marca 2032:/ });
  await expect(tuesday).toHaveAccessibleName(/wszystkie loty obsadzone/);

  // The cell menu deletes the shift (the same in both densities).
  const cell = page.locator(`td[data-emp="${people[1]!.id}"][data-date="${DAY}"]`);
  await cell.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').getByRole('menuitem', { name: 'Usuń zmianę' }).click();
  await expect(cell).not.toContainText('8');
  // No reload and no generation: the strip reads the saved month again.
  await expect(tuesday).toHaveAccessibleName(/1 lot z brakami/);

  // The Flights screen, reached inside the app, says the same of the flight.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Loty' }).click();
  await expect(page).toHaveURL(/\/flights/);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row.getByText(`${group}: brakuje 1`)).toBeAttached();
});
