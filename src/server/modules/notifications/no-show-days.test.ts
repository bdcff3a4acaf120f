import { describe, expect, it } from 'vitest';
import { tripTroubleTexts } from './trip-trouble-texts';

const yuan = (cents: number) => ({ cents, currency: 'CNY' as const });

/**
 * The no-show notices name the day on a booking of several days (decision 158), in every language,
 * and a later day's refund as the deposit of the days not given; a tour of hours reads as before.
 */
describe('the no-show notices of a booking of several days', () => {
  it('tell the traveler which day the guide missed and what of the deposit comes back', () => {
    const text = tripTroubleTexts.noShowRecorded('TG0042', 'traveler', yuan(89_600), null, { day: 2, days: 3 });
    expect(text.en.message).toBe(
      'Your guide did not come on day 2 of 3, so booking TG0042 is cancelled: 896 RMB, the deposit for the days not given, is refunded to you. Sorry: you can book another guide now.',
    );
    expect(text['zh-CN'].message).toContain(
      '地陪在第 2 天（共 3 天）未到场，预订 TG0042 已取消：未提供服务各天的定金 896 元将退还给您。',
    );
    expect(text.ja.message).toContain(
      '3日間のうち2日目にガイドが来なかったため、予約（TG0042）はキャンセルされました。実施されなかった日の分の予約金896 元を返金します。',
    );
  });

  it('tell the guide reported absent on a later day that the days before are theirs', () => {
    const text = tripTroubleTexts.noShowReported('TG0042', 'traveler', yuan(89_600), null, { day: 2, days: 3 });
    expect(text.en.message).toContain(
      'reported that you did not come on day 2 of 3; the booking is cancelled and 896 RMB, the deposit for the days not given, is refunded to them; the days before are paid to you.',
    );
    expect(text['zh-CN'].message).toContain(
      '报告您在第 2 天（共 3 天）未到场；预订已取消，未提供服务各天的定金 896 元已退还给旅行者，此前各天的款项归您。',
    );
    expect(text.ja.message).toContain('3日間のうち2日目の待ち合わせにいらっしゃらなかったとの報告がありました。');
  });

  it('name the day of a traveler’s absence, and the first day’s full refund as such', () => {
    const absent = tripTroubleTexts.noShowReported('TG0042', 'guide', yuan(0), null, { day: 3, days: 3 });
    expect(absent.en.message).toContain(
      'reported that you did not come on day 3 of 3; the booking is cancelled and the deposit is not refunded',
    );
    expect(absent['zh-CN'].message).toContain('地陪报告您在第 3 天（共 3 天）未到场');
    expect(absent.ja.message).toContain('3日間のうち3日目の待ち合わせに');
    const recorded = tripTroubleTexts.noShowRecorded('TG0042', 'guide', yuan(0), null, { day: 3, days: 3 });
    expect(recorded.ja.message).toContain('予約（TG0042）は3日間のうち3日目の無断不参加としてキャンセルされました。');
    const firstDay = tripTroubleTexts.noShowRecorded('TG0042', 'traveler', yuan(134_400), null, { day: 1, days: 3 });
    expect(firstDay.en.message).toContain(
      'Booking TG0042 is cancelled on day 1 of 3 and your deposit of 1,344 RMB is refunded in full.',
    );
    expect(firstDay['zh-CN'].message).toContain(
      '预订 TG0042 已在第 1 天（共 3 天）取消，您的定金 1,344 元将全额退还。',
    );
    expect(firstDay.ja.message).toContain(
      '予約（TG0042）は3日間のうち1日目にキャンセルされ、予約金1,344 元は全額返金されます。',
    );
  });

  it('read as before on a tour of hours', () => {
    expect(tripTroubleTexts.noShowRecorded('TG0042', 'traveler', yuan(13_200)).en.message).toContain(
      'Booking TG0042 is cancelled and your deposit of 132 RMB is refunded in full.',
    );
    expect(tripTroubleTexts.noShowReported('TG0042', 'guide', yuan(0)).ja.message).toContain(
      '予約（TG0042）のガイドから、待ち合わせにいらっしゃらなかったとの報告がありました。',
    );
  });
});
