// The account page in the browser: two-factor enrolment and sign-in with a code, changing the
// password, and signing other devices out.
import { test, expect, signIn, seriousAxeViolations } from './fixtures.ts';
import { adminPage, changePassword, createUserAsAdmin, currentCode, firstSignIn, nextCode, NEW_PASSWORD, typeCode } from './account-helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('enrol an authenticator app, then sign in with a TOTP code', async ({ browser, page }) => {
  const admin = await adminPage(browser);
  const email = `totp-${unique()}@grafik.test`;
  const otp = await createUserAsAdmin(admin, email);
  await admin.context().close();

  await firstSignIn(page, email, otp);
  await expect(page.getByText('Wyłączona. Włącz ją', { exact: false })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Włącz weryfikację dwuetapową' }).click();
  await page.getByLabel('Hasło', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.screenshot({ path: test.info().outputPath('account-2fa-scan.png'), fullPage: true });
  await typeCode(page, currentCode(secret));
  await expect(page.getByText('Kody zapasowe')).toBeVisible();
  await expect(page.getByTestId('backup-codes').locator('code')).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('account-2fa-backup.png'), fullPage: true });
  await page.getByRole('button', { name: 'Zapisałem kody' }).click();
  await expect(page.getByText('Włączona: przy logowaniu potrzebny jest kod')).toBeVisible();

  await page.getByRole('button', { name: 'Wyloguj', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeVisible();
  await expect(page.getByText('Dopóki kod nie zostanie przyjęty, żadne dane nie są dostępne.')).toBeVisible();
  // No data before the code: the API says 401.
  expect((await page.request.get('/api/staff-groups')).status()).toBe(401);
  await page.screenshot({ path: test.info().outputPath('login-2fa.png'), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);
  // A wrong code is refused with a message; the next step's code passes.
  await typeCode(page, '000000' === currentCode(secret) ? '111111' : '000000');
  await expect(page.getByRole('alert')).toContainText('Nieprawidłowy kod');
  await typeCode(page, nextCode(secret));
  await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  expect((await page.request.get('/api/staff-groups')).status()).toBe(200);
});

test('changing the password signs the other device out', async ({ browser, page }) => {
  const admin = await adminPage(browser);
  const email = `change-${unique()}@grafik.test`;
  const otp = await createUserAsAdmin(admin, email);
  await admin.context().close();
  await firstSignIn(page, email, otp);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, email, NEW_PASSWORD);
  await expect(other).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);

  await changePassword(page, NEW_PASSWORD, 'runway lights at dawn 07');
  await other.goto('/employees');
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();
  // This device stays signed in.
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/employees(\?month=\d{4}-\d{2})?$/);
});

test('the sessions list marks this device; "Sign out other devices" ends the others', async ({ browser, page }) => {
  const admin = await adminPage(browser);
  const email = `others-${unique()}@grafik.test`;
  const otp = await createUserAsAdmin(admin, email);
  await admin.context().close();
  await firstSignIn(page, email, otp);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, email, NEW_PASSWORD);
  await expect(other).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);

  await page.reload();
  const sessions = page.getByRole('region', { name: 'Aktywne sesje' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // header + two sessions
  await expect(sessions.getByText('To urządzenie')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('account-sessions.png'), fullPage: true });
  await page.getByRole('button', { name: 'Wyloguj inne urządzenia' }).click();
  await expect(page.getByText('Inne urządzenia zostały wylogowane.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  // The other device finds itself signed out, with the explanation.
  await other.goto('/flights');
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();
  await page.goto('/flights');
  await expect(page).toHaveURL(/\/flights(?:\?month=\d{4}-\d{2})?$/);
});
