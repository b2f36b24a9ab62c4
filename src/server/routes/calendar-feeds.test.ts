// An employee's calendar address (docs/publishing.md#calendar-feed), on PGlite and on PostgreSQL: the
// feed read back with an iCalendar parser (ical.js) shows the published shifts in the airport's zone,
// an overnight shift as one event, approved time off, stable UIDs; a renewed or revoked address
// answers 404 at once; requests are rate-limited; the audit log records each step, and neither it nor
// the server log holds the token.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { apiCaller, createTestApp, nextTestAddress, type TestApp } from '../test/harness.ts';
import { auditLog, calendarFeeds, employees, schedules, timeOff } from '../db/schema.ts';

let t: TestApp;
let cookie: string;
let anna: string;
let log = '';
const call = apiCaller(
  () => t.app,
  () => cookie,
);

// Next month in the airport's zone, so that the shifts fall inside the feed's window whenever this runs.
const MONTH = DateTime.now().setZone('Europe/Warsaw').plus({ months: 1 }).toFormat('yyyy-MM');
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ logStream: stream, logLevel: 'info', calendarRequestsPerMinute: 5 });
  cookie = await t.signIn('feeds@grafik.test');
  const [row] = await t.database.db.insert(employees).values({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com', role: 'Rampa' }).returning();
  anna = row!.id;
  expect((await call('PUT', '/api/schedules', { employeeId: anna, date: day(10), startTime: '06:00', endTime: '14:00' })).statusCode).toBe(201);
  expect((await call('PUT', '/api/schedules', { employeeId: anna, date: day(11), startTime: '22:00', endTime: '06:00', endDate: day(12) })).statusCode).toBe(
    201,
  );
  await t.database.db.insert(timeOff).values([
    { employeeId: anna, startDate: day(20), endDate: day(22), reason: 'family trip', kind: 'vacation', status: 'approved' },
    { employeeId: anna, startDate: day(25), endDate: day(25), reason: 'asked, not approved', kind: 'onDemand', status: 'pending' },
  ]);
  expect((await call('POST', '/api/publishing', { role: 'Rampa', month: MONTH })).statusCode).toBe(200);
});
afterAll(async () => t.close());

/** GET of a calendar address, without a session, from a fresh client address. */
const fetchFeed = (path: string, remoteAddress = nextTestAddress()) => t.app.inject({ method: 'GET', url: path, remoteAddress });

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: ICAL.Time;
  end: ICAL.Time;
  sequence: number;
}

function parse(text: string): { zones: string[]; events: ParsedEvent[]; description: string } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, description: event.description, start: event.startDate, end: event.endDate, sequence: event.sequence };
  });
  return {
    zones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))),
    events,
    description: String(calendar.getFirstPropertyValue('x-wr-caldesc') ?? ''),
  };
}

const instant = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: 'Europe/Warsaw' }).toJSDate().getTime();

let firstPath = '';

