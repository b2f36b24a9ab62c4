// Part-time contracts on the Employees screen (docs/decisions/0010-part-time-hours.md): the list says
// each employee's working time in the planner's words, and the form sends the share and own hours.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from '../../i18n/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { Employee } from '../../../shared/api/employees.ts';
import { EmployeeFormModal } from './EmployeeFormModal.tsx';
import { EmployeesPage } from './EmployeesPage.tsx';
import { workingTimeLabel } from './working-time.ts';

const GROUPS = [{ id: 2, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3, version: 1 }];
const person = (over: Partial<Employee>): Employee => ({
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  phoneNumber: null,
  role: 'Rampa',
  workingTimeFraction: 1,
  monthlyHours: null,
  version: 1,
  ...over,
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sentBody = (fetch: ReturnType<typeof answer>) => JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as Record<string, unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('working time in words', () => {
  const cases: [number, number | null, string, string][] = [
    [1, null, 'pełny etat', 'full time'],
    [0.5, null, '½ etatu', 'half time'],
    [0.75, null, '¾ etatu', 'three-quarter time'],
    [0.333, null, '⅓ etatu', 'one-third time'],
    [0.55, null, '0,55 etatu', '0.55 of full time'],
    [0.5, 120, '120 h miesięcznie', '120 h a month'],
  ];
  it.each(cases)('%s of full time with own hours %s: "%s", "%s"', (fraction, hours, pl, en) => {
    const terms = { workingTimeFraction: fraction, monthlyHours: hours };
    expect(workingTimeLabel(terms, i18n.getFixedT('pl', 'employees'), 'pl')).toBe(pl);
    expect(workingTimeLabel(terms, i18n.getFixedT('en', 'employees'), 'en')).toBe(en);
  });
});

describe('the employee form', () => {
  async function fillPerson() {
    await userEvent.type(screen.getByLabelText(/^Imię/), 'Anna');
    await userEvent.type(screen.getByLabelText(/^Nazwisko/), 'Nowak');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
  }

  it('starts at full time and sends half time chosen from the list, with no own hours', async () => {
    const fetch = answer(201, person({ workingTimeFraction: 0.5 }));
    await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} fixedGroup="Rampa" />, { language: 'pl' });
    const share = screen.getByLabelText('Wymiar etatu') as HTMLSelectElement;
    expect(share.value).toBe('1');
    expect(screen.getByText(/razy wymiar etatu, np\. ½ etatu przy 168 h to 84 h/)).toBeInTheDocument();
    await fillPerson();
    await userEvent.selectOptions(share, '½ etatu');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj pracownika' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch)).toMatchObject({ firstName: 'Anna', workingTimeFraction: 0.5, monthlyHours: null });
  });

  it('sends own monthly hours, and another share typed in', async () => {
    const fetch = answer(201, person({ workingTimeFraction: 0.55, monthlyHours: 90 }));
    await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} fixedGroup="Rampa" />, { language: 'en' });
    await userEvent.type(screen.getByLabelText(/^First name/), 'Anna');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Nowak');
    await userEvent.type(screen.getByLabelText(/^Email/), 'anna@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Working time'), 'Another share…');
    await userEvent.type(screen.getByLabelText(/^Share of full time/), '0.55');
    await userEvent.type(screen.getByLabelText('Own monthly hours'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch)).toMatchObject({ workingTimeFraction: 0.55, monthlyHours: 90 });
  });

  it('refuses an empty other share in Polish before sending', async () => {
    const fetch = answer(500, { code: 'INTERNAL', message: 'never sent' });
    await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} fixedGroup="Rampa" />, { language: 'pl' });
    await fillPerson();
    await userEvent.selectOptions(screen.getByLabelText('Wymiar etatu'), 'Inny wymiar…');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj pracownika' }));
    expect(await screen.findByText('Podaj część etatu od 0,05 do 1, np. 0,5 dla ½ etatu')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens an employee on another share with it filled in, and their own hours', async () => {
    answer(200, {});
    await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} employee={person({ workingTimeFraction: 0.55, monthlyHours: 100 })} />, {
      language: 'pl',
    });
    expect((screen.getByLabelText('Wymiar etatu') as HTMLSelectElement).value).toBe('other');
    expect(screen.getByLabelText(/^Część pełnego etatu/)).toHaveValue('0,55');
    expect(screen.getByLabelText('Własne godziny w miesiącu')).toHaveValue('100');
  });
});

describe('the group’s list', () => {
  it('shows each employee’s working time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.includes('/staff-groups')
          ? GROUPS
          : url.includes('/employees')
            ? [person({}), person({ id: '22222222-2222-4222-8222-222222222222', firstName: 'Jan', lastName: 'Lis', workingTimeFraction: 0.5 })]
            : { user: { id: 'u1', email: 'p@example.com', role: 'user' }, session: { id: 's1' } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    await renderWithApp(<EmployeesPage />, { route: '/employees?group=Rampa', language: 'pl' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('columnheader', { name: 'Etat' })).toBeInTheDocument();
    const jan = within(table).getByText('Jan Lis').closest('tr')!;
    expect(within(jan).getByText('½ etatu')).toBeInTheDocument();
    expect(within(within(table).getByText('Anna Nowak').closest('tr')!).getByText('pełny etat')).toBeInTheDocument();
  });
});
