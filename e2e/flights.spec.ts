import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

/**
 * Serious axe violations of this screen. The shell's header (owned by the shell, judged by its own
 * tests) is left out: its e-mail text is reported separately and must not hide this screen's state.
 */
async function screenAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  const result = [];
  for (const v of violations) {
    const nodes = [];
    for (const node of v.nodes) {
      const selector = node.target.map(String).join(' ');
      const inHeader = await page.evaluate((s) => Boolean(document.querySelector(s)?.closest('header.mantine-AppShell-header')), selector);
      if (!inHeader) nodes.push(node.html);
    }
    if (nodes.length > 0) result.push({ id: v.id, nodes });
  }
  return result;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// 30 Boise departures of January 2008 moved to January 2030 (same weekdays); row 12 has the time 25:40.
const TIMETABLE = path.join(here, 'files/boi_2030-01_slice.csv');

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function openMonth(page: Page, month: string) {
  await page.goto(`/flights?month=${month}`);
  await expect(page.getByRole('heading', { name: 'Rozkład lotów' })).toBeVisible();
  await expect(page.getByText('Ładowanie lotów...')).toHaveCount(0);
}

async function fillFlight(page: Page, values: { number?: string; departureDate?: string; departureTime?: string; arrivalDate?: string; arrivalTime?: string }) {
  const dialog = page.getByRole('dialog');
  if (values.number !== undefined) await dialog.getByLabel('Numer lotu').fill(values.number);
  if (values.departureDate !== undefined) await dialog.getByLabel('Data odlotu').fill(values.departureDate);
  if (values.departureTime !== undefined) await dialog.getByLabel('Godzina odlotu').fill(values.departureTime);
  if (values.arrivalDate !== undefined) await dialog.getByLabel('Data przylotu').fill(values.arrivalDate);
  if (values.arrivalTime !== undefined) await dialog.getByLabel('Godzina przylotu').fill(values.arrivalTime);
}

