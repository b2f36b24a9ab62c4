// Handling rules (docs/handling-rules.md): the timed work a flight creates for each staff group, by
// aircraft type and optionally by airline or flight-number prefix and by kind of movement. A rule is a
// list of tasks; each task names its group, how many people it needs at once, an optional
// qualification, and when it runs as offsets from the flight's departure or arrival. The most specific
// rule that matches a flight and has tasks for a group gives that group's work; a flight no rule
// covers keeps the three-hour block of the aircraft table (docs/flights-import.md), so an airport that
// defines no rules plans exactly as before. The same code resolves tasks on the server (for the
// generator's instance) and explains the match on the screens.
import { DateTime, FixedOffsetZone } from 'luxon';
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { aircraftTypeAliases, icaoDesignatorOf, isSizeClass, normaliseAircraftType, sizeClassOf, SIZE_CLASSES, type SizeClass } from './aircraft-staffing.ts';
import { qualificationCodeSchema } from './qualifications.ts';
import { STAFF_MAX } from './flights.ts';

/** At most this many rules, tasks per rule, and rows of the aircraft-name table. */
export const HANDLING_RULES_MAX = 200;
export const TASKS_PER_RULE_MAX = 30;
export const TYPE_NAMES_MAX = 500;
/** A task starts and ends within a day either side of its flight's time, and lasts at most a day. */
export const OFFSET_MAX_MINUTES = 24 * 60;

/** What a flight is at this airport: it leaves, it lands, or it lands and leaves again. */
export const MOVEMENTS = ['departure', 'arrival', 'turnaround'] as const;
export type Movement = (typeof MOVEMENTS)[number];
/** The time a task is placed from: the flight's departure from here or its arrival here. */
export const ANCHORS = ['departure', 'arrival'] as const;
export type Anchor = (typeof ANCHORS)[number];
/** The times a flight of each movement has at this airport (a departure's arrival is elsewhere). */
const ANCHORS_OF: Record<Movement, readonly Anchor[]> = { departure: ['departure'], arrival: ['arrival'], turnaround: ['departure', 'arrival'] };

/** A rule's aircraft type: a type code (B738), a size class (size:narrow), or ANY_TYPE. */
export const ANY_TYPE = '*';

export const HANDLING_MESSAGES = {
  aircraftType: 'must be an aircraft type code of 2 to 4 letters or digits, a size class, or * for any type',
  prefix: 'must be 2 to 8 letters or digits: an airline code (LO) or the start of flight numbers (LO39)',
  taskName: 'must be a name of 1 to 60 characters',
  group: 'is required',
  unknownGroup: 'is not a staff group that takes part in flights',
  unknownQualification: 'is not a qualification of this airport',
  staff: `must be a whole number from 1 to ${STAFF_MAX}`,
  offset: `must be a whole number of minutes from -${OFFSET_MAX_MINUTES} to ${OFFSET_MAX_MINUTES}`,
  endAfterStart: 'must be after the start',
  tooLong: 'must be at most 24 hours after the start',
  anchorForMovement: 'is not a time this kind of flight has at the airport (a departure has no arrival here, an arrival no departure)',
  noTasks: 'must hold at least one task',
  duplicateRule: 'matches the same flights as an earlier rule',
  written: 'must be 1 to 60 characters as a timetable writes the aircraft, optionally ending in * to match every name that starts so',
  duplicateWritten: 'is already in the table',
} as const;
export type HandlingMessageKey = keyof typeof HANDLING_MESSAGES;

const TYPE_CODE = /^[A-Z0-9]{2,4}$/;
const PREFIX = /^[A-Z0-9]{2,8}$/;

/** A whole number from min to max, refused with the rule's own key (params.rule) whatever is wrong with it. */
const wholeNumber = (min: number, max: number, rule: HandlingMessageKey) =>
  z
    .number({ error: HANDLING_MESSAGES[rule] })
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, { message: HANDLING_MESSAGES[rule], params: { rule } });
/** Text of 1 to max characters, refused with the rule's own key. */
const shortText = (max: number, rule: HandlingMessageKey) =>
  plainText({ error: HANDLING_MESSAGES[rule] }).refine((v) => v.length >= 1 && v.length <= max, { message: HANDLING_MESSAGES[rule], params: { rule } });

const offsetSchema = wholeNumber(-OFFSET_MAX_MINUTES, OFFSET_MAX_MINUTES, 'offset');

