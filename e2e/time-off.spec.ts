import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

async function useLanguage(page: Page, language: 'pl' | 'en') {
  await page.evaluate((lng) => localStorage.setItem('grafik.language', lng), language);
}

/** A uniquely named employee of TEST 3, made through the API. */
async function makeEmployee(page: Page, first = 'Urszula') {
  const last = `Urlopowa${unique()}`;
  const res = await page.request.post('/api/employees', {
    data: { firstName: first, lastName: last, email: `${last.toLowerCase()}@example.com`, phoneNumber: null, role: 'TEST 3' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; firstName: string; lastName: string };
}

async function pickEmployee(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Employee|Pracownik/ }).fill(name);
  await page.getByRole('option', { name }).click();
}

test('request time off that counts as work: the modal of the specification, then the row in the month', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page);
  const name = `${person.firstName} ${person.lastName}`;
  await useLanguage(page, 'en');
  await page.goto('/time-off?month=2031-03');
  await expect(page.getByRole('heading', { name: 'Time Off' })).toBeVisible();
  await expect(page.getByTestId('month-label')).toHaveText('March 2031');

  await page.getByRole('button', { name: 'Request Time Off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Time Off' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Requesting time off for the employee')).toBeVisible();
  // Today is outside March 2031: the dates start at the month's first day.
  await expect(dialog.getByLabel('Start Date')).toHaveValue('2031-03-01');
  await expect(dialog.getByLabel('End Date')).toHaveValue('2031-03-01');
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('rows', '3');
  await expect(dialog.getByLabel('Hours per day')).toHaveCount(0);

  await pickEmployee(page, name);
  await dialog.getByLabel('Start Date').fill('2031-03-10');
  await expect(dialog.getByLabel('End Date')).toHaveValue('2031-03-10');
  await dialog.getByLabel('End Date').fill('2031-03-12');
  await dialog.getByLabel('Reason').fill('Dangerous goods training');
  await dialog.getByLabel('Count as work hours').check();
  await dialog.getByLabel('Hours per day').fill('7.5');
  await page.screenshot({ path: test.info().outputPath('time-off-modal.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Request Time Off' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('TEST 3');
  await expect(row).toContainText('Mar 10 – 12, 2031');
  await expect(row).toContainText('Dangerous goods training');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Yes, 7.5 h per day');
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');
  await page.screenshot({ path: test.info().outputPath('time-off-list.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('bad entries are refused in the modal with messages; start after end drags the end along; unticking empties the hours', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'Walenty');
  const name = `${person.firstName} ${person.lastName}`;
  await page.goto('/time-off?month=2031-04');
  await page.getByRole('button', { name: 'Zgłoś urlop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wniosek o urlop' });
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByText('Wybierz pracownika', { exact: true })).toBeVisible();
  // A new request is a vacation, whose reason is optional: only the missing employee is refused.
  await expect(dialog.getByLabel('Rodzaj')).toHaveValue('vacation');
  await expect(dialog.getByText(/Podaj powód/)).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await pickEmployee(page, name);
  // "Inne" asks for a reason.
  await dialog.getByLabel('Rodzaj').selectOption('other');
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  const reasonNeeded = 'Podaj powód: przy rodzaju „Inne” tylko on mówi, czym jest ten urlop';
  await expect(dialog.getByText(reasonNeeded)).toBeVisible();
  await dialog.getByLabel('Powód').fill('Sprawa rodzinna');
  await expect(dialog.getByText(reasonNeeded)).toHaveCount(0);
  // Moving the start past the end takes the end along.
  await dialog.getByLabel('Data zakończenia').fill('2031-04-05');
  await dialog.getByLabel('Data rozpoczęcia').fill('2031-04-09');
  await expect(dialog.getByLabel('Data zakończenia')).toHaveValue('2031-04-09');
  // An end typed before the start is refused.
  await dialog.getByLabel('Data zakończenia').fill('2031-04-08');
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByText('Data zakończenia nie może być wcześniejsza niż data rozpoczęcia')).toBeVisible();
  await dialog.getByLabel('Data zakończenia').fill('2031-04-11');

  // Hours per day: required, 1 to 24, steps of 0.5.
  await dialog.getByLabel('Licz jako godziny pracy').check();
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByText('Podaj liczbę godzin dziennie')).toBeVisible();
  await dialog.getByLabel('Godziny dziennie').fill('25');
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByText('Podaj od 1 do 24 godzin')).toBeVisible();
  await dialog.getByLabel('Godziny dziennie').fill('6.2');
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByText('Godziny podaje się co 0,5')).toBeVisible();
  // Unticking hides and empties the hours; ticking again starts from empty.
  await dialog.getByLabel('Licz jako godziny pracy').uncheck();
  await expect(dialog.getByLabel('Godziny dziennie')).toHaveCount(0);
  await dialog.getByLabel('Licz jako godziny pracy').check();
  await expect(dialog.getByLabel('Godziny dziennie')).toHaveValue('');
  await dialog.getByLabel('Licz jako godziny pracy').uncheck();

  // A failure on the server keeps the modal open with the message inside it.
  expect((await page.request.delete(`/api/employees/${person.id}`)).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Zgłoś urlop' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Nie udało się zapisać wniosku o urlop: Nie ma już takiego wpisu (pracownik): ktoś mógł go usunąć.');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('time-off-empty')).toHaveText('Brak urlopów w ciągu kwietnia 2031.');
});

