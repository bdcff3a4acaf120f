import ICAL from 'ical.js';
import { DEFAULT_GUIDE_TIME_ZONE } from '../../../shared/cities';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';

/**
 * A calendar file read as RFC 5545 means it, through ical.js (decision 200), down to what decision 199
 * keeps: busy ranges, start and end, nothing else. Pure: the text in, the ranges over [from, to) out.
 */
export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

/** Why a body gave no busy times: not a calendar at all, or more events than one guide's calendar holds. */
export type IcsProblem = 'not_a_calendar' | 'too_many_events';

export const MAX_EVENTS = 5_000;
/** Occurrences walked in all (a daily rule from 2005 is ~8,000): past this the file is refused, not half-read. */
const MAX_STEPS = 200_000;

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type Event = InstanceType<typeof ICAL.Event>;

export function icsBusyRanges(text: string, from: Date, to: Date): BusyRange[] | { problem: IcsProblem } {
  const root = parseCalendar(text);
  if (!root) return { problem: 'not_a_calendar' };
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > MAX_EVENTS) return { problem: 'too_many_events' };
  // A changed occurrence (RECURRENCE-ID) belongs to its series: grouped by UID, related to the master.
  const masters = new Map<string, Event>();
  const exceptions: Component[] = [];
  const singles: Event[] = [];
  for (const c of vevents) {
    if (c.hasProperty('recurrence-id')) exceptions.push(c);
    else {
      const e = new ICAL.Event(c);
      if (e.isRecurring() && e.uid) masters.set(e.uid, e);
      else singles.push(e);
    }
  }
  const out: BusyRange[] = [];
  const keep = (c: Component, start: Time, end: Time) => {
    if (!busy(c)) return;
    const range = { startsAt: instantOf(start, c, 'dtstart'), endsAt: instantOf(end, c, 'dtend') };
    if (range.startsAt < range.endsAt && range.startsAt < to && range.endsAt > from) out.push(range);
  };
  const orphans: Component[] = [];
  for (const c of exceptions) {
    const master = masters.get(String(c.getFirstPropertyValue('uid')));
    if (master) skipMalformed(() => master.relateException(c));
    else orphans.push(c);
  }
  for (const e of singles) skipMalformed(() => keep(e.component, e.startDate, e.endDate));
  for (const c of orphans) skipMalformed(() => keep(c, new ICAL.Event(c).startDate, new ICAL.Event(c).endDate));
  let steps = 0;
  for (const master of masters.values()) {
    skipMalformed(() => (steps = expandSeries(master, to, steps, keep)));
    if (steps > MAX_STEPS) return { problem: 'too_many_events' };
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * One event ical.js cannot read (a DTSTART that is no date, none at all, a broken rule) gives no time to
 * keep: it is left out, as calendar applications leave it out, and the rest of the calendar is read.
 */
function skipMalformed(read: () => void): void {
  try {
    read();
  } catch {
    // ical.js's error for this event alone: nothing of it is kept
  }
}

function parseCalendar(text: string): Component | null {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) return null;
  try {
    const root = new ICAL.Component(ICAL.parse(text) as never);
    return root.name === 'vcalendar' ? root : null;
  } catch {
    return null; // ical.js's parse error: the body is no calendar
  }
}

/**
 * Every occurrence of a series up to `to`, each with its change applied (a moved or cancelled one). The
 * steps walked so far come back, past MAX_STEPS when the series was too long to walk.
 */
function expandSeries(master: Event, to: Date, steps: number, keep: (c: Component, s: Time, e: Time) => void) {
  const iterator = master.iterator();
  const visited = new Set<string>();
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++steps > MAX_STEPS) return steps;
    if (instantOf(next, master.component, 'dtstart') >= to) break;
    const d = master.getOccurrenceDetails(next);
    visited.add(d.recurrenceId.toString());
    keep(d.item.component, d.startDate, d.endDate);
  }
  // A change that moves an occurrence from past `to` back into it.
  for (const [id, ex] of Object.entries(master.exceptions)) {
    if (!visited.has(id)) keep(ex.component, ex.startDate, ex.endDate);
  }
  return steps;
}

/** Free time and a cancelled event take nothing: only what holds her counts (decision 200). */
function busy(c: Component): boolean {
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/**
 * The instant of a time as the file means it: UTC, or a zone the file defines (VTIMEZONE) — ical.js
 * converts both; a TZID the file does not define, read as the IANA zone it names; a floating time or an
 * unknown zone, as Japan's; a date (all day), as that day's start in Japan.
 */
function instantOf(t: Time, c: Component, prop: 'dtstart' | 'dtend'): Date {
  if (t.isDate) return zonedTimeToUtc(dateOf(t), 0, DEFAULT_GUIDE_TIME_ZONE);
  if (t.zone && t.zone.tzid !== 'floating') return new Date(t.toUnixTime() * 1000);
  const tzid = (c.getFirstProperty(prop) ?? c.getFirstProperty('dtstart'))?.getParameter('tzid');
  const zone = typeof tzid === 'string' && knownZone(tzid) ? tzid : DEFAULT_GUIDE_TIME_ZONE;
  return new Date(zonedTimeToUtc(dateOf(t), t.hour * 60 + t.minute, zone).getTime() + t.second * 1000);
}

const dateOf = (t: Time) =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

function knownZone(tzid: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tzid });
    return true;
  } catch {
    return false;
  }
}
