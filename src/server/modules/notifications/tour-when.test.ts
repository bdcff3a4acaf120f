import { describe, expect, it } from 'vitest';
import { texts } from './templates';
import { laterFirstDayText, tourWhenText } from './text-parts';
import { tripTroubleTexts } from './trip-trouble-texts';

/** A notice about a booking of several days names every day of it (decision 154), not the first. */
describe('the days of a booking in its notices and e-mails', () => {
  it('writes one day as its slot and several as their dates, count and daily start', () => {
    expect(tourWhenText('en', '2026-12-12', '10:00')).toBe('Dec 12, 2026 10:00 (Japan time)');
    expect(tourWhenText('en', '2026-12-12', '10:00', 3)).toBe('Dec 12–14, 2026 (3 days), 10:00 each day (Japan time)');
    expect(tourWhenText('zh-CN', '2026-12-12', '10:00', 3)).toBe(
      '2026年12月12日–14日共 3 天，每天 10:00 开始（日本时间）',
    );
    expect(tourWhenText('ja', '2026-12-12', '10:00', 3)).toBe(
      '2026年12月12日(土)〜14日(月)の3日間、毎日 10:00 開始（日本時間）',
    );
  });

  it('moves a span of days in all three languages', () => {
    const moved = texts.rescheduled('TG0042', '2026-12-12', '09:00', '2026-12-19', '09:00', 3);
    expect(moved.en.message).toBe(
      'Booking TG0042 is now Dec 19–21, 2026 (3 days), 09:00 each day (Japan time) (was Dec 12–14, 2026 (3 days), 09:00 each day (Japan time)). The price is unchanged.',
    );
    expect(moved['zh-CN'].message).toBe(
      '预订 TG0042 已改为 2026年12月19日–21日共 3 天，每天 09:00 开始（日本时间）（原为 2026年12月12日–14日共 3 天，每天 09:00 开始（日本时间）），价格不变。',
    );
    expect(moved.ja.message).toBe(
      '予約（TG0042）の日程を2026年12月12日(土)〜14日(月)の3日間、毎日 09:00 開始（日本時間）から2026年12月19日(土)〜21日(月)の3日間、毎日 09:00 開始（日本時間）に変更しました。料金は変わりません。',
    );
    const proposed = texts.rescheduleProposedForAnswerer('TG0042', 'guide', '2026-12-30', '09:00', null, undefined, 3);
    expect(proposed.en.message).toContain('to Dec 30, 2026 – Jan 1, 2027 (3 days), 09:00 each day (Japan time).');
    expect(texts.rescheduleDeclined('TG0042', '2026-12-19', '09:00', 'busy', 2)['zh-CN'].message).toContain(
      '2026年12月19日–20日共 2 天',
    );
    expect(texts.rescheduleExpired('TG0042', '2026-12-19', '09:00', 2).ja.message).toContain(
      '2026年12月19日(土)〜20日(日)の2日間',
    );
  });

  it('keeps one day’s texts as they were', () => {
    expect(texts.rescheduled('TG0042', '2026-12-12', '09:00', '2026-12-13', '10:00').en.message).toBe(
      'Booking TG0042 now starts Dec 13, 2026 10:00 (Japan time) (was Dec 12, 2026 09:00 (Japan time)). The price is unchanged.',
    );
  });

  it('names the days in the replacement notices of several days, day 1 later after a no-show (decision 140, amended)', () => {
    const when = { date: '2026-12-12', startTime: '09:00', days: 3 };
    expect(laterFirstDayText('en', '2026-12-12', '10:30', '09:00', 3)).toBe(
      'Dec 12, 2026 from 10:30, then Dec 13–14, 2026 (2 days), 09:00 each day (Japan time)',
    );
    expect(laterFirstDayText('ja', '2026-12-12', '10:30', '09:00', 2)).toBe(
      '2026年12月12日(土) 10:30 開始、翌日からは2026年12月13日(日) 09:00（日本時間）',
    );
    const asked = tripTroubleTexts.replacementRequested('TG0042', '2026-12-12T01:00:00Z', {
      ...when,
      firstStartTime: '10:30',
    });
    expect(asked.en.message).toBe(
      'Another guide cancelled booking TG0042, and the traveler chose you. The tour: Dec 12, 2026 from 10:30, then Dec 13–14, 2026 (2 days), 09:00 each day (Japan time). The deposit is paid. Accept or decline by Dec 12, 2026 10:00 (Japan time).',
    );
    expect(asked['zh-CN'].message).toContain(
      '行程：2026年12月12日 10:30 开始，之后 2026年12月13日–14日共 2 天，每天 09:00 开始（日本时间）。',
    );
    expect(asked.ja.message).toContain(
      'ツアーの日程：2026年12月12日(土) 10:30 開始、翌日からは2026年12月13日(日)〜14日(月)の2日間、毎日 09:00 開始（日本時間）。',
    );
    const offered = tripTroubleTexts.replacementOffered('TG0042', null, '2026-12-11T21:00:00Z', when);
    expect(offered.en.message).toContain(
      'The tour: Dec 12–14, 2026 (3 days), 09:00 each day (Japan time). Choose one of the guides we found free on every one of its days',
    );
    expect(offered['zh-CN'].message).toContain(
      '行程：2026年12月12日–14日共 3 天，每天 09:00 开始（日本时间）。我们找到了在全部日程都有空的地陪',
    );
    expect(offered.ja.message).toContain(
      'ツアーの日程：2026年12月12日(土)〜14日(月)の3日間、毎日 09:00 開始（日本時間）。全日程に対応できるガイドが見つかりました。',
    );
    expect(tripTroubleTexts.sameDayChoice('TG0042', '2026-12-12T02:00:00Z', when)['zh-CN'].message).toContain(
      '这些地陪在其余日程也都按原定时间有空：2026年12月13日–14日共 2 天，每天 09:00 开始（日本时间）。',
    );
    expect(tripTroubleTexts.noShowReplacing('TG0042', null, when).ja.message).toContain(
      'この予約は3日間すべてあなたの担当ではなくなりました。残りの日程：2026年12月13日(日)〜14日(月)の2日間',
    );
  });

  it('keeps one day’s replacement notices as they were', () => {
    const one = { date: '2026-12-12', startTime: '09:00', days: 1, firstStartTime: '11:30' };
    expect(tripTroubleTexts.replacementRequested('TG0042', '2026-12-12T01:00:00Z', one)).toEqual(
      tripTroubleTexts.replacementRequested('TG0042', '2026-12-12T01:00:00Z'),
    );
    expect(tripTroubleTexts.sameDayChoice('TG0042', '2026-12-12T02:00:00Z', one).en.message).not.toContain(
      'rest of your tour',
    );
  });
});
