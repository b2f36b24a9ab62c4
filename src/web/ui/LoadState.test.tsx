import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../test/render.tsx';
import { LoadState } from './LoadState.tsx';

describe('LoadState', () => {
  it('while loading shows the spinner with its text, and not the screen', async () => {
    const screenDrawn = vi.fn(() => <p>the screen</p>);
    await renderWithApp(
      <LoadState pending loading="Ładowanie lotów..." failure={null}>
        {screenDrawn}
      </LoadState>,
      { language: 'pl' },
    );
    expect(screen.getByText('Ładowanie lotów...')).toBeTruthy();
    expect(screen.queryByText('the screen')).toBeNull();
    expect(screenDrawn).not.toHaveBeenCalled();
  });

  it('can name the spinner without showing its text', async () => {
    await renderWithApp(
      <LoadState pending loading="Ładowanie" loadingHidden failure={null}>
        {() => null}
      </LoadState>,
      { language: 'pl' },
    );
    expect(screen.queryByText('Ładowanie')).toBeNull();
    expect(screen.getByLabelText('Ładowanie')).toBeTruthy();
  });

  it('a failed load is announced with its title and message, and its button asks again', async () => {
    const onRetry = vi.fn();
    await renderWithApp(
      <LoadState
        pending={false}
        loading="Ładowanie"
        failure={{ title: 'Nie udało się wczytać miesiąca', message: 'Serwer nie odpowiada', retry: 'Spróbuj ponownie', onRetry }}
      >
        {() => <p>the screen</p>}
      </LoadState>,
      { language: 'pl' },
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać miesiąca');
    expect(alert.textContent).toContain('Serwer nie odpowiada');
    expect(screen.queryByText('the screen')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a quiet failure is shown without being announced again, and its button shows a retry on its way', async () => {
    await renderWithApp(
      <LoadState
        pending={false}
        loading="Ładowanie"
        failure={{ message: 'Nie znaleziono ustawień', retry: 'Spróbuj ponownie', onRetry: () => {}, retrying: true, tone: 'quiet' }}
      >
        {() => null}
      </LoadState>,
      { language: 'pl' },
    );
    expect(screen.getByText('Nie znaleziono ustawień')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' }).hasAttribute('data-loading')).toBe(true);
  });

  it('once loaded draws the screen', async () => {
    await renderWithApp(
      <LoadState pending={false} loading="Ładowanie" failure={null}>
        {() => <p>the screen</p>}
      </LoadState>,
      { language: 'pl' },
    );
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
