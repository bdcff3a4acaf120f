import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vcalendar, vevent } from '../../test/ics-server';
import { type BusyRange, icsBusyRanges, MAX_EVENTS } from './ics-busy';

/**
 * A calendar file read as RFC 5545 means it (decisions 199, 200): each case a guide's calendar holds,
 * with the busy times it must give — exactly those, in UTC, and nothing of what they are.
 */
const FROM = new Date('2027-01-01T00:00:00Z');
const TO = new Date('2027-07-01T00:00:00Z');
/** The ranges of a file that must read. */
const ranges = (text: string): BusyRange[] => {
  const got = icsBusyRanges(text, FROM, TO);
  if (!Array.isArray(got)) throw new Error(got.problem);
  return got;
};
const read = (...events: string[]) =>
  ranges(vcalendar(...events)).map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()]);
const one = (...events: string[]) => read(...events)[0];

describe('times', () => {
  it('a TZID naming an IANA zone: the dentist at 10:00 in Tokyo is 01:00 UTC', () => {
    const dentist = vevent([
      'UID:dentist',
      'SUMMARY:Dentist',
      'DTSTART;TZID=Asia/Tokyo:20270112T100000',
      'DTEND;TZID=Asia/Tokyo:20270112T110000',
    ]);
    expect(read(dentist)).toEqual([['2027-01-12T01:00:00.000Z', '2027-01-12T02:00:00.000Z']]);
  });

  it('Los Angeles time, on either side of its summer time', () => {
    const la = (day: string) =>
      vevent([`UID:la-${day}`, `DTSTART;TZID=America/Los_Angeles:${day}T090000`, 'DURATION:PT1H']);
    expect(read(la('20270105'), la('20270405'))).toEqual([
      ['2027-01-05T17:00:00.000Z', '2027-01-05T18:00:00.000Z'],
      ['2027-04-05T16:00:00.000Z', '2027-04-05T17:00:00.000Z'],
    ]);
  });

  it('UTC as written, and a floating time as Japan’s', () => {
    expect(one(vevent({ UID: 'u', DTSTART: '20270201T060000Z', DTEND: '20270201T070000Z' }))).toEqual([
      '2027-02-01T06:00:00.000Z',
      '2027-02-01T07:00:00.000Z',
    ]);
    expect(one(vevent({ UID: 'f', DTSTART: '20270201T150000', DTEND: '20270201T160000' }))).toEqual([
      '2027-02-01T06:00:00.000Z',
      '2027-02-01T07:00:00.000Z',
    ]);
  });

  it('the VTIMEZONE the file carries, even under a name no zone database knows (Outlook’s)', () => {
    const zone = [
      'BEGIN:VTIMEZONE',
      'TZID:Custom Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0500',
      'TZOFFSETTO:+0500',
      'END:STANDARD',
      'END:VTIMEZONE',
    ].join('\r\n');
    const e = vevent([
      'UID:z',
      'DTSTART;TZID=Custom Standard Time:20270301T100000',
      'DTEND;TZID=Custom Standard Time:20270301T113000',
    ]);
    expect(ranges(vcalendar(zone, e))).toEqual([
      { startsAt: new Date('2027-03-01T05:00:00Z'), endsAt: new Date('2027-03-01T06:30:00Z') },
    ]);
  });

  it('a TZID neither defined nor known is read as Japan’s', () => {
    expect(one(vevent(['UID:w', 'DTSTART;TZID=Nowhere/Else:20270301T100000', 'DURATION:PT1H']))).toEqual([
      '2027-03-01T01:00:00.000Z',
      '2027-03-01T02:00:00.000Z',
    ]);
  });

  it('all-day events are her whole days in Asia/Tokyo (the end date excluded)', () => {
    const trip = vevent(['UID:trip', 'DTSTART;VALUE=DATE:20270310', 'DTEND;VALUE=DATE:20270312']);
    expect(read(trip)).toEqual([['2027-03-09T15:00:00.000Z', '2027-03-11T15:00:00.000Z']]);
    expect(read(vevent(['UID:d', 'DTSTART;VALUE=DATE:20270310']))).toEqual([
      ['2027-03-09T15:00:00.000Z', '2027-03-10T15:00:00.000Z'],
    ]);
  });

  it('DURATION instead of DTEND; a moment with neither takes nothing', () => {
    expect(one(vevent({ UID: 'd', DTSTART: '20270201T060000Z', DURATION: 'PT1H30M' }))).toEqual([
      '2027-02-01T06:00:00.000Z',
      '2027-02-01T07:30:00.000Z',
    ]);
    expect(read(vevent({ UID: 'm', DTSTART: '20270201T060000Z' }))).toEqual([]);
  });
});