const handlingTaskSchema = z
  .object({
    name: shortText(60, 'taskName'),
    group: shortText(60, 'group'),
    staff: wholeNumber(1, STAFF_MAX, 'staff'),
    qualification: qualificationCodeSchema.nullish().transform((v) => v ?? null),
    anchor: z.enum(ANCHORS),
    /** Minutes from the anchor to the task's start and end (negative: before it). */
    startOffset: offsetSchema,
    endOffset: offsetSchema,
  })
  .strict()
  .superRefine((task, ctx) => {
    if (task.endOffset <= task.startOffset) {
      ctx.addIssue({ code: 'custom', path: ['endOffset'], message: HANDLING_MESSAGES.endAfterStart, params: { rule: 'endAfterStart' } });
    } else if (task.endOffset - task.startOffset > OFFSET_MAX_MINUTES) {
      ctx.addIssue({ code: 'custom', path: ['endOffset'], message: HANDLING_MESSAGES.tooLong, params: { rule: 'tooLong' } });
    }
  });
export type HandlingTask = z.output<typeof handlingTaskSchema>;

export const handlingRuleSchema = z
  .object({
    aircraftType: z
      .string({ error: HANDLING_MESSAGES.aircraftType })
      .transform((v) => (v.trim() === ANY_TYPE ? ANY_TYPE : normaliseAircraftType(v)))
      .refine((v) => v === ANY_TYPE || TYPE_CODE.test(v) || isSizeClass(v), { message: HANDLING_MESSAGES.aircraftType, params: { rule: 'aircraftType' } }),
    /** An airline code or the start of flight numbers; null: any. */
    prefix: z
      .string({ error: HANDLING_MESSAGES.prefix })
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine((v) => v === '' || PREFIX.test(v), { message: HANDLING_MESSAGES.prefix, params: { rule: 'prefix' } })
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The kind of flight the rule is for; null: any kind. */
    movement: z
      .enum(MOVEMENTS)
      .nullish()
      .transform((v) => v ?? null),
    tasks: z
      .array(handlingTaskSchema)
      .max(TASKS_PER_RULE_MAX)
      .refine((tasks) => tasks.length > 0, { message: HANDLING_MESSAGES.noTasks, params: { rule: 'noTasks' } }),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (!rule.movement) return;
    const allowed = ANCHORS_OF[rule.movement];
    rule.tasks.forEach((task, i) => {
      if (!allowed.includes(task.anchor)) {
        ctx.addIssue({ code: 'custom', path: ['tasks', i, 'anchor'], message: HANDLING_MESSAGES.anchorForMovement, params: { rule: 'anchorForMovement' } });
      }
    });
  });
export type HandlingRule = z.output<typeof handlingRuleSchema>;
export type HandlingRuleInput = z.input<typeof handlingRuleSchema>;

/** Two rules that match exactly the same flights: the later could never win. */
const ruleKey = (rule: Pick<HandlingRule, 'aircraftType' | 'prefix' | 'movement'>) => `${rule.aircraftType}|${rule.prefix ?? ''}|${rule.movement ?? ''}`;

/**
 * The body of PUT /api/handling-rules: every rule, in the order shown. `seen` is the list as the planner
 * loaded it: when someone saved another since, nothing is saved and the answer is 409 STALE.
 */
export const handlingRulesBodySchema = z
  .object({ rules: z.array(handlingRuleSchema).max(HANDLING_RULES_MAX), seen: z.array(z.unknown()).max(HANDLING_RULES_MAX).optional() })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rules.forEach((rule, i) => {
      const key = ruleKey(rule);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'aircraftType'], message: HANDLING_MESSAGES.duplicateRule, params: { rule: 'duplicateRule' } });
      seen.add(key);
    });
  });
export type HandlingRulesBody = z.input<typeof handlingRulesBodySchema>;

/**
 * The aircraft-name table: how timetables write an aircraft ("BOEING 737-7H4", "B737", "73G") and the
 * type code it is. A written name ending in * matches every name that starts so; the longest wins.
 */
export const typeNameSchema = z
  .object({
    written: z
      .string({ error: HANDLING_MESSAGES.written })
      .transform(normaliseWritten)
      .refine((v) => v.length >= 1 && v.length <= 60 && v !== '*', { message: HANDLING_MESSAGES.written, params: { rule: 'written' } }),
    aircraftType: z
      .string({ error: HANDLING_MESSAGES.aircraftType })
      .transform(normaliseAircraftType)
      .refine((v) => TYPE_CODE.test(v), { message: HANDLING_MESSAGES.aircraftType, params: { rule: 'aircraftType' } }),
  })
  .strict();
