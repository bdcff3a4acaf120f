import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemMessages, travelCredits } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  daysAhead,
  paidByAlipay,
  person,
  yenGuide as makeYenGuide,
  type Person,
} from '../bookings/test-helpers';
import { tourNotices } from '../bookings/lifecycle/tour-notices';
import { dayText, texts } from './templates';
import { tripTroubleTexts } from './trip-trouble-texts';

/**
 * Every amount a notice names is in its own currency (decision 164): a deposit or a refund in what
 * was charged, an extension's price in the booking's, a travel credit in its own. A yen guide's
 * booking paid by Alipay says yuan for the deposit and the refund, yen for the credit.
 */
const yen = (cents: number) => ({ cents, currency: 'JPY' as const });
const yuan = (cents: number) => ({ cents, currency: 'CNY' as const });

describe('the texts, each amount in its currency', () => {
  it('a deposit charged in yuan and one charged in yen', () => {
    const inYuan = texts.paidForTraveler('TG0042', yuan(8_000));
    expect(inYuan.en.message).toBe(
      'We received your deposit of 80 RMB for booking TG0042. Your guide will confirm soon.',
    );
    expect(inYuan['zh-CN'].message).toBe('我们已收到您为预订 TG0042 支付的定金 80 元，地陪将尽快确认。');
    expect(inYuan.ja.message).toBe('予約（TG0042）の予約金80 元を受け付けました。まもなくガイドが予約を確定します。');
    const inYen = texts.instantBookedForTraveler('TG0042', yen(1_600));
    expect(inYen.en.message).toContain('We received your deposit of ¥1,600 (JPY).');
    expect(inYen['zh-CN'].message).toContain('我们已收到您的定金 1,600 日元。');
    expect(inYen.ja.message).toContain('予約金1,600円を受け付けました。');
    expect(texts.offerBookedForTraveler('TG0042', yen(12_000)).ja.message).toContain(
      '予約金12,000円を受け付けました。',
    );
  });

  it('a refund in what was charged, beside a credit in the booking’s yen', () => {
    const credit = { ...yen(1_000), expiresAt: '2027-06-01T00:00:00Z' };
    const c = texts.cancelled('TG0042', yuan(7_793), {
      to: 'traveler',
      by: 'guide',
      reason: 'cancel',
      note: null,
      credit,
    });
    expect(c.en.message).toBe(
      `The guide cancelled booking TG0042. 77.93 RMB will be refunded. A credit of ¥1,000 (JPY) for your next booking is yours until ${dayText('en', '2027-06-01')}.`,
    );
    expect(c['zh-CN'].message).toBe(
      `地陪取消了预订 TG0042。77.93 元将退还。已为您的下一次预订发放 1,000 日元抵用金，有效期至${dayText('zh-CN', '2027-06-01')}。`,
    );
    expect(c.ja.message).toBe(
      `ガイドが予約（TG0042）をキャンセルしました。77.93 元を返金します。次回のご予約に使える1,000円の旅行クレジットを付与しました（${dayText('ja', '2027-06-01')}まで有効）。`,
    );
    const declined = texts.declinedForTraveler('TG0042', yen(1_600), null);
    expect(declined.en.message).toContain('¥1,600 (JPY) will be refunded.');
    expect(declined['zh-CN'].message).toContain('1,600 日元将退还给您。');
    expect(declined.ja.message).toContain('1,600円を返金します。');
    const recorded = tripTroubleTexts.noShowRecorded('TG0042', 'traveler', yuan(8_000), credit);
    expect(recorded.en.message).toContain('your deposit of 80 RMB is refunded in full. A credit of ¥1,000 (JPY)');
    expect(recorded.ja.message).toContain('予約金80 元は全額返金されます。次回のご予約に使える1,000円の旅行クレジット');
    const reported = tripTroubleTexts.noShowReported('TG0042', 'traveler', yen(800), null, { day: 2, days: 3 });
    expect(reported.en.message).toContain('¥800 (JPY), the deposit for the days not given, is refunded to them');
    expect(reported['zh-CN'].message).toContain('未提供服务各天的定金 800 日元已退还给旅行者');
    expect(reported.ja.message).toContain('実施されなかった日の分の予約金800円を旅行者に返金しました');
  });

  it('an extension’s price in the booking’s yen, its refund in the yuan charged', () => {
    const parties = { bookingId: 42, travelerId: 1, guideUserId: 2 };
    const [toGuide, toTraveler] = tourNotices('booking.extension_paid', {
      ...parties,
      hours: 1,
      priceCents: 4_000,
      currency: 'JPY',
    });
    expect(toGuide!.text.en.message).toBe('The traveler paid ¥4,000 (JPY) to extend booking TG0042 by 1 hour.');
    expect(toGuide!.text.ja.message).toContain('4,000円を支払いました。');
    expect(toTraveler!.text['zh-CN'].message).toContain('支付的 4,000 日元。');
    const [asked] = tourNotices('booking.extension_requested', {
      ...parties,
      hours: 1,
      priceCents: 4_000,
      currency: 'JPY',
    });
    expect(asked!.text['zh-CN'].message).toContain('（4,000 日元），等待付款。');
    const [rejected] = tourNotices('booking.extension_rejected', {
      ...parties,
      hours: 1,
      refundCents: 20_000,
      currency: 'CNY',
    });
    expect(rejected!.text.en.message).toContain('200 RMB will be refunded.');
    expect(rejected!.text.ja.message).toContain('200 元を返金します。');
    // An event written before two currencies names none: yuan, as it was.
    const [old] = tourNotices('booking.extension_requested', { ...parties, hours: 1, priceCents: 16_550 });
    expect(old!.text.en.message).toContain('(165.50 RMB), payment pending.');
  });

  it('a payout in the currency of its withdrawal, yuan when the caller names none', () => {
    expect(texts.payoutPaid(12_345, 'CNY').en.message).toContain('Your withdrawal of 123.45 RMB has been paid.');
    expect(texts.payoutPaid(50_000, 'JPY').ja.message).toContain('50,000円の出金を振り込みました。');
    expect(texts.payoutFailed(50_000, 'JPY', 'bank refused')['zh-CN'].message).toContain(
      '您申请提现的 50,000 日元未能打款',
    );
  });
});

