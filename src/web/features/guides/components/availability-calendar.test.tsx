import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availabilityCalendar, isoWeekday } from '../../../../shared/availability';
import { i18next, i18nReady } from '../../../lib/i18n';
import { AvailabilityCalendar } from './availability-calendar';

// The reader is in UTC, nine hours behind Japan all year: their own time shows beside the guide's.
process.env.TZ = 'UTC';

/** Monday to Saturday, 09:00–17:00 in Japan; Sundays off. */
const weekly = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));
const days = availabilityCalendar(weekly, [], 'Asia/Tokyo', 60);
const firstOpen = days.find((d) => d.available)!;
const firstSunday = days.find((d) => isoWeekday(d.date) === 7)!;

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('guides');
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('AvailabilityCalendar (guide profile)', () => {
  it('lists 60 days, picks the first open one and shows its hours in Japan time and in the reader’s own', () => {
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" />);
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
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" />);
    const buttons = within(screen.getByRole('list', { name: 'Availability' })).getAllByRole('button');
    fireEvent.click(buttons[days.indexOf(firstSunday)]!);
    expect(screen.getByText('Not available on this day.')).toBeTruthy();
    expect(screen.queryByText(/^Your time/)).toBeNull();
    cleanup();

    await act(() => i18next.changeLanguage('zh-CN'));
    render(<AvailabilityCalendar weekly={weekly} exceptions={[]} timeZone="Asia/Tokyo" />);
    expect(screen.getByText(/^09:00–17:00（日本时间）/)).toBeTruthy();
  });
});
