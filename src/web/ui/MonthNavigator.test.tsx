import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/render.tsx';
import { MonthNavigator } from './MonthNavigator.tsx';

describe('MonthNavigator', () => {
  it.each([
    ['2000-01', true, false],
    ['2026-03', false, false],
    ['2100-12', false, true],
  ])('at %s stops at the first and last month the app plans', async (month, previousDisabled, nextDisabled) => {
    await renderWithApp(<MonthNavigator month={month} onMove={() => {}} />);
    const [previous, next] = screen.getAllByRole('button');
    expect((previous as HTMLButtonElement).disabled).toBe(previousDisabled);
    expect((next as HTMLButtonElement).disabled).toBe(nextDisabled);
  });
});
