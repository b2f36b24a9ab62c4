import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { addMonths } from '../src/shared/month.ts';
import { monthGenitive } from '../src/web/ui/useMonth.ts';
import type { Page } from '@playwright/test';

const DEFAULTS = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  timeZone: 'Europe/Warsaw',
};

/** Other specs share this database: put the defaults back. */
async function restoreDefaults(page: Page) {
  const current = await (await page.request.get('/api/settings')).json();
  const res = await page.request.put('/api/settings', { data: { ...DEFAULTS, version: current.version } });
  expect(res.status()).toBe(200);
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name });
const REST = 'Minimalny odpoczynek między zmianami (godziny)';
const WEEKLY = 'Maksymalna liczba godzin pracy tygodniowo';
const SHIFT = 'Minimalna liczba godzin na zmianie';

// Far-away months of this run, so the demo's required hours and other runs never collide.
const YEAR = 2040 + Math.floor(Math.random() * 50);
const MONTH = `${YEAR}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;

test('general settings: change and save shows Zapisywanie... then the success toast, and the values stay', async ({ signedInPage: page }) => {
  try {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Ustawienia', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Ustawienia ogólne' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('app-version')).toHaveText('Grafik v1.4.0');
    await expect(page.getByRole('radio', { name: /Pół godziny/ })).toBeChecked();

    await page.getByRole('radio', { name: /Pełna godzina/ }).check();
    await field(page, REST).fill('12');
    await field(page, WEEKLY).fill('42');
    await field(page, SHIFT).fill('5');
    // Hold the save back a moment so its in-between state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/settings', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByRole('button', { name: 'Zapisywanie...' })).toBeDisabled();
    release();
    await expect(page.getByText('Ustawienia zostały zapisane. Maksymalna liczba godzin tygodniowo: 42')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zapisz ustawienia' })).toBeEnabled();
    await page.unroute('**/api/settings');

    await page.reload();
    await expect(field(page, WEEKLY)).toHaveValue('42');
    await expect(field(page, REST)).toHaveValue('12');
    await expect(field(page, SHIFT)).toHaveValue('5');
    await expect(page.getByRole('radio', { name: /Pełna godzina/ })).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('settings-general.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
  } finally {
    await restoreDefaults(page);
  }
});

test('invalid weekly hours: the toast, and nothing is saved', async ({ signedInPage: page }) => {
  await page.goto('/settings');
  await expect(field(page, WEEKLY)).toHaveValue('40');
  for (const bad of ['', '0']) {
    await field(page, REST).fill('13');
    await field(page, WEEKLY).fill(bad);
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByText('Nieprawidłowa wartość dla maksymalnej liczby godzin pracy tygodniowo').last()).toBeVisible();
  }
  // Out of bounds is named on the field and not saved either.
  await field(page, WEEKLY).fill('61');
  await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
  await expect(page.getByText('Podaj liczbę od 20 do 60')).toBeVisible();
  await page.reload();
  await expect(field(page, WEEKLY)).toHaveValue('40');
  await expect(field(page, REST)).toHaveValue('11');
});

test('a save based on settings someone else changed is refused and the new values are shown', async ({ signedInPage: page }) => {
  try {
    await page.goto('/settings');
    await expect(field(page, WEEKLY)).toHaveValue('40');
    // Someone else saves first.
    const current = await (await page.request.get('/api/settings')).json();
    expect((await page.request.put('/api/settings', { data: { ...DEFAULTS, weeklyHours: 48, version: current.version } })).status()).toBe(200);

    await field(page, WEEKLY).fill('30');
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByText(/^Nie udało się zapisać ustawień: Ustawienia zostały zmienione przez kogoś innego/)).toBeVisible();
    await expect(field(page, WEEKLY)).toHaveValue('48');
  } finally {
    await restoreDefaults(page);
  }
});

test('monthly hours: add goes to the top, a second is refused, Anuluj clears the error, delete removes it', async ({ signedInPage: page }) => {
  await page.goto(`/settings?month=${MONTH}`);
  await page.getByRole('tab', { name: 'Miesięczne godziny pracy' }).click();
  const label = (await page.getByTestId('month-label').textContent())!.trim();
  // After "dla" the month is in the genitive ("dla maja 2073"); the list and the navigator name it alone ("Maj 2073").
  const of = monthGenitive(MONTH, 'pl');
  const table = page.getByTestId('monthly-hours-table');
  await expect(table.getByText(`Brak ustawionych godzin pracy dla ${of}`)).toBeVisible();

  // The month's norm (Labour Code art. 130) is suggested above the table and in the form.
  const norm = page.getByTestId('month-norm').first();
  await expect(norm).toContainText(/^Norma: \d+ godzin/);
  const normHours = /^Norma: (\d+)/.exec((await norm.textContent())!)![1]!;
  await page.getByRole('button', { name: 'Dodaj godziny' }).click();
  const dialog = page.getByRole('dialog', { name: `Ustaw wymagane godziny pracy dla ${of}` });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Wymagane godziny pracy' });
  await expect(field).toHaveValue(normHours);
  await field.fill('301');
  await dialog.getByRole('button', { name: 'Zapisz godziny' }).click();
  await expect(dialog.getByText('Podaj liczbę całkowitą od 1 do 300')).toBeVisible();
  await field.fill(normHours);
  await expect(dialog.getByRole('textbox', { name: /^Powód innej liczby godzin/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Zapisz godziny' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Godziny pracy zostały zapisane')).toBeVisible();
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toContainText(label);
  await expect(firstRow).toContainText(`${normHours} godzin`);

  // A second row for the same month: another figure asks for a reason first, then the server refuses
  // the second row; the box shows why.
  await page.getByRole('button', { name: 'Dodaj godziny' }).click();
  await expect(field).toHaveValue(normHours);
  await field.fill('150');
  await dialog.getByRole('button', { name: 'Zapisz godziny' }).click();
  await expect(dialog.getByText('Ta liczba godzin jest inna niż norma: podaj powód.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Powód innej liczby godzin/ }).fill('Przestój terminalu');
  await dialog.getByRole('button', { name: 'Zapisz godziny' }).click();
  await expect(page.getByText('Nie udało się zapisać godzin pracy')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Wymagane godziny dla tego miesiąca są już ustawione. Najpierw je usuń.');
  await page.screenshot({ path: test.info().outputPath('settings-monthly-modal.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('monthly-hours-error')).toHaveCount(0);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(firstRow).toContainText(`${normHours} godzin`);
  await page.screenshot({ path: test.info().outputPath('settings-monthly.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await table.getByRole('button', { name: `Usuń godziny pracy dla ${of}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Usuń' }).click();
  await expect(page.getByText('Godziny pracy zostały usunięte')).toBeVisible();
  await expect(table.getByText(`Brak ustawionych godzin pracy dla ${of}`)).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Miesięczne godziny pracy' }).click();
  await expect(table.getByText(`Brak ustawionych godzin pracy dla ${of}`)).toBeVisible();
});

