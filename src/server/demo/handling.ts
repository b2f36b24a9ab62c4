// The demo airport's demand model, every figure in one place (docs/handling-rules.md, "The demo
// airport's figures"): the catalogue of qualifications, who of the demo staff holds which, the names
// its timetable (data/timetables/boi_2008-01_departures.csv) writes its aircraft by, and the handling
// rules for its types. They are examples of the right order of size, not any airport's or airline's
// figures: manufacturers' airport planning documents (Boeing's "737 Airplane Characteristics for
// Airport Planning", Airbus's "A320 Aircraft Characteristics – Airport and Maintenance Planning",
// chapter 5, terminal servicing) show turnarounds of 35–45 minutes for these aircraft, and the tasks
// below fit inside such a turnaround before departure.
import type { DateTime } from 'luxon';
import type { HandlingRuleInput, HandlingTask } from '../../shared/api/handling-rules.ts';
import type { HeldQualification } from '../../shared/api/qualifications.ts';

/** The catalogue: code, Polish name, English name, description. */
export const DEMO_QUALIFICATIONS = (
  [
    ['PUSHBACK', 'Holownik', 'Pushback tug', 'Wypychanie samolotu od stanowiska holownikiem'],
    ['DEICE', 'Odladzanie', 'De-icing', 'Obsługa odladzarki samolotów'],
    ['HILOADER', 'Podnośnik', 'High loader', 'Załadunek kontenerów podnośnikiem'],
    ['DGR', 'Towary niebezpieczne', 'Dangerous goods', 'Przyjmowanie bagażu i towarów niebezpiecznych (DGR)'],
    ['AIRSIDE', 'Przepustka kierowcy płyty', 'Airside driving permit', null],
  ] as const
).map(([code, namePl, nameEn, description]) => ({ code, namePl, nameEn, description }));

/** How the timetable writes its aircraft, and the type codes they are; a name ending in * covers its variants. */
export const DEMO_TYPE_NAMES = [
  { written: 'BOMBARDIER INC CL-600-2B19', aircraftType: 'CRJ2' },
  { written: 'CANADAIR CL-600-2B19', aircraftType: 'CRJ2' },
  { written: 'BOMBARDIER INC CL-600-2C10', aircraftType: 'CRJ7' },
  { written: 'BOMBARDIER INC CL600-2D24', aircraftType: 'CRJ9' },
  { written: 'EMBRAER EMB-145*', aircraftType: 'E145' },
  { written: 'BOEING 737-3*', aircraftType: 'B733' },
  { written: 'BOEING 737-5*', aircraftType: 'B735' },
  { written: 'BOEING 737-7*', aircraftType: 'B737' },
  { written: 'BOEING 737-8*', aircraftType: 'B738' },
  { written: 'AIRBUS A319*', aircraftType: 'A319' },
  { written: 'AIRBUS A320*', aircraftType: 'A320' },
  { written: 'MCDONNELL DOUGLAS DC-9-83*', aircraftType: 'MD83' },
  { written: 'MCDONNELL DOUGLAS MD 83', aircraftType: 'MD83' },
  { written: 'MCDONNELL DOUGLAS MD-90*', aircraftType: 'MD90' },
];

type Task = Omit<HandlingTask, 'qualification' | 'anchor'> & { qualification?: string };
/** A task placed from the departure: minutes before it are negative (D−35 is -35). */
const task = (group: string, name: string, staff: number, startOffset: number, endOffset: number, qualification?: string): Task => ({
  name,
  group,
  staff,
  startOffset,
  endOffset,
  ...(qualification && { qualification }),
});

