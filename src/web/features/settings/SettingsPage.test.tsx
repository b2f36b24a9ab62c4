import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const STORED = {
  id: 1,
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  partTimeOvertimeHours: 0,
  fullTimeOvertimeHours: null,
  timeZone: 'Europe/Warsaw',
  stationCode: 'WRO',
  showColleagues: false,
  maxWishesPerMonth: 6,
  version: 3,
};

/** The stored settings for /settings, no monthly hours for /monthly-hours. */
const read = (url: string) => answer(200, url.includes('/monthly-hours') ? [] : STORED);

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('settings screen', () => {
  it('shows the missing state and the load error toast, said in Polish from the answer’s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, { code: 'DATABASE_UNAVAILABLE', message: 'Database is down' })),
    );
    await renderWithApp(<SettingsPage />, { route: '/settings', language: 'pl' });
    expect(await screen.findByText('Nie znaleziono ustawień')).toBeInTheDocument();
    expect(await screen.findByText('Nie udało się załadować ustawień: Baza danych jest chwilowo niedostępna. Spróbuj ponownie za chwilę.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Database is down');
    expect(screen.getByText('Grafik v1.4.0')).toBeInTheDocument();
  });

  it('shows the loading text, then the stored values', async () => {
    let resolve: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => (url.includes('/monthly-hours') ? Promise.resolve(read(url)) : new Promise<Response>((r) => (resolve = r)))),
    );
    await renderWithApp(<SettingsPage />, { route: '/settings', language: 'pl' });
    expect(screen.getByText('Ładowanie ustawień...')).toBeInTheDocument();
    resolve(answer(200, STORED));
    expect(await screen.findByRole('tab', { name: 'Ustawienia ogólne', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Maksymalna liczba godzin pracy tygodniowo' })).toHaveValue('40');
  });

  it('sends nothing when the weekly hours are empty, and says so', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => read(url));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<SettingsPage />, { route: '/settings', language: 'pl' });
    const weekly = await screen.findByRole('textbox', { name: 'Maksymalna liczba godzin pracy tygodniowo' });
    await userEvent.clear(weekly);
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(await screen.findByText('Nieprawidłowa wartość dla maksymalnej liczby godzin pracy tygodniowo')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });

  it('sends the values with the version it was based on, and toasts the saved weekly hours', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? answer(200, { ...STORED, ...JSON.parse(String(init.body)), version: 4 }) : read(url),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<SettingsPage />, { route: '/settings', language: 'en' });
    const weekly = await screen.findByRole('textbox', { name: 'Maximum working hours per week' });
    await userEvent.clear(weekly);
    await userEvent.type(weekly, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved. Maximum working hours per week: 45')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      timeIncrement: 'half',
      minRestHours: 11,
      weeklyHours: 45,
      minShiftHours: 4,
      weeklyRestHours: 35,
      maxConsecutiveDays: 6,
      partTimeOvertimeHours: 0,
      fullTimeOvertimeHours: null,
      timeZone: 'Europe/Warsaw',
      stationCode: 'WRO',
      showColleagues: false,
      maxWishesPerMonth: 6,
      version: 3,
    });
  });

  it('changes the weekly rest and the run of working days, with their help texts, and refuses values out of bounds', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? answer(200, { ...STORED, ...JSON.parse(String(init.body)), version: 4 }) : read(url),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<SettingsPage />, { route: '/settings', language: 'pl' });
    const rest = await screen.findByRole('textbox', { name: 'Nieprzerwany odpoczynek w każdym tygodniu (godziny)' });
    const days = screen.getByRole('textbox', { name: 'Najwięcej dni pracy z rzędu' });
    expect(rest).toHaveValue('35');
    expect(days).toHaveValue('6');
    expect(screen.getByText(/Kodeks pracy \(art\. 133 § 1\) wymaga co najmniej 35 godzin/)).toBeInTheDocument();
    expect(screen.getByText(/Zalecane: 6 dni, aby w każdym tygodniu był dzień wolny\. Dozwolone od 0 do 14; 0 wyłącza tę zasadę\./)).toBeInTheDocument();
    await userEvent.clear(days);
    await userEvent.type(days, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(await screen.findByText('Podaj liczbę od 0 do 14')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.clear(rest);
    await userEvent.type(rest, '24');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    expect(await screen.findByText('Ustawienia zostały zapisane. Maksymalna liczba godzin tygodniowo: 40')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ weeklyRestHours: 24, maxConsecutiveDays: 0 });
  });
});

describe('the required hours of a month', () => {
  it('names the month in the genitive after "dla" in Polish, as it is in English', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => read(url)),
    );
    await renderWithApp(<SettingsPage />, { route: '/settings?tab=monthly&month=2026-12', language: 'pl' });
    // "dla grudnia 2026", never "dla Grudzień 2026".
    expect(await screen.findByText('Brak ustawionych godzin pracy dla grudnia 2026')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/dla [Gg]rudzień/);
  });

  it('names the month in English unchanged', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => read(url)),
    );
    await renderWithApp(<SettingsPage />, { route: '/settings?tab=monthly&month=2026-12', language: 'en' });
    expect(await screen.findByText('No working hours set for December 2026')).toBeInTheDocument();
  });

  it('names the stored month in the genitive on its delete button', async () => {
    const row = { id: 'm1', month: '2026-02', requiredHours: 160, createdAt: '2026-01-10T10:00:00Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/monthly-hours') ? answer(200, [row]) : answer(200, STORED))),
    );
    await renderWithApp(<SettingsPage />, { route: '/settings?tab=monthly&month=2026-02', language: 'pl' });
    expect(await screen.findByRole('button', { name: 'Usuń godziny pracy dla lutego 2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Luty 2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '160 godzin' })).toBeInTheDocument();
  });
});