test('time off spanning two months shows in both; the month arrows move; delete asks first', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'Mieczysław');
  const name = `${person.firstName} ${person.lastName}`;
  const res = await page.request.post('/api/time-off', {
    data: { employeeId: person.id, startDate: '2031-05-30', endDate: '2031-06-02', reason: 'Przeprowadzka', countAsWork: false, workHours: null },
  });
  expect(res.status()).toBe(201);

  await page.goto('/time-off?month=2031-05');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Przeprowadzka');
  await expect(row).toContainText('Oczekuje');
  await expect(row).toContainText('Nie');
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await expect(page.getByTestId('month-label')).toHaveText('Czerwiec 2031');
  await expect(page).toHaveURL(/month=2031-06/);
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Następny miesiąc' }).click();
  await expect(page.getByTestId('time-off-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Poprzedni miesiąc' }).click();

  await row.getByRole('button', { name: /Usuń urlop/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Usunąć urlop?' });
  await expect(confirm).toContainText(name);
  // Cancelling keeps it.
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Usuń urlop/ }).click();
  await page.getByRole('dialog', { name: 'Usunąć urlop?' }).getByRole('button', { name: 'Usuń' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Poprzedni miesiąc' }).click();
  await expect(page.getByTestId('month-label')).toHaveText('Maj 2031');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('time off is edited from its row: the modal opens with its values, and the row shows the change', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'Edyta');
  const name = `${person.firstName} ${person.lastName}`;
  const created = await page.request.post('/api/time-off', {
    data: { employeeId: person.id, startDate: '2031-05-05', endDate: '2031-05-06', reason: 'Vacation', countAsWork: false, workHours: null },
  });
  expect(created.status()).toBe(201);
  await useLanguage(page, 'en');
  await page.goto('/time-off?month=2031-05');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('May 5 – 6, 2031');

  await row.getByRole('button', { name: `Edit time off: ${name}, May 5 – 6, 2031` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Time Off' });
  await expect(dialog.getByLabel('Start Date')).toHaveValue('2031-05-05');
  await expect(dialog.getByLabel('End Date')).toHaveValue('2031-05-06');
  await expect(dialog.getByLabel('Reason')).toHaveValue('Vacation');
  await dialog.getByLabel('End Date').fill('2031-05-08');
  await dialog.getByLabel('Reason').fill('Vacation, extended');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('May 5 – 8, 2031');
  await expect(row).toContainText('Vacation, extended');
  await expect(row.getByRole('cell').nth(3)).toHaveText('4');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
});

test('a time off changed by someone else while it is edited: the save is refused with the new dates, and a second save replaces them', async ({
  signedInPage: page,
}) => {
  const person = await makeEmployee(page, 'Kolizja');
  const name = `${person.firstName} ${person.lastName}`;
  const created = await page.request.post('/api/time-off', {
    data: { employeeId: person.id, startDate: '2031-06-02', endDate: '2031-06-03', reason: 'Vacation', countAsWork: false, workHours: null },
  });
  expect(created.status()).toBe(201);
  const stored = (await created.json()) as { id: string; version: number };
  await useLanguage(page, 'en');
  await page.goto('/time-off?month=2031-06');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Edit time off: ${name}, Jun 2 – 3, 2031` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Time Off' });
  await dialog.getByLabel('Reason').fill('Vacation, mine');

  const colleague = await page.request.put(`/api/time-off/${stored.id}`, {
    data: {
      version: stored.version,
      data: { employeeId: person.id, startDate: '2031-06-09', endDate: '2031-06-12', reason: 'Training', countAsWork: false, workHours: null },
    },
  });
  expect(colleague.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Someone else changed this time off meanwhile: it is now Jun 9 – 12, 2031, “Training”. Save to replace it with yours, or cancel.',
  );
  await expect(row).toContainText('Jun 9 – 12, 2031');
  await expect(dialog.getByLabel('Reason')).toHaveValue('Vacation, mine');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('Jun 2 – 3, 2031');
  await expect(row).toContainText('Vacation, mine');
});

test('a manager approves one request and rejects another; the rejected one stays listed but leaves the grid', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'Decyzja');
  const name = `${person.firstName} ${person.lastName}`;
  for (const [startDate, endDate, reason] of [
    ['2031-07-07', '2031-07-08', 'Wedding'],
    ['2031-07-21', '2031-07-22', 'Trip'],
  ]) {
    const res = await page.request.post('/api/time-off', {
      data: { employeeId: person.id, startDate, endDate, reason, countAsWork: false, workHours: null },
    });
    expect(res.status()).toBe(201);
  }
  await useLanguage(page, 'en');
  await page.goto('/time-off?month=2031-07');
  const wedding = page.getByRole('row', { name: new RegExp(`${name}.*Wedding`) });
  const trip = page.getByRole('row', { name: new RegExp(`${name}.*Trip`) });
  await expect(wedding).toContainText('Pending');

  await wedding.getByRole('button', { name: `Approve time off: ${name}, Jul 7 – 8, 2031` }).click();
  await expect(page.getByText(`Time off approved: ${name}`)).toBeVisible();
  await expect(wedding).toContainText('Approved');
  await expect(wedding.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  await trip.getByRole('button', { name: `Reject time off: ${name}, Jul 21 – 22, 2031` }).click();
  await expect(page.getByText(`Time off rejected: ${name}. It is no longer planned in the schedule.`)).toBeVisible();
  await expect(trip).toContainText('Rejected');
  await expect(trip).toHaveAttribute('data-status', 'rejected');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('time-off-decisions.png') });

  // The grid plans the approved request and not the rejected one.
  await page.goto(`/?month=2031-07&group=${encodeURIComponent('TEST 3')}`);
  const cellOf = (date: string) => page.locator(`td[data-emp="${person.id}"][data-date="${date}"]`);
  await expect(cellOf('2031-07-07')).toContainText('Off');
  await expect(cellOf('2031-07-21')).not.toContainText('Off');

  // A decision on a request someone else changed meanwhile is refused, and the list shows the change.
  await page.goto('/time-off?month=2031-07');
  await expect(trip).toContainText('Jul 21 – 22, 2031');
  const list = (await (await page.request.get('/api/time-off?month=2031-07')).json()) as { id: string; employeeId: string; reason: string; version: number }[];
  const shown = list.find((o) => o.employeeId === person.id && o.reason === 'Trip')!;
  const changed = await page.request.put(`/api/time-off/${shown.id}`, {
    data: {
      version: shown.version,
      data: { employeeId: person.id, startDate: '2031-07-21', endDate: '2031-07-23', reason: 'Trip', countAsWork: false, workHours: null },
    },
  });
  expect(changed.status()).toBe(200);
  await trip.getByRole('button', { name: `Approve time off: ${name}, Jul 21 – 22, 2031` }).click();
  await expect(page.getByText('Decision not saved: someone else changed this time off meanwhile. The list now shows the latest version.')).toBeVisible();
  await expect(trip).toContainText('Jul 21 – 23, 2031');
  await expect(trip).toContainText('Rejected');
});
