// An employee's wishes on a phone (docs/staff-accounts.md#wishes): on their own page, for a month not yet
// published, they pick a day and a kind, see the count against the airport's limit, and remove one; a
// published month shows whether each wish was met. Polish throughout, no ISO dates. Axe checks the screen.
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import { acceptInvitation, invitedEmployee, PHONE, unique } from './employee-helpers.ts';

const PASSWORD = 'night shift on the apron 4719';

test('an employee marks a wish for a month still open, sees the count against the limit, and removes it', async ({ signedInPage: page, browser }) => {
  const year = new Date().getUTCFullYear() + 7 + 10 * test.info().retry;
  const month = `${year}-0${1 + Math.floor(Math.random() * 8)}`;
  const next = `${year}-0${Number(month.slice(5)) + 1}`;
  const employee = await invitedEmployee(page, 'Ola', `Wish${unique()}`);
  expect(
    (await page.request.put('/api/schedules', { data: { employeeId: employee.id, date: `${month}-14`, startTime: '05:00', endTime: '13:00' } })).status(),
  ).toBe(201);

  const context = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await context.newPage();
    await acceptInvitation(phone, employee.path, PASSWORD);
    // Wishes stored before the month is published (by the employee, through the same route).
    const early = await phone.request.put('/api/me/wishes', {
      data: {
        month,
        wishes: [
          { date: `${month}-14`, kind: 'noEarly' },
          { date: `${month}-15`, kind: 'dayOff' },
        ],
      },
    });
    expect(early.status()).toBe(200);
    expect((await page.request.post('/api/publishing', { data: { role: 'TEST 2', month } })).status()).toBe(200);

    // The month after it: still open.
    await phone.goto(`/me?month=${next}`);
    const section = phone.getByTestId('my-wishes');
    await expect(section.getByRole('heading', { name: 'Moje życzenia' })).toBeVisible();
    await expect(section.getByTestId('wishes-used')).toHaveText('0 z 6');
    await expect(section.getByText('Nie masz jeszcze życzeń na ten miesiąc.')).toBeVisible();
    const day = new Intl.DateTimeFormat('pl', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${next}-12T00:00:00Z`));
    await section.getByLabel('Dzień', { exact: true }).selectOption({ label: day });
    await section.getByLabel('Życzenie', { exact: true }).selectOption({ label: 'Bez zmiany przed 8:00' });
    await section.getByRole('button', { name: 'Dodaj życzenie' }).click();
    await expect(section.getByTestId('my-wish')).toHaveCount(1);
    await expect(section.getByTestId('my-wish').first()).toContainText(day);
    await expect(section.getByTestId('my-wish').first()).toContainText('Bez zmiany przed 8:00');
    await expect(section.getByTestId('wishes-used')).toHaveText('1 z 6');
    await section.getByLabel('Dzień', { exact: true }).selectOption({ index: 20 });
    await section.getByLabel('Życzenie', { exact: true }).selectOption({ label: 'Dzień wolny' });
    await section.getByRole('button', { name: 'Dodaj życzenie' }).click();
    await expect(section.getByTestId('wishes-used')).toHaveText('2 z 6');
    await expect(section).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: test.info().outputPath('wishes-open-390.png'), fullPage: true });
    await section.getByRole('button', { name: `Usuń życzenie: ${day}, Bez zmiany przed 8:00` }).click();
    await expect(section.getByTestId('wishes-used')).toHaveText('1 z 6');
    await expect(section.getByTestId('my-wish')).toHaveCount(1);

    // The published month: no more changes, and each wish says whether it was met.
    await phone.goto(`/me?month=${month}`);
    await expect(section.getByText(/Grafik na ten miesiąc jest opublikowany/)).toBeVisible();
    const wishes = section.getByTestId('my-wish');
    await expect(wishes).toHaveCount(2);
    await expect(wishes.nth(0)).toContainText('niespełnione');
    await expect(wishes.nth(1)).toContainText('spełnione');
    await expect(wishes.nth(1)).not.toContainText('niespełnione');
    await expect(section.getByRole('button', { name: 'Dodaj życzenie' })).toHaveCount(0);
    await phone.screenshot({ path: test.info().outputPath('wishes-published-390.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
