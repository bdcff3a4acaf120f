import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilityCalendar, isoWeekday } from '../../../../shared/availability';
import { i18next, i18nReady } from '../../../lib/i18n';
import { AvailabilityCalendar } from './availability-calendar';

// The reader is in UTC, nine hours behind Japan all year: their own time shows beside the guide's.
process.env.TZ = 'UTC';

/** Monday to Saturday, 09:00–17:00 in Japan; Sundays off. */
const weekly = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));
// A fixed clock: Sunday 22 November 2026, 12:00 in Japan (the calendar hides what the guide's notice rules out;
// this guide's is 12 hours, decision 153).
const NOON = new Date('2026-11-22T03:00:00Z');
const days = availabilityCalendar(weekly, [], 'Asia/Tokyo', 60, NOON);
const firstOpen = days.find((d) => d.available)!;
const firstSunday = days.find((d) => isoWeekday(d.date) === 7)!;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  await i18nReady;
  await i18next.loadNamespaces('guides');
});
afterAll(() => vi.useRealTimers());
afterEach(async () => {
  vi.setSystemTime(NOON);
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('AvailabilityCalendar (guide profile)', () => {
  it('lists 60 days, picks the first open one and shows its hours in Japan time and in the reader’s own', () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    const grid = screen.getByRole('list', { name: 'Availability' });
    const buttons = within(grid).getAllByRole('button');
    expect(buttons).toHaveLength(60);
    expect(buttons.filter((b) => b.getAttribute('aria-label')!.endsWith(': Not available'))).toHaveLength(days.filter((d) => !d.available).length);
    const picked = buttons.filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(picked).toHaveLength(1);
    expect(picked[0]).toBe(buttons[days.indexOf(firstOpen)]);
    expect(screen.getByText(/^09:00–17:00 \(Japan time\)/)).toBeTruthy();
    expect(screen.getByText('Your time: 00:00–08:00')).toBeTruthy();
  });

  it('a day off says so; in Chinese the hours read 日本时间 in full-width brackets', async () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    const buttons = within(screen.getByRole('list', { name: 'Availability' })).getAllByRole('button');
    fireEvent.click(buttons[days.indexOf(firstSunday)]!);
    expect(screen.getByText('Not available on this day.')).toBeTruthy();
    expect(screen.queryByText(/^Your time/)).toBeNull();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    expect(screen.getByText(/^09:00–17:00（日本时间）/)).toBeTruthy();
  });

  it('at 22:30 Japan time picks the first day still bookable, never today’s past morning', () => {
    vi.setSystemTime(new Date('2026-11-23T13:30:00Z')); // Monday 22:30 in Tokyo
    const mornings = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 12 * 60 }));
    render(<AvailabilityCalendar weekly={mornings} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} minHours={2} />);
    const buttons = within(screen.getByRole('list', { name: 'Availability' })).getAllByRole('button');
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Mon, Nov 23, 2026: Not available');
    expect(buttons[1]!.getAttribute('aria-label')).toMatch(/Not available$/);
    expect(buttons[2]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Hours on Wed, Nov 25/)).toBeTruthy();
    expect(screen.getByText(/^09:00–12:00 \(Japan time\)/)).toBeTruthy();
    // A guide open all day: tomorrow starts at 10:30, the first start 12 hours from now.
    cleanup();
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} minHours={2} />);
    expect(screen.getByText(/^10:30–17:00 \(Japan time\)/)).toBeTruthy();
  });
});