test('the norm is accepted with one click; hours other than the norm show their reason', async ({ signedInPage: page }) => {
  // December of a year of its own in which Christmas Eve, a holiday, is not a Sunday, so it lowers the norm.
  const year = new Date(Date.UTC(YEAR + 3, 11, 24)).getUTCDay() === 0 ? YEAR + 4 : YEAR + 3;
  const month = `${year}-12`;
  await page.goto(`/settings?month=${month}`);
  await page.getByRole('tab', { name: 'Miesięczne godziny pracy' }).click();
  const norm = page.getByTestId('month-norm');
  await expect(norm).toContainText('Wigilia Bożego Narodzenia');
  await expect(norm).toContainText(/po 40 godzin/);
  const normHours = /^Norma: (\d+)/.exec((await norm.textContent())!)![1]!;
  await page.screenshot({ path: test.info().outputPath('settings-norm.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Przyjmij normę: \d+ godzin/ }).click();
  await expect(page.getByText('Godziny pracy zostały zapisane')).toBeVisible();
  const table = page.getByTestId('monthly-hours-table');
  await expect(table.locator('tbody tr').first()).toContainText(`${normHours} godzin`);
  await expect(table.getByTestId('monthly-hours-reason')).toHaveCount(0);
  const [row] = (await (await page.request.get(`/api/monthly-hours?month=${month}`)).json()) as { id: string; reason: string | null }[];
  expect(row!.reason).toBeNull();
  await page.request.delete(`/api/monthly-hours/${row!.id}`);

  // Another figure, saved with a reason: the row says it differs, and why.
  const created = await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 120, reason: 'Skrócony etat całej zmiany' } });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByRole('tab', { name: 'Miesięczne godziny pracy' }).click();
  await expect(table.getByTestId('monthly-hours-reason')).toHaveText('Inna niż norma: Skrócony etat całej zmiany');
  await page.request.delete(`/api/monthly-hours/${((await created.json()) as { id: string }).id}`);
});

