import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { GenerationPanel } from './GenerationPanel.tsx';

const refusal = (params: Record<string, string>) =>
  new Response(
    JSON.stringify({
      code: 'GENERATION_STALE',
      message: 'A shift of Anna Nowak on 12.11.2026 was saved while the month was being generated; nothing was replaced. Generate again.',
      params,
      requestId: 'r1',
    }),
    { status: 409, headers: { 'content-type': 'application/json' } },
  );

describe('Generate Schedule refused because the month changed during the search', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [
      'pl',
      { change: 'shift', action: 'saved', employee: 'Anna Nowak', date: '2026-11-12' },
      'Generuj grafik',
      'Podczas generowania miesiąca zapisano zmianę: Anna Nowak, 12.11.2026. Niczego nie zastąpiono – wygeneruj grafik ponownie.',
    ],
    [
      'en',
      { change: 'shift', action: 'saved', employee: 'Anna Nowak', date: '2026-11-12' },
      'Generate Schedule',
      'A shift of Anna Nowak on 11/12/2026 was saved while the month was being generated. Nothing was replaced. Generate again.',
    ],
    [
      'pl',
      { change: 'timeOff', action: 'saved', employee: 'Bea Kowalska', startDate: '2026-11-10', endDate: '2026-11-12' },
      'Generuj grafik',
      'Podczas generowania miesiąca zapisano nieobecność: Bea Kowalska, 10.11.2026–12.11.2026. Niczego nie zastąpiono – wygeneruj grafik ponownie.',
    ],
    [
      'en',
      { change: 'flights' },
      'Generate Schedule',
      "The month's flights were changed while the month was being generated. Nothing was replaced. Generate again.",
    ],
  ] as const)('in %s says what changed (%o) and reloads the month', async (language, params, button, text) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal(params));
    const { queryClient } = await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: `${button} – Rampa` }));
    expect(await screen.findByTestId('generation-error')).toHaveTextContent(text);
    // The one write; the panel also reads the group-month's last stored run, and the run's place in the queue.
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => !url.startsWith('/api/generation/runs') && url !== '/api/generation/queue')).toEqual(
      ['/api/generation'],
    );
    // The month on screen is read again, so the planner sees the save that stopped the run.
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: expect.arrayContaining(['2026-11']) }));
  });

  it('says the general sentence of the code when the change is not one the screen knows, never the English text', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal({ change: 'something new' }));
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    const error = await screen.findByTestId('generation-error');
    expect(error).toHaveTextContent('Podczas generowania ktoś zmienił dane tego miesiąca, więc nic nie zapisano.');
    expect(error).not.toHaveTextContent(/Anna Nowak|was saved/);
  });

  it('says a refusal from its code in the UI language, whatever English the server wrote', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ code: 'NO_REQUIRED_HOURS', message: 'Some English no screen knows', requestId: 'r2' }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    const error = await screen.findByTestId('generation-error');
    expect(error).toHaveTextContent('Najpierw ustaw wymagane godziny na ten miesiąc (Ustawienia).');
    expect(error).not.toHaveTextContent('Some English');
  });
});

