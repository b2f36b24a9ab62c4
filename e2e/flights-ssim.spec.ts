// The airport's IATA code in Settings, the staff-by-aircraft-type table, an IATA SSIM file imported
// through the same dry run as a table, each flight's staff source in words, and the import history
// (docs/flights-import.md). Axe on the new dialogs; screenshots at desktop and phone widths.
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { SAMPLE_SSIM } from '../src/server/flights/fixtures/ssim.ts';

// The hand-written SSIM sample (December 2026) moved to December 2037, which also begins on a Tuesday:
// the same weekdays, in a month no other test uses.
const MONTH = '2037-12';
const SSIM = SAMPLE_SSIM.replaceAll('DEC26', 'DEC37');

/** Serious axe violations outside the shell's header (judged by its own tests). */
async function dialogAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  return violations
    .map((v) => ({ id: v.id, nodes: v.nodes.filter((n) => !n.target.map(String).join(' ').includes('mantine-AppShell-header')).map((n) => n.html) }))
    .filter((v) => v.nodes.length > 0);
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an SSIM file is imported by the airport code, with staff from the aircraft table, and shows in the import history', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A month of this test's own: emptied first, so the file's flights are new each run.
  const cleared = await page.request.post('/api/flights/delete', { data: { month: MONTH }, headers: { origin: new URL(page.url()).origin } });
  expect(cleared.status()).toBe(200);

  // The airport code: refused unless three letters, saved in capitals.
  await page.goto('/settings');
  const code = page.getByRole('textbox', { name: 'Kod lotniska (IATA)' });
  await code.fill('W1');
  await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
  await expect(page.getByText('Kod lotniska to trzy litery, np. WRO')).toBeVisible();
  await code.fill('wro');
  await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
  await expect(page.getByText(/Ustawienia zostały zapisane/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Kod lotniska (IATA)' })).toHaveValue('WRO');

  // The aircraft table: an Embraer 175 needs 4 on the ramp. A bad code is refused by name first.
  await page.goto(`/flights?month=${MONTH}`);
  await expect(page.getByRole('heading', { name: 'Rozkład lotów' })).toBeVisible();
  await page.getByRole('button', { name: 'Obsada wg samolotu' }).click();
  const table = page.getByRole('dialog', { name: 'Obsada według typu samolotu' });
  await expect(table.getByTestId('aircraft-table')).toBeVisible();
  const earlier = table.getByRole('button', { name: 'Usuń wiersz E75L' });
  if ((await earlier.count()) > 0) await earlier.click();
  await table.getByRole('button', { name: 'Dodaj typ samolotu' }).click();
  const type = table.getByRole('textbox', { name: /^Typ samolotu w wierszu/ }).last();
  await type.fill('E-75');
  await table.getByRole('button', { name: 'Zapisz tabelę' }).click();
  await expect(table.getByText('Typ to 2–4 litery lub cyfry, np. B738, 738, E75L')).toBeVisible();
  await type.fill('E75L');
  await table.getByRole('textbox', { name: 'Rampa, E75L' }).fill('4');
  await table.getByRole('textbox', { name: 'PAX/INFO, E75L' }).fill('2');
  await screenshots(page, 'flights-aircraft-table');
  expect(await dialogAxeViolations(page)).toEqual([]);
  await table.getByRole('button', { name: 'Zapisz tabelę' }).click();
  await expect(page.getByText('Zapisano obsadę według typu samolotu.')).toBeVisible();
  await expect(table).toHaveCount(0);

  // The SSIM file: recognised, checked in a dry run, the broken leg named by its line.
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importuj rozkład lotów' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'zima.ssim', mimeType: 'text/plain', buffer: Buffer.from(SSIM) });
  await expect(dialog.getByTestId('ssim-detected')).toContainText('loty odlatujące z lotniska WRO');
  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(dialog.getByTestId('import-count-new')).toHaveText('32');
  await expect(dialog.getByTestId('import-count-invalid')).toHaveText('1');
  await expect(dialog.getByTestId('invalid-rows')).toHaveText('Wiersz 7: Odlot (data i godzina): podaj godzinę jako GGMM');
  await screenshots(page, 'flights-ssim-dry-run');
  expect(await dialogAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Importuj 32 loty' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Import zakończony. Nowe loty: 32, zmienione: 0, bez zmian: 0.')).toBeVisible();

  // LO3801 departs at 06:10 Warsaw time; its E75 is the table's E75L: 1 / 4 / 2, said to come from the table.
  await expect(page).toHaveURL(new RegExp(`month=${MONTH}`));
  const lo = page.getByRole('row', { name: /LO3801/ }).first();
  await expect(lo.getByRole('cell')).toHaveText(['', 'LO3801obsada z tabeli samolotów', 'wt. 01.12 06:10', 'wt. 01.12 07:05', /^1/, /^4/, /^2/, '']);
  // W61002 flies an A320, a narrow-body jet: the size class's figures.
  await expect(
    page
      .getByRole('row', { name: /W61002/ })
      .first()
      .getByTestId('staff-source'),
  ).toHaveText('obsada z tabeli samolotów');
  await screenshots(page, 'flights-ssim-list');

  // The history: the file, who, its counts, and a link to its month.
  await page.goto('/flights?month=2031-01');
  await page.getByRole('button', { name: 'Historia importów' }).click();
  const history = page.getByRole('dialog', { name: 'Wcześniejsze importy rozkładu' });
  const entry = history.getByRole('row', { name: /zima\.ssim/ }).first();
  await expect(entry).toContainText('nowe 32, zmienione 0, bez zmian 0');
  await expect(entry).toContainText('SSIM');
  await screenshots(page, 'flights-import-history');
  expect(await dialogAxeViolations(page)).toEqual([]);
  await entry.getByRole('button', { name: 'Grudzień 2037' }).click();
  await expect(history).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`month=${MONTH}`));
  await expect(page.getByTestId('flight-count')).toHaveText('32 loty');

  // A flight added by hand with an aircraft type and one figure changed: the rest from the table.
  await page.getByRole('button', { name: 'Dodaj lot' }).click();
  const add = page.getByRole('dialog', { name: 'Dodaj lot' });
  await add.getByLabel('Numer lotu').fill('LO9999');
  await add.getByLabel('Data odlotu').fill('2037-12-20');
  await add.getByLabel('Godzina odlotu').fill('12:00');
  await add.getByRole('textbox', { name: 'Typ samolotu (opcjonalnie)' }).fill('E75');
  await add.getByRole('textbox', { name: 'Koordynator' }).fill('2');
  await add.getByRole('button', { name: 'Dodaj lot' }).click();
  await expect(add).toHaveCount(0);
  const handmade = page.getByRole('row', { name: /LO9999/ });
  await expect(handmade.getByRole('cell')).toHaveText(['', /^LO9999obsada z różnych źródeł/, 'niedz. 20.12 12:00', '—', /^2/, /^4/, /^2/, '']);
  await expect(handmade.getByTestId('staff-source')).toContainText('Koordynator: obsada wpisana ręcznie; Rampa: obsada z tabeli samolotów');
});

