// The Users page: an administrator creates an account with a one-time password that must be changed
// at the first sign-in; a user who is not an administrator gets a clear message.
import { test, expect, signIn, seriousAxeViolations } from './fixtures.ts';
import { adminPage, changePassword, createUserAsAdmin, firstSignIn, NEW_PASSWORD } from './account-helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an administrator creates a user who must change the password at first sign-in', async ({ signedInPage: page, browser }) => {
  const email = `new-${unique()}@grafik.test`;
  await page.getByRole('link', { name: 'Użytkownicy' }).first().click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Użytkownicy' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Dodaj użytkownika' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nowy użytkownik' });
  await dialog.getByRole('button', { name: 'Utwórz konto' }).click();
  await expect(dialog.getByText('Podaj adres e-mail')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Imię i nazwisko').fill('Nowa Planistka');
  await dialog.getByRole('button', { name: 'Utwórz konto' }).click();
  const shown = page.getByRole('dialog', { name: 'Hasło jednorazowe' });
  const oneTime = (await shown.getByTestId('one-time-password').innerText()).trim();
  expect(oneTime.length).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: test.info().outputPath('users-otp.png'), fullPage: true });
  await shown.getByRole('button', { name: 'Gotowe' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Musi zmienić hasło')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('users-list.png'), fullPage: true });

  // The new user is sent to the account page and cannot go elsewhere until the password is changed.
  const user = await (await browser.newContext()).newPage();
  await signIn(user, email, oneTime);
  await expect(user).toHaveURL(/\/account$/);
  await user.goto('/employees');
  await expect(user).toHaveURL(/\/account$/);
  await user.screenshot({ path: test.info().outputPath('account-must-change.png'), fullPage: true });
  await changePassword(user, oneTime, NEW_PASSWORD);
  await user.goto('/employees');
  await expect(user).toHaveURL(/\/employees$/);
  await user.context().close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByText('Musi zmienić hasło')).toHaveCount(0);
});

test('ban, reset and delete from the Users page; the audit log shows them', async ({ signedInPage: page, browser }) => {
  const email = `managed-${unique()}@grafik.test`;
  const otp = await createUserAsAdmin(page, email);
  const user = await (await browser.newContext()).newPage();
  await firstSignIn(user, email, otp);

  await page.goto('/users');
  const row = () => page.getByRole('row').filter({ hasText: email });
  await row()
    .getByRole('button', { name: `Akcje dla ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Zablokuj' }).click();
  await page.getByRole('dialog').getByLabel('Powód (opcjonalnie)').fill('Koniec umowy');
  await page.getByRole('dialog').getByRole('button', { name: 'Zablokuj' }).click();
  await expect(row().getByText('Zablokowane')).toBeVisible();
  // Their open session has ended.
  await user.goto('/flights');
  await expect(user).toHaveURL(/\/login$/);

  await row()
    .getByRole('button', { name: `Akcje dla ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Odblokuj' }).click();
  await expect(row().getByText('Aktywne')).toBeVisible();

  await row()
    .getByRole('button', { name: `Akcje dla ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Nadaj nowe hasło' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nadaj nowe hasło' }).click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  await page.getByRole('button', { name: 'Gotowe' }).click();

  await page.getByRole('tab', { name: 'Dziennik zdarzeń' }).click();
  // Events by their Polish names: the log shows no action codes.
  await expect(page.getByRole('row').filter({ hasText: 'Zablokowanie konta' }).filter({ hasText: email }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Nadanie nowego hasła' }).filter({ hasText: email }).first()).toBeVisible();
  await expect(page.getByText('admin.user-banned')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('users-audit.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Konta' }).click();
  await row()
    .getByRole('button', { name: `Akcje dla ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Usuń' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Usuń' }).click();
  await expect(row()).toHaveCount(0);
  await user.context().close();
});

test('a user who is not an administrator sees why the Users page is closed', async ({ browser, page }) => {
  const admin = await adminPage(browser);
  const email = `plain-${unique()}@grafik.test`;
  const otp = await createUserAsAdmin(admin, email);
  await admin.context().close();
  await firstSignIn(page, email, otp);
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Użytkownicy' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page.getByRole('alert')).toHaveText('Tylko administratorzy mogą zarządzać kontami.');
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});
