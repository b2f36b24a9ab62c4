// Hours past a contract (docs/decisions/0034-monthly-hours-limit.md): the generator keeps a half-time
// employee within their hours on a month with far more demand than staff, and "Opublikuj" asks first
// when the month holds a rule breach entered by hand, naming it in words.
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { dayOfWeek } from '../src/shared/month.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('a half-time employee in an over-demanded generated month stays within their hours', async ({ signedInPage: page }) => {
  test.slow();
  // A month of its own far ahead, with 160 required hours, and a group of its own open 04:00–22:00 every day.
  const month = `${2040 + Math.floor(Math.random() * 20)}-0${1 + Math.floor(Math.random() * 9)}`;
  const hoursSet = await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 160, reason: 'Miesiąc testowy' } });
  expect([201, 409]).toContain(hoursSet.status());
  const group = `E2E Nadgodziny ${unique()}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: true } })).status()).toBe(201);
  const quick = await page.request.post('/api/airport-hours/quick-setup', {
    data: { role: group, month, openingTime: '04:00', closingTime: '22:00', minimumStaff: 1 },
  });
  expect(quick.status()).toBe(201);
  const last = `Połowa${unique()}`;
  const made = await page.request.post('/api/employees', {
    data: { firstName: 'Jan', lastName: last, email: `${last.toLowerCase()}@example.com`, role: group, workingTimeFraction: 0.5 },
  });
  expect(made.status()).toBe(201);
  const required = (await (await page.request.get(`/api/month?month=${month}`)).json()).requiredHours as number;
  expect(required).toBe(160);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: new RegExp(group) }) });
  await section.getByRole('button', { name: /^Generuj grafik/ }).click();
  await expect(page.getByText('Grafik został wygenerowany')).toBeVisible({ timeout: 60_000 });
  // One person for about 560 staff-hours of demand: without the limit they were planned at the weekly cap.
  const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
  const total = grid
    .locator('tr', { has: page.getByRole('rowheader', { name: `Jan ${last}`, exact: true }) })
    .locator('td')
    .last();
  await expect(total).toContainText('/ 80 h');
  const answer = await (await page.request.get(`/api/month?month=${month}`)).json();
  const mine = answer.groups.find((g: { name: string }) => g.name === group).employees[0].id as string;
  expect(answer.totals[mine]).toBeGreaterThan(60);
  expect(answer.totals[mine]).toBeLessThanOrEqual(80);
});

test('"Opublikuj" asks first when a hand-entered week breaks the weekly cap, and publishes after the planner agrees', async ({ signedInPage: page }) => {
  const month = `${new Date().getUTCFullYear() + 4 + 10 * test.info().retry}-0${1 + Math.floor(Math.random() * 9)}`;
  const group = `E2E Publikacja ${unique()}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } })).status()).toBe(201);
  const last = `Tydzień${unique()}`;
  const made = await page.request.post('/api/employees', {
    data: { firstName: 'Ewa', lastName: last, email: `${last.toLowerCase()}@example.com`, role: group },
  });
  expect(made.status()).toBe(201);
  const employee = (await made.json()) as { id: string };
  // Five 10 h days from the month's second Monday to its Friday: 50 h in one week, over the weekly cap of 40 h.
  const firstMonday = 1 + ((8 - dayOfWeek(`${month}-01`)) % 7);
  for (let day = firstMonday + 7; day < firstMonday + 12; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const put = await page.request.put('/api/schedules', { data: { employeeId: employee.id, date, startTime: '06:00', endTime: '16:00' } });
    expect(put.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  const control = page.getByRole('region', { name: `Publikacja grafiku – ${group}` });
  // The grid marks the breach once the month is judged (off the page's thread).
  // ("1 złamana zasada w tym miesiącu", "2 złamane zasady…": the week breaks the weekly cap and may break more).
  await expect(page.locator('[title*="złaman"][title*="w tym miesiącu:"]').first()).toBeAttached();
  await control.getByRole('button', { name: `Opublikuj grafik grupy ${group}` }).click();
  const dialog = page.getByRole('dialog', { name: `Opublikować grafik grupy ${group}?` });
  await expect(dialog).toBeVisible();
  const items = dialog.getByTestId('publish-concerns').getByRole('listitem');
  await expect(items.first()).toContainText(`Ewa ${last}`);
  await expect(dialog.getByTestId('publish-concerns')).toContainText('h w tygodniu');
  await expect(dialog.getByTestId('publish-concerns')).not.toContainText(/R\d|\d{4}-\d{2}-\d{2}/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publish-concerns-1440.png') });
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(control.getByText('Wersja robocza – jeszcze nieopublikowana')).toBeVisible();

  await control.getByRole('button', { name: `Opublikuj grafik grupy ${group}` }).click();
  await page
    .getByRole('dialog', { name: `Opublikować grafik grupy ${group}?` })
    .getByRole('button', { name: 'Opublikuj mimo to' })
    .click();
  await expect(page.getByText(`Opublikowano grafik grupy ${group}.`)).toBeVisible();
});
