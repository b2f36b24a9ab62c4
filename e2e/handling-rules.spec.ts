// The work a flight really creates and who may do it (docs/handling-rules.md): a planner adds a
// qualification and a handling rule whose task needs it, sees the task short for want of a licensed
// person, gives one person the licence, generates and sees the task staffed; then lets the licence run
// out in the middle of the month and sees the dashboard's warning and the flight short again.
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

test('a licensed task: short without a holder, staffed once someone holds it, short again after it runs out', async ({ signedInPage: page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  // A month of its own far ahead, a group of its own open 06:00–20:00, three people and one ATR 72 departure.
  const month = `${2050 + Math.floor(Math.random() * 30)}-0${1 + Math.floor(Math.random() * 9)}`;
  expect([201, 409]).toContain((await page.request.post('/api/monthly-hours', { data: { month, requiredHours: 160, reason: 'Miesiąc testowy' } })).status());
  const tag = unique();
  const group = `E2E Płyta ${tag}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights: true, takesAirportHours: true } })).status()).toBe(201);
  const hours = await page.request.post('/api/airport-hours/quick-setup', {
    data: { role: group, month, openingTime: '06:00', closingTime: '20:00', minimumStaff: 1 },
  });
  expect(hours.status()).toBe(201);
  const people = ['Alicja', 'Bogdan', 'Celina'].map((first) => ({ first, last: `Płyta${tag}${first.slice(0, 1)}` }));
  for (const p of people) {
    const made = await page.request.post('/api/employees', {
      data: { firstName: p.first, lastName: p.last, email: `${p.last.toLowerCase()}@example.com`, role: group },
    });
    expect(made.status()).toBe(201);
  }
  // The rule names this flight's number too, so a rule another run left in the same database covers other flights.
  const flightNumber = `ZZ${Math.floor(1000 + Math.random() * 9000)}`;
  const flight = await page.request.post('/api/flights', {
    data: { flightNumber, departureTime: `${month}-16T12:00`, aircraftType: 'AT76', requiredStaff: { [group]: 1 } },
  });
  expect(flight.status()).toBe(201);

  // The qualification, added on its screen.
  const code = `MARS${tag
    .slice(0, 4)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')}`;
  const name = `Naprowadzanie ${tag}`;
  await page.goto('/employees');
  await page.getByRole('link', { name: 'Kwalifikacje' }).click();
  await expect(page).toHaveURL(/\/employees\/qualifications$/);
  await page.getByRole('button', { name: 'Dodaj kwalifikację' }).click();
  const added = page.getByRole('dialog', { name: 'Nowa kwalifikacja' });
  await added.getByLabel('Kod').fill(code);
  await added.getByLabel('Nazwa po polsku').fill(name);
  await added.getByLabel('Nazwa po angielsku').fill(`Marshalling ${tag}`);
  await added.getByRole('button', { name: 'Dodaj kwalifikację' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // The rule: an ATR 72's marshalling, 20 to 5 minutes before departure, by one person holding the licence.
  await page.goto('/flights/handling-rules');
  await page.getByRole('button', { name: 'Dodaj zasadę' }).click();
  const rules = page.getByTestId('handling-rule');
  const n = await rules.count();
  const rule = rules.nth(n - 1);
  await rule.getByLabel(`Samolot (zasada ${n})`).selectOption('type');
  await rule.getByLabel(`Kod typu (zasada ${n})`).fill('AT76');
  await rule.getByLabel(`Linia lub początek numeru lotu (zasada ${n})`).fill(flightNumber);
  await rule.getByLabel(`Ruch (zasada ${n})`).selectOption('departure');
  const cell = (column: string) => rule.getByLabel(`${column} – zadanie 1, zasada ${n}`);
  await cell('Zadanie').fill('naprowadzanie');
  await cell('Grupa').selectOption(group);
  await cell('Kwalifikacja').selectOption(code);
  await cell('Początek (min)').fill('-20');
  await cell('Koniec (min)').fill('-5');
  await expect(rule).toContainText('20 min przed odlotem – 5 min przed odlotem');
  await page.getByRole('button', { name: 'Zapisz zasady' }).click();
  await expect(page.getByText('Zapisano zasady obsługi.')).toBeVisible();

  // The Flight Schedule says where the flight's work comes from.
  await page.goto(`/flights?month=${month}`);
  await page.getByRole('button', { name: `Pokaż zadania lotu ${flightNumber}` }).click();
  await expect(page.getByText(new RegExp(`zasada ${n}: AT76 \\+ ${flightNumber} \\+ odlot`))).toBeVisible();

  // Generated with nobody licensed: the task is short, and the Coverage screen says why in words.
  const generate = async () => {
    await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: new RegExp(group) }) });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/generation') && r.request().method() === 'POST', { timeout: 90_000 });
    await section.getByRole('button', { name: /^Generuj grafik/ }).click();
    // A month generated before asks first; the question comes once the panel has counted its shifts.
    const again = page.getByRole('dialog', { name: `Wygenerować grafik grupy ${group} od nowa?` });
    const first = await Promise.race([
      again
        .waitFor({ state: 'visible', timeout: 90_000 })
        .then(() => 'question' as const)
        .catch(() => 'answer' as const),
      answered.then(() => 'answer' as const),
    ]);
    if (first === 'question') await again.getByRole('button', { name: 'Generuj' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('Grafik został wygenerowany')).toBeVisible({ timeout: 30_000 });
  };
  await generate();
  const coverage = `/coverage?month=${month}&group=${encodeURIComponent(group)}`;
  const gap = `Nikt z uprawnieniem „${name}” nie był na zmianie do tego zadania w godzinach 11:40–11:55.`;
  await page.goto(coverage);
  const shortRow = page.getByTestId('short-flights').getByRole('row', { name: new RegExp(flightNumber) });
  await expect(shortRow).toContainText(gap);
  await expect(page.getByTestId('coverage-qualified')).toContainText('praca z uprawnieniami: 0 %');

  // Alicja gets the licence on the Employees screen; the month is generated again and the task is staffed.
  const alicja = `${people[0]!.first} ${people[0]!.last}`;
  await page.goto(`/employees?group=${encodeURIComponent(group)}`);
  await page.getByRole('button', { name: `Więcej: ${alicja}` }).click();
  await page.getByRole('menuitem', { name: 'Kwalifikacje' }).click();
  const editor = page.getByRole('dialog', { name: `Kwalifikacje – ${alicja}` });
  await editor.getByRole('button', { name: 'Dodaj kwalifikację' }).click();
  await editor.getByLabel('Kwalifikacja 1').click();
  await page.getByRole('option', { name }).click();
  await editor.getByRole('button', { name: 'Zapisz kwalifikacje' }).click();
  await expect(page.getByRole('list', { name: `Kwalifikacje: ${alicja}` })).toContainText(name);

  await generate();
  await page.goto(coverage);
  await expect(page.getByTestId('coverage-qualified')).toContainText('praca z uprawnieniami: 100 %');
  await expect(page.getByTestId('short-flights')).toHaveCount(0);
  await page.goto(`/coverage/day?date=${month}-16&group=${encodeURIComponent(group)}`);
  const tasks = page.getByTestId('day-flights').getByRole('row', { name: new RegExp(flightNumber) });
  await expect(tasks).toContainText(`naprowadzanie 11:40–11:55: 1 z 1 · wymaga: ${name}`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The licence runs out on the 15th: the dashboard says who loses it from when, and the flight is short again.
  await page.goto(`/employees?group=${encodeURIComponent(group)}`);
  await page.getByRole('button', { name: `Więcej: ${alicja}` }).click();
  await page.getByRole('menuitem', { name: 'Kwalifikacje' }).click();
  await editor.getByLabel(`Ważna do (${name})`).fill(`${month}-15`);
  await editor.getByRole('button', { name: 'Zapisz kwalifikacje' }).click();
  await expect(editor).toBeHidden();

  await page.goto(`/?month=${month}&group=${encodeURIComponent(group)}`);
  await expect(page.getByText('W tym miesiącu 1 osoba traci kwalifikację.')).toBeVisible();
  await page.getByRole('button', { name: 'Pokaż kto' }).click();
  await expect(page.getByText(new RegExp(`${alicja} traci uprawnienie ${name} od 16`))).toBeVisible();
  await page.goto(coverage);
  await expect(page.getByTestId('short-flights').getByRole('row', { name: new RegExp(flightNumber) })).toContainText(gap);
});
