// The catalogue as a planner sees it, its form checked in Polish, and a delete refused because the
// qualification is still in use, said in a sentence with who and what still use it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { QualificationsPage } from './QualificationsPage.tsx';

const CATALOGUE = [
  { code: 'PUSHBACK', namePl: 'Holownik', nameEn: 'Pushback tug', description: 'Wypychanie samolotów', holders: 0, tasks: 0 },
  { code: 'DEICE', namePl: 'Odladzanie', nameEn: 'De-icing', description: null, holders: 4, tasks: 1 },
];
const ENGLISH = 'Some English wording no screen may show';
const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(handle: (url: string, init?: RequestInit) => Response | undefined) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    return handle(url, init) ?? (url.endsWith('/api/qualifications') ? json({ qualifications: CATALOGUE }) : json({ code: 'NOT_FOUND', message: 'no' }, 404));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Qualifications screen', () => {
  it('lists the catalogue with its holders and tasks', async () => {
    serve(() => undefined);
    await renderWithApp(<QualificationsPage />, { language: 'pl' });
    const table = await screen.findByRole('table', { name: 'Katalog kwalifikacji' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['PUSHBACK', 'Holownik', 'Pushback tug', 'Wypychanie samolotów', '0 osób', '0 zadań'],
      ['DEICE', 'Odladzanie', 'De-icing', 'brak opisu', '4 osoby', '1 zadanie'],
    ]);
    expect(screen.getByRole('button', { name: 'Edytuj kwalifikację Holownik' })).toBeInTheDocument();
  });

  it('says why a qualification still in use cannot be deleted, from the refusal’s params, in Polish', async () => {
    serve((url, init) =>
      init?.method === 'DELETE' ? json({ code: 'QUALIFICATION_IN_USE', message: ENGLISH, params: { holders: 3, tasks: 2 } }, 409) : undefined,
    );
    await renderWithApp(<QualificationsPage />, { language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Usuń kwalifikację Holownik' }));
    await userEvent.click(screen.getByRole('button', { name: 'Usuń kwalifikację' }));
    expect(
      await screen.findByText(
        'Nie usunięto kwalifikacji: Tej kwalifikacji nie można usunąć: mają ją 3 osoby, a wymagają jej 2 zadania. Najpierw usuń ją u tych osób i z tych zadań.',
      ),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(ENGLISH);
    expect(document.body.textContent).not.toContain('QUALIFICATION_IN_USE');
  });

  it('says it before trying when the catalogue already counts holders (English)', async () => {
    serve(() => undefined);
    await renderWithApp(<QualificationsPage />, { language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete qualification De-icing' }));
    expect(screen.getByText('This qualification cannot be deleted: held by 4 people and asked for by 1 task. Remove those first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete qualification' })).toBeDisabled();
  });

  it('checks the form with the shared schema in Polish, and puts a duplicate code on its field', async () => {
    const fetch = serve((url, init) => (init?.method === 'POST' ? json({ code: 'DUPLICATE', message: ENGLISH, field: 'code' }, 409) : undefined));
    await renderWithApp(<QualificationsPage />, { language: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dodaj kwalifikację' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Kod/), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dodaj kwalifikację' }));
    expect(await within(dialog).findByText('kod to 2–12 wielkich liter, cyfr, - lub _, np. PUSHBACK')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^Kod/));
    await userEvent.type(within(dialog).getByLabelText(/^Kod/), 'pushback');
    await userEvent.type(within(dialog).getByLabelText(/^Nazwa po polsku/), 'Holownik');
    await userEvent.type(within(dialog).getByLabelText(/^Nazwa po angielsku/), 'Pushback tug');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dodaj kwalifikację' }));
    expect(await within(dialog).findAllByText(/Kwalifikacja o tym kodzie jest już w katalogu/)).toHaveLength(2);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ code: 'pushback', namePl: 'Holownik', nameEn: 'Pushback tug', description: null });
    expect(document.body.textContent).not.toContain(ENGLISH);
  });
});
