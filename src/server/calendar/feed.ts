// An employee's calendar (RFC 5545) built with ical-generator (docs/publishing.md#calendar-feed):
// their published shifts, an overnight shift as one event, and their approved time off as all-day
// events, in the airport's zone with its VTIMEZONE block. Each event's UID stays the same from one
// publication to the next (a shift's is its employee and date, a time off's its id), so a calendar
// app replaces an event that changed instead of adding a second one.
// Every text the feed writes (the employee's name, a group's name) is made one line and escaped here:
// the API refuses control characters in names, but a row stored before it did, or by other means,
// must not be able to start a line of its own (an event or an alarm of its own in a subscriber's
// calendar). DTSTAMP is in UTC, as RFC 5545 §3.8.7.2 requires.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { nextDate } from '../../shared/hours.ts';
import { withoutControlCharacters } from '../../shared/api/plain-text.ts';
import type { TimeOffKind } from '../../shared/api/time-off.ts';

export type FeedLanguage = 'pl' | 'en';

// Time off is named by kind only, never by its reason; a sick leave reads as an absence.
const WORDS = {
  pl: {
    shift: 'Zmiana',
    calendar: 'Grafik',
    calendarNote: 'Opublikowany grafik: zmiany w wersji roboczej (także te na wydruku) pojawiają się tu dopiero po ponownej publikacji.',
    shiftNote: (when: string) => `Wersja opublikowana ${when}. Zmiany wprowadzone później w wersji roboczej pojawią się tu po ponownej publikacji.`,
    timeOff: { vacation: 'Urlop', onDemand: 'Urlop na żądanie', sick: 'Nieobecność', training: 'Szkolenie', other: 'Nieobecność' },
  },
  en: {
    shift: 'Shift',
    calendar: 'Roster',
    calendarNote: 'The published roster: changes to the draft (the printout’s too) appear here only once published again.',
    shiftNote: (when: string) => `Version published ${when}. Changes made to the draft since appear here once published again.`,
    timeOff: { vacation: 'Vacation', onDemand: 'Leave on demand', sick: 'Absence', training: 'Training', other: 'Absence' },
  },
} as const;

interface FeedShift {
  date: string;
  startTime: string;
  endTime: string;
  endDate: string;
  role: string;
  publishedAt: Date;
  version: number;
}

interface FeedTimeOff {
  id: string;
  startDate: string;
  endDate: string;
  kind: TimeOffKind;
  updatedAt: Date;
  version: number;
}

export interface FeedInput {
  employeeId: string;
  /** The employee's name, for the calendar's title. */
  name: string;
  timeZone: string;
  language: FeedLanguage;
  shifts: FeedShift[];
  timeOff: FeedTimeOff[];
}

/** The VTIMEZONE block of an IANA zone, or null when the library does not know it. */
function timeZoneBlock(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && typeof block[0] === 'string' && block[0].startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/** A text ical-generator escapes itself (a summary): only its control characters are made spaces. */
const oneLine = (text: string) => withoutControlCharacters(text).trim();
/** A TEXT value ical-generator writes as given (the calendar's name): one line, escaped (RFC 5545 §3.3.11). */
const escapedText = (text: string) => oneLine(text).replace(/[\\;,]/g, (c) => `\\${c}`);

const at = (date: string, time: string, zone: string) => DateTime.fromISO(`${date}T${time.slice(0, 5)}`, { zone });

export function calendarText(input: FeedInput): string {
  const words = WORDS[input.language];
  const zone = input.timeZone;
  const calendar = ical({
    name: escapedText(`${words.calendar}: ${input.name}`),
    // Which version this is: the published one, whatever the printout of a draft edited since shows.
    description: escapedText(words.calendarNote),
    prodId: { company: 'Grafik', product: 'Grafik', language: input.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // The zone's VTIMEZONE block for the events that name it. A calendar-wide zone would make
    // ical-generator write DTSTAMP as a local time; the zone is said with X-WR-TIMEZONE instead.
    timezone: { name: null, generator: timeZoneBlock },
    x: [{ key: 'X-WR-TIMEZONE', value: zone }],
    // Calendar apps that honour it look again every hour.
    ttl: 60 * 60,
  });
  for (const s of input.shifts) {
    calendar.createEvent({
      id: `shift-${input.employeeId}-${s.date}@grafik`,
      start: at(s.date, s.startTime, zone),
      // An overnight shift ends on its end date: one event across midnight.
      end: at(s.endDate, s.endTime, zone),
      timezone: zone,
      summary: `${words.shift} ${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} (${oneLine(s.role)})`,
      description: words.shiftNote(DateTime.fromJSDate(s.publishedAt).setZone(zone).toFormat('dd.MM.yyyy HH:mm')),
      stamp: DateTime.fromJSDate(s.publishedAt),
      sequence: s.version,
    });
  }
  for (const o of input.timeOff) {
    calendar.createEvent({
      id: `time-off-${o.id}@grafik`,
      start: DateTime.fromISO(o.startDate, { zone }),
      // All-day events end on the day after their last.
      end: DateTime.fromISO(nextDate(o.endDate), { zone }),
      allDay: true,
      summary: words.timeOff[o.kind],
      stamp: DateTime.fromJSDate(o.updatedAt),
      sequence: o.version,
    });
  }
  return calendar.toString();
}
