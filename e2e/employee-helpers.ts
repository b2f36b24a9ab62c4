// Steps shared by the specs of employees' own accounts: a phone's viewport, a name no other test takes,
// an employee a planner creates and invites, and the invitation link taken in the employee's browser.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const PHONE = { width: 390, height: 844 };

/** Six letters no other run of the suite is likely to take (names refuse digits). */
export const unique = () =>
  Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);

/** An employee of the group, created and invited by the planner as the Employees screen does; the invitation link's path. */
export async function invitedEmployee(planner: Page, firstName: string, lastName: string, group = 'TEST 2') {
  const email = `${lastName.toLowerCase()}@example.com`;
  const created = await planner.request.post('/api/employees', { data: { firstName, lastName, email, role: group } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invited = await planner.request.post(`/api/employees/${id}/account`, { data: {} });
  expect(invited.status(), await invited.text()).toBe(201);
  const { path } = (await invited.json()) as { path: string };
  return { id, email, name: `${firstName} ${lastName}`, path };
}

/** Opens the invitation link in the employee's browser, chooses the password and lands on their own page. */
export async function acceptInvitation(phone: Page, path: string, password: string) {
  await phone.goto(path);
  await phone.getByLabel('Nowe hasło').fill(password);
  await phone.getByLabel('Powtórz hasło').fill(password);
  await phone.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }).click();
  await expect(phone.getByRole('heading', { name: 'Mój grafik' })).toBeVisible();
}
