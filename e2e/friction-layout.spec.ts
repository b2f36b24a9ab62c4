// The compact grid at 1440 × 900: a shift's times are never clipped ("4:30–12:30" shows every digit),
// the coverage strip's 31 tiles sit on one row, and the generation result box leaves the names in
// sight. The phone (390 × 844) draws the same month. Moving to another screen marks its tab and shows
// its frame at once. Screenshots go to the results folder.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const MONTH = '2031-01';
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;

async function makeGroup(page: Page, takesFlights: boolean, name = 'E2E Układ') {
  const group = `${name} ${unique()}`;
  expect((await page.request.post('/api/staff-groups', { data: { name: group, takesFlights, takesAirportHours: takesFlights } })).status()).toBe(201);
  const r = await page.request.post('/api/employees', {
    data: { firstName: 'Anna', lastName: 'Długa', email: `dluga.${unique()}@example.com`, phoneNumber: null, role: group },
  });
  expect(r.status()).toBe(201);
  return { group, id: ((await r.json()) as { id: string }).id };
}

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the compact grid shows every digit of a shift and the strip’s 31 days on one row', async ({ signedInPage: page }) => {
    const { group, id } = await makeGroup(page, true);
    const shifts: [number, string, string, string?][] = [
      [2, '04:30', '12:30'],
      [3, '14:30', '22:30'],
      [5, '22:30', '06:30', day(6)],
      [31, '04:30', '12:30'],
    ];
    for (const [d, startTime, endTime, endDate] of shifts) {
      const res = await page.request.put('/api/schedules', { data: { employeeId: id, date: day(d), startTime, endTime, ...(endDate ? { endDate } : {}) } });
      expect(res.status()).toBe(201);
    }
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
    await expect(grid).toBeVisible();
    await expect(page.getByTestId('density').getByRole('radio', { name: 'Zwarta' })).toBeChecked();
    const badge = (d: number) => grid.locator(`td[data-emp="${id}"][data-date="${day(d)}"] [data-badge="shift"]`);
    await expect(badge(2)).toHaveText('4:30–12:30');
    await expect(badge(5)).toHaveText('22:30–6:30 +1');
    for (const d of [2, 3, 5, 31]) {
      // Nothing of the text is cut off: it fits the badge across and down.
      const fit = await badge(d).evaluate((el) => ({ w: el.scrollWidth - el.clientWidth, h: el.scrollHeight - el.clientHeight }));
      expect(fit, `day ${d}`).toEqual({ w: 0, h: 0 });
    }
    // Each piece of the text is drawn whole inside the badge.
    const inside = await badge(2).evaluate((el) => {
      const outer = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].every(
        (r) => r.left >= outer.left - 0.5 && r.right <= outer.right + 0.5 && r.top >= outer.top - 0.5 && r.bottom <= outer.bottom + 0.5,
      );
    });
    expect(inside).toBe(true);

    await page.screenshot({ path: test.info().outputPath('compact-1440.png') });

    // The coverage strips, the dashboard's and the Coverage screen's: 31 tiles on one row.
    for (const where of ['dashboard', 'coverage'] as const) {
      if (where === 'coverage') await page.goto(`/coverage?month=${MONTH}&group=${encodeURIComponent(group)}`);
      const tiles = page.getByTestId('day-strip').first().locator('li');
      await expect(tiles).toHaveCount(31);
      const tops = await tiles.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${where}: rows at ${[...new Set(tops)].join(', ')}`).toBe(1);
    }
    await page.screenshot({ path: test.info().outputPath('coverage-1440.png') });
  });

  test('the generation result box opens under its button, leaving the names column in sight', async ({ signedInPage: page }) => {
    // A generation on a machine shared with other work may take a while.
    test.slow();
    // A long name wraps the group's line, as the demo's groups do with a published month.
    const { group } = await makeGroup(page, false, 'E2E Zespół obsługi płyty postojowej i bagażu');
    const hours = await page.request.post('/api/monthly-hours', { data: { month: MONTH, requiredHours: 160, reason: 'Miesiąc testowy' } });
    expect([201, 409]).toContain(hours.status());
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    const grid = page.getByRole('grid', { name: `Grafik grupy ${group}` });
    await expect(grid).toBeVisible();
    await page.getByRole('button', { name: `Generuj grafik – ${group}` }).click();
    // The report opens by itself when the run ends (a click on "Wynik" would close it again).
    const report = page.getByTestId('generation-report');
    await expect(report).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('generation-summary').getByRole('button', { name: 'Wynik' })).toHaveAttribute('aria-expanded', 'true');
    const names = (await page.locator('th', { hasText: 'Pracownik' }).first().boundingBox({ timeout: 10_000 }))!;
    const box = (await report.boundingBox())!;
    expect(box.x, 'the report starts right of the names column').toBeGreaterThanOrEqual(names.x + names.width);
    await page.screenshot({ path: test.info().outputPath('generation-report-1440.png') });
  });
});

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone’s day list shows the whole shift', async ({ signedInPage: page }) => {
    const { group, id } = await makeGroup(page, false);
    expect((await page.request.put('/api/schedules', { data: { employeeId: id, date: day(2), startTime: '14:30', endTime: '22:30' } })).status()).toBe(201);
    expect(
      (await page.request.put('/api/schedules', { data: { employeeId: id, date: day(1), startTime: '22:30', endTime: '06:30', endDate: day(2) } })).status(),
    ).toBe(201);
    await page.goto(`/?month=${MONTH}&group=${encodeURIComponent(group)}`);
    await expect(page.getByText(/^22:30–06:30/).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-390.png') });
  });
});

test.describe('moving between screens', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('marks the new tab and shows the new screen’s frame at once while its code is on its way', async ({ signedInPage: page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Grafik pracy', level: 1 })).toBeVisible();
    // The Flights screen's code takes 3 s to arrive.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/FlightsPage[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Nawigacja główna' }).first();
    await nav.getByRole('link', { name: 'Loty' }).click();
    await expect(nav.getByRole('link', { name: 'Loty' })).toHaveAttribute('aria-current', 'page', { timeout: 1000 });
    await expect(nav.getByRole('link', { name: 'Pulpit' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('screen-frame').getByRole('heading', { name: 'Loty', level: 1 })).toBeVisible({ timeout: 1000 });
    await page.screenshot({ path: test.info().outputPath('flights-frame.png') });
    release();
    await expect(page.getByTestId('screen-frame')).toHaveCount(0, { timeout: 15_000 });
    await expect(nav.getByRole('link', { name: 'Loty' })).toHaveAttribute('aria-current', 'page');
  });
});
