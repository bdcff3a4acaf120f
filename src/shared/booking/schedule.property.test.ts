import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookableSlots, longestFreeMinutes, zonedTimeToUtc } from './schedule';

/**
 * The search index keeps a day's longest free tour (`longestFreeMinutes`) instead of asking the slots for every
 * length a search may ask: the two must agree, or search lists a guide whose box then offers nothing (decision 207).
 */
const DATE = '2026-12-16'; // a Wednesday
const ZONES = ['Asia/Tokyo', 'UTC'] as const;

const window = fc
  .tuple(fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 20 }))
  .map(([start, length]) => ({ startMinute: start * 30, endMinute: Math.min(1440, (start + length) * 30) }));

// Busy ranges at any minute, from the evening before to the morning after (a night's tour crosses midnight).
const busy = fc
  .tuple(fc.integer({ min: -600, max: 1900 }), fc.integer({ min: 1, max: 720 }))
  .map(([start, length]) => [start, start + length] as const);

describe('longestFreeMinutes', () => {
  it('a tour of d minutes has a start exactly when d is at most the day’s longest free stretch', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(window, { minLength: 0, maxLength: 3 }),
        fc.option(window, { nil: undefined }),
        fc.boolean(),
        fc.array(busy, { maxLength: 4 }),
        fc.constantFrom(0, 15, 30, 60, 120),
        (timeZone, windows, exceptionWindow, dayOff, ranges, bufferMinutes) => {
          const weekly = windows.map((w) => ({ weekday: 3, ...w }));
          const exceptions = dayOff
            ? [{ date: DATE, available: false, startMinute: null, endMinute: null }]
            : exceptionWindow
              ? [{ date: DATE, available: true, ...exceptionWindow }]
              : [];
          const midnight = zonedTimeToUtc(DATE, 0, timeZone).getTime();
          const at = (minute: number) => new Date(midnight + minute * 60_000);
          const day = { date: DATE, timeZone, weekly, exceptions, bufferMinutes };
          const free = longestFreeMinutes({
            ...day,
            busy: ranges.map(([s, e]) => ({ startsAt: at(s), endsAt: at(e) })),
          });
          for (let d = 30; d <= 900; d += 30) {
            const slots = bookableSlots({
              ...day,
              busy: ranges.map(([s, e]) => ({ startsAt: at(s), endsAt: at(e) })),
              durationMinutes: d,
              now: at(-2 * 1440),
              minNoticeMinutes: 0,
            });
            expect(slots.length > 0, `${d} minutes, longest free ${free}`).toBe(d <= free);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a booking from 10:00 to 13:00 with a 30-minute buffer leaves 09:00–17:00 its longest stretch after 13:30', () => {
    const midnight = zonedTimeToUtc(DATE, 0, 'Asia/Tokyo').getTime();
    const at = (h: number) => new Date(midnight + h * 3_600_000);
    const day = {
      date: DATE,
      timeZone: 'Asia/Tokyo',
      weekly: [{ weekday: 3, startMinute: 540, endMinute: 1020 }],
      exceptions: [],
      bufferMinutes: 30,
    };
    expect(longestFreeMinutes({ ...day, busy: [] })).toBe(480);
    expect(longestFreeMinutes({ ...day, busy: [{ startsAt: at(10), endsAt: at(13) }] })).toBe(210);
    expect(longestFreeMinutes({ ...day, busy: [{ startsAt: at(8), endsAt: at(18) }] })).toBe(0);
  });
});
