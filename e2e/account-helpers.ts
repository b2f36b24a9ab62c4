// Steps shared by the account, users and security specs.
import type { Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, signIn, ADMIN } from './fixtures.ts';

export const NEW_PASSWORD = 'tarmac coffee gate nineteen';

/** Creates a user through the admin API (as the signed-in admin page) and returns the one-time password. */
export async function createUserAsAdmin(admin: Page, email: string, role: 'user' | 'admin' = 'user'): Promise<string> {
  const res = await admin.request.post('/api/admin/users', { data: { email, role } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { oneTimePassword: string }).oneTimePassword;
}

/** A fresh browser context signed in as the administrator. */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  return page;
}

/** Signs in with a one-time password, lands on /account, and sets `NEW_PASSWORD`. */
export async function firstSignIn(page: Page, email: string, oneTimePassword: string) {
  await signIn(page, email, oneTimePassword);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(/hasło jednorazowe|one-time password/i).first()).toBeVisible();
  await changePassword(page, oneTimePassword, NEW_PASSWORD);
}

export async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel('Obecne hasło').fill(current);
  await page.getByLabel(/^Nowe hasło/).fill(next);
  await page.getByLabel('Powtórz nowe hasło').fill(next);
  // A change soon after another waits for the earlier one's notification to close, so the one seen is its own.
  const changed = page.getByText('Hasło zmienione. Pozostałe urządzenia zostały wylogowane.');
  await expect(changed).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(changed).toBeVisible();
}

/** A code for the next 30-second step: valid now (±1 step), and never the one used a moment ago. */
export function nextCode(secret: string, stepsAhead = 1): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export function currentCode(secret: string): string {
  return nextCode(secret, 0);
}

/** Types a 6-digit code into the PinInput labelled `label`. */
export async function typeCode(page: Page, code: string) {
  const first = page.locator('input[inputmode="numeric"]').first();
  await first.click();
  await page.keyboard.type(code);
}