export type TypeName = z.output<typeof typeNameSchema>;

/** The body of PUT /api/aircraft-type-names: the whole table. */
export const typeNamesBodySchema = z
  .object({ rows: z.array(typeNameSchema).max(TYPE_NAMES_MAX) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rows.forEach((row, i) => {
      if (seen.has(row.written))
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'written'], message: HANDLING_MESSAGES.duplicateWritten, params: { rule: 'duplicateWritten' } });
      seen.add(row.written);
    });
  });

/** A name as timetables write it, for comparing: trimmed, spaces made one, upper-cased. */
export function normaliseWritten(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * The type code of an aircraft as a flight names it: the name table's exact row, else its longest
 * matching prefix row, else the ICAO designator of an IATA code (738 → B738), else the code itself.
 * Null when the flight names no aircraft.
 */
export function typeResolver(names: readonly TypeName[]): (written: string | null | undefined) => string | null {
  const exact = new Map<string, string>();
  const prefixes: [string, string][] = [];
  for (const row of names) {
    if (row.written.endsWith('*')) prefixes.push([row.written.slice(0, -1), row.aircraftType]);
    else exact.set(row.written, row.aircraftType);
  }
  prefixes.sort((a, b) => b[0].length - a[0].length);
  const cache = new Map<string, string | null>();
  return (written) => {
    if (!written || !written.trim()) return null;
    const name = normaliseWritten(written);
    const known = cache.get(name);
    if (known !== undefined) return known;
    let type: string | null = exact.get(name) ?? prefixes.find(([p]) => name.startsWith(p))?.[1] ?? null;
    if (!type && TYPE_CODE.test(name)) type = icaoDesignatorOf(name);
    cache.set(name, type);
    return type;
  };
}

/** What a rule is matched against: a flight as stored. */
export type RuleFlight = {
  flightNumber: string;
  /** ISO date-times with an offset; arrival null when unknown. */
  departureTime: string;
  arrivalTime: string | null;
  aircraftType: string | null;
  movement: Movement;
};

/** Why a rule matched a flight: each part of the rule that held, most telling first. */
export type MatchReason =
  | { code: 'type'; params: { aircraftType: string } }
  | { code: 'sizeClass'; params: { sizeClass: SizeClass } }
  | { code: 'anyType'; params: Record<string, never> }
  | { code: 'prefix'; params: { prefix: string } }
  | { code: 'movement'; params: { movement: Movement } };

/** A group's work for one flight: the winning rule's tasks as instants, or the block of the aircraft table. */
export type GroupWork =
  | {
      kind: 'rule';
      /** The rule's place in the list (0-based). */
      ruleIndex: number;
      why: MatchReason[];
      tasks: { name: string; from: string; to: string; staff: number; qualification: string | null }[];
    }
  /** No rule has tasks for the group: a departure's three-hour block of `requiredStaff` (as before rules); an arrival adds no work. */
  | { kind: 'block'; aircraftType: string | null };

/** How specific a match is: type over size class over any type, then a longer prefix, then a named movement. */
function specificity(rule: HandlingRule): [number, number, number] {
  const type = rule.aircraftType === ANY_TYPE ? 0 : isSizeClass(rule.aircraftType) ? 1 : 2;
  return [type, rule.prefix?.length ?? 0, rule.movement ? 1 : 0];
}

const moreSpecific = (a: [number, number, number], b: [number, number, number]) => (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2]);

/**
 * Resolves the rules for one airport: given a flight and a group, the group's work. `timeZone` is the
 * airport's: the tasks' instants are written with its offset at each instant (across the clock change
 * too, since offsets are added to instants, not to wall-clock times). What can be worked out once is:
 * each rule's tasks by group, each type's aliases and size class, the zone's offset per quarter hour, so
 * that a month of 3,500 flights resolves in well under 200 ms.
 */