/** A narrow-body jet's departure: the ramp loads and pushes back, the passenger desk checks in and boards. */
const NARROW_BODY: Task[] = [
  task('Rampa', 'załadunek / loading', 4, -35, -10),
  task('Rampa', 'wypychanie / pushback', 1, -10, 5, 'PUSHBACK'),
  task('Rampa', 'asekuracja skrzydła / wing walker', 1, -10, 5),
  task('PAX/INFO', 'odprawa / check-in', 2, -120, -45),
  task('PAX/INFO', 'przyjęcie DGR / dangerous goods acceptance', 1, -120, -45, 'DGR'),
  task('PAX/INFO', 'boarding', 2, -40, -10),
];
/** The Airbus holds take containers: a high loader besides. */
const CONTAINERISED: Task[] = [...NARROW_BODY, task('Rampa', 'podnośnik / high loader', 1, -35, -15, 'HILOADER')];
/** A regional jet: fewer bags and passengers, a shorter pushback. */
const REGIONAL: Task[] = [
  task('Rampa', 'załadunek / loading', 2, -30, -10),
  task('Rampa', 'wypychanie / pushback', 1, -8, 3, 'PUSHBACK'),
  task('PAX/INFO', 'odprawa / check-in', 1, -90, -40),
  task('PAX/INFO', 'boarding', 1, -30, -10),
];

const departure = (tasks: Task[]) => tasks.map((t) => ({ ...t, anchor: 'departure' as const }));

/**
 * The rules, most general first: every narrow-body jet by its size class, the Airbus types by name
 * (their own rule wins over the size class), the regional jets by name. De-icing is left out: whether a
 * departure needs it depends on the day's weather, not on the timetable. The coordinators have no task:
 * their flights keep the aircraft table's block.
 */
export const DEMO_HANDLING_RULES: HandlingRuleInput[] = [
  { aircraftType: 'size:narrow', movement: 'departure', tasks: departure(NARROW_BODY) },
  { aircraftType: 'A319', movement: 'departure', tasks: departure(CONTAINERISED) },
  { aircraftType: 'A320', movement: 'departure', tasks: departure(CONTAINERISED) },
  ...['CRJ2', 'CRJ7', 'CRJ9', 'E145'].map((aircraftType) => ({ aircraftType, movement: 'departure' as const, tasks: departure(REGIONAL) })),
];

/**
 * Who holds what, by group and place in it: every ramp agent may drive airside; 8 of the 24 push back,
 * 5 de-ice, 6 drive the high loader; 4 of the 18 at the passenger desk accept dangerous goods. Two run
 * out in the middle of the demo month (a pushback rating on the 14th, a DGR certificate on the 17th) and
 * one driving permit within 60 days of `today`, so that the screens have something to warn about.
 */
export function demoHoldings(
  staff: { id: string; role: string }[],
  month: DateTime,
  today: DateTime,
): { employeeId: string; code: string; validFrom: string | null; validUntil: string | null }[] {
  const day = (d: number) => month.set({ day: Math.min(d, month.daysInMonth!) }).toISODate()!;
  const issued = month.minus({ months: 14 }).startOf('month').toISODate()!;
  const renewed = month.plus({ years: 1 }).endOf('year').toISODate()!;
  // Group, the places in it that hold the code, the code, and the valid-until date by place (none: open).
  const plan: [string, number[], string, ((nth: number) => string | null)?][] = [
    ['Rampa', range(0, 24), 'AIRSIDE', (n) => (n === 11 ? today.plus({ days: 45 }).toISODate()! : renewed)],
    ['Rampa', range(0, 8), 'PUSHBACK', (n) => (n === 3 ? day(14) : null)],
    ['Rampa', range(8, 13), 'DEICE'],
    ['Rampa', range(13, 19), 'HILOADER'],
    ['PAX/INFO', range(0, 4), 'DGR', (n) => (n === 1 ? day(17) : renewed)],
  ];
  return plan.flatMap(([role, nth, code, validUntil]) => {
    const group = staff.filter((s) => s.role === role);
    return nth.flatMap((n) => {
      const employee = group[n];
      if (!employee) return [];
      const held: Pick<HeldQualification, 'validFrom' | 'validUntil'> = { validFrom: issued, validUntil: validUntil?.(n) ?? null };
      return [{ employeeId: employee.id, code, ...held }];
    });
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
