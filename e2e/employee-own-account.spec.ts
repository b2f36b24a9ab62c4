// An employee's own account on a phone (docs/staff-accounts.md#password-and-second-factor): from their
// month they open Konto, change the password they chose from the invitation, turn on the second factor
// with an authenticator app, and the next sign-in asks for its code before anything of theirs shows.
import { test, expect, seriousAxeViolations, signIn } from './fixtures.ts';
import { changePassword, currentCode, nextCode, typeCode } from './account-helpers.ts';
import { acceptInvitation, invitedEmployee, PHONE, unique } from './employee-helpers.ts';

const FIRST = 'night shift on the apron 4719';
const SECOND = 'gate seven pushback at dawn';

test('an employee changes their password and turns on the second factor from their phone', async ({ signedInPage: page, browser }) => {
  const { email, path } = await invitedEmployee(page, 'Iga', `Haslo${unique()}`);

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await context.newPage();
    await acceptInvitation(phone, path, FIRST);

    // Konto, from the header of their own screen; the planners' account page is not theirs.
    await phone.getByRole('link', { name: 'Konto' }).click();
    await expect(phone).toHaveURL(/\/me\/account$/);
    await expect(phone.getByRole('heading', { name: 'Moje konto' })).toBeVisible();
    await expect(phone.getByText('Wyłączona. Włącz ją', { exact: false })).toBeVisible();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('employee-account-390.png'), fullPage: true });
    // No horizontal scrolling on the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await changePassword(phone, FIRST, SECOND);

    await phone.getByRole('button', { name: 'Włącz weryfikację dwuetapową' }).click();
    await phone.getByLabel('Hasło', { exact: true }).fill(SECOND);
    await phone.getByRole('button', { name: 'Dalej' }).click();
    await expect(phone.getByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' })).toBeVisible();
    const secret = (await phone.getByTestId('totp-secret').innerText()).trim();
    await phone.screenshot({ path: test.info().outputPath('employee-2fa-scan-390.png'), fullPage: true });
    await typeCode(phone, currentCode(secret));
    await expect(phone.getByTestId('backup-codes').locator('code')).toHaveCount(10);
    await phone.getByRole('button', { name: 'Zapisałem kody' }).click();
    await expect(phone.getByText('Włączona: przy logowaniu potrzebny jest kod')).toBeVisible();

    // Signed out, the old password no longer works; the new one asks for the code, and nothing shows before it.
    await phone.getByRole('button', { name: 'Wyloguj', exact: true }).click();
    await expect(phone).toHaveURL(/\/login$/);
    await signIn(phone, email, FIRST);
    await expect(phone.getByRole('alert')).toBeVisible();
    await signIn(phone, email, SECOND);
    await expect(phone.getByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeVisible();
    expect((await phone.request.get('/api/me')).status()).toBe(401);
    await typeCode(phone, nextCode(secret));
    await expect(phone).toHaveURL(/\/me(\?month=\d{4}-\d{2})?$/);
    await expect(phone.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
    expect((await phone.request.get('/api/me')).status()).toBe(200);
  } finally {
    await context.close();
  }
});
