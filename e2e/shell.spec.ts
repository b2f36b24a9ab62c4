import { test, expect, signIn, seriousAxeViolations, ADMIN } from './fixtures.ts';

test('a user with no session is sent to /login; signing in reaches the dashboard; signing out returns to /login', async ({ page }) => {
  await page.goto('/flights');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await signIn(page);
  // Back to the page the user asked for.
  await expect(page).toHaveURL(/\/flights(?:\?month=\d{4}-\d{2})?$/);
  await page.getByRole('link', { name: 'Pulpit' }).click();
  await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  const nav = page.getByRole('navigation').first();
  for (const item of ['Pulpit', 'Pracownicy', 'Loty', 'Pokrycie', 'Urlopy', 'Godziny pracy lotniska', 'Ustawienia']) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Pulpit' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Loty' })).not.toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Wyloguj' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the error on the form', async ({ page }) => {
  await signIn(page, ADMIN.email, 'this is not the password');
  await expect(page.getByRole('alert')).toContainText(/Invalid email or password|Nieprawidłowy/);
  await expect(page).toHaveURL(/\/login$/);
});

test('/register shows the disabled registration page without a session', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Rejestracja tymczasowo wyłączona' })).toBeVisible();
  await page.getByRole('link', { name: 'Masz już konto? Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the language switch changes the texts and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Don't have an account? Register" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('axe finds no serious violation on /login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
