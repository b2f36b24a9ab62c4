import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { renderWithApp } from '../../test/render.tsx';
import type { MonthData } from '../../../shared/api/schedule.ts';
import { cellLabel, indexMonth, shortShift, totalsState } from './model.ts';
import { Totals } from './grid/cells/Totals.tsx';
import { ScheduleModal } from './modals/ScheduleModal.tsx';
import { dashboard } from './i18n.ts';
import { EDIT_RULES } from '../../../engine/rules.ts';

function TotalsProbe({ total, required }: { total: number; required: number | null }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <div data-testid="totals">
      <Totals total={total} required={required} t={t} language={i18n.resolvedLanguage ?? 'pl'} />
    </div>
  );
}

describe('the Total Hours cell', () => {
  it.each([
    // Polish writes a decimal comma: "160,00 / 160 h", never "160.00".
    ['pl', 150.5, 160, '150,50 / 160 hPozostało: 9,50 h'],
    ['pl', 168, 160, '168,00 / 160 hNadwyżka: 8,00 h'],
    ['pl', 160, 160, '160,00 / 160 hWymóg spełniony!'],
    ['pl', 42.25, null, '42,25 h'],
    ['pl', 2930.75, 120.5, '2930,75 / 120,5 hNadwyżka: 2810,25 h'],
    ['en', 150.5, 160, '150.50 / 160 hRemaining: 9.50 h'],
    ['en', 168, 160, '168.00 / 160 hSurplus: 8.00 h'],
    ['en', 160, 160, '160.00 / 160 hRequirement met!'],
    ['en', 0, null, '0.00 h'],
    ['en', 2930.75, 120.5, '2,930.75 / 120.5 hSurplus: 2,810.25 h'],
  ] as const)('in %s shows %s of %s as "%s"', async (language, total, required, text) => {
    await renderWithApp(<TotalsProbe total={total} required={required} />, { language });
    expect(screen.getByTestId('totals')).toHaveTextContent(text);
  });

  it('treats a sum that rounds to the requirement as met', () => {
    expect(totalsState(0.1 + 0.2 + 159.7, 160, 'en').kind).toBe('met');
    expect(totalsState(159.99, 160, 'en')).toMatchObject({ kind: 'remaining', hours: '0.01' });
    expect(totalsState(159.99, 160, 'pl')).toMatchObject({ kind: 'remaining', hours: '0,01' });
  });

  it('adds count-as-work time off for its days inside the month only (the shared rule)', () => {
    const data = {
      month: '2026-03',
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
      groups: [],
      schedules: [{ id: 's1', employeeId: 'e1', date: '2026-03-02', endDate: '2026-03-02', startTime: '06:00', endTime: '14:00', totalHours: 8, version: 1 }],
      timeOff: [
        {
          id: 't1',
          employeeId: 'e1',
          employeeName: 'A B',
          role: 'Rampa',
          startDate: '2026-02-26',
          endDate: '2026-03-03',
          kind: 'training',
          reason: 'x',
          status: 'pending',
          countAsWork: true,
          workHours: 6,
          version: 1,
        },
        {
          id: 't2',
          employeeId: 'e1',
          employeeName: 'A B',
          role: 'Rampa',
          startDate: '2026-03-10',
          endDate: '2026-03-12',
          kind: 'vacation',
          reason: 'y',
          status: 'pending',
          countAsWork: false,
          workHours: null,
          version: 1,
        },
      ],
      overnightIn: [],
      events: [],
      totals: {},
    } satisfies MonthData;
    expect(indexMonth(data).get('e1')!.total).toBe(8 + 3 * 6);
  });
});

const settings = {
  timeIncrement: 'half',
  minRestHours: 11,
  weeklyHours: 40,
  minShiftHours: 4,
  weeklyRestHours: 35,
  maxConsecutiveDays: 6,
  timeZone: 'Europe/Warsaw',
} as const;
const employee = { id: '11111111-1111-4111-8111-111111111111', firstName: 'Anna', lastName: 'Nowak', requiredHours: 160 };

