import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, i18nReady } from '../../../lib/i18n';
import { refusalText } from './refusal-text';

/** The server's refusals of a booking in words (decision 176): which day, what is in the way. */
const threeDays = { date: '2030-12-12', days: 3, timeZone: 'Asia/Tokyo' };
const say = (
  code: string,
  fields?: { path: string; message: string }[],
  choice: Parameters<typeof refusalText>[2] = threeDays,
) =>
  refusalText(
    i18next.getFixedT(i18next.language, 'bookings'),
    { code, fields },
    choice,
    i18next.language as 'en' | 'zh-CN' | 'ja',
  );

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces('bookings');
});
afterEach(() => i18next.changeLanguage('en'));

describe('refusalText', () => {
  it('names the days the guide is off, the other tour in the way, the notice and the traveler’s own booking', () => {
    expect(
      say('day_unavailable', [
        { path: 'days', message: '2030-12-13' },
        { path: 'days', message: '2030-12-14' },
      ]),
    ).toBe(
      'The guide is not available on day 2 (Dec 13), day 3 (Dec 14). Please choose another start date or fewer days.',
    );
    // Another traveler's tour 10:00–12:00 Japan time on day 3.
    const clash = [
      { path: 'clashStartsAt', message: '2030-12-14T01:00:00.000Z' },
      { path: 'clashEndsAt', message: '2030-12-14T03:00:00.000Z' },
    ];
    expect(say('slot_unavailable', clash)).toBe(
      'On day 3 (Dec 14) the guide already has a tour at 10:00–12:00 (Japan time). Please choose another start time or other days.',
    );
    expect(say('buffer_conflict', clash, { date: '2030-12-14', timeZone: 'Asia/Tokyo' })).toBe(
      "On Dec 14 this is too close to the guide's other tour at 10:00–12:00 (Japan time): the guide keeps free time between tours. Please choose another start time.",
    );
    expect(say('too_short_notice', [{ path: 'earliestStartsAt', message: '2030-12-13T00:00:00.000Z' }])).toBe(
      'This guide needs more notice: the earliest start is Dec 13, 09:00 (Japan time). Please choose a later time.',
    );
    expect(say('traveler_busy', [{ path: 'booking', message: 'TG0042' }])).toBe(
      'You already have booking TG0042 at this time. Choose another time, or cancel that booking first.',
    );
  });

  it('falls back to the code’s words, and to the general refusal', () => {
    expect(say('slot_unavailable')).toBe('This time is no longer available. Please choose another time.');
    expect(say('own_listing')).toBe('You cannot book your own listing.');
    expect(say('something_new')).toBe('The booking could not be made. Please change your choice and try again.');
  });

  it('says which choice to take back when an extra is not offered or the trip is past the online ceiling', async () => {
    expect(say('extra_not_offered', [{ path: 'extras', message: 'tickets' }])).toBe(
      'This guide does not offer one of the extras you ticked. Please untick it and try again.',
    );
    expect(say('total_too_large')).toBe(
      'This trip costs more than can be booked online at once. Please choose fewer people, hours or days.',
    );
    await i18next.changeLanguage('zh-CN');
    expect(say('total_too_large')).toBe('这次行程的金额超过了单笔在线预订的上限。请减少人数、时长或天数。');
    await i18next.changeLanguage('ja');
    expect(say('extra_not_offered')).toBe(
      '選択した追加サービスの中に、このガイドが提供していないものがあります。チェックを外してもう一度お試しください。',
    );
  });

  it('reads in Chinese and Japanese', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(say('day_unavailable', [{ path: 'days', message: '2030-12-13' }])).toBe(
      '第 2 天（12月13日）地陪没有空。请换个开始日期或减少天数。',
    );
    await i18next.changeLanguage('ja');
    expect(say('day_unavailable', [{ path: 'days', message: '2030-12-13' }])).toBe(
      '2日目（12月13日）はガイドの都合がつきません。別の開始日を選ぶか、日数を減らしてください。',
    );
  });
});
