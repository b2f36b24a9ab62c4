import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithApp } from '../../test/render.tsx';
import { Choice } from './Choice.tsx';

function Density() {
  const [value, setValue] = useState<'compact' | 'comfortable'>('compact');
  return (
    <>
      <Choice
        label="Gęstość siatki"
        value={value}
        onChange={setValue}
        options={[
          { value: 'compact', label: 'Zwarta' },
          { value: 'comfortable', label: 'Wygodna' },
        ]}
      />
      <p>{value}</p>
    </>
  );
}

describe('a two-option choice', () => {
  it('is a named radio group that says which option is on, and a click on an option’s text turns it on', async () => {
    await renderWithApp(<Density />);
    const group = screen.getByRole('radiogroup', { name: 'Gęstość siatki' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Zwarta' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Wygodna' })).not.toBeChecked();
    await userEvent.click(screen.getByText('Wygodna'));
    expect(screen.getByRole('radio', { name: 'Wygodna' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Zwarta' })).not.toBeChecked();
    expect(screen.getByText('comfortable')).toBeInTheDocument();
  });

  it('keeps its options apart from another choice’s on the same page', async () => {
    await renderWithApp(
      <>
        <Density />
        <Density />
      </>,
    );
    const [first, second] = screen.getAllByRole('radio', { name: 'Wygodna' });
    await userEvent.click(first!);
    expect(first).toBeChecked();
    expect(second).not.toBeChecked();
    expect(screen.getAllByRole('radio', { name: 'Zwarta' })[1]).toBeChecked();
  });
});
