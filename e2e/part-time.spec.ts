// Part-time contracts (docs/decisions/0010-part-time-hours.md): a planner makes an employee half time on
// the Employees screen, the list says "½ etatu", and the dashboard's total and the printout measure
// them against half of the month's required hours.
import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const now = new Date();
const MONTH = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

async function makeGroup(page: Page) {
  const group = `E2E Etat ${unique()}`;
  const res = await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } });
  expect(res.status()).toBe(201);
  const full = await page.request.post('/api/employees', {
    data: { firstName: 'Anna', lastName: `Pełna${unique()}`, email: `pelna.${unique()}@example.com`, role: group },
  });
  expect(full.status()).toBe(201);
  return { group, full: (await full.json()) as { firstName: string; lastName: string } };
}

test('a half-time employee: chosen in the form, said in the list, measured at half the hours on the dashboard and the printout', async ({
  signedInPage: page,
}) => {
  const { group, full } = await makeGroup(page);
  const month = (await (await page.request.get(`/api/month?month=${MONTH}`)).json()) as { requiredHours: number | null };
  expect(month.requiredHours).not.toBeNull();
  const required = month.requiredHours!;
  const half = Math.round(required * 50) / 100;

  await page.goto(`/employees?group=${encodeURIComponent(group)}`);
  await expect(page.getByRole('columnheader', { name: 'Etat' })).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj pracownika' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj pracownika' });
  const last = `Połowa${unique()}`;
  await dialog.getByLabel('Imię').fill('Jan');
  await dialog.getByLabel('Nazwisko').fill(last);
  await dialog.getByLabel('E-mail').fill(`jan.${unique()}@example.com`);
  await expect(dialog.getByLabel('Wymiar etatu')).toHaveValue('1');
  await dialog.getByLabel('Wymiar etatu').selectOption({ label: '½ etatu' });
  await expect(dialog.getByText('Wymagane godziny pracownika to wymagane godziny miesiąca razy wymiar etatu', { exact: false })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Jan ${last}`) })).toContainText('½ etatu');
  await expect(page.getByRole('row', { name: new RegExp(`${full.firstName} ${full.lastName}`) })).toContainText('pełny etat');
  await page.screenshot({ path: test.info().outputPath('employees-part-time.png'), fullPage: true });

  await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
  const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
  const totalOf = (name: string) =>
    grid
      .locator('tr', { has: page.getByRole('rowheader', { name, exact: true }) })
      .locator('td')
      .last();
  // Written the Polish way, with a decimal comma.
  const pl = (hours: number, decimals: number) => hours.toLocaleString('pl', { minimumFractionDigits: decimals, maximumFractionDigits: 2 });
  await expect(totalOf(`Jan ${last}`)).toHaveText(`0,00 / ${pl(half, 0)} hPozostało: ${pl(half, 2)} h`);
  await expect(totalOf(`${full.firstName} ${full.lastName}`)).toHaveText(`0,00 / ${pl(required, 0)} hPozostało: ${pl(required, 2)} h`);

  await page.goto(`/schedule?month=${MONTH}`);
  const row = page.locator('tr', { has: page.getByRole('rowheader', { name: `Jan ${last}`, exact: true }) });
  await expect(row.locator('td').last()).toHaveText(String(half));
});
