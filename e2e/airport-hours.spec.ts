import { test, expect, signIn, seriousAxeViolations } from './fixtures.ts';
import type { Page } from '@playwright/test';

// Every test works in its own far-away months, so the demo data and other specs never get in the way.
const BASE = 2040 + Math.floor(Math.random() * 50);
let next = Math.floor(Math.random() * 6);
const freshMonth = () => {
  const index = next++;
  return `${BASE + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const nextMonth = (key: string) => {
  const [y, m] = key.split('-').map(Number);
  return m === 12 ? `${y! + 1}-01` : `${y}-${String(m! + 1).padStart(2, '0')}`;
};

const group = (page: Page, role: string) => page.getByTestId(`hours-group-${role}`);
const bodyRows = (page: Page, role: string) => group(page, role).locator('tbody tr');

async function openMonth(page: Page, month: string) {
  await page.goto(`/airport-hours?month=${month}`);
  await expect(group(page, 'Rampa')).toBeVisible();
}

interface Labels {
  add: string;
  role: string;
  day: string;
  opening: string;
  closing: string;
  staff: string;
}

async function addHours(page: Page, o: { role: string; day: string; open: string; close: string; staff: string; labels: Labels }) {
  await page.getByRole('button', { name: o.labels.add, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: o.labels.role }).click();
  await page.getByRole('option', { name: o.role, exact: true }).click();
  await dialog.getByRole('combobox', { name: o.labels.day }).click();
  await page.getByRole('option', { name: o.day, exact: true }).click();
  await dialog.getByLabel(o.labels.opening).fill(o.open);
  await dialog.getByLabel(o.labels.closing).fill(o.close);
  await dialog.getByRole('textbox', { name: o.labels.staff }).fill(o.staff);
  await dialog.getByRole('button', { name: o.labels.add, exact: true }).click();
  return dialog;
}

const PL: Labels = {
  add: 'Dodaj godziny',
  role: 'Grupa',
  day: 'Dzień tygodnia',
  opening: 'Godzina otwarcia',
  closing: 'Godzina zamknięcia',
  staff: 'Minimalna obsada',
};
const EN: Labels = { add: 'Add Hours', role: 'Group', day: 'Day', opening: 'Opening Time', closing: 'Closing Time', staff: 'Minimum Staff' };

test('quick setup shows only for a group with no hours and fills the week 6:00–22:00', async ({ signedInPage: page }) => {
  const month = freshMonth();
  await openMonth(page, month);
  for (const role of ['Koordynator', 'Rampa', 'PAX/INFO']) {
    await expect(group(page, role).getByText(`Brak godzin pracy dla grupy ${role}`)).toBeVisible();
    await expect(group(page, role).getByRole('button', { name: 'Szybka konfiguracja (6:00 - 22:00)' })).toBeVisible();
  }
  // Groups outside operating hours get no table.
  await expect(group(page, 'TEST 1')).toHaveCount(0);

  await group(page, 'Rampa').getByRole('button', { name: 'Szybka konfiguracja (6:00 - 22:00)' }).click();
  await expect(bodyRows(page, 'Rampa')).toHaveCount(7);
  await expect(group(page, 'Rampa').getByRole('button', { name: 'Szybka konfiguracja (6:00 - 22:00)' })).toHaveCount(0);
  await expect(group(page, 'Koordynator').getByRole('button', { name: 'Szybka konfiguracja (6:00 - 22:00)' })).toBeVisible();
  // Monday first, every day 06:00–22:00 with minimum staff 1.
  await expect(bodyRows(page, 'Rampa').first()).toContainText('Poniedziałek');
  await expect(bodyRows(page, 'Rampa').last()).toContainText('Niedziela');
  for (let i = 0; i < 7; i++) {
    await expect(bodyRows(page, 'Rampa').nth(i).locator('td').nth(1)).toHaveText('06:00');
    await expect(bodyRows(page, 'Rampa').nth(i).locator('td').nth(2)).toHaveText('22:00');
    await expect(bodyRows(page, 'Rampa').nth(i).locator('td').nth(3)).toHaveText('1');
  }
  // Saved: a reload shows the same.
  await page.reload();
  await expect(bodyRows(page, 'Rampa')).toHaveCount(7);
  await page.screenshot({ path: test.info().outputPath('airport-hours.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A typo is fixed in place.
  await group(page, 'Rampa').getByRole('button', { name: 'Edytuj godziny: Rampa, Piątek' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Godzina zamknięcia').fill('2330');
  await dialog.getByRole('textbox', { name: 'Minimalna obsada' }).fill('3');
  await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bodyRows(page, 'Rampa').nth(4)).toHaveText(/Piątek\s*06:00\s*23:30\s*3/);

  // The next month is empty: the empty text shows again.
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${nextMonth(month)}`));
  await expect(group(page, 'Rampa').getByText('Brak godzin pracy dla grupy Rampa')).toBeVisible();
  await page.getByRole('button', { name: 'Poprzedni miesiąc' }).click();
  await expect(bodyRows(page, 'Rampa')).toHaveCount(7);
});