describe('recurrence', () => {
  const klass = [
    'UID:class',
    'SUMMARY:Evening class',
    'DTSTART;TZID=Asia/Tokyo:20270107T190000',
    'DTEND;TZID=Asia/Tokyo:20270107T210000',
    'RRULE:FREQ=WEEKLY;COUNT=5',
    'EXDATE;TZID=Asia/Tokyo:20270114T190000',
  ];
  it('a weekly class with one week skipped (EXDATE), one moved and one cancelled (RECURRENCE-ID)', () => {
    const moved = vevent([
      'UID:class',
      'RECURRENCE-ID;TZID=Asia/Tokyo:20270121T190000',
      'DTSTART;TZID=Asia/Tokyo:20270122T180000',
      'DTEND;TZID=Asia/Tokyo:20270122T200000',
    ]);
    const cancelled = vevent([
      'UID:class',
      'RECURRENCE-ID;TZID=Asia/Tokyo:20270128T190000',
      'DTSTART;TZID=Asia/Tokyo:20270128T190000',
      'DTEND;TZID=Asia/Tokyo:20270128T210000',
      'STATUS:CANCELLED',
    ]);
    expect(read(vevent(klass), moved, cancelled)).toEqual([
      ['2027-01-07T10:00:00.000Z', '2027-01-07T12:00:00.000Z'],
      ['2027-01-22T09:00:00.000Z', '2027-01-22T11:00:00.000Z'],
      ['2027-02-04T10:00:00.000Z', '2027-02-04T12:00:00.000Z'],
    ]);
  });

  it('an endless rule is expanded over the window only, on the wall clock of its zone across summer time', () => {
    const weekly = vevent([
      'UID:la',
      'DTSTART;TZID=America/Los_Angeles:20200106T090000',
      'DURATION:PT1H',
      'RRULE:FREQ=WEEKLY',
    ]);
    const got = read(weekly);
    expect(got).toHaveLength(26);
    expect(got[0]).toEqual(['2027-01-04T17:00:00.000Z', '2027-01-04T18:00:00.000Z']);
    expect(got.at(-1)).toEqual(['2027-06-28T16:00:00.000Z', '2027-06-28T17:00:00.000Z']);
  });
});

describe('what takes nothing, and what is kept', () => {
  it('a transparent (free) event and a cancelled one take nothing', () => {
    const free = vevent({ UID: 't', DTSTART: '20270201T060000Z', DTEND: '20270201T070000Z', TRANSP: 'TRANSPARENT' });
    const gone = vevent({ UID: 'c', DTSTART: '20270201T080000Z', DTEND: '20270201T090000Z', STATUS: 'CANCELLED' });
    const opaque = vevent({ UID: 'o', DTSTART: '20270201T100000Z', DTEND: '20270201T110000Z', TRANSP: 'OPAQUE' });
    expect(read(free, gone, opaque)).toEqual([['2027-02-01T10:00:00.000Z', '2027-02-01T11:00:00.000Z']]);
  });

  it('only times: no title, place or attendee leaves the reader', () => {
    const e = vevent([
      'UID:x',
      'SUMMARY:Dentist — Dr Sato',
      'LOCATION:Kyoto',
      'ATTENDEE:mailto:a@example.com',
      'DTSTART:20270201T060000Z',
      'DTEND:20270201T070000Z',
    ]);
    const [range] = ranges(vcalendar(e));
    expect(Object.keys(range!).sort()).toEqual(['endsAt', 'startsAt']);
  });

  it('an event ical.js cannot read is left out, and the rest of the calendar is read', () => {
    const good = vevent({ UID: 'g', DTSTART: '20270201T060000Z', DURATION: 'PT1H' });
    expect(
      read(
        vevent({ UID: 'bad', DTSTART: 'garbage', DURATION: 'PT1H' }),
        vevent({ UID: 'none', DURATION: 'PT1H' }),
        good,
      ),
    ).toEqual([['2027-02-01T06:00:00.000Z', '2027-02-01T07:00:00.000Z']]);
  });

  it('outside the window is left out; a range across its edge is kept whole', () => {
    const before = vevent({ UID: 'b', DTSTART: '20261201T000000Z', DTEND: '20261201T010000Z' });
    const across = vevent({ UID: 'a', DTSTART: '20261231T230000Z', DTEND: '20270101T010000Z' });
    expect(read(before, across)).toEqual([['2026-12-31T23:00:00.000Z', '2027-01-01T01:00:00.000Z']]);
  });

  it('refuses what is no calendar, and more than 5,000 events', () => {
    const problem = (text: string) => {
      const got = icsBusyRanges(text, FROM, TO);
      return Array.isArray(got) ? null : got.problem;
    };
    expect(problem('<html>Sign in</html>')).toBe('not_a_calendar');
    expect(problem('BEGIN:VCALENDAR\r\nthis is not\r\n')).toBe('not_a_calendar');
    const many = Array.from({ length: MAX_EVENTS + 1 }, (_, i) =>
      vevent({ UID: `e${i}`, DTSTART: '20270201T060000Z', DURATION: 'PT1H' }),
    );
    expect(problem(vcalendar(...many))).toBe('too_many_events');
    expect(problem(vcalendar(...many.slice(1)))).toBeNull();
  });

  it('any set of UTC events comes back as exactly its ranges, in order', () => {
    const event = fc.record({
      start: fc.integer({ min: 0, max: 170 * 24 * 60 }),
      minutes: fc.integer({ min: 1, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('.000', '');
        const ics = events.map((e, i) => {
          const s = FROM.getTime() + e.start * 60_000;
          return vevent({ UID: `p${i}`, DTSTART: stamp(s), DTEND: stamp(s + e.minutes * 60_000) });
        });
        const want = events
          .map((e) => [FROM.getTime() + e.start * 60_000, FROM.getTime() + (e.start + e.minutes) * 60_000])
          .sort((a, b) => a[0]! - b[0]!);
        const got = ranges(vcalendar(...ics)).map((r) => [r.startsAt.getTime(), r.endsAt.getTime()]);
        expect(got).toEqual(want);
      }),
      { numRuns: 50 },
    );
  });
});
