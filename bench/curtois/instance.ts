// Reader of the shift scheduling benchmark of Curtois and Qu (data/benchmarks/curtois-qu/README.md):
// sections of comma-separated lines, comments after '#'. A line that does not read is refused with
// its section and line number, so a damaged file never gives a silently different instance.

interface ShiftType {
  id: string;
  minutes: number;
  /** Shift types that may not be worked on the day after this one. */
  forbiddenNext: string[];
}

interface Staff {
  id: string;
  /** The most shifts of each type (a type left out may not be worked at all). */
  maxShifts: Map<string, number>;
  maxTotalMinutes: number;
  minTotalMinutes: number;
  maxConsecutiveShifts: number;
  minConsecutiveShifts: number;
  minConsecutiveDaysOff: number;
  maxWeekends: number;
}

interface Request {
  employee: string;
  day: number;
  shift: string;
  weight: number;
}

interface Cover {
  day: number;
  shift: string;
  requirement: number;
  underWeight: number;
  overWeight: number;
}

export interface CurtoisInstance {
  name: string;
  days: number;
  shifts: ShiftType[];
  staff: Staff[];
  /** Days each employee cannot work. */
  daysOff: Map<string, Set<number>>;
  onRequests: Request[];
  offRequests: Request[];
  cover: Cover[];
}

const SECTIONS = [
  'SECTION_HORIZON',
  'SECTION_SHIFTS',
  'SECTION_STAFF',
  'SECTION_DAYS_OFF',
  'SECTION_SHIFT_ON_REQUESTS',
  'SECTION_SHIFT_OFF_REQUESTS',
  'SECTION_COVER',
] as const;
type Section = (typeof SECTIONS)[number];

class InstanceError extends Error {}

export function readInstance(name: string, text: string): CurtoisInstance {
  const lines = new Map<Section, Array<{ at: number; fields: string[] }>>(SECTIONS.map((s) => [s, []]));
  let section: Section | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    if ((SECTIONS as readonly string[]).includes(line)) {
      section = line as Section;
      return;
    }
    if (section === null) throw new InstanceError(`${name}, line ${index + 1}: text before the first section`);
    lines.get(section)!.push({ at: index + 1, fields: line.split(',').map((f) => f.trim()) });
  });
  const fail = (at: number, what: string): never => {
    throw new InstanceError(`${name}, line ${at}: ${what}`);
  };
  const integer = (at: number, value: string | undefined, what: string): number => {
    if (value === undefined || !/^-?\d+$/.test(value)) fail(at, `${what} must be a whole number, not "${value ?? ''}"`);
    return Number(value);
  };

  const horizon = lines.get('SECTION_HORIZON')!;
  if (horizon.length !== 1) throw new InstanceError(`${name}: SECTION_HORIZON must hold one line, the number of days`);
  const days = integer(horizon[0]!.at, horizon[0]!.fields[0], 'the horizon');
  if (days < 1) fail(horizon[0]!.at, 'the horizon must be at least one day');

  const shifts = lines.get('SECTION_SHIFTS')!.map(({ at, fields }): ShiftType => {
    const [id, minutes, forbidden = ''] = fields;
    if (!id) fail(at, 'a shift type needs an id');
    return { id: id!, minutes: integer(at, minutes, `the length of shift ${id}`), forbiddenNext: forbidden.split('|').filter((s) => s !== '') };
  });
  const shiftIds = new Set(shifts.map((s) => s.id));
  if (shiftIds.size !== shifts.length) throw new InstanceError(`${name}: a shift type id is given twice`);
  const knownShift = (at: number, id: string | undefined): string => {
    if (id === undefined || !shiftIds.has(id)) fail(at, `unknown shift type "${id ?? ''}"`);
    return id!;
  };
  for (const shift of shifts)
    for (const next of shift.forbiddenNext) if (!shiftIds.has(next)) throw new InstanceError(`${name}: shift ${shift.id} forbids unknown type ${next}`);

  const staff = lines.get('SECTION_STAFF')!.map(({ at, fields }): Staff => {
    if (fields.length !== 8) fail(at, `a staff line has 8 fields, this one ${fields.length}`);
    const [id, max, maxTotal, minTotal, maxCons, minCons, minOff, maxWeekends] = fields;
    const maxShifts = new Map<string, number>();
    for (const part of max!.split('|').filter((p) => p !== '')) {
      const [shift, count] = part.split('=');
      maxShifts.set(knownShift(at, shift), integer(at, count, `the most shifts of ${shift}`));
    }
    return {
      id: id!,
      maxShifts,
      maxTotalMinutes: integer(at, maxTotal, 'MaxTotalMinutes'),
      minTotalMinutes: integer(at, minTotal, 'MinTotalMinutes'),
      maxConsecutiveShifts: integer(at, maxCons, 'MaxConsecutiveShifts'),
      minConsecutiveShifts: integer(at, minCons, 'MinConsecutiveShifts'),
      minConsecutiveDaysOff: integer(at, minOff, 'MinConsecutiveDaysOff'),
      maxWeekends: integer(at, maxWeekends, 'MaxWeekends'),
    };
  });
  const staffIds = new Set(staff.map((s) => s.id));
  if (staffIds.size !== staff.length) throw new InstanceError(`${name}: an employee id is given twice`);
  const knownEmployee = (at: number, id: string | undefined): string => {
    if (id === undefined || !staffIds.has(id)) fail(at, `unknown employee "${id ?? ''}"`);
    return id!;
  };
  const day = (at: number, value: string | undefined): number => {
    const d = integer(at, value, 'a day');
    if (d < 0 || d >= days) fail(at, `day ${d} is outside the horizon of ${days} days`);
    return d;
  };

  const daysOff = new Map<string, Set<number>>(staff.map((s) => [s.id, new Set<number>()]));
  for (const { at, fields } of lines.get('SECTION_DAYS_OFF')!) {
    const [employee, ...list] = fields;
    const set = daysOff.get(knownEmployee(at, employee))!;
    for (const d of list) set.add(day(at, d));
  }
  const requests = (section: Section): Request[] =>
    lines.get(section)!.map(({ at, fields }) => ({
      employee: knownEmployee(at, fields[0]),
      day: day(at, fields[1]),
      shift: knownShift(at, fields[2]),
      weight: integer(at, fields[3], 'a request weight'),
    }));
  const cover = lines.get('SECTION_COVER')!.map(({ at, fields }) => ({
    day: day(at, fields[0]),
    shift: knownShift(at, fields[1]),
    requirement: integer(at, fields[2], 'a requirement'),
    underWeight: integer(at, fields[3], 'a weight for under'),
    overWeight: integer(at, fields[4], 'a weight for over'),
  }));
  return { name, days, shifts, staff, daysOff, onRequests: requests('SECTION_SHIFT_ON_REQUESTS'), offRequests: requests('SECTION_SHIFT_OFF_REQUESTS'), cover };
}

/** One shift worked: the line `EmployeeID,Day,ShiftID` of a solution file. */
export interface Assignment {
  employee: string;
  day: number;
  shift: string;
}

export function writeSolution(assignments: readonly Assignment[]): string {
  return assignments.map((a) => `${a.employee},${a.day},${a.shift}\n`).join('');
}

export function readSolution(text: string): Assignment[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((line, index) => {
      const [employee, day, shift, ...rest] = line.split(',');
      if (!employee || !shift || rest.length > 0 || !/^\d+$/.test(day ?? ''))
        throw new InstanceError(`solution line ${index + 1}: expected EmployeeID,Day,ShiftID, got "${line}"`);
      return { employee, day: Number(day), shift };
    });
}
