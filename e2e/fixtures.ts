// Shared steps of the browser suite. Every test gets a fresh context from browser.newContext(),
// which axe needs, and can sign in as the administrator of the demo airport.
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { E2E_ADMIN } from '../playwright.config.ts';

export { expect };
export const ADMIN = E2E_ADMIN;

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel(/E-mail|Email/).fill(email);
  await page.getByLabel(/Hasło|Password/).fill(password);
  await page.getByRole('button', { name: /Zaloguj się|Sign in/ }).click();
}

/** Serious or critical accessibility violations on the page as it stands. */
export async function seriousAxeViolations(page: Page) {
  // A tooltip or a drawer still fading in has colours half-way between two states; the check is of the
  // screen a person reads once it is still, so it waits for running transitions to end first (a spinner's
  // endless animation never ends and is not waited for).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const test = base.extend<{ page: Page; signedInPage: Page }>({
  page: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  signedInPage: async ({ page }, use) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
    await use(page);
  },
});
