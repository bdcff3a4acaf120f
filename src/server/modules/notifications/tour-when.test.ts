import { describe, expect, it } from 'vitest';
import { texts, tourWhenText } from './templates';

/** A notice about a booking of several days names every day of it (decision 154), not the first. */
describe('the days of a booking in its notices and e-mails', () => {
  it('writes one day as its slot and several as their dates, count and daily start', () => {
    expect(tourWhenText('en', '2026-12-12', '10:00')).toBe('Dec 12, 2026 10:00 (Japan time)');
    expect(tourWhenText('en', '2026-12-12', '10:00', 3)).toBe('Dec 12–14, 2026 (3 days), 10:00 each day (Japan time)');
    expect(tourWhenText('zh-CN', '2026-12-12', '10:00', 3)).toBe('2026年12月12日–14日共 3 天，每天 10:00 开始（日本时间）');
    expect(tourWhenText('ja', '2026-12-12', '10:00', 3)).toBe('2026年12月12日(土)〜14日(月)の3日間、毎日 10:00 開始（日本時間）');
  });

  it('moves a span of days in all three languages', () => {
    const moved = texts.rescheduled('TG0042', '2026-12-12', '09:00', '2026-12-19', '09:00', 3);
    expect(moved.en.message).toBe('Booking TG0042 is now Dec 19–21, 2026 (3 days), 09:00 each day (Japan time) (was Dec 12–14, 2026 (3 days), 09:00 each day (Japan time)). The price is unchanged.');
    expect(moved['zh-CN'].message).toBe('预订 TG0042 已改为 2026年12月19日–21日共 3 天，每天 09:00 开始（日本时间）（原为 2026年12月12日–14日共 3 天，每天 09:00 开始（日本时间）），价格不变。');
    expect(moved.ja.message).toBe('予約（TG0042）の日程を2026年12月12日(土)〜14日(月)の3日間、毎日 09:00 開始（日本時間）から2026年12月19日(土)〜21日(月)の3日間、毎日 09:00 開始（日本時間）に変更しました。料金は変わりません。');
    const proposed = texts.rescheduleProposedForAnswerer('TG0042', 'guide', '2026-12-30', '09:00', null, undefined, 3);
    expect(proposed.en.message).toContain('to Dec 30, 2026 – Jan 1, 2027 (3 days), 09:00 each day (Japan time).');
    expect(texts.rescheduleDeclined('TG0042', '2026-12-19', '09:00', 'busy', 2)['zh-CN'].message).toContain('2026年12月19日–20日共 2 天');
    expect(texts.rescheduleExpired('TG0042', '2026-12-19', '09:00', 2).ja.message).toContain('2026年12月19日(土)〜20日(日)の2日間');
  });

  it('keeps one day’s texts as they were', () => {
    expect(texts.rescheduled('TG0042', '2026-12-12', '09:00', '2026-12-13', '10:00').en.message).toBe(
      'Booking TG0042 now starts Dec 13, 2026 10:00 (Japan time) (was Dec 12, 2026 09:00 (Japan time)). The price is unchanged.',
    );
  });
});
