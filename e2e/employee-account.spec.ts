// An employee's own account on a phone (docs/staff-accounts.md): the planner publishes a month,
// invites an employee from the Employees screen and takes the link; in a browser of their own the
// employee opens it, chooses a password and sees their published month. The draft month after it
// never shows, and a planner's address shows nothing of the planner's. Axe checks each screen.
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { PHONE, unique } from './employee-helpers.ts';

const PASSWORD = 'night shift on the apron 4719';

test('an invited employee sets a password with the link and sees their own published month, never a draft', async ({ signedInPage: page, browser }) => {
  await page.setViewportSize(PHONE);
  // A month of its own years ahead (a retry takes another), and the draft month after it.
  const year = new Date().getUTCFullYear() + 3 + 10 * test.info().retry;
  const month = `${year}-0${1 + Math.floor(Math.random() * 8)}`;
  const draft = `${year}-0${Number(month.slice(5)) + 1}`;
  const last = `Konto${unique()}`;
  const name = `Ola ${last}`;
  const created = await page.request.post('/api/employees', {
    data: { firstName: 'Ola', lastName: last, email: `${last.toLowerCase()}@example.com`, role: 'TEST 2' },
  });
  expect(created.status()).toBe(201);
  const employee = (await created.json()) as { id: string };
  for (const [date, startTime, endTime] of [
    [`${month}-14`, '05:00', '13:00'],
    [`${draft}-03`, '06:00', '14:00'],
  ] as const) {
    expect((await page.request.put('/api/schedules', { data: { employeeId: employee.id, date, startTime, endTime } })).status()).toBe(201);
  }
  // The planner publishes the first month only, as the dashboard's Publish button does.
  expect((await page.request.post('/api/publishing', { data: { role: 'TEST 2', month } })).status()).toBe(200);

  // From the employee's row on the Employees screen: invite, and take the link.
  await page.goto(`/employees?group=${encodeURIComponent('TEST 2')}`);
  await page.getByRole('button', { name: `Więcej: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Konto pracownika' }).click();
  const dialog = page.getByRole('dialog', { name: `Konto pracownika – ${name}` });
  await expect(dialog.getByTestId('account-state')).toHaveText('Pracownik nie ma jeszcze konta.');
  await expect(dialog.getByLabel('E-mail do logowania')).toHaveValue(`${last.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Zaproś' }).click();
  const linkField = dialog.getByLabel('Link zaproszenia');
  await expect(linkField).toHaveValue(/\/invitation#[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId('account-state')).toContainText(/^Zaproszono \d{1,2} [a-ząćęłńóśźż]+ \d{4} \d{2}:\d{2} na adres/);
  await expect(dialog.getByText('Serwer nie wysyła poczty: przekaż link pracownikowi samodzielnie.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('employee-invite-390.png') });
  const link = await linkField.inputValue();
  await dialog.getByRole('button', { name: 'Zamknij' }).click();

  // The employee, in a browser of their own.
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: 'Ustaw hasło' })).toBeVisible();
    await phone.getByLabel('Nowe hasło').fill('short');
    await phone.getByLabel('Powtórz hasło').fill('short');
    await phone.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }).click();
    await expect(phone.getByText(/co najmniej 12 znaków/i).first()).toBeVisible();
    await phone.getByLabel('Nowe hasło').fill(PASSWORD);
    await phone.getByLabel('Powtórz hasło').fill(PASSWORD);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('employee-invitation-390.png') });
    await phone.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }).click();

    // Their own screen: the published month's shift in words, 24-hour times, and their hours.
    await expect(phone).toHaveURL(/\/me(\?month=\d{4}-\d{2})?$/);
    await phone.goto(`/me?month=${month}`);
    await expect(phone.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
    await expect(phone.getByText('Dzień dobry, Ola · Grupa: TEST 2')).toBeVisible();
    const shifts = phone.getByTestId('my-shift');
    await expect(shifts).toHaveCount(1);
    const weekday = new Intl.DateTimeFormat('pl', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`${month}-14T00:00:00Z`),
    );
    await expect(shifts.first()).toContainText(`${weekday}, 05:00–13:00`);
    await expect(phone.getByTestId('my-hours')).toContainText(/^8 /);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('employee-month-390.png') });

    // The month after it is a draft: nothing of it shows, though the employee has a shift in it.
    await phone.getByRole('button', { name: 'Następny miesiąc' }).click();
    await expect(phone.getByTestId('not-published')).toContainText('nie jest jeszcze opublikowany');
    await expect(phone.getByTestId('my-shift')).toHaveCount(0);
    await expect(phone.getByText('06:00–14:00')).toHaveCount(0);

    // A planner's address shows nothing of the planner's: the employee lands on their own screen.
    for (const address of ['/employees', '/', '/settings', `/?month=${month}&group=${encodeURIComponent('TEST 2')}`]) {
      await phone.goto(address);
      await expect(phone).toHaveURL(/\/me(\?month=\d{4}-\d{2})?$/);
      await expect(phone.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
      await expect(phone.getByRole('link', { name: 'Pracownicy' })).toHaveCount(0);
      await expect(phone.getByText('Grupy pracowników lotniska')).toHaveCount(0);
    }
    // And the planners' data is refused to the employee's session, with a sentence.
    const refused = await phone.request.get('/api/employees');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'PLANNERS_ONLY' });

    // The link was used: opened again, it is refused with a sentence, and nothing is signed in anew.
    const again = await browser.newContext({ viewport: PHONE });
    const reopened = await again.newPage();
    await reopened.goto(link);
    await reopened.getByLabel('Nowe hasło').fill(PASSWORD);
    await reopened.getByLabel('Powtórz hasło').fill(PASSWORD);
    await reopened.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }).click();
    await expect(reopened.getByRole('alert')).toContainText('Ten link zaproszenia nie działa');
    await again.close();
  } finally {
    await context.close();
  }

  // The planner sees that the employee accepted.
  await page.getByRole('button', { name: `Więcej: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Konto pracownika' }).click();
  await expect(page.getByRole('dialog', { name: `Konto pracownika – ${name}` }).getByTestId('account-state')).toContainText('Konto aktywne od');
});