describe('the report of a generated month', () => {
  afterEach(() => vi.restoreAllMocks());

  const answer = (report: Record<string, unknown>) =>
    new Response(
      JSON.stringify({
        runId: 'r',
        shiftCount: 40,
        seed: 1,
        strategy: 'default',
        report: {
          elapsedMs: 900,
          quality: {
            coveragePercent: 99.5,
            flightsStaffedPercent: 100,
            flightsStaffed: 40,
            flightsCounted: 40,
            shape: { startJumpsPercent: 12.5, shortShiftsPercent: 4, dobaOverlapPercent: 0.5, freeWeekendsPercent: 90 },
          },
          breaches: [],
          unstaffedFlights: [],
          warnings: [],
          ...report,
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );

  it('says the roster’s shape (Q6) in the UI language', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer({}));
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    expect(await screen.findByTestId('generation-report')).toHaveTextContent(
      'Rytm grafiku: godzina rozpoczęcia zmienia się o ponad 4 h z dnia na dzień w 12,5% przypadków, 4% zmian trwa krócej niż 6 h, 0,5% godzin zaczyna się w tej samej dobie pracowniczej co poprzednia zmiana, wolny weekend ma 90% pracowników.',
    );
  });

  it('says how much of the qualified work people holding the qualification did, naming each as the catalogue does', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/api/qualifications')
        ? new Response(
            JSON.stringify({ qualifications: [{ code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: null, holders: 2, tasks: 1 }] }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          )
        : answer({
            quality: {
              coveragePercent: 99.5,
              flightsStaffedPercent: 100,
              flightsStaffed: 40,
              flightsCounted: 40,
              qualified: { percent: 97.5, byQualification: [{ code: 'PUSHBACK', percent: 97.5 }] },
              shape: { startJumpsPercent: 12.5, shortShiftsPercent: 4, dobaOverlapPercent: 0.5, freeWeekendsPercent: 90 },
            },
          }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    const line = await screen.findByTestId('generation-qualified');
    await vi.waitFor(() => expect(line).toHaveTextContent('Praca z uprawnieniami wykonana przez uprawnionych: 97,5% (Holownik 97,5%)'));
  });

  it('says how many of the employees’ wishes the month met, and the spread between people', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      answer({
        quality: {
          coveragePercent: 100,
          flightsStaffedPercent: 100,
          flightsStaffed: 40,
          flightsCounted: 40,
          wishes: { wishes: 73, met: 64, percent: 87.67, spreadPoints: 50 },
          shape: { startJumpsPercent: 12.5, shortShiftsPercent: 4, dobaOverlapPercent: 0.5, freeWeekendsPercent: 90 },
        },
      }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    expect(await screen.findByTestId('generation-wishes')).toHaveTextContent(
      'Spełnione życzenia pracowników: 87,67% (64 z 73); różnica między osobami: 50 pkt proc.',
    );
  });

  it('says every warning and breach as a sentence in the UI language, with names and dates, never codes', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      answer({
        breaches: [{ code: 'R12', params: { employeeId: id, date: '2026-11-08', amount: 1, days: 7, from: '2026-11-02', to: '2026-11-08', max: 6 } }],
        warnings: [
          { code: 'DEMAND_ABOVE_CAPACITY', params: { demandHours: 484.75, capacityHours: 360 } },
          {
            code: 'INPUT_BREAKS_RULE',
            params: {
              rule: 'R7',
              employeeId: id,
              date: '2026-11-04',
              amount: 2,
              restHours: 9,
              requiredHours: 11,
              endDate: '2026-11-03',
              endTime: '22:00',
              startDate: '2026-11-04',
              startTime: '07:00',
            },
          },
        ],
      }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" nameOf={(e) => (e === id ? 'Anna Nowak' : undefined)} />, { language: 'pl' });
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    const report = await screen.findByTestId('generation-report');
    expect(screen.getByTestId('generation-breaches')).toHaveTextContent(
      'Anna Nowak pracuje 7 dni z rzędu, od 2 listopada 2026 do 8 listopada 2026, a dozwolone jest najwyżej 6: w każdym tygodniu należy się dzień wolny (art. 133 § 1 Kodeksu pracy).',
    );
    expect(report).toHaveTextContent(
      'Zapotrzebowanie (484,75 roboczogodzin) przekracza możliwości zespołu przy wymaganych godzinach (360 h): pełne pokrycie jest niemożliwe.',
    );
    expect(report).toHaveTextContent(
      'Same dane wejściowe (zmiany stałe, urlopy liczone jako praca) łamią zasadę: Anna Nowak odpoczywa tylko 9 h między zmianą kończącą się 3 listopada 2026 o 22:00 a zmianą od 4 listopada 2026 07:00',
    );
    expect(report.textContent).not.toMatch(/\bR\d+\b|[A-Z]{2,}_[A-Z]+|[0-9a-f]{8}-[0-9a-f]{4}|\d{4}-\d{2}-\d{2}/);
  });
});

describe('the last stored run', () => {
  afterEach(() => vi.restoreAllMocks());

  const stored = {
    runId: 'run-1',
    shiftCount: 40,
    seed: 7,
    strategy: 'default',
    createdAt: '2026-11-25T20:05:00Z',
    createdBy: 'Anna Planistka',
    report: {
      elapsedMs: 900,
      quality: {
        coveragePercent: 97.5,
        flightsStaffedPercent: 95,
        flightsStaffed: 38,
        flightsCounted: 40,
        shape: { startJumpsPercent: 0, shortShiftsPercent: 0, dobaOverlapPercent: 0, freeWeekendsPercent: 100 },
      },
      breaches: [],
      unstaffedFlights: [{ flightNumber: 'LO281', departureTime: '2026-11-03T20:05:00Z', requiredStaff: 3, shortBy: 1, reason: 'overHours' }],
      warnings: [],
    },
  };

  it('shows after coming back to the page, with its time and departures on the 24-hour clock of the airport', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ runs: [stored] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" zone="Europe/Warsaw" />, { language: 'en' });
    // One line on the group's bar; the whole report floats over the grid on demand.
    expect(await screen.findByTestId('generation-summary')).toHaveTextContent('Last run: 40 shifts; at generation 97.5% covered, unstaffed flights: 1');
    expect(screen.queryByTestId('generation-report')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Result' }));
    const report = await screen.findByTestId('generation-report');
    expect(screen.getByTestId('generation-report-when')).toHaveTextContent(/^Run on \d{1,2}\/\d{1,2}\/2026, \d{2}:05 by Anna Planistka$/);
    expect(report).toHaveTextContent('Demand covered: 97.5%');
    await userEvent.click(await screen.findByRole('button', { name: 'Show unstaffed flights' }));
    // 20:05 UTC is 21:05 in Warsaw: never "9:05 PM".
    expect(report).toHaveTextContent('LO281, Nov 3, 21:05: short by 1 of 3 (only people already at their required hours were free (overtime needed))');
    expect(report.textContent).not.toMatch(/AM|PM/);
    await userEvent.click(screen.getByRole('button', { name: 'Close the result' }));
    expect(screen.queryByTestId('generation-report')).not.toBeInTheDocument();
  });

  it('says the departure in Polish the same way', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ runs: [stored] }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" zone="Europe/Warsaw" />, { language: 'pl' });
    expect(await screen.findByTestId('generation-summary')).toHaveTextContent('Ostatni wynik: 40 zmian; przy generowaniu pokrycie 97,5%, nieobsadzone loty: 1');
    await userEvent.click(screen.getByRole('button', { name: 'Wynik' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pokaż nieobsadzone loty' }));
    expect(screen.getByTestId('generation-report')).toHaveTextContent('LO281, 3 lis, 21:05');
  });
});

describe('Clear Schedule on a published month', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what would change, and clears only after the planner agrees, saying so to the server', async () => {
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/generation/runs'))
        return new Response(JSON.stringify({ runs: [] }), { headers: { 'content-type': 'application/json' } });
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      if (!body.confirmPublished) {
        return new Response(
          JSON.stringify({
            code: 'MONTH_PUBLISHED',
            message: 'English',
            params: { action: 'clear', publishedAt: '2026-11-02T10:00:00.000Z', publishedShifts: 40, affected: 42 },
            requestId: 'r',
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response(JSON.stringify({ deleted: 42 }), { headers: { 'content-type': 'application/json' } });
    });
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Schedule – Rampa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'This month is published' });
    expect(dialog).toHaveTextContent('This month is already published (40 shifts in the published version). Clearing removes all of its current shifts (42).');
    expect(bodies).toEqual([{ role: 'Rampa', month: '2026-11' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Go on anyway' }));
    expect(await screen.findByText('The schedule of Rampa has been cleared. Shifts removed: 42')).toBeInTheDocument();
    expect(bodies).toEqual([
      { role: 'Rampa', month: '2026-11' },
      { role: 'Rampa', month: '2026-11', confirmPublished: true },
    ]);
  });
});

describe('Generate Schedule waiting in the server queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['pl', 'Generuj grafik', 'W kolejce...', 'Generowanie czeka w kolejce serwera: 2. miejsce.', 'Generowanie...'],
    ['en', 'Generate Schedule', 'Queued...', 'The generation is waiting in the server’s queue: place 2.', 'Generating...'],
  ] as const)('in %s says that it waits and its place, then that it runs', async (language, button, queued, status, running) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    let place: { state: string; position?: number } = { state: 'waiting', position: 2 };
    let answer: (r: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/generation/queue') return json(place);
      if (url.startsWith('/api/generation/runs')) return json({ runs: [] });
      if (url === '/api/generation') return new Promise<Response>((resolve) => (answer = resolve));
      return json({});
    });
    await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language });
    await userEvent.click(screen.getByRole('button', { name: `${button} – Rampa` }));
    expect(await screen.findByTestId('generation-queued')).toHaveTextContent(status);
    expect(screen.getByRole('button', { name: `${queued} – Rampa` })).toBeDisabled();
    place = { state: 'running' };
    expect(await screen.findByRole('button', { name: `${running} – Rampa` }, { timeout: 3000 })).toBeDisabled();
    expect(screen.queryByTestId('generation-queued')).toBeNull();
    answer(json({ runId: 'r1', shiftCount: 3, seed: 1, strategy: 'default', report: { elapsedMs: 10, breaches: [], unstaffedFlights: [], warnings: [] } }));
    expect(await screen.findByRole('button', { name: `${button} – Rampa` })).toBeEnabled();
  });
});

