import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone, weekdayBit } from './availability';
import { hasOpenDay, hasOpenTimes, listingMissing } from './listing';

const ZONE = 'Asia/Tokyo';
const now = new Date('2026-03-02T03:00:00Z'); // Monday 12:00 in Tokyo
const today = todayInZone(ZONE, now);

describe('the listing rule', () => {
  it('needs an open day within 60 days: weekly hours, or an extra day inside the window', () => {
    expect(hasOpenDay(0, new Map(), ZONE, now)).toBe(false);
    expect(hasOpenDay(weekdayBit(3), new Map(), ZONE, now)).toBe(true);
    expect(hasOpenDay(0, new Map([[addDays(today, 59), true]]), ZONE, now)).toBe(true);
    expect(hasOpenDay(0, new Map([[addDays(today, 60), true]]), ZONE, now)).toBe(false);
    expect(hasOpenDay(0, new Map([[addDays(today, -1), true]]), ZONE, now)).toBe(false);
  });

  it('counts days off: every Wednesday of the window off leaves a Wednesday-only guide without open times', () => {
    const wednesdays = Array.from({ length: 60 }, (_, i) => addDays(today, i)).filter((d) => isoWeekday(d) === 3);
    const offs = new Map(wednesdays.map((d) => [d, false]));
    expect(hasOpenDay(weekdayBit(3), offs, ZONE, now)).toBe(false);
    offs.delete(wednesdays.at(-1)!);
    expect(hasOpenDay(weekdayBit(3), offs, ZONE, now)).toBe(true);
  });

  it('reads a full schedule the same way (an available exception without hours is no open day)', () => {
    expect(hasOpenTimes([{ weekday: 1 }], [], ZONE, now)).toBe(true);
    expect(
      hasOpenTimes([], [{ date: addDays(today, 3), available: true, startMinute: 600, endMinute: 900 }], ZONE, now),
    ).toBe(true);
    expect(
      hasOpenTimes([], [{ date: addDays(today, 3), available: true, startMinute: null, endMinute: null }], ZONE, now),
    ).toBe(false);
  });

  it('lists what is missing in checklist order', () => {
    expect(listingMissing({ applicationApproved: true, identityVerified: false, openTimes: false })).toEqual([
      'identity',
      'open_times',
    ]);
    expect(listingMissing({ applicationApproved: true, identityVerified: true, openTimes: true })).toEqual([]);
    expect(listingMissing({ applicationApproved: false, identityVerified: true, openTimes: false })).toEqual([
      'application',
      'open_times',
    ]);
  });
});

describe('counting agrees with walking the calendar', () => {
  it('for random schedules and exceptions', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 500; run++) {
      const mask = rand(3) === 0 ? 0 : rand(128);
      const exceptions = new Map<string, boolean>();
      for (let k = rand(12); k > 0; k--) exceptions.set(addDays(today, rand(70) - 5), rand(4) === 0);
      let walked = false;
      for (let i = 0; i < 60 && !walked; i++) {
        const date = addDays(today, i);
        walked = exceptions.get(date) ?? (mask & weekdayBit(isoWeekday(date))) !== 0;
      }
      expect(hasOpenDay(mask, exceptions, ZONE, now), `mask ${mask}, ${JSON.stringify([...exceptions])}`).toBe(walked);
    }
  });
});
