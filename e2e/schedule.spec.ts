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

test('from the dashboard to the printable view of one group, exported as a CSV a spreadsheet opens safely', async ({ signedInPage: page }) => {
  const unique = Math.random().toString(36).slice(2, 8);
  const group = `E2E Eksport ${unique}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: false } })).status()).toBe(201);
  // A name and an event as people may type them, which a spreadsheet would otherwise run as formulas.
  const person = await page.request.post('/api/employees', {
    data: { firstName: '=HYPERLINK("http://example.com")', lastName: 'Żabińska', email: `eksport.${unique}@example.com`, phoneNumber: null, role: group },
  });
  expect(person.status()).toBe(201);
  const { id } = (await person.json()) as { id: string };
  const month = '2031-04';
  expect((await page.request.put('/api/schedules', { data: { employeeId: id, date: `${month}-02`, startTime: '06:00', endTime: '14:30' } })).status()).toBe(
    201,
  );
  expect((await page.request.put('/api/events', { data: { employeeId: id, date: `${month}-03`, name: '@SUM(A1:A9)', description: null } })).status()).toBe(201);

  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  await page.getByRole('link', { name: 'Wydruk i eksport' }).click();
  await expect(page).toHaveURL(new RegExp(`/schedule\\?month=${month}&group=`));
  await expect(page.getByRole('heading', { name: group, level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksportuj CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`grafik-${month}-E2E_Eksport_${unique}.csv`);
  const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines).toHaveLength(2);
  const header = lines[0]!.split(';');
  expect(header.slice(0, 5)).toEqual(['Grupa', 'Nazwisko', 'Imię', `${month}-01`, `${month}-02`]);
  expect(header.slice(-2)).toEqual(['Suma godzin', 'Wymagane godziny']);
  // The formula-like name and event start with an apostrophe; the shift and the total are as shown.
  expect(lines[1]).toBe(
    [group, 'Żabińska', `"'=HYPERLINK(""http://example.com"")"`, '', '06:00-14:30', `"'@SUM(A1:A9)"`, ...Array(27).fill(''), '8,50', ''].join(';'),
  );
});
