// "Ilu osób potrzeba?" (docs/staffing-curve.md): a planner opens the demo's Rampa group on the Coverage
// screen in a month no other spec plans, asks for the staffing curve, follows its progress and reads the
// sentence, the assumption about the extra people, and the curve with today's headcount and roster marked.
import { test, expect, seriousAxeViolations } from './fixtures.ts';

const MONTH = '2034-06';

test('the staffing curve of the demo group says how many people reach 100 % and marks today (390 and 1440 wide, axe)', async ({ signedInPage: page }) => {
  test.setTimeout(120_000);
  // Open 05:00–23:00 with three people needed all day: more than the group can cover.
  const hours = await page.request.post('/api/airport-hours/quick-setup', {
    data: { role: 'Rampa', month: MONTH, openingTime: '05:00', closingTime: '23:00', minimumStaff: 3 },
  });
  expect([201, 409]).toContain(hours.status());
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/coverage?month=${MONTH}&group=Rampa`);
    const card = page.getByRole('region', { name: 'Ilu osób potrzeba?' });
    await card.getByRole('button', { name: /Policz/ }).click();
    await expect(card.getByTestId('staffing-sentence')).toContainText(
      /^Z \d+ osob(ą|ami) (najwyżej [\d,]+ % jest możliwe; (\d+ os(oba|oby|ób) osiąg(a|ają) 100 %|nawet \d+)|100 % jest możliwe; wystarcz(y|ą) \d+ os(oba|oby|ób))/,
      {
        timeout: 90_000,
      },
    );
    await expect(card.getByText(/Dodawane osoby to pełne etaty/)).toBeVisible();
    await expect(card.getByTestId('staffing-roster')).toContainText(/Dzisiejszy grafik: [\d,]+ % przy \d+ osobach/);
    const chart = card.getByRole('img', { name: /liczba osób/ });
    await expect(chart.getByTestId('staffing-today-mark')).toContainText('dziś');
    await expect(chart.getByTestId('staffing-roster-mark')).toContainText(/grafik [\d,]+ %/);
    await expect(card.getByTestId('staffing-points').getByRole('row', { name: /\(dziś\)/ })).toBeVisible();
    // Nothing sticks out of the screen at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.screenshot({ path: `e2e/.artifacts/staffing-curve-${width}.png` });
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
});
