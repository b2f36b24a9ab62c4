// Time-off requests end to end (docs/time-off-requests.md): an employee with their own account asks
// for a day off on their phone; the planner, at a desk, sees it in the queue on the Time Off screen
// with the shift it takes, and approves it; the employee sees it approved, and in their month as
// approved time off. Axe checks each screen.
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { invitedEmployee, PHONE, unique } from './employee-helpers.ts';

const DESK = { width: 1440, height: 900 };
const PASSWORD = 'a quiet apron before dawn 5521';

test('an employee asks for a day off on their phone, the planner approves it in the queue, the employee sees it approved', async ({
  signedInPage: planner,
  browser,
}) => {
  await planner.setViewportSize(DESK);
  // A month of its own years ahead (a retry takes another).
  const year = new Date().getUTCFullYear() + 6 + 10 * test.info().retry;
  const month = `${year}-0${1 + Math.floor(Math.random() * 9)}`;
  const day = `${month}-14`;
  const employee = await invitedEmployee(planner, 'Iga', `Wniosek${unique()}`);
  const { name, email } = employee;
  // Iga works on the 14th, in a published month: the request takes that shift.
  expect((await planner.request.put('/api/schedules', { data: { employeeId: employee.id, date: day, startTime: '05:00', endTime: '13:00' } })).status()).toBe(
    201,
  );
  expect((await planner.request.post('/api/publishing', { data: { role: 'TEST 2', month } })).status()).toBe(200);

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await context.newPage();
    expect((await phone.request.post('/api/invitations/accept', { data: { token: employee.path.split('#')[1], password: PASSWORD } })).status()).toBe(200);
    expect((await phone.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).status()).toBe(200);

    // On the phone: a day off on the 14th, asked for with a note.
    await phone.goto(`/me?month=${month}`);
    await expect(phone.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
    const section = phone.getByTestId('my-requests');
    await expect(section.getByText('Nie masz jeszcze żadnych wniosków.')).toBeVisible();
    await section.getByRole('button', { name: 'Nowy wniosek' }).click();
    const form = section.getByRole('form', { name: 'Nowy wniosek' });
    await form.getByLabel('Rodzaj').selectOption({ label: 'Urlop na żądanie' });
    await form.getByLabel(/^Od/).fill(day);
    await form.getByLabel(/^Do/).fill(day);
    const inWords = new Intl.DateTimeFormat('pl', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
    await expect(form.getByTestId('request-span')).toHaveText(`1 dzień: ${inWords}`);
    await form.getByLabel(/Uwagi dla planisty/).fill('Odbiór dyplomu');
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('time-off-request-form-390.png'), fullPage: true });
    await form.getByRole('button', { name: 'Wyślij wniosek' }).click();
    await expect(section.getByText('Wniosek wysłany. Planista zobaczy go w swojej kolejce.')).toBeVisible();
    const mine = section.getByTestId('my-request');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText('Urlop na żądanie');
    await expect(mine.first()).toContainText(`1 dzień: ${inWords}`);
    await expect(mine.first()).toContainText('czeka na decyzję');
    // Nothing on the screen is an ISO date or an id.
    expect(await phone.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('time-off-request-sent-390.png'), fullPage: true });

    // At the desk: the Time Off screen counts the request; the queue shows it with the shift it takes.
    await planner.goto(`/time-off?month=${month}`);
    const open = planner.getByRole('button', { name: /^Wnioski pracowników: \d+ czek/ });
    await expect(open).toBeVisible();
    await planner.screenshot({ path: test.info().outputPath('time-off-screen-1440.png') });
    await open.click();
    const queue = planner.getByRole('dialog', { name: 'Wnioski o wolne' });
    const request = queue.getByTestId('queued-request').filter({ hasText: name });
    await expect(request).toHaveCount(1);
    await expect(request).toContainText('Urlop na żądanie');
    await expect(request).toContainText('Uwagi pracownika: Odbiór dyplomu');
    const shift = new Intl.DateTimeFormat('pl', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    await expect(request.getByTestId('absence-shifts')).toContainText(`${shift} 05:00–13:00`);
    expect(await seriousAxeViolations(planner)).toEqual([]);
    await planner.screenshot({ path: test.info().outputPath('time-off-request-queue-1440.png') });
    await request.getByRole('button', { name: new RegExp(`^Zatwierdź wniosek: ${name}`) }).click();
    await expect(planner.getByText(`Zatwierdzono wniosek: ${name}. Urlop jest już w grafiku.`)).toBeVisible();
    await expect(queue.getByTestId('queued-request').filter({ hasText: name })).toHaveAttribute('data-status', 'approved');
    // It is ordinary approved time off on the Time Off screen.
    await queue.getByRole('button', { name: 'Zamknij' }).click();
    const row = planner.locator('tr', { hasText: name });
    await expect(row).toHaveAttribute('data-status', 'approved');

    // Back on the phone: approved, and in the month as approved time off.
    await phone.reload();
    await expect(section.getByTestId('my-request').first()).toContainText('zatwierdzony');
    await expect(phone.getByTestId('my-time-off').filter({ hasText: 'Urlop na żądanie' })).toContainText('zatwierdzona');
    // The requests' section (the month's own list of time off is checked by employee-account.spec.ts).
    const violations = (await new AxeBuilder({ page: phone }).include('[data-testid="my-requests"]').analyze()).violations;
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await phone.screenshot({ path: test.info().outputPath('time-off-request-approved-390.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