function modalData(shifts: MonthData['schedules']) {
  return (
    indexMonth({ month: '2026-03', requiredHours: 160, settings, groups: [], schedules: shifts, overnightIn: [], timeOff: [], events: [], totals: {} }).get(
      employee.id,
    ) ?? {
      shifts: new Map(),
      carriedOver: new Map(),
      events: new Map(),
      timeOff: [],
      signature: '',
      total: 0,
    }
  );
}

describe('rule warnings', () => {
  it('have a Polish and an English sentence for every rule the edit check asks', () => {
    for (const rule of EDIT_RULES) {
      for (const language of ['pl', 'en'] as const) {
        const sentences = dashboard[language].schedule.rule as Record<string, string>;
        expect(sentences[rule.id], `${rule.id} in ${language}`).toMatch(/\S/);
        expect(sentences[rule.id], `${rule.id} in ${language}`).not.toContain(rule.id);
      }
    }
  });
});

describe('the Edit Schedule modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts each select with Select time, offers the hourly grid when the increment is full, and checks both times', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderWithApp(
      <ScheduleModal
        month="2026-03"
        employee={employee}
        date="2026-03-10"
        settings={{ ...settings, timeIncrement: 'full' }}
        data={modalData([])}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule' });
    const start = within(dialog).getByLabelText('Start time') as HTMLSelectElement;
    const end = within(dialog).getByLabelText('End time') as HTMLSelectElement;
    expect(start.options[0]!.text).toBe('Select time');
    expect(start.options[0]!.value).toBe('');
    expect(start.options).toHaveLength(25);
    expect(end.options[24]!.text).toBe('23:00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select both start and end time');
    expect(fetchSpy).not.toHaveBeenCalled();
    // An end at the start time is on the next day: a shift of 24 hours (docs/night-operations.md).
    await userEvent.selectOptions(start, '14:00');
    await userEvent.selectOptions(end, '14:00');
    expect(within(dialog).getByTestId('end-next-day')).toHaveTextContent('+1 (next day, Wednesday, March 11, 2026)');
    expect(within(dialog).getByTestId('shift-hours')).toHaveTextContent('Hours: 24.00');
    // Nothing was saved (the month before is read for the labour rules, no more).
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/month?month=2026-02']);
  });

  it('refuses a start or end the clocks skip on the spring-forward night, in the UI language, without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderWithApp(<ScheduleModal month="2026-03" employee={employee} date="2026-03-29" settings={settings} data={modalData([])} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '02:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '02:30');
    // No hours are shown for a shift that does not exist.
    expect(within(dialog).queryByTestId('shift-hours')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Godzina rozpoczęcia 02:00 nie istnieje tego dnia w strefie Europe/Warsaw: o tej porze zegary przestawia się na czas letni.',
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '01:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Godzina zakończenia 02:30 nie istnieje tego dnia w strefie Europe/Warsaw');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('translates the server refusing a skipped time (the zone changed since the grid was loaded)', async () => {
    // Every request is refused (the month before, read for the labour rules, as well as the save).
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            code: 'LOCAL_TIME_SKIPPED',
            field: 'startTime',
            message: 'startTime: 02:00 does not exist on 08.03.2026 in America/New_York (the clocks go forward)',
            requestId: '1',
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    await renderWithApp(<ScheduleModal month="2026-03" employee={employee} date="2026-03-08" settings={settings} data={modalData([])} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '02:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '06:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Godzina rozpoczęcia 02:00 nie istnieje tego dnia');
    expect(alert).not.toHaveTextContent('does not exist');
  });

  it('warns of the weekly cap and short rest before saving, with the amounts', async () => {
    // Mon 9 – Thu 12 March 2026: four 10-hour shifts (40 h), the last ending at 22:00.
    const shifts = ['09', '10', '11', '12'].map((d, i) => ({
      id: `s${i}`,
      employeeId: employee.id,
      date: `2026-03-${d}`,
      endDate: `2026-03-${d}`,
      startTime: '12:00',
      endTime: '22:00',
      totalHours: 10,
      version: 1,
    }));
    await renderWithApp(
      <ScheduleModal month="2026-03" employee={employee} date="2026-03-13" settings={settings} data={modalData(shifts)} onClose={() => {}} />,
      { language: 'pl' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '06:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '12:00');
    const warnings = within(dialog).getByTestId('rule-warnings');
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Anna Nowak będzie pracować 46 h w tygodniu od 8 marca 2026 do 14 marca 2026: limit tygodniowy 40 h z ustawień przekroczony o 6 h (normy czasu pracy, art. 129 § 1 Kodeksu pracy).',
      'Anna Nowak będzie odpoczywać tylko 8 h między zmianą kończącą się 12 marca 2026 o 22:00 a zmianą od 13 marca 2026 06:00: odpoczynek krótszy od minimum 11 h o 3 h (odpoczynek dobowy, art. 132 § 1 Kodeksu pracy).',
    ]);
    expect(warnings).toHaveTextContent('Zmianę nadal można zapisać.');
    expect(within(dialog).getByRole('button', { name: 'Zapisz' })).toBeEnabled();
  });

  const dayShifts = (dates: string[], startTime: string, endTime: string) =>
    dates.map((date, i) => ({ id: `r${i}`, employeeId: employee.id, date, endDate: date, startTime, endTime, totalHours: 4, version: 1 }));

  it('warns of a seventh working day in a row with a Polish sentence: who, when, the limit and the law, no codes', async () => {
    // Monday 2 to Saturday 7 March 2026, then Sunday the 8th.
    const week = dayShifts(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'], '10:00', '14:00');
    await renderWithApp(<ScheduleModal month="2026-03" employee={employee} date="2026-03-08" settings={settings} data={modalData(week)} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '10:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '14:00');
    const warnings = within(dialog).getByTestId('rule-warnings');
    const items = within(warnings).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Anna Nowak będzie pracować 7 dni z rzędu, od 2 marca 2026 do 8 marca 2026, a dozwolone jest najwyżej 6: w każdym tygodniu należy się dzień wolny (art. 133 § 1 Kodeksu pracy).',
    ]);
    expect(warnings.textContent).not.toMatch(/R12|\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(within(dialog).getByRole('button', { name: 'Zapisz' })).toBeEnabled();
  });

  it('warns of a week without its uninterrupted rest, in English when the UI is in English', async () => {
    // Monday 2 to Thursday 5 March 06:00–14:00; Friday the 6th until 14:00 leaves 34 h before the week ends.
    const week = dayShifts(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'], '06:00', '14:00');
    await renderWithApp(<ScheduleModal month="2026-03" employee={employee} date="2026-03-06" settings={settings} data={modalData(week)} onClose={() => {}} />, {
      language: 'en',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Start time'), '06:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('End time'), '13:00');
    expect(within(dialog).queryByTestId('rule-warnings')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('End time'), '14:00');
    expect(within(dialog).getByTestId('rule-warnings')).toHaveTextContent(
      'Anna Nowak would have no uninterrupted weekly rest: in the week from March 1, 2026 to March 7, 2026 the longest break from work would be 34 h, 1 h less than the required 35 h (Polish Labour Code art. 133 § 1).',
    );
  });

  it('counts the shifts at the end of the month before: a run that began in February goes on in March', async () => {
    // 24 to 28 February 2026 (five days), then 1 and 2 March in this month: the 2nd is the seventh day.
    const february = {
      month: '2026-02',
      requiredHours: 160,
      settings,
      groups: [],
      schedules: dayShifts(['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28'], '10:00', '14:00'),
      overnightIn: [],
      timeOff: [],
      events: [],
      totals: {},
    } satisfies MonthData;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(february), { status: 200, headers: { 'content-type': 'application/json' } }));
    await renderWithApp(
      <ScheduleModal
        month="2026-03"
        employee={employee}
        date="2026-03-02"
        settings={settings}
        data={modalData(dayShifts(['2026-03-01'], '10:00', '14:00'))}
        onClose={() => {}}
      />,
      { language: 'pl' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '10:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '14:00');
    expect(await within(dialog).findByTestId('rule-warnings')).toHaveTextContent(
      'Anna Nowak będzie pracować 7 dni z rzędu, od 24 lutego 2026 do 2 marca 2026, a dozwolone jest najwyżej 6',
    );
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/month?month=2026-02']);
  });

  it('does not read the month before for an edit later in the month', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderWithApp(<ScheduleModal month="2026-03" employee={employee} date="2026-03-20" settings={settings} data={modalData([])} onClose={() => {}} />, {
      language: 'pl',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj zmianę' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Początek'), '10:00');
    await userEvent.selectOptions(within(dialog).getByLabelText('Koniec'), '14:00');
    expect(within(dialog).queryByTestId('rule-warnings')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('the compact grid’s short times', () => {
  it('drops whole minutes and leading zeros, and marks a shift that ends the next day', () => {
    expect(shortShift({ date: '2026-03-02', endDate: '2026-03-02', startTime: '06:00', endTime: '14:00' })).toBe('6–14');
    expect(shortShift({ date: '2026-03-02', endDate: '2026-03-02', startTime: '06:30', endTime: '14:00' })).toBe('6:30–14');
    expect(shortShift({ date: '2026-03-02', endDate: '2026-03-02', startTime: '09:30', endTime: '17:30' })).toBe('9:30–17:30');
    expect(shortShift({ date: '2026-03-02', endDate: '2026-03-03', startTime: '22:00', endTime: '06:00' })).toBe('22–6 +1');
    // Ending at midnight: the day's own end, without "+1".
    expect(shortShift({ date: '2026-03-02', endDate: '2026-03-03', startTime: '16:00', endTime: '00:00' })).toBe('16–24');
  });
});

describe('a grid cell’s name', () => {
  it('has one full stop between a breach’s sentence and the change since publication', () => {
    const reason = 'Łamie zasady: Anna Nowak pracuje 7 dni z rzędu (art. 133 § 1 Kodeksu pracy).';
    const label = cellLabel('Anna Nowak', 'niedziela, 8 marca 2026', ['12:00-16:00', reason], 'Zmieniona po publikacji.');
    expect(label).toBe(`Anna Nowak, niedziela, 8 marca 2026: 12:00-16:00, ${reason} Zmieniona po publikacji.`);
    expect(label).not.toContain('..');
    expect(cellLabel('Anna Nowak', 'sobota, 7 marca 2026', ['12:00-16:00'], 'Dodana po publikacji.')).toBe(
      'Anna Nowak, sobota, 7 marca 2026: 12:00-16:00. Dodana po publikacji.',
    );
  });
});

describe('the shift editor’s title', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says "Dodaj zmianę" on an empty day and "Edytuj zmianę" on a day with a shift', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ message: 'not here' }), { status: 404 }));
    const shift = {
      id: 's1',
      employeeId: employee.id,
      date: '2026-03-10',
      endDate: '2026-03-10',
      startTime: '06:00',
      endTime: '14:00',
      totalHours: 8,
      version: 1,
    };
    const { unmount } = await renderWithApp(
      <ScheduleModal month="2026-03" employee={employee} date="2026-03-11" settings={settings} data={modalData([shift])} onClose={() => {}} />,
      { language: 'pl' },
    );
    expect(await screen.findByRole('dialog', { name: 'Dodaj zmianę' })).toBeInTheDocument();
    unmount();
    await renderWithApp(
      <ScheduleModal month="2026-03" employee={employee} date="2026-03-10" settings={settings} data={modalData([shift])} onClose={() => {}} />,
      {
        language: 'pl',
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edytuj zmianę' });
    expect(within(dialog).getByLabelText('Początek')).toHaveValue('06:00');
  });
});