test('the month switcher moves the monthly hours one month at a time', async ({ signedInPage: page }) => {
  // A month of its own, a year after the one of the test above.
  const month = `${YEAR + 1}-${MONTH.slice(5)}`;
  const created = await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 120, reason: 'Miesiąc testowy' } });
  expect(created.status()).toBe(201);
  try {
    await page.goto(`/settings?month=${month}`);
    await page.getByRole('tab', { name: 'Miesięczne godziny pracy' }).click();
    const table = page.getByTestId('monthly-hours-table');
    await expect(table.locator('tbody tr').first()).toContainText('120 godzin');
    const start = (await page.getByTestId('month-label').textContent())!.trim();
    await page.getByRole('button', { name: 'Poprzedni miesiąc' }).click();
    await expect(page.getByTestId('month-label')).not.toHaveText(start);
    await expect(table.getByText(`Brak ustawionych godzin pracy dla ${monthGenitive(addMonths(month, -1), 'pl')}`)).toBeVisible();
    await page.getByRole('button', { name: 'Następny miesiąc' }).click();
    await expect(page.getByTestId('month-label')).toHaveText(start);
    await expect(table.locator('tbody tr').first()).toContainText('120 godzin');
  } finally {
    await page.request.delete(`/api/monthly-hours/${(await created.json()).id}`);
  }
});

test('a limit changed in Settings binds the generator: no run of working days longer than the new maximum', async ({ signedInPage: page }) => {
  // A month and a staff group of this test's own: open every day 06:00–18:00 with one person needed.
  const month = `${YEAR + 2}-${MONTH.slice(5)}`;
  const group = `E2E Dni ${Math.random().toString(36).slice(2, 8)}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: true } })).status()).toBe(201);
  const ids: string[] = [];
  for (const lastName of ['Pierwsza', 'Druga']) {
    const res = await page.request.post('/api/employees', {
      data: {
        firstName: 'Ewa',
        lastName,
        email: `${lastName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
        phoneNumber: null,
        role: group,
      },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  for (let dayOfWeek = 0; dayOfWeek < 7; dayOfWeek++) {
    const res = await page.request.post('/api/airport-hours', {
      data: { role: group, dayOfWeek, openingTime: '06:00', closingTime: '18:00', minimumStaff: 1, month },
    });
    expect(res.status()).toBe(201);
  }
  const hours = await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 160, reason: 'Miesiąc testowy' } });
  expect(hours.status()).toBe(201);
  try {
    await page.goto('/settings');
    const limit = field(page, 'Najwięcej dni pracy z rzędu');
    await expect(limit).toHaveValue('6');
    await limit.fill('3');
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await expect(page.getByText(/^Ustawienia zostały zapisane/)).toBeVisible();
    await page.reload();
    await expect(field(page, 'Najwięcej dni pracy z rzędu')).toHaveValue('3');

    await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: new RegExp(group) }) });
    await section.getByRole('button', { name: /^Generuj grafik/ }).click();
    const report = page.getByTestId('generation-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    // The report speaks Polish: two people at 160 h cannot cover 12 h a day, every day.
    await expect(report).toContainText(/Zapotrzebowanie \(\d+(,\d+)? roboczogodzin\) przekracza możliwości zespołu przy wymaganych godzinach \(320 h\)/);
    await expect(report).not.toContainText('Demand');
    await page.screenshot({ path: test.info().outputPath('settings-generated-report.png') });
    // The generated month keeps the new limit: no breach in the report, nothing marked in the grid.
    await expect(page.getByTestId('generation-breaches')).toHaveCount(0);
    await expect(section.getByRole('grid').locator('[data-breach]')).toHaveCount(0);
    const body = (await (await page.request.get(`/api/month?month=${month}`)).json()) as { schedules: { employeeId: string; date: string }[] };
    const runs = ids.map((id) => {
      const days = body.schedules.filter((s) => s.employeeId === id).map((s) => Number(s.date.slice(8)));
      let longest = 0;
      let run = 0;
      for (let d = 1; d <= 31; d++) {
        run = days.includes(d) ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      return { shifts: days.length, longest };
    });
    // Both work a good part of the month, never more than three days in a row.
    for (const { shifts, longest } of runs) {
      expect(shifts).toBeGreaterThan(8);
      expect(longest).toBeLessThanOrEqual(3);
    }
    expect(Math.max(...runs.map((r) => r.longest))).toBe(3);
  } finally {
    await restoreDefaults(page);
    await page.request.delete(`/api/monthly-hours/${((await hours.json()) as { id: string }).id}`);
  }
});