describe('Generate Schedule on a month that already has shifts', () => {
  afterEach(() => vi.restoreAllMocks());
  const shiftOf = (employeeId: string, date: string, source: 'manual' | 'generated') => ({
    id: `${employeeId}-${date}`,
    employeeId,
    date,
    startTime: '06:00',
    endTime: '14:00',
    endDate: date,
    totalHours: 8,
    version: 1,
    source,
  });
  const month = {
    month: '2026-11',
    requiredHours: 160,
    settings: {
      timeIncrement: 'half',
      minRestHours: 11,
      weeklyHours: 40,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
      timeZone: 'Europe/Warsaw',
    },
    groups: [
      { name: 'Rampa', position: 1, takesFlights: true, employees: [{ id: 'a', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 }] },
      { name: 'PAX/INFO', position: 2, takesFlights: true, employees: [{ id: 'b', firstName: 'Jan', lastName: 'Lis', requiredHours: 160 }] },
    ],
    // Rampa: three generated shifts and one entered by hand; PAX/INFO's shift is another group's.
    schedules: [
      shiftOf('a', '2026-11-02', 'generated'),
      shiftOf('a', '2026-11-03', 'generated'),
      shiftOf('a', '2026-11-04', 'generated'),
      shiftOf('a', '2026-11-05', 'manual'),
      shiftOf('b', '2026-11-02', 'generated'),
    ],
    overnightIn: [],
    timeOff: [],
    events: [],
    totals: {},
  };

  it('asks first, saying how many shifts are replaced and how many entered by hand are kept, and generates only when confirmed', async () => {
    const posts: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') posts.push(String(url));
      return new Response(JSON.stringify({ runs: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { queryClient } = await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'pl' });
    queryClient.setQueryData(['month', '2026-11'], month);
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wygenerować grafik grupy Rampa od nowa?' });
    expect(within(dialog).getByTestId('generation-replace')).toHaveTextContent(
      'Generowanie zastąpi 3 zmiany ułożone wcześniej przez generator. Zmiany wpisane ręcznie zostaną zachowane: 1.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Generuj grafik – Rampa' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generuj' }));
    await vi.waitFor(() => expect(posts).toEqual(['/api/generation']));
  });

  it('generates at once when the group has no generated shift to replace', async () => {
    const posts: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') posts.push(String(url));
      return new Response(JSON.stringify({ runs: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const { queryClient } = await renderWithApp(<GenerationPanel group="Rampa" month="2026-11" />, { language: 'en' });
    queryClient.setQueryData(['month', '2026-11'], { ...month, schedules: [shiftOf('a', '2026-11-05', 'manual'), shiftOf('b', '2026-11-02', 'generated')] });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Schedule – Rampa' }));
    await vi.waitFor(() => expect(posts).toEqual(['/api/generation']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
