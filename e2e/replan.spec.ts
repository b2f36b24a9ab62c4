// Re-planning a published month from a day (docs/replanning.md): the planner publishes a month, someone
// calls in sick (the time-off dialog), the planner re-plans from that day, reads the proposal, applies
// it, and the list of changes since publication shows every change the proposal made; publishing again
// then names who was told, and whether their calendar has fetched the change.
import { test, expect, seriousAxeViolations } from './fixtures.ts';
import type { ReplanProposal } from '../src/shared/api/replan.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('publish, a sick leave, re-plan from its first day, apply, and see every change in the list', async ({ signedInPage: page }) => {
  // Two proposals and a generation: longer than most tests on a busy machine.
  test.setTimeout(240_000);
  // A group and a month of their own (years no other test uses); a retry takes a month ten years on.
  const month = `${new Date().getUTCFullYear() + 15 + 10 * test.info().retry}-0${1 + Math.floor(Math.random() * 9)}`;
  const group = `Przeplan ${unique()}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: false, takesAirportHours: true } })).status()).toBe(201);
  const people: { id: string; firstName: string; lastName: string }[] = [];
  for (const first of ['Ala', 'Bartek', 'Celina', 'Darek']) {
    const last = `Zmienny${unique()}`;
    const res = await page.request.post('/api/employees', {
      data: { firstName: first, lastName: last, email: `${last.toLowerCase()}@example.com`, role: group },
    });
    expect(res.status()).toBe(201);
    people.push(await res.json());
  }
  const hours = await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 120, reason: 'Miesiąc testowy' } });
  expect([201, 409]).toContain(hours.status());
  for (const day of [0, 1, 2, 3, 4, 5, 6]) {
    const res = await page.request.post('/api/airport-hours', {
      data: { role: group, dayOfWeek: day, openingTime: '06:00', closingTime: '18:00', minimumStaff: 1, month },
    });
    expect(res.status()).toBe(201);
  }
  expect((await page.request.post('/api/generation', { data: { role: group, month } })).status()).toBe(200);

  // Publish it on the dashboard.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  const control = page.getByRole('region', { name: `Publikacja grafiku – ${group}` });
  await control.getByRole('button', { name: `Opublikuj grafik grupy ${group}` }).click();
  // A month with a public holiday may leave someone over the month's hours: publishing asks first then.
  const concerns = page.getByRole('dialog', { name: `Opublikować grafik grupy ${group}?` });
  const published = page.getByText(`Opublikowano grafik grupy ${group}.`);
  await expect(published.or(concerns)).toBeVisible();
  if (await concerns.isVisible()) await concerns.getByRole('button', { name: 'Opublikuj mimo to' }).click();
  await expect(published).toBeVisible();
  await expect(control.getByText('Bez poprawek od publikacji')).toBeVisible();

  // Someone who works on the 10th calls in sick for the 10th to the 12th.
  const day = `${month}-10`;
  const shifts = (await (await page.request.get(`/api/month?month=${month}`)).json()).schedules as { employeeId: string; date: string }[];
  const sick = people.find((p) => shifts.some((s) => s.employeeId === p.id && s.date === day))!;
  const sickName = `${sick.firstName} ${sick.lastName}`;
  await page.goto(`/time-off?month=${month}`);
  await page.getByRole('button', { name: 'Zgłoś urlop' }).click();
  const timeOff = page.getByRole('dialog', { name: 'Wniosek o urlop' });
  await timeOff.getByRole('combobox', { name: 'Pracownik' }).fill(sickName);
  await page.getByRole('option', { name: sickName }).click();
  await timeOff.getByLabel('Rodzaj').selectOption('sick');
  await timeOff.getByLabel('Data rozpoczęcia').fill(day);
  await timeOff.getByLabel('Data zakończenia').fill(`${month}-12`);
  await timeOff.getByRole('button', { name: 'Zgłoś urlop' }).click();
  // Saved: the dialog stays on the shifts the absence took (docs/day-of-operations.md); this planner re-plans instead.
  await expect(timeOff.getByTestId('time-off-saved')).toContainText('Nieobecność zapisana.');
  await timeOff.getByRole('button', { name: 'Gotowe' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Re-plan from the 10th: read the proposal, then cancel, which leaves nothing behind.
  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  await expect(page.locator('#root')).toHaveAttribute('data-first-screen', /taken|redrawn/);
  const dialog = page.getByRole('dialog', { name: `Przeplanuj ${group} od wybranego dnia` });
  const prepare = async () => {
    // A click while the app takes over the server's drawing of the page may be lost: asked again until the dialog opens.
    await expect(async () => {
      await page.getByRole('button', { name: `Przeplanuj od wybranego dnia – ${group}` }).click();
      await expect(dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByLabel('Od dnia').fill(day);
    await expect(dialog.getByTestId('replan-from-words')).toContainText(/^Od: \S+, 10 /);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/generation/replan') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Przygotuj propozycję' }).click();
    const answer = (await (await answered).json()) as ReplanProposal;
    await expect(dialog.getByTestId('replan-summary')).toContainText(/^Zmieni się plan \d+ os/);
    await expect(dialog.getByTestId('replan-summary')).toContainText(/pokrycie \d+(,\d)? % → \d+(,\d)? %/);
    const sickRow = dialog.getByTestId('replan-person').filter({ hasText: sickName });
    await expect(sickRow).toContainText('10 ');
    await expect(sickRow).toContainText('usunięta');
    await expect(dialog).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    return answer;
  };
  await prepare();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('replan-proposal-1440.png') });
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
  await expect(control.getByText('Bez poprawek od publikacji')).toBeVisible();

  // On a phone: the same, and applied this time.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: `Przeplanuj od wybranego dnia – ${group}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('replan-dashboard-390.png') });
  const proposal = await prepare();
  await dialog.getByRole('button', { name: 'Zastosuj' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('replan-proposal-390.png') });
  // Applying re-checks the month in one transaction: on a loaded machine that takes a while, so the
  // test waits on the answer itself, then on what the planner sees.
  const applied = page.waitForResponse((r) => r.url().endsWith('/api/generation/replan/apply') && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Zastosuj' }).click();
  expect((await applied).status()).toBe(200);
  await expect(page.getByText(/^Zastosowano propozycję: zapisano \d+ dn/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Every change of the proposal is a change since publication, listed with its person.
  const changes = proposal.people.reduce((n, p) => n + p.changes.length, 0);
  expect(changes).toBeGreaterThan(0);
  await expect(control.getByText(`Poprawki od publikacji: ${changes}`)).toBeVisible();
  await control.getByRole('button', { name: `Pokaż poprawki od publikacji – ${group}` }).click();
  const drawer = page.getByRole('dialog', { name: `Poprawki od publikacji – ${group}` });
  const rows = drawer.getByRole('table', { name: 'Poprawki od publikacji' }).locator('tbody tr');
  await expect(rows).toHaveCount(changes);
  for (const person of proposal.people) await expect(rows.filter({ hasText: person.name })).toHaveCount(person.changes.length);
  // Each says the re-plan made it.
  await expect(rows.filter({ hasText: 'przeplanowanie' })).toHaveCount(changes);
  await page.screenshot({ path: test.info().outputPath('replan-changes-1440.png') });

  // Publishing again tells each person whose plan changed; one of them has a calendar address, which
  // their phone then fetches: the list says the change reached that calendar, and whom to tell in person.
  const [withFeed, ...withoutFeed] = proposal.people;
  const feed = await page.request.post(`/api/employees/${withFeed!.employeeId}/calendar-feed`);
  expect(feed.status()).toBe(201);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await control.getByRole('button', { name: `Opublikuj ponownie grafik grupy ${group}` }).click();
  const again = page.getByRole('dialog', { name: `Opublikować grafik grupy ${group}?` });
  const told = control.getByTestId('publication-told');
  await expect(told.or(again)).toBeVisible();
  if (await again.isVisible()) await again.getByRole('button', { name: 'Opublikuj mimo to' }).click();
  await expect(told).toContainText(`Powiadomiono o zmianach: ${proposal.people.length} os`);
  expect((await page.request.get(((await feed.json()) as { path: string }).path)).status()).toBe(200);
  await told.click();
  const notices = page.getByTestId('publication-notices').getByRole('listitem');
  await expect(notices).toHaveCount(proposal.people.length);
  await expect(notices.filter({ hasText: withFeed!.name })).toContainText(`zmienione dni – ${withFeed!.changes.length}; kalendarz pobrał zmiany`);
  for (const person of withoutFeed) await expect(notices.filter({ hasText: person.name })).toContainText('bez adresu kalendarza, trzeba powiedzieć osobiście');
  await page.screenshot({ path: test.info().outputPath('replan-told-1440.png') });
});
