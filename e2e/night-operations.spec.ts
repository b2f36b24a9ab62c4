// Night operations (docs/night-operations.md) in the browser: a planner plans a 22:00–06:00 shift in
// the editor and sees it marked "+1" on its date, with the next morning saying the person is still on
// duty; the night before the month shows on its first morning; operating hours are set "open 24 h".
import type { Locator, Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const now = new Date();
const MONTH = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const day = (d: number, month = MONTH) => `${month}-${String(d).padStart(2, '0')}`;
const previousDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
/** A date as the Polish UI writes it in words: "11 listopada 2026". */
const words = (date: string) =>
  new Intl.DateTimeFormat('pl', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}/;

type Person = { id: string; name: string };

async function makeGroup(page: Page, lastName: string) {
  const group = `E2E Noc ${unique()}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } })).status()).toBe(201);
  const r = await page.request.post('/api/employees', {
    data: { firstName: 'Anna', lastName, email: `${lastName.toLowerCase()}.${unique()}@example.com`, phoneNumber: null, role: group },
  });
  expect(r.status()).toBe(201);
  return { group, anna: { id: ((await r.json()) as { id: string }).id, name: `Anna ${lastName}` } satisfies Person };
}

const grid = (page: Page, group: string) => page.getByRole('grid', { name: `Grafik grupy ${group}` });
const cell = (g: Locator, person: Person, date: string) => g.locator(`td[data-emp="${person.id}"][data-date="${date}"]`);
/** Scrolls the grid so that a cell stands a little right of the names (the totals stay on the right). */
const scrollTo = (td: Locator) =>
  td.evaluate((element) => {
    (element.closest('[data-testid="month-scroller"]') as HTMLElement).scrollLeft = (element as HTMLElement).offsetLeft - 300;
  });
const totalOf = (g: Locator, person: Person) =>
  g
    .locator('tr', { has: g.page().getByRole('rowheader', { name: person.name, exact: true }) })
    .locator('td')
    .last();

test('a planner plans a night shift: "+1" on its date, the next morning still on duty, counted once', async ({ signedInPage: page }) => {
  // One planner's whole night: the editor, the grid at two widths, a refusal and the printout.
  test.slow();
  // The comfortable density, whose badge writes the times out (the compact "22–6 +1" is month-grid.spec.ts's).
  await page.addInitScript(() => localStorage.setItem('grafik.dashboard.density', 'comfortable'));
  await page.setViewportSize({ width: 1440, height: 900 });
  const { group, anna } = await makeGroup(page, 'Nocna');
  // The night before the month, ending on its first morning (the previous month's).
  const eve = previousDay(day(1));
  const before = await page.request.put('/api/schedules', { data: { employeeId: anna.id, date: eve, startTime: '21:00', endTime: '05:00', endDate: day(1) } });
  expect(before.status()).toBe(201);
  await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
  await expect(page.getByTestId('required-hours')).toBeVisible({ timeout: 30_000 });
  const g = grid(page, group);
  await expect(cell(g, anna, day(1)).getByTestId('carried-over')).toHaveText('Na zmianie do 05:00');

  await cell(g, anna, day(10)).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Dodaj zmianę' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj zmianę' });
  await dialog.getByLabel('Początek').selectOption('22:00');
  await expect(dialog.getByLabel('Koniec').locator('option[value="06:00"]')).toHaveText('06:00 +1');
  await dialog.getByLabel('Koniec').selectOption('06:00');
  await expect(dialog.getByTestId('end-next-day')).toHaveText(new RegExp(`^\\+1 \\(następny dzień, \\S+, ${words(day(11))}\\)$`));
  await expect(dialog.getByTestId('shift-hours')).toHaveText('Liczba godzin: 8,00');
  expect(await dialog.innerText()).not.toMatch(ISO_DATE);
  await page.screenshot({ path: test.info().outputPath('night-modal-1440.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/schedules'));
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ date: day(10), startTime: '22:00', endTime: '06:00', endDate: day(11) });
  // The editor closes once the month is read again (slow on a loaded machine).
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });

  const start = cell(g, anna, day(10));
  await expect(start.locator('[data-badge="shift"]')).toHaveText(/^22:00-06:00\+1/);
  // The times and the mark fit the day's column, as does the next morning's note: nothing cut off.
  const cut = (element: Locator) => element.evaluate((e) => e.scrollWidth > e.clientWidth);
  expect(await cut(start.locator('[data-badge="shift"] span').first())).toBe(false);
  await expect(start).toHaveAttribute(
    'aria-label',
    new RegExp(`^Anna Nocna, \\S+, ${words(day(10))}: 22:00-06:00, koniec następnego dnia, ${words(day(11))}, wpisana ręcznie$`),
  );
  const morning = cell(g, anna, day(11));
  await expect(morning.getByTestId('carried-over')).toHaveText('Na zmianie do 06:00');
  await expect(morning).toHaveAttribute('aria-label', /: na nocnej zmianie od poprzedniego dnia \(22:00–06:00\) do 06:00$/);
  await expect(morning.locator('[data-badge="shift"]')).toHaveCount(0);
  expect(await cut(morning.getByTestId('carried-over'))).toBe(false);
  // Eight hours, once, in this month (the night before the month is the previous month's).
  await expect(totalOf(g, anna)).toContainText('8,00 / ');
  const text = await g.innerText();
  expect(text).not.toMatch(ISO_DATE);
  expect(text).not.toMatch(UUID);
  await scrollTo(start);
  await page.screenshot({ path: test.info().outputPath('night-grid-1440.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A morning shift that starts before the night ends is refused, naming the night in words (the
  // editor says so before anything is sent; the server would refuse it too).
  await morning.click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Dodaj zmianę' }).click();
  await expect(dialog.getByTestId('carried-in')).toContainText('Anna Nocna jest na nocnej zmianie od poprzedniego dnia (22:00–06:00) do 06:00');
  await dialog.getByLabel('Początek').selectOption('05:00');
  await dialog.getByLabel('Koniec').selectOption('13:00');
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'nakłada się' })).toHaveText(
    new RegExp(
      `^Ta zmiana nakłada się na inną zmianę tej osoby: \\S+, ${words(day(10))}, 22:00–06:00 \\(koniec następnego dnia, \\S+, ${words(day(11))}\\)\\. Wybierz inne godziny\\.$`,
    ),
  );
  await dialog.getByRole('button', { name: 'Anuluj' }).click();

  // Night after night: the second night's date has the first one's morning note and its own badge.
  const second = await page.request.put('/api/schedules', {
    data: { employeeId: anna.id, date: day(11), startTime: '22:00', endTime: '06:00', endDate: day(12) },
  });
  expect(second.status()).toBe(201);
  await page.reload();
  await expect(morning.locator('[data-badge="shift"]')).toHaveText(/^22:00-06:00\+1/);
  await expect(morning.getByTestId('carried-over')).toHaveText('Na zmianie do 06:00');
  await expect(cell(g, anna, day(12)).getByTestId('carried-over')).toHaveText('Na zmianie do 06:00');
  await expect(totalOf(g, anna)).toContainText('16,00 / ');
  await scrollTo(start);
  await page.screenshot({ path: test.info().outputPath('night-grid-two-nights-1440.png') });

  // On a phone: the day's list, the night still running in the morning, and the same menu and modal.
  await page.setViewportSize({ width: 390, height: 844 });
  const longWords = (date: string) =>
    new Intl.DateTimeFormat('pl', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  await page.getByRole('combobox', { name: 'Dzień' }).click();
  await page.getByRole('option', { name: longWords(day(12)), exact: true }).click();
  const person = page.getByRole('list', { name: `${group}, ${longWords(day(12))}` }).getByRole('button', { name: new RegExp(anna.name) });
  await expect(person).toContainText('na nocnej zmianie od poprzedniego dnia (22:00–06:00) do 06:00');
  await page.screenshot({ path: test.info().outputPath('night-grid-390.png') });
  await person.click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Dodaj zmianę' }).click();
  await dialog.getByLabel('Początek').selectOption('22:00');
  await dialog.getByLabel('Koniec').selectOption('06:00');
  await page.screenshot({ path: test.info().outputPath('night-modal-390.png') });
  await dialog.getByRole('button', { name: 'Anuluj' }).click();

  // The printout: each night once, on its start date, marked +1; the night before the month is not printed.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/schedule?month=${MONTH}&group=${encodeURIComponent(group)}`);
  const printed = page.locator('tr', { has: page.getByRole('rowheader', { name: anna.name }) }).locator('td');
  await expect(printed.nth(9)).toHaveText('22–6 +1');
  await expect(printed.nth(10)).toHaveText('22–6 +1');
  await expect(printed.filter({ hasText: '+1' })).toHaveCount(2);
  await expect(printed.nth(0)).toHaveText('');
  await page.screenshot({ path: test.info().outputPath('night-print-1440.png') });
});

