// A click on the server's drawing before the app took it over is kept and given again (lib/early-click.ts).
import { describe, expect, it, vi } from 'vitest';
import { keepEarlyClick, replayEarlyClick } from './early-click.ts';

const CELLS =
  '<table><tbody><tr><th>Ewa</th><td data-col="0" data-emp="e1" data-date="2026-11-02"><div data-badge="shift">6–14</div></td><td data-col="1" data-emp="e1" data-date="2026-11-03"></td></tr></tbody></table>';

function page() {
  const root = document.createElement('div');
  root.innerHTML = `${CELLS}<button type="button">Generuj</button><a href="/employees">Pracownicy</a>`;
  document.body.replaceChildren(root);
  return root;
}

const clicksIn = (root: HTMLElement) => {
  const clicked = vi.fn();
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    clicked(target.closest('td')?.dataset.date ?? target.tagName);
  });
  return clicked;
};

describe('a click on the drawn page before the app has taken it over', () => {
  it('is given again to the last cell clicked, once, when the dashboard shows its month', () => {
    const root = page();
    keepEarlyClick(root);
    root.querySelector<HTMLElement>('td[data-col="1"]')!.click();
    root.querySelector<HTMLElement>('[data-badge]')!.click();
    const clicked = clicksIn(root);
    replayEarlyClick();
    expect(clicked.mock.calls).toEqual([['2026-11-02']]);
    // Later clicks are the app's own; nothing is given twice.
    replayEarlyClick();
    root.querySelector<HTMLElement>('td[data-col="1"]')!.click();
    replayEarlyClick();
    expect(clicked.mock.calls).toEqual([['2026-11-02'], ['2026-11-03']]);
  });

  it('finds the same person’s day when the app drew the grid anew', () => {
    const root = page();
    keepEarlyClick(root);
    root.querySelector<HTMLElement>('td[data-col="1"]')!.click();
    root.innerHTML = CELLS;
    const clicked = clicksIn(root);
    replayEarlyClick();
    expect(clicked.mock.calls).toEqual([['2026-11-03']]);
  });

  it('keeps a button’s click, but not one on a row’s name, and none for a button no longer in the page', () => {
    const root = page();
    keepEarlyClick(root);
    root.querySelector<HTMLElement>('button')!.click();
    root.querySelector<HTMLElement>('th')!.click();
    const clicked = clicksIn(root);
    replayEarlyClick();
    expect(clicked.mock.calls).toEqual([['BUTTON']]);

    keepEarlyClick(root);
    const button = root.querySelector<HTMLElement>('button')!;
    button.click();
    button.remove();
    clicked.mockClear();
    replayEarlyClick();
    expect(clicked).not.toHaveBeenCalled();
  });
});
