import { describe, expect, it } from 'vitest';
import { belowFirstScreen, firstScreenGroups, FIRST_SCREEN_ROWS, shownGroups } from './shown-groups.ts';

const group = (name: string, employees: number) => ({ name, employees: Array.from({ length: employees }, (_, i) => i) });
const groups = [group('Koordynator', 6), group('Rampa', 24), group('Odprawa', 10), group('Sprzątanie', 4)];

describe('the groups of the dashboard', () => {
  it('are all, or the one the address names; an unknown name shows all', () => {
    expect(shownGroups(groups, null).map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'Odprawa', 'Sprzątanie']);
    expect(shownGroups(groups, 'Rampa').map((g) => g.name)).toEqual(['Rampa']);
    expect(shownGroups(groups, 'Nieznana').map((g) => g.name)).toEqual(['Koordynator', 'Rampa', 'Odprawa', 'Sprzątanie']);
  });

  it(`start below the first screen once ${FIRST_SCREEN_ROWS} rows are above them`, () => {
    expect([...belowFirstScreen(groups)]).toEqual(['Odprawa', 'Sprzątanie']);
    expect([...belowFirstScreen([group('Rampa', 200), group('Koordynator', 6)])]).toEqual(['Koordynator']);
  });

  it('whose title lines the first screen shows follow the address’s group', () => {
    expect(firstScreenGroups('/?month=2026-11', groups)).toEqual(['Koordynator', 'Rampa']);
    expect(firstScreenGroups('/?month=2026-11&group=Odprawa', groups)).toEqual(['Odprawa']);
    expect(firstScreenGroups(`/?group=${encodeURIComponent('Sprzątanie')}`, groups)).toEqual(['Sprzątanie']);
    expect(firstScreenGroups('/', [])).toEqual([]);
  });
});
