// The sick call on a published month (docs/day-of-operations.md): the planner records a sick day for
// someone of Rampa with a shift, sees the shift the absence takes and the flights it leaves short,
// asks "Kto może przejąć?" for the shift, gives it to the first person who can take it lawfully, and
// the grid shows the shift under them, marked as added since publication.
import { test, expect } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('a sick day on a published month: what it breaks, and who takes the shift', async ({ signedInPage: page }) => {
  // The demo's month, the current one on the airport's clock, with its flights; the suite's demo has
  // no shifts, so the person who calls in sick is one of the test's own, in Rampa.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
  const last = `Chory${unique()}`;
  const created = await page.request.post('/api/employees', {
    data: { firstName: 'Igor', lastName: last, email: `${last.toLowerCase()}@example.com`, role: 'Rampa' },
  });
  expect(created.status()).toBe(201);
  const employeeId = ((await created.json()) as { id: string }).id;
  const [startTime, endTime] = ['05:00', '13:00'];

  // A day whose flights need Rampa during the shift: the server's own answer says which flights fall short without it.
  let date = '';
  for (let day = 16; day <= 25 && !date; day++) {
    const on = `${month}-${day}`;
    const put = await page.request.put('/api/schedules', { data: { employeeId, date: on, startTime, endTime } });
    expect(put.status()).toBe(201);
    const impact = await (await page.request.get(`/api/time-off/impact?employeeId=${employeeId}&startDate=${on}&endDate=${on}`)).json();
    if (impact.shortFlights.length > 0) date = on;
    else expect((await page.request.delete(`/api/schedules?employeeId=${employeeId}&date=${on}`)).status()).toBe(204);
  }
  expect(date, 'a day whose flights need the shift').not.toBe('');

  // Published, if the demo's month is not yet.
  const status = await (await page.request.get(`/api/publishing?role=Rampa&month=${month}`)).json();
  if (!status.publication) expect((await page.request.post('/api/publishing', { data: { role: 'Rampa', month } })).status()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?month=${month}&group=Rampa`);
  // The page may be the server's drawing until the app takes it over (or drawn by the app alone on a first
  // visit): the click below is tried again until the menu opens.
  const grid = page.getByRole('grid', { name: 'Grafik grupy Rampa' });
  const cell = (id: string) => grid.locator(`td[data-emp="${id}"][data-date="${date}"]`);
  await expect(async () => {
    await cell(employeeId).click();
    await expect(page.getByRole('menuitem', { name: 'Wniosek o urlop' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('menuitem', { name: 'Kto może przejąć?' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Wniosek o urlop' }).click();

  const dialog = page.getByRole('dialog', { name: 'Wniosek o urlop' });
  await dialog.getByLabel(/^Rodzaj/).selectOption('sick');
  // Before saving: the shift it takes, and the flights short without it.
  await expect(dialog.getByTestId('time-off-overlap')).toContainText(`${startTime}–${endTime}`);
  const short = dialog.getByTestId('absence-short-flights');
  await expect(short).toBeVisible();
  await expect(short).toContainText(/ o \d{2}:\d{2}: brakuje \d+ os(oby|ób) /);
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();

  // Saved: the shift the absence took, offered to someone else.
  const saved = dialog.getByTestId('time-off-saved');
  await expect(saved).toContainText('Nieobecność zapisana.');
  await expect(saved.getByTestId('absence-shifts')).toContainText(`${startTime}–${endTime}`);
  await saved.getByRole('button', { name: 'Kto może przejąć?' }).click();

  const list = page.getByRole('dialog', { name: 'Kto może przejąć zmianę?' });
  const lawful = list.getByRole('region', { name: 'Mogą przejąć bez naruszenia reguł' });
  await expect(lawful.getByTestId('cover-candidate').first()).toContainText('Godziny w miesiącu:');
  await expect(list).toContainText(`Zmiana należy teraz do: Igor ${last}.`);
  await page.screenshot({ path: test.info().outputPath('who-can-cover-1440.png') });
  const first = lawful.getByRole('button', { name: /^Przydziel: / }).first();
  const name = ((await first.textContent()) ?? '').replace(/^Przydziel: /, '');
  const rampa = (await (await page.request.get(`/api/month?month=${month}`)).json()).groups.find((g: { name: string }) => g.name === 'Rampa');
  const candidate = rampa.employees.find((e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}` === name).id as string;
  await first.click();
  await expect(list).toHaveCount(0);
  await expect(saved).toContainText(`Przekazana: ${name}.`);
  await dialog.getByRole('button', { name: 'Gotowe' }).click();
  await expect(dialog).toHaveCount(0);

  // The grid: the shift under the candidate, added since publication; gone from the sick person.
  await expect(cell(candidate)).toHaveAttribute('aria-label', new RegExp(`${startTime}-${endTime}.*po publikacji`));
  await expect(cell(candidate)).toHaveAttribute('data-change', 'added');
  await expect(cell(employeeId)).not.toHaveAttribute('aria-label', new RegExp(`${startTime}-${endTime}`));
});