test('an SSIM file with a record of the wrong length is refused with a clear message, naming the line', async ({ signedInPage: page }) => {
  await page.goto('/flights?month=2037-11');
  await page.getByRole('button', { name: 'Importuj rozkład' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importuj rozkład lotów' });
  const short = SSIM.split('\r\n')
    .map((line, i) => (i === 3 ? line.slice(0, 150) : line))
    .join('\r\n');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'broken.ssim', mimeType: 'text/plain', buffer: Buffer.from(short) });
  await dialog.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Wiersz 4 ma 150 znaków, a każdy rekord SSIM ma ich dokładnie 200.');
  await expect(dialog.getByRole('button', { name: /^Importuj \d+ lot/ })).toHaveCount(0);
});

test('saving the aircraft table reaches flights already imported: a Dash 8 set to 0 / 4 / 2 shows 0 / 4 / 2, a figure entered by hand stays', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A month of this test's own, emptied first.
  const month = '2038-03';
  await page.goto(`/flights?month=${month}`);
  expect((await page.request.post('/api/flights/delete', { data: { month }, headers: { origin: new URL(page.url()).origin } })).status()).toBe(200);
  const editRow = async (rampa: string, pax: string, koordynator: string) => {
    await page.getByRole('button', { name: 'Obsada wg samolotu' }).click();
    const table = page.getByRole('dialog', { name: 'Obsada według typu samolotu' });
    await expect(table.getByTestId('aircraft-table')).toBeVisible();
    if ((await table.getByRole('textbox', { name: 'Rampa, DH8D' }).count()) === 0) {
      await table.getByRole('button', { name: 'Dodaj typ samolotu' }).click();
      await table
        .getByRole('textbox', { name: /^Typ samolotu w wierszu/ })
        .last()
        .fill('DH8D');
    }
    await table.getByRole('textbox', { name: 'Koordynator, DH8D' }).fill(koordynator);
    await table.getByRole('textbox', { name: 'Rampa, DH8D' }).fill(rampa);
    await table.getByRole('textbox', { name: 'PAX/INFO, DH8D' }).fill(pax);
    await table.getByRole('button', { name: 'Zapisz tabelę' }).click();
    await expect(page.getByText('Zapisano obsadę według typu samolotu.').last()).toBeVisible();
    await expect(table).toHaveCount(0);
  };
  await editRow('3', '2', '1');
  // Two Dash 8 departures (a type no handling rule of the demo covers, so the block is theirs) imported
  // from a table file without staff columns, then one edited by hand.
  const imported = await page.request.post('/api/flights/import', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      fileName: 'marzec.csv',
      header: ['Flight', 'STD', 'Type'],
      rows: [
        { row: 2, cells: ['OS1226', `${month}-10 06:00`, 'DH8D'] },
        { row: 3, cells: ['OS1227', `${month}-10 07:00`, 'DH8D'] },
      ],
      mapping: { flightNumber: 'Flight', departure: 'STD', aircraftType: 'Type', staff: {} },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const stored = ((await (await page.request.get(`/api/flights?month=${month}`)).json()) as { id: string; flightNumber: string; version: number }[]).find(
    (f) => f.flightNumber === 'OS1227',
  )!;
  const edited = await page.request.put(`/api/flights/${stored.id}`, {
    headers: { origin: new URL(page.url()).origin },
    data: { version: stored.version, data: { flightNumber: 'OS1227', departureTime: `${month}-10T07:00`, requiredStaff: { Rampa: 5 } } },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await page.reload();
  const os1226 = page.getByRole('row', { name: /OS1226/ }).first();
  await expect(os1226.getByRole('cell')).toHaveText(['', 'OS1226obsada z tabeli samolotów', /10\.03 06:00/, '—', /^1/, /^3/, /^2/, '']);

  await editRow('4', '2', '0');
  await expect(os1226.getByRole('cell')).toHaveText(['', 'OS1226obsada z tabeli samolotów', /10\.03 06:00/, '—', /^0/, /^4/, /^2/, '']);
  // The Rampa figure entered by hand stays; the groups that came from the table follow it.
  await expect(
    page
      .getByRole('row', { name: /OS1227/ })
      .first()
      .getByRole('cell'),
  ).toHaveText(['', /^OS1227obsada z różnych źródeł/, /10\.03 07:00/, '—', /^0/, /^5/, /^2/, '']);
  await page.screenshot({ path: test.info().outputPath('flights-table-follows-1440.png') });
});