describe('an employee’s calendar address', () => {
  it('is created once with its address shown, and only its hash is stored', async () => {
    expect((await call('GET', `/api/employees/${anna}/calendar-feed`)).json()).toEqual({ active: false, createdAt: null });
    const res = await call('POST', `/api/employees/${anna}/calendar-feed`);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    firstPath = body.path;
    const token = firstPath.slice('/api/calendar/'.length, -'.ics'.length);
    const [stored] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.employeeId, anna));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(token);
    const status = (await call('GET', `/api/employees/${anna}/calendar-feed`)).json();
    expect(status.active).toBe(true);
    expect(status).not.toHaveProperty('path');
  });

  it('shows the published shifts in the airport’s zone, an overnight shift as one event, and approved time off only', async () => {
    // An edit after publication is a draft: the feed keeps the published time.
    const [shift] = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.employeeId, anna), eq(schedules.date, day(10))));
    await call('PUT', '/api/schedules', { employeeId: anna, date: day(10), startTime: '07:00', endTime: '15:00', version: shift!.version });

    const res = await fetchFeed(firstPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.length).toBeLessThan(20_000);
    const { zones, events } = parse(res.body);
    expect(zones).toEqual(['Europe/Warsaw']);
    expect(events.map((e) => e.summary)).toEqual(['Zmiana 06:00–14:00 (Rampa)', 'Zmiana 22:00–06:00 (Rampa)', 'Urlop']);

    const [day10, night, holiday] = events as [ParsedEvent, ParsedEvent, ParsedEvent];
    expect(day10.uid).toBe(`shift-${anna}-${day(10)}@grafik`);
    expect(day10.start.zone?.tzid).toBe('Europe/Warsaw');
    expect(day10.start.toString()).toBe(`${day(10)}T06:00:00`);
    expect(day10.start.toJSDate().getTime()).toBe(instant(day(10), '06:00'));
    expect(day10.end.toJSDate().getTime()).toBe(instant(day(10), '14:00'));
    expect(night.start.toJSDate().getTime()).toBe(instant(day(11), '22:00'));
    expect(night.end.toJSDate().getTime()).toBe(instant(day(12), '06:00'));
    // All day from the 20th to the 22nd: the end is the day after.
    expect(holiday.start.isDate).toBe(true);
    expect(holiday.start.toString()).toBe(day(20));
    expect(holiday.end.toString()).toBe(day(23));
    // It says it is the published version, not the draft edited since (which the printout shows).
    expect(parse(res.body).description).toBe(
      'Opublikowany grafik: zmiany w wersji roboczej (także te na wydruku) pojawiają się tu dopiero po ponownej publikacji.',
    );
    expect(day10.description).toMatch(
      /^Wersja opublikowana \d\d\.\d\d\.\d{4} \d\d:\d\d\. Zmiany wprowadzone później w wersji roboczej pojawią się tu po ponownej publikacji\.$/,
    );
    // The reason is the employee's own: never in the calendar.
    expect(res.body).not.toContain('family trip');
    expect(res.body).not.toContain('anna@example.com');
  });

  it('replaces an event when the month is published again: same UID, later sequence', async () => {
    const before = parse((await fetchFeed(firstPath)).body).events[0]!;
    const status = (await call('GET', `/api/publishing?role=Rampa&month=${MONTH}`)).json();
    expect((await call('POST', '/api/publishing', { role: 'Rampa', month: MONTH, version: status.publication.version })).statusCode).toBe(200);
    const after = parse((await fetchFeed(firstPath)).body).events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.summary).toBe('Zmiana 07:00–15:00 (Rampa)');
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it('says its events in English when asked', async () => {
    const { events } = parse((await fetchFeed(`${firstPath}?lang=en`)).body);
    expect(events.map((e) => e.summary)).toEqual(['Shift 07:00–15:00 (Rampa)', 'Shift 22:00–06:00 (Rampa)', 'Vacation']);
  });

  it('writes a name stored with line breaks as one line: exactly the published events, the name escaped, DTSTAMP in UTC', async () => {
    // Stored directly, as a row written before the API refused control characters could be.
    const injected = 'Y\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:INJECTED\u2028BEGIN:VALARM\u0085, x; y\\';
    await t.database.db.update(employees).set({ firstName: injected }).where(eq(employees.id, anna));
    try {
      const res = await fetchFeed(firstPath);
      expect(res.statusCode).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      const { events } = parse(res.body);
      expect(events.map((e) => e.summary)).toEqual(['Zmiana 07:00–15:00 (Rampa)', 'Zmiana 22:00–06:00 (Rampa)', 'Urlop']);
      expect(calendar.getAllSubcomponents('valarm')).toHaveLength(0);
      expect(calendar.getAllSubcomponents('vevent').flatMap((e) => e.getAllSubcomponents('valarm'))).toHaveLength(0);
      // The name is the calendar's title, whole, on its own line, escaped as a TEXT value (ical.js gives
      // these two properties, which it does not know, as written).
      const title = 'Grafik: Y END:VEVENT BEGIN:VEVENT SUMMARY:INJECTED BEGIN:VALARM \\, x\\; y\\\\ Nowak';
      expect(calendar.getFirstPropertyValue('name')).toBe(title);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(title);
      const lines = res.body.split('\r\n');
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3);
      expect(lines.filter((line) => /^(SUMMARY:INJECTED|BEGIN:VALARM)/.test(line))).toEqual([]);
      // RFC 5545 §3.8.7.2: the stamp is a UTC date-time.
      const stamps = calendar.getAllSubcomponents('vevent').map((e) => e.getFirstProperty('dtstamp')!.toICALString());
      expect(stamps).toHaveLength(3);
      for (const stamp of stamps) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    } finally {
      await t.database.db.update(employees).set({ firstName: 'Anna' }).where(eq(employees.id, anna));
    }
  });

  it('keeps the token out of the server log however the address is spelled: it is cut by the matched route', async () => {
    const token = firstPath.slice('/api/calendar/'.length, -'.ics'.length);
    const spellings = [
      `/api/c%61lendar/${token}.ics`,
      `/api/%63%61%6c%65%6e%64%61%72/${token}.ics`,
      `/api/calendar/${token}%2eics`,
      `/api/calendar/${token}.ics?lang=en`,
    ];
    for (const path of spellings) {
      const before = log.length;
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBe(200);
      const written = log.slice(before);
      expect(written, path).toContain('"url":"/api/calendar/:file"');
      expect(written, path).not.toContain(token);
      expect(written, path).not.toContain(token.slice(0, 12));
    }
  });

  it('renewed, answers 404 at the old address at once and the calendar at the new one', async () => {
    const res = await call('POST', `/api/employees/${anna}/calendar-feed`);
    expect(res.statusCode).toBe(201);
    const renewed = res.json().path as string;
    expect(renewed).not.toBe(firstPath);
    const old = await fetchFeed(firstPath);
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain('Anna');
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    firstPath = renewed;
  });

  it('revoked, answers 404 at once; revoking again says there is none', async () => {
    expect((await call('DELETE', `/api/employees/${anna}/calendar-feed`)).statusCode).toBe(204);
    expect((await fetchFeed(firstPath)).statusCode).toBe(404);
    expect((await call('GET', `/api/employees/${anna}/calendar-feed`)).json()).toEqual({ active: false, createdAt: null });
    const again = await call('DELETE', `/api/employees/${anna}/calendar-feed`);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an address of the wrong shape or one never made, showing nothing', async () => {
    for (const path of ['/api/calendar/abc.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${'A'.repeat(43)}`]) {
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('is managed only with a session, for an employee that exists', async () => {
    expect((await call('POST', `/api/employees/${anna}/calendar-feed`, undefined, false)).statusCode).toBe(401);
    const missing = await call('POST', '/api/employees/00000000-0000-4000-8000-000000000000/calendar-feed');
    expect(missing.statusCode).toBe(404);
  });

  it('limits the requests of one client address, with 429', async () => {
    const address = nextTestAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await fetchFeed(`/api/calendar/${'B'.repeat(43)}.ics`, address)).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
    const limited = await fetchFeed(`/api/calendar/${'B'.repeat(43)}.ics`, address);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not held back.
    expect((await fetchFeed(`/api/calendar/${'B'.repeat(43)}.ics`)).statusCode).toBe(404);
  });

  it('leaves a trail in the audit log, and the token neither there nor in the server log', async () => {
    const rows = await t.database.db.select().from(auditLog).where(like(auditLog.action, 'calendar-feed.%'));
    expect(rows.map((r) => [r.action, (r.detail as { employeeId: string }).employeeId])).toEqual([
      ['calendar-feed.created', anna],
      ['calendar-feed.renewed', anna],
      ['calendar-feed.revoked', anna],
    ]);
    const token = firstPath.slice('/api/calendar/'.length, -'.ics'.length);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(log).toContain('"url":"/api/calendar/:file"');
    expect(log).not.toContain(token);
    expect(log).not.toContain('Anna');
  });
});