export function workResolver(rules: readonly HandlingRule[], names: readonly TypeName[], timeZone: string) {
  const typeOf = typeResolver(names);
  const ranked = rules.map((rule, index) => {
    const byGroup = new Map<string, HandlingTask[]>();
    for (const task of rule.tasks) byGroup.set(task.group, [...(byGroup.get(task.group) ?? []), task]);
    return { rule, index, rank: specificity(rule), byGroup };
  });
  const sizeClasses = new Set<string>(SIZE_CLASSES);
  const aliases = memo((type: string) => aircraftTypeAliases(type));
  const sizeOf = memo((type: string) => sizeClassOf(type));
  const instant = instantWriter(timeZone);

  function matches(rule: HandlingRule, flight: RuleFlight, type: string | null, number: string): MatchReason[] | null {
    const why: MatchReason[] = [];
    if (rule.aircraftType === ANY_TYPE) why.push({ code: 'anyType', params: {} });
    else if (sizeClasses.has(rule.aircraftType)) {
      if (!type && !flight.aircraftType) return null;
      const size = sizeOf(type ?? flight.aircraftType!);
      if (size !== rule.aircraftType) return null;
      why.push({ code: 'sizeClass', params: { sizeClass: size } });
    } else {
      if (!type || !aliases(type).includes(rule.aircraftType)) return null;
      why.push({ code: 'type', params: { aircraftType: rule.aircraftType } });
    }
    if (rule.prefix) {
      if (!number.startsWith(rule.prefix)) return null;
      why.push({ code: 'prefix', params: { prefix: rule.prefix } });
    }
    if (rule.movement) {
      if (rule.movement !== flight.movement) return null;
      why.push({ code: 'movement', params: { movement: rule.movement } });
    }
    return why;
  }

  return function workOf(flight: RuleFlight, group: string): GroupWork {
    const type = typeOf(flight.aircraftType);
    const number = flight.flightNumber.replace(/\s+/g, '').toUpperCase();
    const anchors = ANCHORS_OF[flight.movement];
    let best: { index: number; rank: [number, number, number]; why: MatchReason[]; tasks: HandlingTask[] } | null = null;
    for (const { rule, index, rank, byGroup } of ranked) {
      if (best && !moreSpecific(rank, best.rank)) continue;
      const tasks = byGroup.get(group);
      if (!tasks) continue;
      // A rule whose tasks for the group need a time the flight does not have here does not apply to it.
      if (tasks.some((t) => !anchors.includes(t.anchor) || (t.anchor === 'arrival' && !flight.arrivalTime))) continue;
      const why = matches(rule, flight, type, number);
      if (why) best = { index, rank, why, tasks };
    }
    if (!best) return { kind: 'block', aircraftType: type };
    const departure = epochOf(flight.departureTime);
    const arrival = flight.arrivalTime ? epochOf(flight.arrivalTime) : NaN;
    const at = (anchor: Anchor) => (anchor === 'departure' ? departure : arrival);
    return {
      kind: 'rule',
      ruleIndex: best.index,
      why: best.why,
      tasks: best.tasks.map((t) => ({
        name: t.name,
        from: instant(at(t.anchor) + t.startOffset * 60_000),
        to: instant(at(t.anchor) + t.endOffset * 60_000),
        staff: t.staff,
        qualification: t.qualification,
      })),
    };
  };
}

function memo<T>(work: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = work(key);
    known.set(key, value);
    return value;
  };
}

/** An ISO date-time's instant: the built-in parser for the standard form (far faster), luxon for any other. */
function epochOf(iso: string): number {
  const fast = Date.parse(iso);
  return Number.isNaN(fast) ? DateTime.fromISO(iso, { setZone: true }).toMillis() : fast;
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * An instant (epoch ms) as ISO with the zone's offset at that instant, as luxon writes it
 * (toISO, no milliseconds). Zones change their offset on a quarter hour, so the offset is looked up
 * once per quarter hour and the text written with that fixed offset; an offset of 0 goes through the
 * zone itself, which luxon writes as +00:00 rather than Z.
 */
function instantWriter(timeZone: string): (ms: number) => string {
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER_HOUR);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = DateTime.fromMillis(quarter * QUARTER_HOUR, { zone: timeZone }).offset;
      offsets.set(quarter, offset);
    }
    const at = offset === 0 ? DateTime.fromMillis(ms, { zone: timeZone }) : DateTime.fromMillis(ms, { zone: FixedOffsetZone.instance(offset) });
    return at.toISO({ suppressMilliseconds: true })!;
  };
}

/** The most people a flight's tasks need at once (tasks that overlap add up): what a group's work asks for at its peak. */
export function peakStaff(tasks: readonly { from: string; to: string; staff: number }[]): number {
  const edges = tasks.flatMap((t) => [
    { at: Date.parse(t.from), change: t.staff },
    { at: Date.parse(t.to), change: -t.staff },
  ]);
  // At the same instant an end comes before a start: a task ending as the next begins needs no one more.
  edges.sort((a, b) => a.at - b.at || a.change - b.change);
  let now = 0;
  let most = 0;
  for (const edge of edges) {
    now += edge.change;
    most = Math.max(most, now);
  }
  return most;
}
