// The database schema. Tables and columns of the product keep the names of the app Grafik
// replaced (docs/product.md §3) so data exported from the original app imports unchanged. Integrity lives
// here as well as in the client: unique keys, check constraints and deliberate ON DELETE rules.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MOVEMENTS } from '../../shared/api/handling-rules.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Bumped on every update; an edit that names an older version is refused (lost-update guard). */
const version = () => integer('version').notNull().default(1);

export const staffGroups = pgTable(
  'staff_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    takesFlights: boolean('takes_flights').notNull().default(false),
    takesAirportHours: boolean('takes_airport_hours').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [check('staff_groups_name_not_blank', sql`length(trim(${t.name})) between 1 and 60`)],
);

export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    // A staff group's name. Renaming a group carries over; a group with employees cannot be dropped.
    role: text('role')
      .notNull()
      .references(() => staffGroups.name, { onUpdate: 'cascade', onDelete: 'restrict' }),
    /** The contract's share of full time ("etat"): 1 full time, 0.5 half time; the month's required hours times this. */
    workingTimeFraction: numeric('working_time_fraction', { precision: 4, scale: 3, mode: 'number' }).notNull().default(1),
    /** The employee's own monthly hours; when set, it replaces the fraction of the month's required hours. */
    monthlyHours: integer('monthly_hours'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('employees_role_idx').on(t.role),
    check('employees_working_time_fraction', sql`${t.workingTimeFraction} between 0.05 and 1`),
    check('employees_monthly_hours', sql`${t.monthlyHours} is null or ${t.monthlyHours} between 1 and 300`),
    check('employees_first_name_not_blank', sql`length(trim(${t.firstName})) > 0`),
    check('employees_last_name_not_blank', sql`length(trim(${t.lastName})) > 0`),
    check('employees_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The date the shift ends on: `date`, or the next date for an overnight shift (docs/night-operations.md). */
    endDate: date('end_date', { mode: 'string' }).notNull(),
    totalHours: numeric('total_hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** 'manual' for a planner's edit (kept when regenerating), 'generated' for the generator's. */
    source: text('source', { enum: ['manual', 'generated'] })
      .notNull()
      .default('manual'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    unique('schedules_employee_date_key').on(t.employeeId, t.date),
    index('schedules_date_idx').on(t.date),
    // Ends after it starts: later the same date, or the next date at or before its start time (≤ 24 h).
    check(
      'schedules_end_after_start',
      sql`(${t.endDate} = ${t.date} and ${t.endTime} > ${t.startTime}) or (${t.endDate} = ${t.date} + 1 and ${t.endTime} <= ${t.startTime})`,
    ),
    check('schedules_total_hours_range', sql`${t.totalHours} > 0 and ${t.totalHours} <= 24`),
    check('schedules_source', sql`${t.source} in ('manual', 'generated')`),
  ],
);

export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** What the absence is: vacation, onDemand, sick, training or other (src/shared/api/time-off.ts). */
    kind: text('kind', { enum: ['vacation', 'onDemand', 'sick', 'training', 'other'] })
      .notNull()
      .default('other'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    countAsWork: boolean('count_as_work').notNull().default(false),
    workHours: numeric('work_hours', { precision: 4, scale: 1, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('time_off_employee_idx').on(t.employeeId),
    index('time_off_dates_idx').on(t.startDate, t.endDate),
    check('time_off_end_not_before_start', sql`${t.endDate} >= ${t.startDate}`),
    check('time_off_other_has_reason', sql`${t.kind} <> 'other' or length(trim(${t.reason})) > 0`),
    check('time_off_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('time_off_kind', sql`${t.kind} in ('vacation', 'onDemand', 'sick', 'training', 'other')`),
    check(
      'time_off_work_hours',
      sql`(${t.countAsWork} and ${t.workHours} between 1 and 24 and mod(${t.workHours} * 2, 1) = 0)
          or (not ${t.countAsWork} and ${t.workHours} is null)`,
    ),
  ],
);

/**
 * An employee's own request for time off (docs/time-off-requests.md), kept apart from `time_off`: a row
 * there counts in the plan while it waits, a request does not until a planner approves it. Approval
 * creates an ordinary approved time off (`time_off_id`) in the same transaction.
 */
export const timeOffRequests = pgTable(
  'time_off_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The kinds an employee may ask for: a subset of time_off's (src/shared/api/time-off-requests.ts). */
    kind: text('kind', { enum: ['vacation', 'onDemand', 'other'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** The planner who decided (better-auth's user id); kept when that account goes. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The time off an approval created; null when that time off was deleted since. */
    timeOffId: uuid('time_off_id').references(() => timeOff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_requests_employee_idx').on(t.employeeId),
    index('time_off_requests_status_idx').on(t.status, t.createdAt),
    check('time_off_requests_end_not_before_start', sql`${t.endDate} >= ${t.startDate}`),
    check('time_off_requests_kind', sql`${t.kind} in ('vacation', 'onDemand', 'other')`),
    check('time_off_requests_status', sql`${t.status} in ('pending', 'approved', 'refused', 'withdrawn')`),
    check('time_off_requests_refusal_has_reason', sql`${t.status} <> 'refused' or length(trim(coalesce(${t.decisionReason}, ''))) > 0`),
  ],
);

/**
 * Shift swaps (docs/swaps.md): an employee's published shift offered to a colleague of the group (or
 * to anyone of it who may take it), taken by one, and approved or refused by a planner. The shift's
 * times are kept as offered: a swap whose shift a planner changed since is not carried out.
 */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offeredBy: uuid('offered_by')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    totalHours: numeric('total_hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The colleague it is offered to; null for anyone of the group who may take it. */
    offeredTo: uuid('offered_to').references(() => employees.id, { onDelete: 'cascade' }),
    /** The colleague who took it. */
    takenBy: uuid('taken_by').references(() => employees.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'accepted', 'approved', 'refused', 'withdrawn'] })
      .notNull()
      .default('open'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The planner who decided (better-auth's user id). */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shift_swaps_offered_by_idx').on(t.offeredBy, t.date),
    index('shift_swaps_status_idx').on(t.status, t.date),
    // One live offer of a shift at a time.
    uniqueIndex('shift_swaps_one_live_offer')
      .on(t.offeredBy, t.date)
      .where(sql`${t.status} in ('open', 'accepted')`),
    check('shift_swaps_status', sql`${t.status} in ('open', 'accepted', 'approved', 'refused', 'withdrawn')`),
    check('shift_swaps_taken_when_accepted', sql`${t.status} not in ('accepted', 'approved') or ${t.takenBy} is not null`),
    check('shift_swaps_not_to_oneself', sql`${t.offeredTo} is distinct from ${t.offeredBy} and ${t.takenBy} is distinct from ${t.offeredBy}`),
    check('shift_swaps_refusal_has_reason', sql`${t.status} <> 'refused' or length(trim(coalesce(${t.decisionReason}, ''))) > 0`),
    check('shift_swaps_total_hours_range', sql`${t.totalHours} > 0 and ${t.totalHours} <= 24`),
  ],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [unique('events_employee_date_key').on(t.employeeId, t.date), check('events_name_not_blank', sql`length(trim(${t.name})) > 0`)],
);

export const monthlyWorkHours = pgTable(
  'monthly_work_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    requiredHours: integer('required_hours').notNull(),
    /** Why the figure is not the month's norm (Labour Code art. 130, docs/working-time.md); null when it is, or when no norm applies. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('monthly_work_hours_month_year_key').on(t.month, t.year),
    check('monthly_work_hours_month', sql`${t.month} between 0 and 11`),
    check('monthly_work_hours_year', sql`${t.year} between 2000 and 2100`),
    check('monthly_work_hours_required', sql`${t.requiredHours} between 1 and 300`),
    check('monthly_work_hours_reason', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);

export const flights = pgTable(
  'flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flightNumber: text('flight_number').notNull(),
    departureTime: timestamp('departure_time', { withTimezone: true, mode: 'string' }).notNull(),
    /** Optional: demand follows departures only, and many feeds carry none. */
    arrivalTime: timestamp('arrival_time', { withTimezone: true, mode: 'string' }),
    requiredStaff: jsonb('required_staff').$type<Record<string, number>>().notNull().default({}),
    /** The timetable import that last wrote this flight; null for one a planner entered or copied. */
    importId: uuid('import_id').references(() => flightImports.id, { onDelete: 'set null' }),
    /**
     * Where each group's figure came from: 'file' (a staff column), 'aircraft' (the aircraft table),
     * 'default' (1) or 'manual' (entered by hand); null for flights stored before this was recorded.
     */
    staffSources: jsonb('staff_sources').$type<Record<string, string>>(),
    /**
     * The aircraft type as the flight came with it (a timetable's column, SSIM, the form); null when none
     * was given or for flights stored before it was kept. Figures from the aircraft table follow the table.
     */
    aircraftType: text('aircraft_type'),
    /** What the flight is at this airport: it leaves, lands, or lands and leaves again (docs/handling-rules.md). */
    movement: text('movement', { enum: MOVEMENTS }).notNull().default('departure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('flights_movement', sql`${t.movement} in ('departure', 'arrival', 'turnaround')`),
    // Re-importing a timetable must not duplicate a flight.
    unique('flights_number_departure_key').on(t.flightNumber, t.departureTime),
    index('flights_departure_idx').on(t.departureTime),
    check('flights_number_not_blank', sql`length(trim(${t.flightNumber})) between 1 and 16`),
    check('flights_arrival_after_departure', sql`${t.arrivalTime} > ${t.departureTime}`),
  ],
);

/** One timetable import: who brought which file in, when, and what it did (docs/flights-import.md). */
export const flightImports = pgTable('flight_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
  /** The account that ran it; no foreign key, so the record outlives the account and restores before it. */
  userId: text('user_id'),
  fileName: text('file_name').notNull(),
  timeBasis: text('time_basis').notNull(),
  newCount: integer('new_count').notNull(),
  changedCount: integer('changed_count').notNull(),
  unchangedCount: integer('unchanged_count').notNull(),
  /** The month (YYYY-MM, airport zone) that received the most of its flights; null for older records. */
  month: text('month'),
  /** The file's kind: 'table' (CSV or XLSX with a mapping) or 'ssim'. */
  format: text('format').notNull().default('table'),
});

/**
 * Staff per flight group an aircraft type needs (docs/flights-import.md): used when an imported file
 * has no staff column for a group.
 */
export const aircraftStaffing = pgTable(
  'aircraft_staffing',
  {
    /** The type code as the timetables write it (B738, 738, E75L), upper case. */
    aircraftType: text('aircraft_type').primaryKey(),
    /** Group name → staff per departure (0 or more). */
    requiredStaff: jsonb('required_staff').$type<Record<string, number>>().notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('aircraft_staffing_type', sql`${t.aircraftType} ~ '^([A-Z0-9]{2,4}|size:(wide|narrow|small))$'`)],
);

/** The airport's catalogue of qualifications: licences and ratings a task may ask for (docs/handling-rules.md). */
export const qualifications = pgTable(
  'qualifications',
  {
    /** PUSHBACK, DEICE: 2–12 capital letters, digits, - or _ (src/shared/api/qualifications.ts). */
    code: text('code').primaryKey(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('qualifications_code', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{1,11}$'`)],
);

/** Which qualifications each employee holds, from and until which dates (both inclusive; null: open). */
export const employeeQualifications = pgTable(
  'employee_qualifications',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => qualifications.code),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.code] }),
    index('employee_qualifications_code_idx').on(t.code),
    check('employee_qualifications_validity', sql`${t.validUntil} >= ${t.validFrom}`),
  ],
);

/**
 * The timed work a flight creates per staff group (docs/handling-rules.md): a rule matches flights by
 * aircraft type (or size class, or any), optionally by flight-number prefix and movement; its tasks
 * (src/shared/api/handling-rules.ts's handlingTaskSchema) are kept as they were saved.
 */
export const handlingRules = pgTable(
  'handling_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull().default(0),
    aircraftType: text('aircraft_type').notNull(),
    prefix: text('prefix'),
    movement: text('movement', { enum: MOVEMENTS }),
    tasks: jsonb('tasks').$type<unknown[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('handling_rules_movement', sql`${t.movement} is null or ${t.movement} in ('departure', 'arrival', 'turnaround')`)],
);

/** How timetables write an aircraft ("BOEING 737-8*") and the type code it is. */
export const aircraftTypeNames = pgTable('aircraft_type_names', {
  written: text('written').primaryKey(),
  aircraftType: text('aircraft_type').notNull(),
  position: integer('position').notNull().default(0),
});

/** A saved column mapping, offered again for a file whose header is the same (docs/flights-import.md). */
export const importProfiles = pgTable('import_profiles', {
  /** The header's names, trimmed and lower-cased, as JSON (headerKey()). */
  headerKey: text('header_key').primaryKey(),
  header: jsonb('header').$type<string[]>().notNull(),
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export const airportHours = pgTable(
  'airport_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role')
      .notNull()
      .references(() => staffGroups.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    openingTime: time('opening_time').notNull(),
    closingTime: time('closing_time').notNull(),
    minimumStaff: integer('minimum_staff').notNull().default(1),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('airport_hours_role_day_month_year_key').on(t.role, t.dayOfWeek, t.month, t.year),
    check('airport_hours_day', sql`${t.dayOfWeek} between 0 and 6`),
    check('airport_hours_month', sql`${t.month} between 0 and 11`),
    // Closing at or before opening is on the next day; "24:00" closes at midnight; opening is a time of day.
    check('airport_hours_opening_time', sql`${t.openingTime} < '24:00'`),
    check('airport_hours_minimum_staff', sql`${t.minimumStaff} >= 1`),
  ],
);

export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    timeIncrement: text('time_increment', { enum: ['half', 'full'] })
      .notNull()
      .default('half'),
    minRestHours: doublePrecision('min_rest_hours').notNull().default(11),
    weeklyHours: doublePrecision('weekly_hours').notNull().default(40),
    minShiftHours: doublePrecision('min_shift_hours').notNull().default(4),
    /** R11: the uninterrupted rest every week holds, in hours; 0 turns the rule off. */
    weeklyRestHours: doublePrecision('weekly_rest_hours').notNull().default(35),
    /** R12: the longest run of consecutive working days; 0 turns the rule off. */
    maxConsecutiveDays: integer('max_consecutive_days').notNull().default(6),
    /** R13: the overtime a part-time employee may be planned beyond their hours in a month; 0 = none. */
    partTimeOvertimeHours: doublePrecision('part_time_overtime_hours').notNull().default(0),
    /** R13: the same for full time; null = no monthly limit (only the daily and weekly caps). */
    fullTimeOvertimeHours: doublePrecision('full_time_overtime_hours'),
    timeZone: text('time_zone').notNull().default('Europe/Warsaw'),
    /** The airport's IATA code (three letters); an SSIM import picks the legs departing from it. */
    stationCode: text('station_code'),
    /** Employees see the names of their group's colleagues working on their days (docs/staff-accounts.md). */
    showColleagues: boolean('show_colleagues').notNull().default(false),
    /** The most wishes an employee may mark for one month (docs/staff-accounts.md#wishes); 0 turns wishes off. */
    maxWishesPerMonth: integer('max_wishes_per_month').notNull().default(6),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_time_increment', sql`${t.timeIncrement} in ('half', 'full')`),
    check('settings_min_rest', sql`${t.minRestHours} between 8 and 24`),
    check('settings_weekly_hours', sql`${t.weeklyHours} between 20 and 60`),
    check('settings_min_shift', sql`${t.minShiftHours} between 1 and 24`),
    check('settings_weekly_rest', sql`${t.weeklyRestHours} between 0 and 48`),
    check('settings_max_consecutive_days', sql`${t.maxConsecutiveDays} between 0 and 14`),
    check('settings_part_time_overtime', sql`${t.partTimeOvertimeHours} between 0 and 100`),
    check('settings_full_time_overtime', sql`${t.fullTimeOvertimeHours} between 0 and 100`),
    check('settings_station_code', sql`${t.stationCode} ~ '^[A-Z]{3}$'`),
    check('settings_max_wishes_per_month', sql`${t.maxWishesPerMonth} between 0 and 31`),
  ],
);

/**
 * An employee's wish for one date of a month (docs/staff-accounts.md#wishes; the engine's kinds,
 * src/engine/wishes.ts): one a date, the month's set replaced as a whole by the employee.
 */
export const employeeWishes = pgTable(
  'employee_wishes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The month the wish belongs to, YYYY-MM: the date's. */
    month: text('month').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['dayOff', 'noEarly', 'noLate', 'noNight', 'work'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('employee_wishes_employee_date_key').on(t.employeeId, t.date),
    index('employee_wishes_month_idx').on(t.month),
    check('employee_wishes_kind', sql`${t.kind} in ('dayOff', 'noEarly', 'noLate', 'noNight', 'work')`),
    check('employee_wishes_month_of_date', sql`${t.month} = to_char(${t.date}, 'YYYY-MM')`),
  ],
);

/** One row per generation: the seed, strategy, time and report, so a month can be explained and replayed. */
export const generationRuns = pgTable('generation_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  role: text('role').notNull(),
  month: integer('month').notNull(),
  year: integer('year').notNull(),
  strategy: text('strategy').notNull(),
  seed: integer('seed').notNull(),
  elapsedMs: integer('elapsed_ms').notNull(),
  shiftCount: integer('shift_count').notNull(),
  report: jsonb('report').notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/**
 * A group's month as it was published (docs/publishing.md): who published it and when, and the
 * edit journal's last id at that moment, so that later edits can be told apart. Publishing again
 * replaces the row's copy and bumps its version.
 */
export const publishedMonths = pgTable(
  'published_months',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role')
      .notNull()
      .references(() => staffGroups.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that published it (better-auth's user id); null when that account is gone. */
    publishedBy: text('published_by'),
    /** The id of the journal's "published" entry: edits after it are changes since publication. */
    editMark: integer('edit_mark').notNull().default(0),
    version: version(),
  },
  (t) => [
    unique('published_months_role_month_year_key').on(t.role, t.month, t.year),
    check('published_months_month', sql`${t.month} between 0 and 11`),
    check('published_months_year', sql`${t.year} between 2000 and 2100`),
  ],
);

/** The frozen copy of a published month's shifts: one row per employee and date, as the schedules table had it. */
export const publishedShifts = pgTable(
  'published_shifts',
  {
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publishedMonths.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    totalHours: numeric('total_hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    source: text('source', { enum: ['manual', 'generated'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.employeeId, t.date] }), index('published_shifts_employee_date_idx').on(t.employeeId, t.date)],
);

/**
 * Who changed a group's month and when (docs/publishing.md): one entry per saved or deleted shift,
 * and one per generation, clear, reset or publication of the whole month; a re-plan's applied proposal
 * journals each day it writes as 'replanned', an approved swap both people's day as 'swapped'. Written
 * in the same transaction as the change itself.
 */
export const scheduleEdits = pgTable(
  'schedule_edits',
  {
    id: serial('id').primaryKey(),
    role: text('role')
      .notNull()
      .references(() => staffGroups.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    /** The shift's employee and date; null for an entry about the whole month. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }),
    action: text('action', { enum: ['saved', 'deleted', 'generated', 'cleared', 'reset', 'published', 'replanned', 'swapped'] }).notNull(),
    userId: text('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_edits_month_idx').on(t.role, t.year, t.month, t.id),
    check('schedule_edits_action', sql`${t.action} in ('saved', 'deleted', 'generated', 'cleared', 'reset', 'published', 'replanned', 'swapped')`),
  ],
);

/**
 * Who a publication told of a change (docs/publishing.md#who-was-told): when a month is published
 * again, one row per employee whose shifts of the month differ from the copy published before, with
 * how many of their days changed. Their calendar feed carries the change from that moment.
 */
export const publicationNotices = pgTable(
  'publication_notices',
  {
    id: serial('id').primaryKey(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publishedMonths.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** Days of the employee's month whose shift the publication added, removed or moved. */
    changes: integer('changes').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publication_notices_publication_idx').on(t.publicationId, t.publishedAt), check('publication_notices_changes', sql`${t.changes} > 0`)],
);

/** An employee's secret calendar address (docs/publishing.md): only the token's SHA-256 is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id')
    .notNull()
    .unique()
    .references(() => employees.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  createdBy: text('created_by'),
  /** When a calendar last fetched the feed (kept to the minute): whether a change has reached the phone. */
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
});

/**
 * An employee's own account (docs/staff-accounts.md): the better-auth user (role 'employee') linked to
 * exactly one employee record, one account per employee, and the invitation that lets the employee
 * choose a password: only the SHA-256 of its token is kept, with when it stops working. Accepting it
 * clears the token. Never in a backup; a restore empties it (docs/security.md).
 */
export const employeeAccounts = pgTable(
  'employee_accounts',
  {
    employeeId: uuid('employee_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the open invitation's token; null once accepted. */
    inviteTokenHash: text('invite_token_hash').unique(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** The planner who sent the latest invitation (better-auth's user id). */
    invitedBy: text('invited_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [check('employee_accounts_invitation', sql`(${t.inviteTokenHash} is null) = (${t.inviteExpiresAt} is null)`)],
);

/** Instance facts the app keeps for itself, such as the generated signing secret. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** When it happened; for a repeated failure, the first time in its window. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    userId: text('user_id'),
    email: text('email'),
    ipAddress: text('ip_address'),
    detail: jsonb('detail'),
    /** How many times it happened: failures from one address within a window share a row. */
    occurrences: integer('occurrences').notNull().default(1),
    /** The last time, for a row that counts repeated failures (null for a single event). */
    lastAt: timestamp('last_at', { withTimezone: true }),
    /** The row's window, e.g. "sign-in.failed|203.0.113.9||2936218": the key repeated failures meet on. */
    groupKey: text('group_key'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.id), uniqueIndex('audit_log_group_key_idx').on(t.groupKey)],
);

// ---- Authentication (better-auth, with the admin and two-factor plugins) ----

export const user = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
});

export const session = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const verification = pgTable('auth_verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const twoFactor = pgTable(
  'auth_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_two_factor_user_idx').on(t.userId), index('auth_two_factor_secret_idx').on(t.secret)],
);

export const rateLimit = pgTable('auth_rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const authSchema = { user, session, account, verification, twoFactor, rateLimit };