test('the hours modal takes a closing past midnight and "open 24 h"', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const month = `${2040 + Math.floor(Math.random() * 50)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  await page.goto(`/airport-hours?month=${month}`);
  const rampa = page.getByTestId('hours-group-Rampa');
  await expect(rampa).toBeVisible({ timeout: 30_000 });

  await rampa.getByRole('button', { name: 'Dodaj godziny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj godziny pracy' });
  await dialog.getByRole('combobox', { name: 'Dzień tygodnia' }).click();
  await page.getByRole('option', { name: 'Sobota', exact: true }).click();
  await dialog.getByLabel('Godzina otwarcia').fill('04:00');
  await dialog.getByLabel('Godzina zamknięcia').fill('02:00');
  await dialog.getByRole('textbox', { name: 'Minimalna obsada' }).click();
  await expect(dialog.getByTestId('closing-next-day')).toHaveText('+1: zamknięcie następnego dnia');
  await page.screenshot({ path: test.info().outputPath('night-hours-modal-1440.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Dodaj godziny' }).click();
  await expect(dialog).toHaveCount(0);

  await rampa.getByRole('button', { name: 'Dodaj godziny' }).click();
  await dialog.getByRole('combobox', { name: 'Dzień tygodnia' }).click();
  await page.getByRole('option', { name: 'Niedziela', exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'Otwarte całą dobę (00:00–24:00)' }).check();
  await expect(dialog.getByLabel('Godzina zamknięcia')).toHaveValue('24:00');
  await expect(dialog.getByLabel('Godzina zamknięcia')).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('night-hours-modal-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Dodaj godziny' }).click();
  await expect(dialog).toHaveCount(0);
  const rows = rampa.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveText(/^Sobota\s*04:00\s*02:00 \+1\s*następnego dnia\s*1/);
  await expect(rows.nth(1)).toHaveText(/^Niedziela\s*Całą dobę \(00:00–24:00\)\s*1/);
});

test('quick setup fills the week "open 24 h"', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const month = `${2040 + Math.floor(Math.random() * 50)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  await page.goto(`/airport-hours?month=${month}`);
  const pax = page.getByTestId('hours-group-PAX/INFO');
  await expect(pax).toBeVisible({ timeout: 30_000 });
  await pax.getByRole('button', { name: 'Szybka konfiguracja grupy PAX/INFO: wybierz godziny' }).click();
  const quick = page.getByRole('dialog', { name: 'Szybka konfiguracja: PAX/INFO' });
  await expect(quick.getByRole('radio', { name: '06:00–22:00' })).toBeChecked();
  await quick.getByRole('radio', { name: 'Całą dobę (24 h)' }).check();
  await page.screenshot({ path: test.info().outputPath('night-quick-setup-1440.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await quick.getByRole('button', { name: 'Wypełnij tydzień' }).click();
  await expect(quick).toHaveCount(0);
  await expect(page.getByText('Ustawiono godziny 00:00–24:00 (całą dobę) na cały tydzień dla grupy PAX/INFO')).toBeVisible();
  await expect(pax.locator('tbody tr')).toHaveCount(7);
  await expect(pax.locator('tbody tr').first()).toHaveText(/^Poniedziałek\s*Całą dobę \(00:00–24:00\)\s*1/);
  await page.screenshot({ path: test.info().outputPath('night-hours-table-1440.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
  const stored = (await (await page.request.get(`/api/airport-hours?month=${month}`)).json()) as { role: string; openingTime: string; closingTime: string }[];
  expect(stored.filter((r) => r.role === 'PAX/INFO').map((r) => `${r.openingTime}-${r.closingTime}`)).toEqual(Array(7).fill('00:00-24:00'));
});
