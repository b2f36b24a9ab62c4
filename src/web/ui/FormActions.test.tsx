import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp } from '../test/render.tsx';
import { FormActions } from './FormActions.tsx';
import { BUSY_SHOWN_AFTER_MS } from '../lib/shown-after.ts';

/** A form whose save stays on its way until the test answers it. */
function SlowForm({ onSubmit }: { onSubmit: () => void }) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
        setSubmitting(true);
      }}
    >
      <FormActions submitting={submitting} onCancel={() => setSubmitting(false)} />
    </form>
  );
}

describe('FormActions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a save once, and shows the button busy only when the answer is slow', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(<SlowForm onSubmit={onSubmit} />);
    vi.useFakeTimers();
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // On its way: no spinner yet, and a second click (or Enter in a field, which clicks it) sends nothing.
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(save.hasAttribute('data-loading')).toBe(false);
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Still unanswered after a while: the button says so.
    act(() => vi.advanceTimersByTime(BUSY_SHOWN_AFTER_MS + 10));
    expect(save.hasAttribute('data-loading')).toBe(true);
    // Answered (here: the form let go of it): the button is itself again.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(save.hasAttribute('data-loading')).toBe(false);
    expect(save.hasAttribute('aria-busy')).toBe(false);
  });
});
