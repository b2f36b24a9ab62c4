// A planner gives an employee a calendar address on the Employees screen, a calendar app reads the
// published month from it, and once revoked the address answers 404. Axe checks the dialog at each step.
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('create a calendar address, read the published month from it, revoke it', async ({ signedInPage: page }) => {
  const last = `Kalendarz${unique()}`;
  const created = await page.request.post('/api/employees', {
    data: { firstName: 'Ola', lastName: last, email: `${last.toLowerCase()}@example.com`, role: 'TEST 3' },
  });
  expect(created.status()).toBe(201);
  const employee = (await created.json()) as { id: string };
  // A shift next month, published: what the calendar shows.
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
  expect(
    (await page.request.put('/api/schedules', { data: { employeeId: employee.id, date: `${month}-09`, startTime: '05:30', endTime: '13:30' } })).status(),
  ).toBe(201);
  const status = await (await page.request.get(`/api/publishing?role=TEST%203&month=${month}`)).json();
  const published = await page.request.post('/api/publishing', {
    data: { role: 'TEST 3', month, ...(status.publication ? { version: status.publication.version } : {}) },
  });
  expect(published.status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/employees?group=TEST%203');
  await page.getByRole('button', { name: `Więcej: Ola ${last}` }).click();
  await page.getByRole('menuitem', { name: 'Adres kalendarza' }).click();
  const dialog = page.getByRole('dialog', { name: `Adres kalendarza – Ola ${last}` });
  await expect(dialog.getByText('Pracownik nie ma jeszcze adresu kalendarza.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Utwórz adres' }).click();
  const field = dialog.getByRole('textbox', { name: 'Adres kalendarza' });
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('button', { name: 'Kopiuj adres' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-feed-1440.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('calendar-feed-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // What a calendar app gets at that address, without a session.
  const address = await field.inputValue();
  const anonymous = await page.context().browser()!.newContext();
  const feed = await anonymous.request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:Zmiana 05:30–13:30 (TEST 3)');
  expect(text).toContain(`DTSTART;TZID=Europe/Warsaw:${month.replace('-', '')}09T053000`);

  await dialog.getByRole('button', { name: 'Unieważnij adres' }).click();
  await expect(dialog.getByText(`Adres przestanie działać od razu, a kalendarz pracownika (Ola ${last}) przestanie się odświeżać.`)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Unieważnij', exact: true }).click();
  await expect(page.getByText(`Unieważniono adres kalendarza pracownika (Ola ${last}).`)).toBeVisible();
  await expect(dialog.getByText('Pracownik nie ma jeszcze adresu kalendarza.')).toBeVisible();
  expect((await anonymous.request.get(address)).status()).toBe(404);
  await anonymous.close();
});
