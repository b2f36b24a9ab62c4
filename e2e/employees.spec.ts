import type { Page } from '@playwright/test';
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

async function makeEmployee(page: Page, role: string, first = 'Henryk') {
  const last = `Testowy${unique()}`;
  const res = await page.request.post('/api/employees', {
    data: { firstName: first, lastName: last, email: `${last.toLowerCase()}@example.com`, phoneNumber: '+48 600 100 200', role },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; firstName: string; lastName: string; email: string; role: string; version: number };
}

const card = (page: Page, group: string) => page.getByRole('button', { name: new RegExp(`^Otwórz grupę ${group.replace('/', '\\/')}:`) });

test('a group card opens its table; an employee added there is refused with a bad email, then saved', async ({ signedInPage: page }) => {
  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Grupy pracowników lotniska' })).toBeVisible();
  for (const group of ['Koordynator', 'Rampa', 'PAX/INFO', 'TEST 1', 'TEST 2', 'TEST 3']) {
    await expect(card(page, group)).toContainText(/\d+ pracownik/);
  }
  await page.screenshot({ path: test.info().outputPath('employees-overview.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await card(page, 'TEST 2').click();
  await expect(page.getByRole('heading', { name: 'TEST 2' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Imię i nazwisko' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Akcje' })).toBeVisible();
  const before = await page.getByRole('row').count();

  const last = `Kowalski${unique()}`;
  await page.getByRole('button', { name: 'Dodaj pracownika' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj pracownika' });
  // From a group's view the group is fixed.
  await expect(dialog.getByText('Grupa: TEST 2')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Grupa' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(dialog.getByText('To pole jest wymagane')).toHaveCount(3);
  await dialog.getByLabel('Imię').fill('Jan');
  await dialog.getByLabel('Nazwisko').fill(last);
  await dialog.getByLabel('E-mail').fill('jan.kowalski@');
  await dialog.getByLabel('Telefon').fill('+48 512 345 678');
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(dialog.getByText('Podaj adres e-mail, np. imie@example.com')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('employees-add-invalid.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByLabel('E-mail').fill(`jan.${last.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(`Jan ${last}`) });
  await expect(row).toContainText(`jan.${last.toLowerCase()}@example.com`);
  await expect(row).toContainText('+48 512 345 678');
  await expect(page.getByRole('row')).toHaveCount(before + 1);
  await page.screenshot({ path: test.info().outputPath('employees-group.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Back to the cards; the address keeps the open group, so reload stays on it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'TEST 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Wróć do grup' }).click();
  await expect(card(page, 'TEST 2')).toBeVisible();
});

test('edit an employee; a stale edit is refused with a clear message and the latest version can be loaded', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'TEST 1', 'Marek');
  await page.goto('/employees?group=TEST+1');
  const row = page.getByRole('row', { name: new RegExp(person.lastName) });
  await row.getByRole('button', { name: `Edytuj: Marek ${person.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edytuj pracownika' });
  await expect(dialog.getByLabel('Nazwisko')).toHaveValue(person.lastName);
  await dialog.getByLabel('Imię').fill('Mariusz');
  await dialog.getByLabel('Telefon').fill('');
  await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Mariusz ${person.lastName}`) })).toContainText('brak telefonu');

  // Someone else saves in the meantime.
  await page
    .getByRole('row', { name: new RegExp(person.lastName) })
    .getByRole('button', { name: /Edytuj/ })
    .click();
  await dialog.getByLabel('Imię').fill('Maurycy');
  const other = await page.request.put(`/api/employees/${person.id}`, {
    data: { version: 2, data: { firstName: 'Mateusz', lastName: person.lastName, email: person.email, phoneNumber: null, role: 'TEST 1' } },
  });
  expect(other.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Ktoś inny zmienił tego pracownika w międzyczasie');
  await dialog.getByRole('button', { name: 'Wczytaj najnowszą wersję' }).click();
  await expect(dialog.getByLabel('Imię')).toHaveValue('Mateusz');
  await dialog.getByLabel('Imię').fill('Maurycy');
  await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Maurycy ${person.lastName}`) })).toBeVisible();
});

test('delete asks first and says what goes with the employee', async ({ signedInPage: page }) => {
  const person = await makeEmployee(page, 'TEST 1', 'Dariusz');
  for (const [startDate, endDate] of [
    ['2031-07-01', '2031-07-02'],
    ['2031-08-10', '2031-08-10'],
  ]) {
    const res = await page.request.post('/api/time-off', {
      data: { employeeId: person.id, startDate, endDate, reason: 'Urlop', countAsWork: false, workHours: null },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/employees?group=TEST+1');
  const row = page.getByRole('row', { name: new RegExp(person.lastName) });
  await row.getByRole('button', { name: `Usuń: Dariusz ${person.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Usunąć pracownika?' });
  await expect(dialog).toContainText(`Dariusz ${person.lastName}`);
  const dependents = dialog.getByTestId('dependents');
  await expect(dependents).toContainText('0 zmian w grafiku');
  await expect(dependents).toContainText('2 wnioski urlopowe');
  await expect(dependents).toContainText('0 wydarzeń');
  await page.screenshot({ path: test.info().outputPath('employees-delete.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /Usuń/ }).click();
  await page.getByRole('dialog', { name: 'Usunąć pracownika?' }).getByRole('button', { name: 'Usuń pracownika' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toHaveCount(0);
  // The time off went with the employee.
  const left = await (await page.request.get('/api/time-off?month=2031-07')).json();
  expect(left.filter((r: { employeeId: string }) => r.employeeId === person.id)).toEqual([]);
});

test('an employee changed by someone else after the list showed it is not deleted: the modal says so, the list shows the change', async ({
  signedInPage: page,
}) => {
  const person = await makeEmployee(page, 'TEST 1', 'Ryszard');
  await page.goto('/employees?group=TEST+1');
  await page
    .getByRole('row', { name: new RegExp(person.lastName) })
    .getByRole('button', { name: `Usuń: Ryszard ${person.lastName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Usunąć pracownika?' });
  await expect(dialog.getByTestId('dependents')).toBeVisible();
  const renamed = await page.request.put(`/api/employees/${person.id}`, {
    data: { version: person.version, data: { firstName: 'Roman', lastName: person.lastName, email: person.email, phoneNumber: null, role: 'TEST 1' } },
  });
  expect(renamed.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Usuń pracownika' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Nie usunięto: ktoś inny zmienił w międzyczasie dane pracownika Ryszard ${person.lastName}. Lista pokazuje teraz najnowszą wersję; sprawdź ją i usuń ponownie, jeśli trzeba.`,
  );
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Roman ${person.lastName}`) })).toBeVisible();
  expect(((await (await page.request.get('/api/employees')).json()) as { id: string }[]).some((e) => e.id === person.id)).toBe(true);
});

test('adding from the overview asks for the group', async ({ signedInPage: page }) => {
  await page.goto('/employees');
  const last = `Nowicka${unique()}`;
  await page.getByRole('button', { name: 'Dodaj pracownika' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj pracownika' });
  await dialog.getByLabel('Imię').fill('Olga');
  await dialog.getByLabel('Nazwisko').fill(last);
  await dialog.getByLabel('E-mail').fill(`${last.toLowerCase()}@example.com`);
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(dialog.getByText('To pole jest wymagane')).toHaveCount(1);
  await dialog.getByRole('combobox', { name: 'Grupa' }).click();
  await page.getByRole('option', { name: 'PAX/INFO' }).click();
  await dialog.getByRole('button', { name: 'Dodaj pracownika' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card(page, 'PAX/INFO').click();
  await expect(page.getByRole('row', { name: new RegExp(`Olga ${last}`) })).toBeVisible();
});

test('an administrator adds, renames and removes a staff group; a group with employees cannot be removed', async ({ signedInPage: page }) => {
  const name = `Cargo ${unique()}`;
  const renamed = `${name} nocne`;
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Zarządzaj grupami' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grupy pracowników' });
  // A taken name is refused.
  await dialog.getByRole('textbox', { name: 'Nazwa grupy' }).fill('Rampa');
  await dialog.getByRole('button', { name: 'Dodaj grupę' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Grupa o tej nazwie już istnieje');
  await dialog.getByRole('textbox', { name: 'Nazwa grupy' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Obsługuje loty' }).check();
  await dialog.getByRole('button', { name: 'Dodaj grupę' }).click();
  const groupRow = dialog.getByRole('row', { name: new RegExp(name) });
  await expect(groupRow).toBeVisible();
  await expect(groupRow.getByRole('img', { name: 'Obsługuje loty' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('employees-groups.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await groupRow.getByRole('button', { name: `Edytuj grupę ${name}` }).click();
  const nameInput = dialog.getByRole('textbox', { name: 'Nazwa grupy' }).first();
  await nameInput.fill(renamed);
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  const renamedRow = dialog.getByRole('row', { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();
  await dialog.getByRole('button', { name: 'Zamknij' }).first().click();
  await expect(card(page, renamed)).toContainText('0 pracowników');

  // One employee: the group cannot go, and the message says how many.
  const person = await makeEmployee(page, renamed, 'Igor');
  await page.reload();
  await expect(card(page, renamed)).toContainText('1 pracownik');
  await page.getByRole('button', { name: 'Zarządzaj grupami' }).click();
  await dialog
    .getByRole('row', { name: new RegExp(renamed) })
    .getByRole('button', { name: `Usuń grupę ${renamed}` })
    .click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Usuń' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Grupa ${renamed} ma jeszcze 1 pracownika. Przenieś go lub usuń przed usunięciem grupy.`);
  expect((await page.request.delete(`/api/employees/${person.id}`)).status()).toBe(204);
  await dialog
    .getByRole('row', { name: new RegExp(renamed) })
    .getByRole('button', { name: `Usuń grupę ${renamed}` })
    .click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Usuń' }).click();
  await expect(dialog.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Zamknij' }).first().click();
  await expect(card(page, renamed)).toHaveCount(0);
});

test('a group renamed by someone else meanwhile: the edit is refused, and the row shows the latest name', async ({ signedInPage: page }) => {
  const name = `Odladzanie ${unique()}`;
  const created = await page.request.post('/api/staff-groups', { data: { name, takesFlights: false, takesAirportHours: false } });
  expect(created.status()).toBe(201);
  const group = (await created.json()) as { id: number; version: number };
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Zarządzaj grupami' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grupy pracowników' });
  await dialog
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Edytuj grupę ${name}` })
    .click();
  await dialog.getByRole('textbox', { name: 'Nazwa grupy' }).first().fill(`${name} A`);

  // Another administrator renames it first.
  const other = await page.request.put(`/api/staff-groups/${group.id}`, {
    data: { name: `${name} B`, takesFlights: true, takesAirportHours: false, version: group.version },
  });
  expect(other.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Ktoś inny zmienił grupę ${name} w międzyczasie. Lista pokazuje teraz najnowszą wersję: edytuj ją ponownie, jeśli trzeba.`,
  );
  await expect(dialog.getByRole('row', { name: new RegExp(`${name} B`) })).toBeVisible();
  await expect(dialog.getByRole('row', { name: new RegExp(`${name} A`) })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('employees-group-stale.png') });

  // Removing it after someone else changed it again: kept, and the dialog says so.
  const again = await page.request.put(`/api/staff-groups/${group.id}`, {
    data: { name: `${name} B`, takesFlights: false, takesAirportHours: false, version: group.version + 1 },
  });
  expect(again.status()).toBe(200);
  await dialog
    .getByRole('row', { name: new RegExp(`${name} B`) })
    .getByRole('button', { name: `Usuń grupę ${name} B` })
    .click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Usuń' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `Nie usunięto: ktoś inny zmienił grupę ${name} B w międzyczasie. Lista pokazuje teraz najnowszą wersję; usuń ją ponownie, jeśli trzeba.`,
  );
  await expect(dialog.getByRole('row', { name: new RegExp(`${name} B`) })).toBeVisible();
  expect((await page.request.delete(`/api/staff-groups/${group.id}`)).status()).toBe(204);
});
