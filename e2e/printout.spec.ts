// The personal printout: opened from an employee's row, one page with the month; for a whole group,
// one page per employee, each on a sheet of its own when printed.
import { test, expect, seriousAxeViolations } from './fixtures.ts';

test('print an employee’s month from their row, and the whole group one page each', async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/employees?group=Rampa');
  const firstRow = page.getByRole('row').nth(1);
  const name = (await firstRow.getByRole('cell').first().textContent())!.trim();
  await page.getByRole('button', { name: `Więcej: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Wydruk miesiąca' }).click();
  await expect(page).toHaveURL(/\/printout\?group=Rampa&employee=/);
  const sheet = page.getByRole('region', { name: new RegExp(`^${name} – `) });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(/^Razem: [\d,]+ h$/)).toBeVisible();
  await expect(sheet.getByText(/^(Wersja opublikowana|Wersja robocza)/)).toBeVisible();
  expect(await page.getByRole('region').count()).toBe(1);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('printout-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('printout-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Wróć do pracowników' }).click();
  await page.getByRole('link', { name: 'Drukuj miesiąc grupy' }).click();
  await expect(page).toHaveURL(/\/printout\?group=Rampa/);
  await expect(page.getByRole('region').nth(1)).toBeVisible();
  const rows = await page.getByRole('heading', { level: 2 }).count();
  expect(rows).toBeGreaterThan(1);
  expect(await page.getByRole('region').count()).toBe(rows);
  // Printed, the screen's controls go and each employee starts a sheet of their own.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Drukuj' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  const breaks = await page.getByRole('region').evaluateAll((sections) => sections.map((s) => getComputedStyle(s).breakAfter));
  expect(breaks.slice(0, -1).every((b) => b === 'page')).toBe(true);
  await page.screenshot({ path: test.info().outputPath('printout-print.png') });
});
