// Shift swaps end to end (docs/swaps.md): an employee gives a published shift away on their phone; a
// colleague of the group sees it on theirs, with nothing in the way, and takes it; the planner, at a
// desk, sees the swap on the Time Off screen with both people's hours and the rules' verdict, and
// approves it; the shift is then in the colleague's month and gone from the first employee's. Axe
// checks each screen.
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { invitedEmployee, PHONE, unique } from './employee-helpers.ts';

const DESK = { width: 1440, height: 900 };
const PASSWORD = 'a quiet apron before dawn 5521';

test('an employee gives a shift away, a colleague takes it on their phone, the planner approves, and the shift moves', async ({
  signedInPage: planner,
  browser,
}) => {
  await planner.setViewportSize(DESK);
  // A month of its own years ahead (a retry takes another).
  const year = new Date().getUTCFullYear() + 7 + 10 * test.info().retry;
  const month = `${year}-0${1 + Math.floor(Math.random() * 9)}`;
  const day = `${month}-16`;
  const giver = await invitedEmployee(planner, 'Ewa', `Oddaje${unique()}`);
  const taker = await invitedEmployee(planner, 'Olaf', `Bierze${unique()}`);
  expect((await planner.request.put('/api/schedules', { data: { employeeId: giver.id, date: day, startTime: '06:00', endTime: '14:00' } })).status()).toBe(201);
  expect((await planner.request.post('/api/publishing', { data: { role: 'TEST 2', month } })).status()).toBe(200);
  const shiftWords = new Intl.DateTimeFormat('pl', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  const phoneOf = async (who: { path: string; email: string }) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const page = await context.newPage();
    expect((await page.request.post('/api/invitations/accept', { data: { token: who.path.split('#')[1], password: PASSWORD } })).status()).toBe(200);
    expect((await page.request.post('/api/auth/sign-in/email', { data: { email: who.email, password: PASSWORD } })).status()).toBe(200);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/me?month=${month}`);
    await expect(page.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
    await expect(page.getByTestId('my-swaps')).toBeVisible();
    // The swaps section of a published month brings its own small files: not the planners' shared
    // code, nor the schema library (each near 100 kB compressed) to the phone.
    expect(scripts.filter((path) => /\/assets\/(?:screens|zod)-/.test(path))).toEqual([]);
    return { context, page };
  };
  const first = await phoneOf(giver);
  const second = await phoneOf(taker);
  try {
    // Ewa's phone: her shift of the 16th given away to anyone of the group, with a message.
    const mine = first.page.getByTestId('my-swaps');
    await mine.getByRole('button', { name: 'Oddaj zmianę' }).click();
    const form = mine.getByRole('form', { name: 'Oddaj zmianę' });
    await expect(form.getByLabel('Która zmiana')).toContainText(`${shiftWords}, 06:00–14:00`);
    await form.getByLabel(/Wiadomość/).fill('Rodzinna uroczystość');
    expect(await seriousAxeViolations(first.page)).toEqual([]);
    await first.page.screenshot({ path: test.info().outputPath('swap-offer-form-390.png'), fullPage: true });
    await form.getByRole('button', { name: 'Zaproponuj' }).click();
    await expect(mine.getByText('Zmiana zaproponowana.', { exact: false })).toBeVisible();
    await expect(mine.getByTestId('my-swap').first()).toContainText('czeka na chętnego');

    // Olaf's phone: the offer, nothing in his way; he takes it.
    await second.page.reload();
    const offer = second.page.getByTestId('swap-offer').filter({ hasText: giver.name });
    await expect(offer).toHaveCount(1);
    await expect(offer).toContainText(`${shiftWords}, 06:00–14:00`);
    await expect(offer).toContainText('Wiadomość: Rodzinna uroczystość');
    await offer.getByRole('button', { name: new RegExp(`^Przejmij zmianę: ${giver.name}`) }).click();
    await offer.getByRole('button', { name: 'Tak, przejmuję' }).click();
    await expect(second.page.getByText('Zgłoszono. Zmiana będzie Twoja, gdy zatwierdzi ją planista.')).toBeVisible();
    await expect(offer).toContainText('czeka na decyzję planisty');
    expect(await second.page.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await seriousAxeViolations(second.page)).toEqual([]);
    await second.page.screenshot({ path: test.info().outputPath('swap-taken-390.png'), fullPage: true });

    // At the desk: the swap in the Time Off screen's queue, allowed, with both people's hours; approved.
    await planner.goto(`/time-off?month=${month}`);
    const open = planner.getByRole('button', { name: /^Zamiany zmian: \d+ czek/ });
    await expect(open).toBeVisible();
    await open.click();
    const queue = planner.getByRole('dialog', { name: 'Zamiany zmian' });
    const swap = queue.getByTestId('queued-swap').filter({ hasText: `${giver.name} → ${taker.name}` });
    await expect(swap).toHaveCount(1);
    await expect(swap).toContainText('06:00–14:00 (8 h)');
    await expect(swap).toContainText(`${giver.name}: 8 h → 0 h`);
    await expect(swap).toContainText(`${taker.name}: 0 h → 8 h`);
    await expect(swap.getByTestId('swap-allowed')).toBeVisible();
    expect(await seriousAxeViolations(planner)).toEqual([]);
    await planner.screenshot({ path: test.info().outputPath('swap-queue-1440.png') });
    const approved = planner.waitForResponse((r) => r.url().includes('/api/swaps/') && r.request().method() === 'PUT');
    await swap.getByRole('button', { name: new RegExp(`^Zatwierdź zamianę: ${giver.name} → ${taker.name}`) }).click();
    expect((await approved).status()).toBe(200);
    await expect(queue.getByTestId('queued-swap').filter({ hasText: `${giver.name} → ${taker.name}` })).toHaveAttribute('data-status', 'approved');

    // Both phones: the shift is Olaf's now, and no longer Ewa's.
    await second.page.reload();
    await expect(second.page.getByTestId('my-shift')).toHaveCount(1);
    await expect(second.page.getByTestId('my-shift').first()).toContainText(`${shiftWords}, 06:00–14:00`);
    await first.page.reload();
    await expect(first.page.getByTestId('my-shift')).toHaveCount(0);
    await expect(first.page.getByTestId('my-swap').first()).toContainText(`zatwierdzona: zmianę przejmuje ${taker.name}`);
    await first.page.screenshot({ path: test.info().outputPath('swap-approved-390.png'), fullPage: true });
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