describe('a yen guide’s booking paid by Alipay in yuan', () => {
  let t: TestApp;
  let traveler: Person;
  let yenGuide: Awaited<ReturnType<typeof makeYenGuide>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
    traveler = await person(t);
    const admin = await person(t, { admin: true });
    yenGuide = await makeYenGuide(t);
    expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const told = async (userId: number, key: string) =>
    (await t.database.db.select().from(systemMessages).where(eq(systemMessages.userId, userId))).find(
      (n) => n.dedupeKey === key,
    );

  it('tells the traveler of the 80 元 charged for the ¥1,600 deposit; the guide’s cancellation refunds them in yuan and gives a credit in yen', async () => {
    const made = await book(t, traveler, {
      guideId: yenGuide.guideId,
      date: daysAhead(30),
      startTime: '10:00',
      durationHours: 2,
      adults: 1,
      chargeCurrency: 'CNY',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect(made.json()).toMatchObject({ currency: 'JPY', depositCents: 1_600, chargeDepositCents: 8_000 });
    await paidByAlipay(t, traveler, id);
    await vi.waitFor(async () => {
      const notice = await told(traveler.id, `booking:${id}:paid`);
      expect(notice?.texts?.en?.message).toContain('We received your deposit of 80 RMB for booking');
      expect(notice?.texts?.['zh-CN']?.message).toContain('支付的定金 80 元，地陪将尽快确认。');
      expect(notice?.texts?.ja?.message).toContain('の予約金80 元を受け付けました。');
    });

    expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, yenGuide)).statusCode).toBe(200);
    const cancelled = await callAs(t, 'PATCH', `/api/bookings/${id}/status`, yenGuide, {
      status: 'cancelled',
      reason: 'Family emergency',
    });
    expect(cancelled.json().status).toBe('cancelled');
    const [credit] = await t.database.db.select().from(travelCredits).where(eq(travelCredits.travelerId, traveler.id));
    // The 50 元 credit given in the booking's yen at its rate of 20.
    expect(credit).toMatchObject({ amountCents: 1_000, currency: 'JPY' });
    await vi.waitFor(async () => {
      const notice = await told(traveler.id, `booking:${id}:cancelled`);
      expect(notice?.texts?.en?.message).toContain(
        '80 RMB will be refunded. A credit of ¥1,000 (JPY) for your next booking',
      );
      expect(notice?.texts?.['zh-CN']?.message).toContain('80 元将退还。已为您的下一次预订发放 1,000 日元抵用金');
      expect(notice?.texts?.ja?.message).toContain('80 元を返金します。次回のご予約に使える1,000円の旅行クレジット');
    });
  });
});