test('adding hours, a duplicate refused with the exact message, and delete after asking', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('grafik.language', 'en'));
  await signIn(page);
  await expect(page).toHaveURL(/\/(\?month=\d{4}-\d{2})?$/);
  const month = freshMonth();
  await openMonth(page, month);
  await expect(group(page, 'PAX/INFO').getByText('No operating hours set for PAX/INFO')).toBeVisible();

  await page.getByRole('button', { name: 'Add Hours', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Add Hours' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('airport-hours-modal.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A closing before the opening is on the next day (docs/night-operations.md): saved, shown "+1".
  let dialog = await addHours(page, { role: 'PAX/INFO', day: 'Wednesday', open: '18:00', close: '06:00', staff: '2', labels: EN });
  await expect(dialog).toHaveCount(0);
  await expect(bodyRows(page, 'PAX/INFO')).toHaveCount(1);
  await expect(bodyRows(page, 'PAX/INFO').first()).toHaveText(/Wednesday\s*18:00\s*06:00\s*\+1\s*the next day\s*2/);

  dialog = await addHours(page, { role: 'PAX/INFO', day: 'Wednesday', open: '05:00', close: '12:00', staff: '1', labels: EN });
  await expect(dialog.getByRole('alert')).toHaveText('Hours already exist for this role and day. Please delete the existing hours first.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bodyRows(page, 'PAX/INFO')).toHaveCount(1);
  await expect(bodyRows(page, 'PAX/INFO').first()).toContainText('18:00');

  // The server refuses it too (a second browser tab that had not seen the first add).
  const response = await page.request.post('/api/airport-hours', {
    data: { role: 'PAX/INFO', dayOfWeek: 3, openingTime: '05:00', closingTime: '12:00', minimumStaff: 1, month },
  });
  expect(response.status()).toBe(409);
  expect((await response.json()).message).toBe('Hours already exist for this role and day. Please delete the existing hours first.');

  // Changed by someone else after the page showed it: the delete keeps it, says so, and shows the change.
  const [shown] = ((await (await page.request.get(`/api/airport-hours?month=${month}`)).json()) as { id: string; role: string }[]).filter(
    (h) => h.role === 'PAX/INFO',
  );
  const changed = await page.request.put(`/api/airport-hours/${shown!.id}`, {
    data: { openingTime: '18:00', closingTime: '22:00', minimumStaff: 2, basedOn: { openingTime: '18:00', closingTime: '06:00', minimumStaff: 2 } },
  });
  expect(changed.status()).toBe(200);
  await group(page, 'PAX/INFO').getByRole('button', { name: 'Delete hours: PAX/INFO, Wednesday' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Could not delete the hours: These hours were changed by someone else. The latest version has been loaded.')).toBeVisible();
  await expect(bodyRows(page, 'PAX/INFO').first()).toHaveText(/Wednesday\s*18:00\s*22:00\s*2/);

  // Delete asks first; cancelling keeps the row.
  await group(page, 'PAX/INFO').getByRole('button', { name: 'Delete hours: PAX/INFO, Wednesday' }).click();
  await expect(page.getByRole('dialog')).toContainText('PAX/INFO');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(bodyRows(page, 'PAX/INFO')).toHaveCount(1);
  await group(page, 'PAX/INFO').getByRole('button', { name: 'Delete hours: PAX/INFO, Wednesday' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(group(page, 'PAX/INFO').getByText('No operating hours set for PAX/INFO')).toBeVisible();
  await page.reload();
  await expect(group(page, 'PAX/INFO').getByText('No operating hours set for PAX/INFO')).toBeVisible();
});

test('copy from the previous month copies the rows and says how many', async ({ signedInPage: page }) => {
  const from = freshMonth();
  const to = nextMonth(from);
  next++; // `to` is used too
  await openMonth(page, from);
  await group(page, 'Koordynator').getByRole('button', { name: 'Szybka konfiguracja (6:00 - 22:00)' }).click();
  await expect(bodyRows(page, 'Koordynator')).toHaveCount(7);
  await addHours(page, { role: 'Rampa', day: 'Sobota', open: '04:00', close: '20:00', staff: '4', labels: PL });
  await expect(bodyRows(page, 'Rampa')).toHaveCount(1);

  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${to}`));
  await expect(group(page, 'Koordynator').getByText('Brak godzin pracy dla grupy Koordynator')).toBeVisible();
  await page.getByRole('button', { name: 'Kopiuj z poprzedniego miesiąca', exact: true }).click();
  await expect(page.getByText(/Skopiowano 8 dni z [a-ząćęłńóśźż]+ \d{4}\./)).toBeVisible();
  await expect(bodyRows(page, 'Koordynator')).toHaveCount(7);
  await expect(bodyRows(page, 'Rampa')).toHaveCount(1);
  await expect(bodyRows(page, 'Rampa').first()).toHaveText(/Sobota\s*04:00\s*20:00\s*4/);
  await expect(group(page, 'PAX/INFO').getByText('Brak godzin pracy dla grupy PAX/INFO')).toBeVisible();

  // A second copy skips every day that already has hours.
  await page.getByRole('button', { name: 'Kopiuj z poprzedniego miesiąca', exact: true }).click();
  await expect(page.getByText(/Nic nie skopiowano: wszystkie dni [a-ząćęłńóśźż]+ \d{4} mają już godziny/)).toBeVisible();

  // One month further the previous month (this one) has hours; two months further it has none.
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await group(page, 'Rampa')
    .getByRole('button', { name: /Kopiuj z poprzedniego miesiąca: Rampa/ })
    .click();
  await expect(page.getByText(/Nic nie skopiowano: .* nie ma godzin pracy do skopiowania/)).toBeVisible();
  await expect(group(page, 'Rampa').getByText('Brak godzin pracy dla grupy Rampa')).toBeVisible();
});