test('add, edit and delete a flight, with staff per group and times in the airport zone (axe on the modal)', async ({ signedInPage: page }) => {
  const number = unique('E2E');
  await openMonth(page, '2031-05');
  await expect(page.getByText('Brak lotów zaplanowanych na maj 2031')).toBeVisible();

  await page.getByRole('button', { name: 'Dodaj lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj lot' });
  await expect(dialog.getByLabel('Rampa')).toHaveValue('1');
  await page.screenshot({ path: test.info().outputPath('flights-add-modal.png') });
  expect(await screenAxeViolations(page)).toEqual([]);
  await fillFlight(page, { number: number.toLowerCase(), departureDate: '2031-05-14', departureTime: '06:05', arrivalTime: '07:20' });
  await dialog.getByLabel('Rampa').fill('3');
  // An emptied staff field falls back to 1 (docs/product.md §5).
  await dialog.getByLabel('PAX/INFO').fill('');
  await dialog.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Dodano lot ${number}`)).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('śr. 14.05 06:05');
  await expect(row).toContainText('śr. 14.05 07:20');
  // Each group's required staff, followed by the flight's status there when the group has hours that month.
  await expect(row.getByRole('cell')).toHaveText(['', new RegExp(`^${number}`), 'śr. 14.05 06:05', 'śr. 14.05 07:20', /^1/, /^3/, /^1/, '']);
  await expect(page.getByTestId('flight-count')).toHaveText('1 lot');

  await row.getByRole('button', { name: `Edytuj lot ${number}` }).click();
  const edit = page.getByRole('dialog', { name: `Edytuj lot ${number}` });
  await expect(edit.getByLabel('Godzina odlotu')).toHaveValue('06:05');
  await expect(edit.getByLabel('Rampa')).toHaveValue('3');
  await fillFlight(page, { departureTime: '23:30', arrivalDate: '2031-05-15', arrivalTime: '01:10' });
  await edit.getByLabel('Koordynator').fill('2');
  await edit.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole('cell')).toHaveText(['', new RegExp(`^${number}`), 'śr. 14.05 23:30', 'czw. 15.05 01:10', /^2/, /^3/, /^1/, '']);

  await row.getByRole('button', { name: `Usuń lot ${number}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Usunąć lot?' });
  await expect(confirm).toContainText(`Lot ${number} z odlotem śr. 14.05 23:30 zostanie usunięty.`);
  // Cancelling keeps the flight.
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Usuń lot ${number}` }).click();
  await page.getByRole('dialog', { name: 'Usunąć lot?' }).getByRole('button', { name: 'Usuń lot' }).click();
  await expect(page.getByText(`Lot ${number} został usunięty`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('Brak lotów zaplanowanych na maj 2031')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Brak lotów zaplanowanych na maj 2031')).toBeVisible();
});

test('an invalid flight is refused with its message and nothing is saved; a duplicate gets a clear message', async ({ signedInPage: page }) => {
  const number = unique('BAD');
  await openMonth(page, '2031-06');
  await page.getByRole('button', { name: 'Dodaj lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj lot' });

  await dialog.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(dialog.getByText('To pole jest wymagane')).toBeVisible();
  // The arrival is optional: only the departure's time is asked for.
  await expect(dialog.getByText('Podaj godzinę')).toHaveCount(1);

  await fillFlight(page, { number: '=1+2', departureDate: '2031-06-10', departureTime: '10:00', arrivalTime: '09:00' });
  await dialog.getByLabel('Rampa').fill('0');
  await dialog.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(dialog.getByText('Nie może zaczynać się od =, +, - ani @')).toBeVisible();
  await expect(dialog.getByText('Przylot musi być późniejszy niż odlot')).toBeVisible();
  await expect(dialog.getByText('Podaj liczbę całkowitą, co najmniej 1')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('flights-invalid.png') });
  await expect(dialog).toBeVisible();

  await fillFlight(page, { number, arrivalTime: '11:00' });
  await dialog.getByLabel('Rampa').fill('2');
  await dialog.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(number) })).toBeVisible();

  // The same flight number and departure again: the server refuses, the modal stays open and says why.
  await page.getByRole('button', { name: 'Dodaj lot' }).click();
  await fillFlight(page, { number, departureDate: '2031-06-10', departureTime: '10:00', arrivalTime: '12:00' });
  await dialog.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Lot o tym numerze i godzinie odlotu już istnieje.');
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(page.getByRole('row', { name: new RegExp(number) })).toHaveCount(1);
  await expect(page.getByTestId('flight-count')).toHaveText('1 lot');
});

test('month change: a month far ahead shows the empty text in both languages; the demo month pages, filters and passes axe', async ({ signedInPage: page }) => {
  await openMonth(page, '2045-07');
  await expect(page.getByText('Brak lotów zaplanowanych na lipiec 2045')).toBeVisible();
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await expect(page).toHaveURL(/month=2045-08/);
  await expect(page.getByText('Brak lotów zaplanowanych na sierpień 2045')).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByText('No flights scheduled for August 2045')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('flights-empty-en.png') });
  await expect(page.getByRole('columnheader', { name: 'Flight Number' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Required Staff' })).toBeVisible();
  await page.getByText('PL', { exact: true }).click();

  // Opened again without a month, the screen stays on the month the planner chose in this tab.
  await page.goto('/flights');
  await expect(page).toHaveURL(/month=2045-08/);
  await expect(page.getByText('Brak lotów zaplanowanych na sierpień 2045')).toBeVisible();

  // The demo airport's current month: ~1,460 flights, 50 to a page.
  const now = new Date();
  await page.goto(`/flights?month=${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`);
  const count = page.getByTestId('flight-count');
  await expect(count).toHaveText(/^\d[\d\s]* lot(y|ów)?$/);
  const total = Number((await count.innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(1000);
  await page.screenshot({ path: test.info().outputPath('flights-top.png') });
  await expect(page.locator('tbody tr')).toHaveCount(50);
  await page.getByRole('button', { name: 'Strona 2' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(50);
  await page.screenshot({ path: test.info().outputPath('flights-month.png'), fullPage: false });
  // The last page: the same table and pages, fewer rows for axe to walk.
  const pages = Math.ceil(total / 50);
  await page.getByRole('button', { name: `Strona ${pages}` }).click();
  await expect(page.locator('tbody tr')).toHaveCount(total - (pages - 1) * 50);
  expect(await screenAxeViolations(page)).toEqual([]);

  const first = (await page.locator('tbody tr').first().getByRole('cell').nth(1).innerText()).trim();
  await page.getByLabel('Szukaj numeru lotu').fill(first);
  await expect(count).toHaveText(new RegExp(`^\\d+ z ${total.toLocaleString('pl-PL').replace(/\s/g, '\\s')}`));
  for (const cell of await page.locator('tbody tr td:nth-child(2)').allInnerTexts()) expect(cell).toContain(first);
  await page.getByLabel('Szukaj numeru lotu').fill('');
  // The day filter: the first flight's day only.
  await page.getByPlaceholder('Wszystkie dni').click();
  await page.getByRole('option').first().click();
  await expect(count).toHaveText(new RegExp(`^\\d+ z `));
  const onDay = Number((await count.innerText()).split(' z ')[0]);
  expect(onDay).toBeGreaterThan(10);
  expect(onDay).toBeLessThan(total);
  const firstDay = (await page.locator('tbody tr').first().getByRole('cell').nth(2).innerText()).slice(0, -6);
  for (const cell of await page.locator('tbody tr td:nth-child(3)').allInnerTexts()) expect(cell.startsWith(firstDay)).toBe(true);
});

test('import a real timetable with one broken row: mapping guessed, dry run, import the valid rows, re-import changes none', async ({ signedInPage: page }) => {
  await openMonth(page, '2030-01');
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importuj rozkład lotów' });
  await dialog.locator('input[type="file"]').setInputFiles(TIMETABLE);

  // The shipped column names are recognised: the preview of the first rows is ready at once.
  await expect(dialog.getByRole('combobox', { name: 'Numer lotu' })).toHaveValue('flight_number');
  await expect(dialog.getByTestId('mapping-preview').locator('tbody tr').first()).toContainText('wt. 01.01 05:40');
  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();

  await expect(dialog.getByTestId('import-count-invalid')).toHaveText('1');
  const fresh = Number(await dialog.getByTestId('import-count-new').innerText());
  const present = Number(await dialog.getByTestId('import-count-unchanged').innerText());
  expect(fresh + present).toBe(29);
  // Row 12 and why, in words.
  await expect(dialog.getByTestId('invalid-rows')).toHaveText('Wiersz 12: Odlot (data i godzina): podaj godzinę jako GG:MM');
  await page.screenshot({ path: test.info().outputPath('flights-import-dry-run.png'), fullPage: false });
  expect(await screenAxeViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: /^Importuj \d+ lot/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Import zakończony. Nowe loty: ${fresh}, zmienione: 0, bez zmian: ${present}.`)).toBeVisible();
  await expect(page.getByTestId('flight-count')).toHaveText('29 lotów');
  const nw580 = page.getByRole('row', { name: /NW580/ });
  // An Airbus A320: the coordinators' block of 1 by aircraft size; the ramp's and the passenger desk's
  // work from the demo's A319/A320 handling rule, at most 5 and 3 people at once.
  await expect(nw580.getByRole('cell')).toHaveText(['', /^NW580/, 'wt. 01.01 05:40', 'wt. 01.01 08:31', /^1/, /^5/, /^3/, '']);

  // The same file again: its mapping is remembered, and every valid row is there unchanged.
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(TIMETABLE);
  await expect(dialog.getByText('Ten układ kolumn był już importowany')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(dialog.getByTestId('import-count-unchanged')).toHaveText('29');
  await expect(dialog.getByTestId('import-count-new')).toHaveText('0');
  await expect(dialog.getByTestId('import-count-invalid')).toHaveText('1');
  await expect(dialog.getByText('Nie ma nic do zapisania')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importuj 0 lotów' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(page.getByTestId('flight-count')).toHaveText('29 lotów');
});

/** Picks `option` in the dialog's select labelled `label` (a Mantine combobox). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// A departures-only feed written for this test (made-up ZQ flights): other column names, the date and
// the time in separate columns, times in UTC. Warsaw is UTC+1 in early March.
const DEPARTURES_UTC = path.join(here, 'files/departures_2029-03_utc.csv');

test('a departures-only file in other columns: map them, land on its month, then delete a selection, copy the month and delete it (axe on the mapping step)', async ({
  signedInPage: page,
}) => {
  await openMonth(page, '2031-07');
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importuj rozkład lotów' });
  await dialog.locator('input[type="file"]').setInputFiles(DEPARTURES_UTC);
  await expect(dialog.getByText('Wybierz kolumny numeru lotu i odlotu, aby zobaczyć podgląd.')).toBeVisible();

  await choose(page, 'Numer lotu', 'Carrier code');
  await dialog.getByText('Data i godzina w osobnych kolumnach').click();
  await choose(page, 'Data odlotu', 'Date of operation');
  await choose(page, 'Godzina odlotu', 'Off-block (UTC)');
  await choose(page, 'Typ samolotu', 'Equipment');
  // Read as local time first: the preview shows 05:40; as UTC it is 06:40 at the airport.
  const firstRow = dialog.getByTestId('mapping-preview').locator('tbody tr').first();
  await expect(firstRow).toContainText('pon. 05.03 05:40');
  await dialog.getByRole('radio', { name: 'Czas UTC' }).check();
  await expect(firstRow).toContainText('pon. 05.03 06:40');
  await expect(firstRow).toContainText('poprawny');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('flights-import-mapping.png'), fullPage: true });
  expect(await screenAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('flights-import-mapping-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(dialog.getByTestId('import-count-new')).toHaveText('8');
  await expect(dialog.getByTestId('import-count-invalid')).toHaveText('0');
  await expect(dialog.getByText('Najwięcej lotów trafi do marca 2029.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importuj 8 lotów' }).click();
  await expect(dialog).toHaveCount(0);

  // The screen opens on the month that received the flights.
  await expect(page).toHaveURL(/month=2029-03/);
  await expect(page.getByTestId('flight-count')).toHaveText('8 lotów');
  const zq104 = page.getByRole('row', { name: /ZQ104/ });
  // 23:30 UTC on 6 March is 00:30 on 7 March at the airport.
  await expect(zq104.getByRole('cell').nth(2)).toHaveText('śr. 07.03 00:30');
  await expect(zq104.getByRole('cell').nth(3)).toHaveText('—');
  await page.screenshot({ path: test.info().outputPath('flights-after-import.png'), fullPage: true });

  // Delete a selection of two, with one confirmation naming the count.
  await page.getByRole('checkbox', { name: 'Zaznacz lot ZQ105' }).check();
  await page.getByRole('checkbox', { name: 'Zaznacz lot ZQ103' }).check();
  await page.getByRole('button', { name: 'Działania na wielu lotach' }).click();
  await page.getByRole('menuitem', { name: 'Usuń zaznaczone loty' }).click();
  const confirm = page.getByRole('dialog', { name: 'Usunąć loty?' });
  await expect(confirm).toContainText('Usunąć 2 zaznaczone loty?');
  // Contrast is judged once the dialog has faded in, not halfway through its transition.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await screenAxeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Usuń 2 loty' }).click();
  await expect(page.getByTestId('flight-count')).toHaveText('6 lotów');

  // Copy the month onto April: the screen follows to April, with the flights on the same weekdays.
  await page.getByRole('button', { name: 'Działania na wielu lotach' }).click();
  await page.getByRole('menuitem', { name: 'Kopiuj rozkład na inny miesiąc' }).click();
  const copy = page.getByRole('dialog', { name: /Kopiuj rozkład [a-ząćęłńóśźż]+ \d{4}/ });
  await copy.getByRole('combobox', { name: 'Miesiąc docelowy' }).click();
  await page.getByRole('option', { name: 'Kwiecień 2029' }).click();
  await copy.getByRole('button', { name: 'Kopiuj rozkład' }).click();
  await expect(page).toHaveURL(/month=2029-04/);
  await expect(page.getByText(/Skopiowano loty: \d+ do kwietnia 2029/)).toBeVisible();
  const copied = Number((await page.getByTestId('flight-count').innerText()).split(' ')[0]);
  expect(copied).toBeGreaterThanOrEqual(6);
  // 5 March 2029 is a Monday; so is 2 April, at the same local time.
  await expect(page.getByRole('row', { name: /ZQ101/ }).first().getByRole('cell').nth(2)).toHaveText('pon. 02.04 06:40');

  // Delete the whole month with one confirmation that names the count.
  await page.getByRole('button', { name: 'Działania na wielu lotach' }).click();
  await page.getByRole('menuitem', { name: 'Usuń wszystkie loty miesiąca' }).click();
  await expect(page.getByRole('dialog', { name: 'Usunąć loty?' })).toContainText(`Usunąć ${copied} lotów z kwietnia 2029?`);
  await page
    .getByRole('dialog', { name: 'Usunąć loty?' })
    .getByRole('button', { name: `Usuń ${copied} lotów` })
    .click();
  await expect(page.getByText('Brak lotów zaplanowanych na kwiecień 2029')).toBeVisible();
});

test('files that cannot be read are refused with a clear message, and nothing can be imported', async ({ signedInPage: page }) => {
  await openMonth(page, '2030-02');
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importuj rozkład lotów' });
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'rozklad.csv', mimeType: 'text/csv', buffer: Buffer.from([0x66, 0x6c, 0x69, 0x67, 0x68, 0x74, 0xf3, 0x0a]) });
  await expect(dialog.getByRole('alert')).toContainText('Plik nie jest zapisany w kodowaniu UTF-8 (to zapewne Windows-1250 lub ISO-8859-2)');
  await input.setInputFiles({ name: 'utf16.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFFflight,when\nLO1,2030-02-01T10:00\n', 'utf16le') });
  await expect(dialog.getByRole('alert')).toContainText('Plik jest zapisany w kodowaniu UTF-16');
  await input.setInputFiles({ name: 'photo.csv', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  await expect(dialog.getByRole('alert')).toContainText('To nie jest plik tekstowy CSV');
  await input.setInputFiles({ name: 'twice.csv', mimeType: 'text/csv', buffer: Buffer.from('flight,when,Flight\nLO1,2030-02-01T10:00,x\n') });
  await expect(dialog.getByRole('alert')).toContainText('Kolumna „Flight” występuje w nagłówku więcej niż raz.');
  await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(dialog.getByRole('alert')).toContainText('Plik jest pusty.');
  await expect(dialog.getByRole('button', { name: 'Sprawdź plik' })).toBeDisabled();
});
