// Every person-facing text field of the API refuses control characters with the rule plainText (a
// multi-line one takes line feeds and refuses the rest with plainTextLines), the same in the browser's
// forms and on the server: docs/decisions/0028-plain-text.md.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { employeeInputSchema } from './employees.ts';
import { staffGroupInputSchema } from './staff-groups.ts';
import { timeOffInputSchema } from './time-off.ts';
import { eventInputSchema } from './schedule.ts';
import { banBodySchema, createUserBodySchema } from './users.ts';
import { flightInputSchema } from './flights.ts';
import { importBodySchema } from './flight-import.ts';
import { ssimBodySchema } from './ssim.ts';
import { controlCharacter, withoutControlCharacters } from './plain-text.ts';

const EMPLOYEE = { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', phoneNumber: '+48 512 345 678', role: 'Rampa' };
const TIME_OFF = {
  employeeId: '00000000-0000-4000-8000-000000000000',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  reason: 'urlop',
  countAsWork: false,
  workHours: null,
};
const EVENT = { employeeId: '00000000-0000-4000-8000-000000000000', date: '2026-12-01', name: 'Szkolenie', description: 'Sala 2' };
const IMPORT = {
  fileName: 'a.csv',
  header: ['F', 'D'],
  rows: [{ row: 2, cells: ['LO1', '2026-12-01 06:00'] }],
  mapping: { flightNumber: 'F', departure: 'D' },
};

/** Each field and the body that carries it. */
const FIELDS: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['employee first name', employeeInputSchema, EMPLOYEE, 'firstName'],
  ['employee last name', employeeInputSchema, EMPLOYEE, 'lastName'],
  ['employee email', employeeInputSchema, EMPLOYEE, 'email'],
  ['employee phone', employeeInputSchema, EMPLOYEE, 'phoneNumber'],
  ['employee group', employeeInputSchema, EMPLOYEE, 'role'],
  ['staff group name', staffGroupInputSchema, { name: 'Rampa', takesFlights: true, takesAirportHours: true }, 'name'],
  ['event name', eventInputSchema, EVENT, 'name'],
  ['account name', createUserBodySchema, { email: 'a@example.com', name: 'Anna' }, 'name'],
  ['ban reason', banBodySchema, { reason: 'left' }, 'reason'],
  ['aircraft type', flightInputSchema, { flightNumber: 'LO1', departureTime: '2026-12-01T06:00', aircraftType: 'B738' }, 'aircraftType'],
  ['timetable file name', importBodySchema, IMPORT, 'fileName'],
  ['SSIM file name', ssimBodySchema, { fileName: 'w.ssim', text: '' }, 'fileName'],
];
const MULTI_LINE: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['time off reason', timeOffInputSchema, TIME_OFF, 'reason'],
  ['event description', eventInputSchema, EVENT, 'description'],
];

// Inside the text: a trailing one would be trimmed away.
const CONTROLS = ['\r\n', '\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029'];
const rulesOf = (schema: z.ZodType, body: Record<string, unknown>, field: string) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.filter((i) => i.path.join('.') === field).map((i) => (i as { params?: { rule?: string } }).params?.rule);
};

describe('person-facing text fields', () => {
  for (const [what, schema, body, field] of FIELDS) {
    it(`${what}: takes the text as it is, refuses every control character by the rule plainText`, () => {
      expect(schema.safeParse(body).success).toBe(true);
      for (const control of CONTROLS) {
        const text = String(body[field]);
        expect(rulesOf(schema, { ...body, [field]: `${text.slice(0, 1)}${control}${text.slice(1)}` }, field), JSON.stringify(control)).toEqual(['plainText']);
      }
    });
  }
  for (const [what, schema, body, field] of MULTI_LINE) {
    it(`${what}: takes line feeds, refuses every other control character by the rule plainTextLines`, () => {
      expect(schema.safeParse({ ...body, [field]: 'first line\nsecond line' }).success).toBe(true);
      for (const control of CONTROLS.filter((c) => c !== '\n')) {
        expect(rulesOf(schema, { ...body, [field]: `a${control}b` }, field), JSON.stringify(control)).toEqual(['plainTextLines']);
      }
    });
  }

  it('takes the letters and signs of any language', () => {
    for (const text of ['Zoë Łucja Żółć', "O'Brien-Smith", 'Ä ß Ø 中文 😀', 'Fr\u00a0Mo']) expect(controlCharacter(text)).toBeNull();
  });

  it('writes each run of control characters as one space for a file', () => {
    expect(withoutControlCharacters('Y\r\nEND:VEVENT\u2028x\u0085')).toBe('Y END:VEVENT x ');
  });
});
