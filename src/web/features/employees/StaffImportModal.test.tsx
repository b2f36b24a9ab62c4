// The staff import: the columns guessed from the header, the dry run's rows with their numbers, status
// and reasons in words, nothing written until the confirmation, then only the valid rows sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import type { StaffImportAnswer } from '../../../shared/api/staff-import.ts';
import { StaffImportModal } from './StaffImportModal.tsx';
import { bloatedWorkbook } from '../../test/bloated-workbook.ts';

const CSV = ['Imię,Nazwisko,E-mail,Grupa,Etat', 'Anna,Nowak,anna@example.com,Rampa,1', 'Jan,Kowalski,jan@example.com,Rampa,0.5', 'Ewa,Wójcik,,Rampa,2'].join(
  '\n',
);

const dryRun: StaffImportAnswer = {
  counts: { new: 1, changed: 1, unchanged: 0, invalid: 1 },
  rows: [
    { row: 2, status: 'new', name: 'Anna Nowak' },
    { row: 3, status: 'changed', name: 'Jan Kowalski' },
    { row: 4, status: 'invalid', name: 'Ewa Wójcik' },
  ],
  invalid: [
    {
      row: 4,
      errors: [
        { field: 'fraction', message: 'x', params: { issue: 'custom', rule: 'fraction' } },
        { field: 'email', message: 'x', params: { issue: 'custom', rule: 'emailForNew' } },
      ],
    },
  ],
  written: false,
};

function serve() {
  const bodies: Array<Record<string, unknown>> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (String(input) === '/api/employees/import') {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      bodies.push(body);
      return json(body.dryRun ? dryRun : { ...dryRun, written: true });
    }
    return json([]);
  });
  return bodies;
}

describe('the staff import', () => {
  afterEach(() => vi.restoreAllMocks());

  it('guesses the columns, shows the dry run row by row, and sends only the valid rows on confirmation (pl)', async () => {
    const bodies = serve();
    const onClose = vi.fn();
    await renderWithApp(<StaffImportModal onClose={onClose} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Importuj pracowników z pliku' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([CSV], 'kadra.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Imię' })).toHaveValue('Imię');
    expect(within(dialog).getByRole('combobox', { name: 'Grupa' })).toHaveValue('Grupa');
    expect(within(dialog).getByRole('combobox', { name: 'Etat' })).toHaveValue('Etat');
    // The file's rows as read, before anything is checked or sent.
    expect(within(dialog).getByText('Podgląd pliku: pierwsze 3 z 3 wierszy')).toBeInTheDocument();
    const fileRows = within(dialog).getByTestId('staff-import-file-rows');
    expect(
      within(fileRows)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Wiersz', 'Imię', 'Nazwisko', 'E-mail', 'Grupa', 'Etat'],
      ['2', 'Anna', 'Nowak', 'anna@example.com', 'Rampa', '1'],
      ['3', 'Jan', 'Kowalski', 'jan@example.com', 'Rampa', '0.5'],
      ['4', 'Ewa', 'Wójcik', '', 'Rampa', '2'],
    ]);
    expect(bodies).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź plik' }));
    const table = await within(dialog).findByTestId('staff-import-rows');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2Anna Nowaknowy',
      '3Jan Kowalskizmieniony',
      '4Ewa WójcikbłędnyEtat: podaj część pełnego etatu od 0,05 do 1, np. 1, 0,5, 50% albo 1/2; E-mail: nowy pracownik musi mieć adres e-mail (wiersz bez adresu może tylko zaktualizować pracownika o tym imieniu i nazwisku)',
    ]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ dryRun: true, mapping: { firstName: 'Imię', lastName: 'Nazwisko', email: 'E-mail', group: 'Grupa', fraction: 'Etat' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importuj 2 pracowników' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.dryRun).toBe(false);
    expect((bodies[1]!.rows as { row: number }[]).map((r) => r.row)).toEqual([2, 3]);
    expect(await screen.findByText('Zaimportowano pracowników. Nowi: 1, zmienieni: 1, bez zmian: 0.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('takes the Kwalifikacje column and says an unknown code in Polish, naming it (pl)', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      if (String(input) === '/api/employees/import') bodies.push(body);
      const answer: StaffImportAnswer = {
        counts: { new: 0, changed: 0, unchanged: 0, invalid: 1 },
        rows: [{ row: 2, status: 'invalid', name: 'Anna Nowak' }],
        invalid: [
          {
            row: 2,
            errors: [
              {
                field: 'qualifications',
                message: 'XRAY names a qualification that is not in the catalogue',
                params: { issue: 'custom', rule: 'unknownQualification', value: 'XRAY' },
              },
            ],
          },
        ],
        written: false,
      };
      return new Response(JSON.stringify(String(input) === '/api/employees/import' ? answer : []), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await renderWithApp(<StaffImportModal onClose={vi.fn()} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Importuj pracowników z pliku' });
    const csv = ['Imię,Nazwisko,E-mail,Grupa,Kwalifikacje', 'Anna,Nowak,anna@example.com,Rampa,XRAY; PUSHBACK@2027-03-31'].join('\n');
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([csv], 'kadra.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('combobox', { name: /^Kwalifikacje/ })).toHaveValue('Kwalifikacje');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sprawdź plik' }));
    const table = await within(dialog).findByTestId('staff-import-rows');
    expect(table).toHaveTextContent('Kwalifikacje (kody, np. PUSHBACK; DEICE@2027-03-31): „XRAY”: nie ma takiej kwalifikacji w katalogu lotniska');
    expect(bodies[0]).toMatchObject({ dryRun: true, mapping: { qualifications: 'Kwalifikacje' } });
  });

  it('names a file that cannot be read, and sends nothing (en)', async () => {
    const bodies = serve();
    await renderWithApp(<StaffImportModal onClose={() => {}} />, { language: 'en' });
    const dialog = await screen.findByRole('dialog', { name: 'Import employees from a file' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['Name,Email\n'], 'empty.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file holds no employees (only a header or empty rows).');
    expect(within(dialog).getByRole('button', { name: 'Check the file' })).toBeDisabled();
    expect(bodies).toHaveLength(0);
  });

  it('refuses a workbook by the size it declares once expanded, naming it and the limit, and sends nothing (pl)', async () => {
    const bodies = serve();
    await renderWithApp(<StaffImportModal onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Importuj pracowników z pliku' });
    const workbook = new File([(await bloatedWorkbook(301)) as BlobPart], 'kadra.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, workbook);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Skoroszyt po rozpakowaniu zajmuje 301 MB, a dozwolone jest najwyżej 64 MB. Usuń zbędne arkusze lub zapisz plik jako „CSV UTF-8”.',
    );
    expect(bodies).toHaveLength(0);
  });

  it('says in words why a row with a control character in the name is refused (pl)', async () => {
    serve();
    dryRun.invalid = [{ row: 4, errors: [{ field: 'lastName', message: 'x', params: { issue: 'custom', rule: 'plainText' } }] }];
    await renderWithApp(<StaffImportModal onClose={() => {}} />, { language: 'pl' });
    const dialog = await screen.findByRole('dialog', { name: 'Importuj pracowników z pliku' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File([CSV], 'kadra.csv', { type: 'text/csv' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Sprawdź plik' }));
    const table = await within(dialog).findByTestId('staff-import-rows');
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe(
      '4Ewa WójcikbłędnyNazwisko: nie może zawierać znaków sterujących (podziału wiersza, tabulatora i podobnych)',
    );
  });
});
