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

/** "maja 2073": a month ("2073-05") in the Polish genitive, as the screens write it after "dla" or "w ciągu". */
export function monthGenitivePl(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(y!, m! - 1, 1)));
  return `${parts.find((p) => p.type === 'month')!.value} ${parts.find((p) => p.type === 'year')!.value}`;
}

/** The month before "YYYY-MM", as "YYYY-MM". */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y! - 1}-12` : `${y}-${String(m! - 1).padStart(2, '0')}`;
}
