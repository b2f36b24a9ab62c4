import { describe, expect, it } from 'vitest';
import { requiredStaffFor } from './staffing.ts';
import { aircraftTypeAliases, sizeClassOf, staffingLookup } from '../../shared/api/aircraft-staffing.ts';

describe('staff a departure needs by aircraft size', () => {
  it('gives wide bodies the most, narrow-body jets fewer, and everything else the least', () => {
    expect(requiredStaffFor('BOEING 777-200')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(requiredStaffFor('Airbus A330-300')).toEqual({ Koordynator: 1, Rampa: 5, 'PAX/INFO': 3 });
    expect(requiredStaffFor('BOEING 737-7H4')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(requiredStaffFor('airbus a320')).toEqual({ Koordynator: 1, Rampa: 3, 'PAX/INFO': 2 });
    expect(requiredStaffFor('BOMBARDIER INC CL-600-2B19')).toEqual({ Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 });
    expect(requiredStaffFor('')).toEqual({ Koordynator: 1, Rampa: 2, 'PAX/INFO': 1 });
  });

  it('knows the size of a type by its ICAO designator or its IATA code', () => {
    expect(['B77W', '333', '789', 'A359', '744'].map(sizeClassOf)).toEqual(Array(5).fill('size:wide'));
    expect(['B738', '73H', '320', '32N', 'A21N', '7M8', 'BCS3'].map(sizeClassOf)).toEqual(Array(7).fill('size:narrow'));
    expect(['E75L', 'E75', 'CRJ9', 'CR9', 'AT76', 'DH4'].map(sizeClassOf)).toEqual(Array(6).fill('size:small'));
  });
});

describe('looking a type up in the aircraft table', () => {
  const lookup = staffingLookup([
    { aircraftType: 'E75L', requiredStaff: { Rampa: 2 } },
    { aircraftType: '738', requiredStaff: { Rampa: 4 } },
    { aircraftType: 'size:narrow', requiredStaff: { Rampa: 3 } },
  ]);

  it('finds a type by its own code, then by its IATA or ICAO twin, then by its size class', () => {
    expect(aircraftTypeAliases('E75')).toEqual(['E75', 'E75L']);
    expect(lookup('e75l')).toEqual({ Rampa: 2 });
    expect(lookup('E75')).toEqual({ Rampa: 2 });
    expect(lookup('B738')).toEqual({ Rampa: 4 });
    expect(lookup('73H')).toEqual({ Rampa: 4 });
    expect(lookup('A320')).toEqual({ Rampa: 3 });
    expect(lookup('321')).toEqual({ Rampa: 3 });
    // Neither the type nor its class: nothing, so the import gives 1.
    expect(lookup('AT76')).toBeUndefined();
    expect(lookup('B77W')).toBeUndefined();
  });
});
