// A refusal of the server reaches the planner in Polish, built from the answer's code and params: the
// English message is for API users and logs, and here it says something no text matcher would know.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { EmployeeFormModal } from './EmployeeFormModal.tsx';

const GROUPS = [{ id: 2, name: 'Rampa', takesFlights: true, takesAirportHours: true, position: 1, employeeCount: 3, version: 1 }];
const UNKNOWN_ENGLISH = 'Totally new English wording the browser has never seen';

function answer(status: number, body: Record<string, unknown>) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ...body, requestId: 'req-1' }), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

async function submitValidEmployee() {
  await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} fixedGroup="Rampa" />, { language: 'pl' });
  await userEvent.type(screen.getByLabelText(/^Imię/), 'Anna');
  await userEvent.type(screen.getByLabelText(/^Nazwisko/), 'Nowak');
  await userEvent.type(screen.getByLabelText(/^E-mail/), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Dodaj pracownika' }));
}

describe('the employee form says the server’s refusals in Polish, from their code', () => {
  it('a refused field: on the field and in the box, from the issue and its limit', async () => {
    const fetch = answer(400, {
      code: 'BAD_REQUEST',
      message: `firstName: ${UNKNOWN_ENGLISH}`,
      field: 'firstName',
      params: { field: 'firstName', issue: 'too_big', maximum: 100, origin: 'string' },
    });
    await submitValidEmployee();
    expect(await screen.findByText('Tekst jest za długi (maksymalnie 100 znaków)')).toBeInTheDocument();
    expect(screen.getByText('Nie udało się zapisać pracownika: Imię: najwyżej 100 znaków')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.body.textContent).not.toContain(UNKNOWN_ENGLISH);
  });

  it("a schema's own rule: the email rule by its name", async () => {
    answer(400, { code: 'BAD_REQUEST', message: UNKNOWN_ENGLISH, field: 'data.email', params: { field: 'data.email', issue: 'custom', rule: 'email' } });
    await submitValidEmployee();
    expect(await screen.findByText('Podaj adres e-mail, np. imie@example.com')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(UNKNOWN_ENGLISH);
  });

  it('a refusal that is not about a field: by its code alone', async () => {
    answer(507, { code: 'DISK_FULL', message: UNKNOWN_ENGLISH });
    await submitValidEmployee();
    expect(
      await screen.findByText(
        'Nie udało się zapisać pracownika: Dysk serwera jest pełny, więc zmiana nie została zapisana. Poproś administratora o zwolnienie miejsca.',
      ),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(UNKNOWN_ENGLISH);
  });

  it('a code the browser does not know: a general sentence with the status, never the English text', async () => {
    answer(418, { code: 'SOMETHING_NEW', message: UNKNOWN_ENGLISH });
    await submitValidEmployee();
    expect(await screen.findByText('Nie udało się zapisać pracownika: Serwer odrzucił żądanie (błąd 418).')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(UNKNOWN_ENGLISH);
    expect(document.body.textContent).not.toContain('SOMETHING_NEW');
  });

  it('checks the form in Polish before sending, from the zod issues', async () => {
    const fetch = answer(500, { code: 'INTERNAL', message: 'never sent' });
    await renderWithApp(<EmployeeFormModal onClose={() => {}} groups={GROUPS} fixedGroup="Rampa" />, { language: 'pl' });
    await userEvent.type(screen.getByLabelText(/^Imię/), 'x'.repeat(101));
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'anna.example.com');
    await userEvent.type(screen.getByLabelText(/^Telefon/), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj pracownika' }));
    expect(await screen.findByText('Tekst jest za długi (maksymalnie 100 znaków)')).toBeInTheDocument();
    expect(screen.getByText('To pole jest wymagane')).toBeInTheDocument();
    expect(screen.getByText('Podaj adres e-mail, np. imie@example.com')).toBeInTheDocument();
    expect(screen.getByText('Podaj numer telefonu: cyfry, spacje, +, -, nawiasy')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
