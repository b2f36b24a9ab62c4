import { describe, expect, it } from 'vitest';
import { requiredStaffFor } from './staffing.ts';

describe('staff a departure needs by aircraft size', () => {
  it('gives wide bodies the most, narrow-body jets fewer, and everything else the least', () => {
    expect(requiredStaffFor('BOEING 777-200')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(requiredStaffFor('Airbus A330-300')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(requiredStaffFor('BOEING 737-7H4')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(requiredStaffFor('airbus a320')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(requiredStaffFor('BOMBARDIER INC CL-600-2B19')).toEqual({ Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 });
    expect(requiredStaffFor('')).toEqual({ Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 });
  });
});
