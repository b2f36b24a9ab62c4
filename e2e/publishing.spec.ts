// Publishing a group's month on the dashboard: publish the draft, a colleague changes a shift, the
// month shows one change since publication and the list says who changed what and when; back to the
// published version restores it. Axe checks each step.
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('publish a month, see a later change in the list, go back to the published version', async ({ signedInPage: page }) => {
  // A month of its own, two years ahead, and an employee of its own in TEST 2.
  const month = `${new Date().getUTCFullYear() + 2}-0${1 + Math.floor(Math.random() * 9)}`;
  const last = `Publikacja${unique()}`;
  const created = await page.request.post('/api/employees', {
    data: { firstName: 'Ida', lastName: last, email: `${last.toLowerCase()}@example.com`, role: 'TEST 2' },
  });
  expect(created.status()).toBe(201);
  const employee = (await created.json()) as { id: string };
  const put = (startTime: string, endTime: string, version?: number) =>
    page.request.put('/api/schedules', { data: { employeeId: employee.id, date: `${month}-10`, startTime, endTime, ...(version ? { version } : {}) } });
  const saved = await put('06:00', '14:00');
  expect(saved.status()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?month=${month}&group=${encodeURIComponent('TEST 2')}`);
  const control = page.getByRole('region', { name: 'Publikacja grafiku – TEST 2' });
  await expect(control.getByText('Wersja robocza – jeszcze nieopublikowana')).toBeVisible();
  await control.getByRole('button', { name: 'Opublikuj grafik grupy TEST 2' }).click();
  await expect(page.getByText('Opublikowano grafik grupy TEST 2.')).toBeVisible();
  await expect(control.getByText(/^Opublikowano \d{1,2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(Administrator\)$/)).toBeVisible();
  await expect(control.getByText('Bez poprawek od publikacji')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A change after publication, as a colleague's save arrives: the month is read again.
  expect((await put('08:00', '16:00', (await saved.json()).version)).status()).toBe(200);
  await page.reload();
  await expect(control.getByText('Poprawki od publikacji: 1')).toBeVisible();
  await control.getByRole('button', { name: 'Pokaż poprawki od publikacji – TEST 2' }).click();
  const drawer = page.getByRole('dialog', { name: 'Poprawki od publikacji – TEST 2' });
  const row = drawer.getByRole('row', { name: new RegExp(`Ida ${last}`) });
  await expect(row).toContainText('06:00–14:00');
  await expect(row).toContainText('08:00–16:00');
  await expect(row).toContainText(/zapis: Administrator, /);
  await page.screenshot({ path: '/tmp/publishing-changes-1440.png' });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/publishing-changes-390.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: '/tmp/publishing-control-390.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await control.getByRole('button', { name: 'Przywróć opublikowaną wersję grafiku grupy TEST 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Przywrócić opublikowaną wersję?' });
  await expect(confirm).toContainText('Poprawki od publikacji (liczba: 1) zostaną cofnięte');
  await confirm.getByRole('button', { name: 'Przywróć' }).click();
  await expect(page.getByText(/^Przywrócono opublikowaną wersję\./)).toBeVisible();
  await expect(control.getByText('Bez poprawek od publikacji')).toBeVisible();
  const shifts = await (await page.request.get(`/api/month?month=${month}`)).json();
  const restored = shifts.schedules.find((s: { employeeId: string }) => s.employeeId === employee.id);
  expect([restored.startTime, restored.endTime]).toEqual(['06:00', '14:00']);
  await page.screenshot({ path: '/tmp/publishing-control-1440.png' });
});
