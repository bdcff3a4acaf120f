import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, availabilityCalendar, isoWeekday } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS } from '../../../../shared/booking/schedule';
import { i18next, i18nReady } from '../../../lib/i18n';
import { AvailabilityCalendar } from './availability-calendar';

// The reader is in UTC, nine hours behind Japan all year: their own time shows beside the guide's.
process.env.TZ = 'UTC';

/** Monday to Saturday, 09:00–17:00 in Japan; Sundays off. */
const weekly = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));
// A fixed clock: Sunday 22 November 2026, 12:00 in Japan (the calendar hides what the guide's notice rules out;
// this guide's is 12 hours, decision 153).
const NOON = new Date('2026-11-22T03:00:00Z');
/** November's days from the 22nd: the month the calendar opens on. */
const november = availabilityCalendar(weekly, [], 'Asia/Tokyo', 9, NOON);
const firstOpen = november.find((d) => d.available)!;
const firstSunday = november.find((d) => isoWeekday(d.date) === 7)!;
/** The booking window's last date: 180 days from Sunday 22 November 2026. */
const LAST = addDays('2026-11-22', BOOKING_HORIZON_DAYS);

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
  it('opens on this month from today, picks the first open day and shows its hours in Japan time and in the reader’s own', () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    const buttons = within(screen.getByRole('list', { name: 'Availability: November 2026' })).getAllByRole('button');
    expect(buttons).toHaveLength(november.length);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Sun, Nov 22, 2026: Not available');
    expect(buttons.filter((b) => b.getAttribute('aria-label')!.endsWith(': Not available'))).toHaveLength(
      november.filter((d) => !d.available).length,
    );
    const picked = buttons.filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(picked).toHaveLength(1);
    expect(picked[0]).toBe(buttons[november.indexOf(firstOpen)]);
    expect(screen.getByText(/^09:00–17:00 \(Japan time\)/)).toBeTruthy();
    expect(screen.getByText('Your time: 00:00–08:00')).toBeTruthy();
  });

  it('covers the whole booking window, 180 days ahead as the booking box books, a month at a time, and says so', () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    expect(LAST).toBe('2027-05-21');
    expect(screen.getByText('Book up to 180 days ahead, until May 21, 2027. Times are Japan time.')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous month' });
    const next = screen.getByRole('button', { name: 'Next month' });
    expect(previous).toHaveProperty('disabled', true);
    const seen: string[] = [];
    const months: string[] = [];
    for (;;) {
      const grid = screen.getByRole('list', { name: /^Availability: / });
      months.push(grid.getAttribute('aria-label')!.slice('Availability: '.length));
      seen.push(
        ...within(grid)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')!),
      );
      if ((next as HTMLButtonElement).disabled) break;
      fireEvent.click(next);
    }
    expect(months).toEqual([
      'November 2026',
      'December 2026',
      'January 2027',
      'February 2027',
      'March 2027',
      'April 2027',
      'May 2027',
    ]);
    // Every date from today through the last, once: 181 dates; May's days after the 21st are in their places, not
    // offered.
    expect(seen).toHaveLength(BOOKING_HORIZON_DAYS + 1);
    expect(seen.at(-1)).toBe('Fri, May 21, 2027: Available');
    expect(screen.getByRole('list', { name: 'Availability: May 2027' }).querySelectorAll('li').length).toBe(5 + 31);
    expect(previous).toHaveProperty('disabled', false);
    // A day four months out has its hours, as the booking box can book it.
    fireEvent.click(screen.getByRole('button', { name: 'Mon, May 17, 2027: Available' }));
    expect(screen.getByText(/Hours on Mon, May 17, 2027/)).toBeTruthy();
    expect(screen.getByText(/^09:00–17:00 \(Japan time\)/)).toBeTruthy();
  });

  it('a day off says so; in Chinese and Japanese the window and the hours read in their own words', async () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    const buttons = within(screen.getByRole('list', { name: /^Availability: / })).getAllByRole('button');
    fireEvent.click(buttons[november.indexOf(firstSunday)]!);
    expect(screen.getByText('Not available on this day.')).toBeTruthy();
    expect(screen.queryByText(/^Your time/)).toBeNull();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    expect(screen.getByText('可预约未来 180 天，至2027年5月21日。时间均为日本时间。')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2026年11月' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下个月' })).toBeTruthy();
    expect(screen.getByText(/^09:00–17:00（日本时间）/)).toBeTruthy();
    cleanup();

    await act(() => i18next.changeLanguage('ja'));
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} />);
    expect(screen.getByText('180日先の2027年5月21日までご予約いただけます。時間はすべて日本時間です。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '次の月' })).toBeTruthy();
  });

  it('at 22:30 Japan time picks the first day still bookable, never today’s past morning', () => {
    vi.setSystemTime(new Date('2026-11-23T13:30:00Z')); // Monday 22:30 in Tokyo
    const mornings = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 12 * 60 }));
    render(
      <AvailabilityCalendar weekly={mornings} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} minHours={2} />,
    );
    const buttons = within(screen.getByRole('list', { name: /^Availability: / })).getAllByRole('button');
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Mon, Nov 23, 2026: Not available');
    expect(buttons[1]!.getAttribute('aria-label')).toMatch(/Not available$/);
    expect(buttons[2]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Hours on Wed, Nov 25/)).toBeTruthy();
    expect(screen.getByText(/^09:00–12:00 \(Japan time\)/)).toBeTruthy();
    // A guide open all day: tomorrow starts at 10:30, the first start 12 hours from now.
    cleanup();
    render(
      <AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" minNoticeHours={12} minHours={2} />,
    );
    expect(screen.getByText(/^10:30–17:00 \(Japan time\)/)).toBeTruthy();
  });

  it('opens on next month when nothing is left this month', () => {
    vi.setSystemTime(new Date('2026-11-29T03:00:00Z')); // Sunday 29 November, noon in Tokyo
    render(
      <AvailabilityCalendar
        weekly={weekly.filter((w) => w.weekday !== 1)}
        exceptions={[]}
        timeZone="Asia/Tokyo"
        minNoticeHours={12}
      />,
    );
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tue, Dec 1, 2026: Available' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    const november = screen.getByRole('list', { name: 'Availability: November 2026' });
    expect(within(november).getAllByRole('button')).toHaveLength(2);
    // The days before today keep their places in the month, faint and not offered (1 November 2026 was a Sunday).
    expect(november.querySelectorAll('li')).toHaveLength(6 + 30);
    expect(november.querySelectorAll('li')[6]!.textContent).toBe('1');
  });
});
