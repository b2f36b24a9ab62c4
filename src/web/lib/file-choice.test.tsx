import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFileChoice } from './file-choice.ts';

const fileOf = (name: string) => new File(['x'], name, { type: 'text/csv' });

describe('useFileChoice', () => {
  it('reads the chosen file while saying so, and shows why a file is refused', async () => {
    const { result } = renderHook(() => useFileChoice());
    let finish!: (why: string) => void;
    let chosen!: Promise<void>;
    act(() => {
      chosen = result.current.choose(fileOf('a.csv'), { reset: () => {}, read: () => new Promise<string>((resolve) => (finish = resolve)) });
    });
    expect(result.current.reading).toBe(true);
    expect(result.current.file?.name).toBe('a.csv');
    await act(async () => {
      finish('Plik jest pusty.');
      await chosen;
    });
    expect(result.current.reading).toBe(false);
    expect(result.current.fileError).toBe('Plik jest pusty.');
  });

  it('a later choice starts over, and the earlier file’s answer no longer counts', async () => {
    const { result } = renderHook(() => useFileChoice());
    const resets: string[] = [];
    let finishFirst!: (why: string) => void;
    let first!: Promise<void>;
    act(() => {
      first = result.current.choose(fileOf('a.csv'), { reset: () => resets.push('a'), read: () => new Promise<string>((resolve) => (finishFirst = resolve)) });
    });
    const before = result.current.attempt();
    await act(async () => {
      await result.current.choose(fileOf('b.csv'), { reset: () => resets.push('b'), read: async () => undefined });
    });
    await act(async () => {
      finishFirst('Plik jest pusty.');
      await first;
    });
    expect(resets).toEqual(['a', 'b']);
    expect(result.current.file?.name).toBe('b.csv');
    expect(result.current.fileError).toBeNull();
    expect(result.current.reading).toBe(false);
    expect(result.current.isCurrent(before)).toBe(false);
  });
});
