import { test, expect, seriousAxeViolations } from './fixtures.ts';

test('/schedule shows the month read-only per group, filters by group, and prints', async ({ signedInPage: page }) => {
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'Grafik pracy', level: 1 })).toBeVisible();
  // The demo airport's groups, each with its employees and a column per day of the month.
  await expect(page.getByRole('heading', { name: 'Rampa', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Koordynator', level: 2 })).toBeVisible();
  const rampa = page.locator('table').nth(1);
  await expect(rampa.getByRole('rowheader')).toHaveCount(24);
  // Only one group when one is chosen.
  await page.getByRole('combobox', { name: 'Grupa' }).click();
  await page.getByRole('option', { name: 'PAX/INFO' }).click();
  await expect(page.getByRole('heading', { name: 'PAX/INFO', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rampa', level: 2 })).toHaveCount(0);
  // Printing hides the navigation and the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Drukuj' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Wyloguj' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  expect(await seriousAxeViolations(page)).toEqual([]);
});
