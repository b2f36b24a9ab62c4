// Security headers and the content security policy on the built app: every screen works under the
// policy with no violation in the console; the session-ended message shows after a remote sign-out.
import { test, expect, signIn, ADMIN } from './fixtures.ts';

test('the built app runs under its content security policy with no violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');

  await signIn(page);
  await expect(page).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  for (const path of ['/', '/employees', '/flights', '/time-off', '/airport-hours', '/settings', '/account', '/users', '/schedule']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Konto' })).toBeVisible();
  const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});

test('API answers carry the security headers and are not cached', async ({ page }) => {
  const res = await page.request.get('/api/health');
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['cache-control']).toBe('no-store');
  expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
});

test('a session ended elsewhere sends the user to sign-in with an explanation, and back afterwards', async ({ signedInPage: page }) => {
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/employees(\?month=\d{4}-\d{2})?$/);
  // End every session of this user from the API, as "Sign out everywhere" on another device would.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage);
  await expect(otherPage).toHaveURL(/\/(?:\?month=\d{4}-\d{2})?$/);
  expect((await otherPage.request.post('/api/auth/revoke-sessions', { data: {} })).status()).toBe(200);
  await other.close();
  // The next data call notices: sign-in page with the explanation, then back to where the user was going.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Loty' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Twoja sesja wygasła. Zaloguj się ponownie.')).toBeVisible();
  await page.getByLabel(/E-mail|Email/).fill(ADMIN.email);
  await page.getByLabel(/Hasło|Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: /Zaloguj się|Sign in/ }).click();
  await expect(page).toHaveURL(/\/flights(?:\?month=\d{4}-\d{2})?$/);
});
