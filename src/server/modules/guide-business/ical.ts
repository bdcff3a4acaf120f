import type { BookingStatus } from '../../../shared/booking/state-machine';

/**
 * A minimal RFC 5545 writer: TEXT escaping (§3.3.11), UTC DATE-TIME values (§3.3.5), and line
 * folding at 75 octets without splitting a UTF-8 character (§3.1). Lines end with CRLF.
 */

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A DATE-TIME in UTC: 20261122T094500Z. */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Folds one content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space counts
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  /** RFC 5545's VEVENT status: a request still waiting for the guide is TENTATIVE (decision 200). */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

/**
 * How the guide's feed marks a booking (decision 200): its status in words at the head of the title,
 * and RFC 5545's STATUS — a request still waiting for her answer is TENTATIVE, one she no longer guides
 * is CANCELLED (calendars remove it), every other CONFIRMED.
 */
export const FEED_STATUS: Record<BookingStatus, { label: string; ics: CalendarEvent['status'] }> = {
  pending: { label: 'Unpaid request', ics: 'TENTATIVE' },
  confirmed: { label: 'Request, awaiting your answer', ics: 'TENTATIVE' },
  upcoming: { label: 'Accepted', ics: 'CONFIRMED' },
  awaiting_start: { label: 'Accepted', ics: 'CONFIRMED' },
  start_confirmed: { label: 'On tour', ics: 'CONFIRMED' },
  ongoing: { label: 'On tour', ics: 'CONFIRMED' },
  extend_requested: { label: 'On tour', ics: 'CONFIRMED' },
  extend_confirmed: { label: 'On tour', ics: 'CONFIRMED' },
  completed: { label: 'Completed', ics: 'CONFIRMED' },
  disputed: { label: 'In dispute', ics: 'CONFIRMED' },
  cancelled: { label: 'Cancelled', ics: 'CANCELLED' },
  awaiting_replacement: { label: 'Cancelled, replacement pending', ics: 'CANCELLED' },
};

export function buildCalendar(name: string, events: CalendarEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tabi Guides//Guide calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push(`STATUS:${e.status}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
