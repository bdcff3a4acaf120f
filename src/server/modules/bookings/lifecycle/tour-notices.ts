import { durationText } from '../../../../shared/booking/duration';
import { guideBookingPath, travelerBookingPath } from '../../../../shared/booking/links';
import { bookingNumber } from '../../../../shared/booking/money-rules';
import type { Currency } from '../../../../shared/currency';
import type { Locale } from '../../../../shared/locales';
import { formatMoney } from '../../../../shared/money-format';
import type { BookingEventMap } from '../booking/events';
import type { BookingEvents } from '../booking/events';

type Text = { title: string; message: string; actionLabel: string };
export interface TourNotice {
  userId: number;
  type: 'booking' | 'payment';
  text: Record<Locale, Text>;
  actionUrl: string;
  related: { type: string; id: number };
  dedupeKey: string;
}

// An amount in its event's currency (decision 164: an extension's price the booking's, a refund what was
// charged); events written before two currencies name none: theirs were yuan.
const amount = (cents: number, e: { currency?: Currency }, locale: Locale) =>
  formatMoney(cents, e.currency ?? 'CNY', locale);
const hoursEn = (h: number) => durationText(h, 'en');
const hoursZh = (h: number) => durationText(h, 'zh-CN');
const hoursJa = (h: number) => durationText(h, 'ja');

/**
 * System messages of the tour itself, sent to the party who did not act: they reach the
 * other side's open tabs as a `system_message` push, so both sides see each other's step at once
 * (the trips page and the guide dashboard refresh their bookings on it).
 */
export function tourNotices<K extends keyof BookingEventMap>(name: K, p: BookingEventMap[K]): TourNotice[] {
  const make = (NOTICES as Partial<Record<keyof BookingEventMap, NoticeMaker<K>>>)[name];
  return make ? make(p, addressees(p)) : [];
}

/** The booking's number and a notice to either side of it, deduplicated by the booking and `key`. */
interface Addressees {
  n: string;
  guide: (key: string, text: Record<Locale, Text>, type?: TourNotice['type']) => TourNotice;
  traveler: (key: string, text: Record<Locale, Text>, type?: TourNotice['type']) => TourNotice;
}

function addressees(p: { bookingId: number; travelerId: number; guideUserId: number }): Addressees {
  const base = { related: { type: 'booking', id: p.bookingId } };
  return {
    n: bookingNumber(p.bookingId),
    guide: (key, text, type = 'booking') => ({
      ...base,
      userId: p.guideUserId,
      type,
      text,
      actionUrl: guideBookingPath(p.bookingId),
      dedupeKey: `booking:${p.bookingId}:${key}`,
    }),
    traveler: (key, text, type = 'booking') => ({
      ...base,
      userId: p.travelerId,
      type,
      text,
      actionUrl: travelerBookingPath(p.bookingId),
      dedupeKey: `booking:${p.bookingId}:${key}`,
    }),
  };
}

/** One side confirmed the start: the other is asked to confirm too, or both hear the tour has started. */
function startConfirmed(e: BookingEventMap['booking.start_confirmed'], to: Addressees): TourNotice[] {
  const started = e.status === 'ongoing';
  const text: Record<Locale, Text> = started
    ? {
        en: {
          title: 'Your tour has started',
          message: `Both of you confirmed the start of booking ${to.n}. Enjoy the tour!`,
          actionLabel: 'View tour',
        },
        'zh-CN': {
          title: '行程已开始',
          message: `双方均已确认预订 ${to.n} 开始，祝您旅途愉快！`,
          actionLabel: '查看行程',
        },
        ja: {
          title: 'ツアーが始まりました',
          message: `双方が予約（${to.n}）の開始を確認しました。ツアーをお楽しみください！`,
          actionLabel: 'ツアーを見る',
        },
      }
    : e.by === 'traveler'
      ? {
          en: {
            title: 'The traveler is ready to start',
            message: `The traveler confirmed the start of booking ${to.n}. Confirm it too to begin the tour.`,
            actionLabel: 'Confirm start',
          },
          'zh-CN': {
            title: '旅行者已确认开始',
            message: `旅行者已确认预订 ${to.n} 开始，请您也确认以开始行程。`,
            actionLabel: '确认开始',
          },
          ja: {
            title: '旅行者が開始を確認しました',
            message: `旅行者が予約（${to.n}）の開始を確認しました。ツアーを始めるには、こちらでも開始を確認してください。`,
            actionLabel: '開始を確認する',
          },
        }
      : {
          en: {
            title: 'Your guide is ready to start',
            message: `Your guide confirmed the start of booking ${to.n}. Confirm it too to begin the tour.`,
            actionLabel: 'Confirm start',
          },
          'zh-CN': {
            title: '地陪已确认开始',
            message: `地陪已确认预订 ${to.n} 开始，请您也确认以开始行程。`,
            actionLabel: '确认开始',
          },
          ja: {
            title: 'ガイドが開始を確認しました',
            message: `ガイドが予約（${to.n}）の開始を確認しました。ツアーを始めるには、こちらでも開始を確認してください。`,
            actionLabel: '開始を確認する',
          },
        };
  return [e.by === 'traveler' ? to.guide(`start:${e.status}`, text) : to.traveler(`start:${e.status}`, text)];
}

/** The traveler asked for more hours: the guide hears of it, payment pending. */
function extensionRequested(e: BookingEventMap['booking.extension_requested'], to: Addressees): TourNotice[] {
  return [
    to.guide(`extension-requested:${Date.now()}`, {
      en: {
        title: 'Extension requested',
        message: `The traveler asked to extend booking ${to.n} by ${hoursEn(e.hours)} (${amount(e.priceCents, e, 'en')}), payment pending.`,
        actionLabel: 'View tour',
      },
      'zh-CN': {
        title: '旅行者申请延长行程',
        message: `旅行者申请将预订 ${to.n} 延长 ${hoursZh(e.hours)}（${amount(e.priceCents, e, 'zh-CN')}），等待付款。`,
        actionLabel: '查看行程',
      },
      ja: {
        title: '延長のリクエストがありました',
        message: `旅行者から、予約（${to.n}）を${hoursJa(e.hours)}延長したいとのリクエストがありました（${amount(e.priceCents, e, 'ja')}、お支払い待ち）。`,
        actionLabel: 'ツアーを見る',
      },
    }),
  ];
}

/** The extension paid: the guide is asked to answer, the traveler gets the receipt. */
function extensionPaid(e: BookingEventMap['booking.extension_paid'], to: Addressees): TourNotice[] {
  return [
    to.guide(
      `extension-paid:${Date.now()}`,
      {
        en: {
          title: 'Extension paid: approve or reject',
          message: `The traveler paid ${amount(e.priceCents, e, 'en')} to extend booking ${to.n} by ${hoursEn(e.hours)}.`,
          actionLabel: 'Answer',
        },
        'zh-CN': {
          title: '延长费用已支付，请批准或拒绝',
          message: `旅行者已支付 ${amount(e.priceCents, e, 'zh-CN')}，申请将预订 ${to.n} 延长 ${hoursZh(e.hours)}。`,
          actionLabel: '处理',
        },
        ja: {
          title: '延長料金が支払われました：承諾またはお断りをお願いします',
          message: `旅行者が予約（${to.n}）を${hoursJa(e.hours)}延長するため、${amount(e.priceCents, e, 'ja')}を支払いました。`,
          actionLabel: '回答する',
        },
      },
      'payment',
    ),
    // The traveler's receipt (refunded in full if the guide cannot extend).
    to.traveler(
      `extension-receipt:${Date.now()}`,
      {
        en: {
          title: 'Extension payment received',
          message: `We received ${amount(e.priceCents, e, 'en')} to extend booking ${to.n} by ${hoursEn(e.hours)}. If your guide cannot extend, it is refunded in full.`,
          actionLabel: 'View tour',
        },
        'zh-CN': {
          title: '延长费用已收到',
          message: `我们已收到您为预订 ${to.n} 延长 ${hoursZh(e.hours)} 支付的 ${amount(e.priceCents, e, 'zh-CN')}。如地陪无法延长，将全额退款。`,
          actionLabel: '查看行程',
        },
        ja: {
          title: '延長料金を受け付けました',
          message: `予約（${to.n}）を${hoursJa(e.hours)}延長する料金${amount(e.priceCents, e, 'ja')}を受け付けました。ガイドが延長できない場合は全額返金します。`,
          actionLabel: 'ツアーを見る',
        },
      },
      'payment',
    ),
  ];
}

/** The guide approved the extension: the traveler confirms it. */
function extensionApproved(e: BookingEventMap['booking.extension_approved'], to: Addressees): TourNotice[] {
  return [
    to.traveler(`extension-approved:${Date.now()}`, {
      en: {
        title: 'Your guide approved the extension',
        message: `Confirm the extra ${hoursEn(e.hours)} of booking ${to.n} to continue.`,
        actionLabel: 'Confirm Extension',
      },
      'zh-CN': {
        title: '地陪已批准延长',
        message: `请确认预订 ${to.n} 延长的 ${hoursZh(e.hours)}。`,
        actionLabel: '确认延长',
      },
      ja: {
        title: 'ガイドが延長を承諾しました',
        message: `ツアーを続けるには、予約（${to.n}）の${hoursJa(e.hours)}の延長を確定してください。`,
        actionLabel: '延長を確定する',
      },
    }),
  ];
}

/** The guide could not extend: the traveler hears of it and of the refund, if any. */
function extensionRejected(e: BookingEventMap['booking.extension_rejected'], to: Addressees): TourNotice[] {
  const refund = e.refundCents > 0;
  return [
    to.traveler(`extension-rejected:${Date.now()}`, {
      en: {
        title: 'Your guide could not extend the tour',
        message: `The extension of booking ${to.n} was declined.${refund ? ` ${amount(e.refundCents, e, 'en')} will be refunded.` : ''}`,
        actionLabel: 'View tour',
      },
      'zh-CN': {
        title: '地陪无法延长行程',
        message: `预订 ${to.n} 的延长申请未获批准。${refund ? `${amount(e.refundCents, e, 'zh-CN')}将退还给您。` : ''}`,
        actionLabel: '查看行程',
      },
      ja: {
        title: 'ガイドはツアーを延長できませんでした',
        message: `予約（${to.n}）の延長はお断りされました。${refund ? `${amount(e.refundCents, e, 'ja')}を返金します。` : ''}`,
        actionLabel: 'ツアーを見る',
      },
    }),
  ];
}

/** An unpaid request withdrawn by the traveler, or lapsed. */
function extensionWithdrawn(e: BookingEventMap['booking.extension_withdrawn'], to: Addressees): TourNotice[] {
  const text =
    e.by === 'traveler'
      ? {
          en: {
            title: 'Extension withdrawn',
            message: `The traveler withdrew the request to extend booking ${to.n} by ${hoursEn(e.hours)}. The tour goes on as booked.`,
            actionLabel: 'View tour',
          },
          'zh-CN': {
            title: '旅行者撤回了延长申请',
            message: `旅行者撤回了将预订 ${to.n} 延长 ${hoursZh(e.hours)} 的申请，行程按原计划进行。`,
            actionLabel: '查看行程',
          },
          ja: {
            title: '延長のリクエストが取り下げられました',
            message: `旅行者が予約（${to.n}）を${hoursJa(e.hours)}延長するリクエストを取り下げました。ツアーは予約どおりに続きます。`,
            actionLabel: 'ツアーを見る',
          },
        }
      : {
          en: {
            title: 'Extension request lapsed',
            message: `The request to extend booking ${to.n} by ${hoursEn(e.hours)} was not paid in time. The tour goes on as booked.`,
            actionLabel: 'View tour',
          },
          'zh-CN': {
            title: '延长申请已失效',
            message: `将预订 ${to.n} 延长 ${hoursZh(e.hours)} 的申请未在时限内付款，行程按原计划进行。`,
            actionLabel: '查看行程',
          },
          ja: {
            title: '延長のリクエストは無効になりました',
            message: `予約（${to.n}）を${hoursJa(e.hours)}延長するリクエストは、期限内にお支払いがありませんでした。ツアーは予約どおりに続きます。`,
            actionLabel: 'ツアーを見る',
          },
        };
  const notices = [to.guide(`extension-withdrawn:${Date.now()}`, text)];
  // A lapse was nobody's step: the traveler hears of it too; a withdrawal is their own.
  if (e.by === 'system') notices.push(to.traveler(`extension-lapsed:${Date.now()}`, text));
  return notices;
}

/** The extension confirmed: the guide hears the tour is longer. */
function extensionConfirmed(e: BookingEventMap['booking.extension_confirmed'], to: Addressees): TourNotice[] {
  return [
    to.guide(`extension-confirmed:${Date.now()}`, {
      en: {
        title: 'Extension confirmed',
        message: `Booking ${to.n} is now ${hoursEn(e.hours)} longer.`,
        actionLabel: 'View tour',
      },
      'zh-CN': { title: '延长已确认', message: `预订 ${to.n} 已延长 ${hoursZh(e.hours)}。`, actionLabel: '查看行程' },
      ja: {
        title: '延長が確定しました',
        message: `予約（${to.n}）は${hoursJa(e.hours)}延長されました。`,
        actionLabel: 'ツアーを見る',
      },
    }),
  ];
}

/** The tour completed by one side: the other hears of it. */
function completed(e: BookingEventMap['booking.completed'], to: Addressees): TourNotice[] {
  const text: Record<Locale, Text> = {
    en: { title: 'Tour completed', message: `Booking ${to.n} is complete. Thank you!`, actionLabel: 'View' },
    'zh-CN': { title: '行程已完成', message: `预订 ${to.n} 已完成，感谢您！`, actionLabel: '查看' },
    ja: {
      title: 'ツアーが終了しました',
      message: `予約（${to.n}）が完了しました。ありがとうございました！`,
      actionLabel: '詳細を見る',
    },
  };
  return [e.by === 'traveler' ? to.guide('completed', text) : to.traveler('completed', text)];
}

export const TOUR_EVENTS = [
  'booking.start_confirmed',
  'booking.extension_requested',
  'booking.extension_paid',
  'booking.extension_approved',
  'booking.extension_rejected',
  'booking.extension_withdrawn',
  'booking.extension_confirmed',
  'booking.completed',
] as const satisfies readonly (keyof BookingEventMap)[];

type NoticeMaker<K extends keyof BookingEventMap> = (e: BookingEventMap[K], to: Addressees) => TourNotice[];

/** Each tour event's notices: one maker per event of `TOUR_EVENTS`. */
const NOTICES: { [K in (typeof TOUR_EVENTS)[number]]: NoticeMaker<K> } = {
  'booking.start_confirmed': startConfirmed,
  'booking.extension_requested': extensionRequested,
  'booking.extension_paid': extensionPaid,
  'booking.extension_approved': extensionApproved,
  'booking.extension_rejected': extensionRejected,
  'booking.extension_withdrawn': extensionWithdrawn,
  'booking.extension_confirmed': extensionConfirmed,
  'booking.completed': completed,
};

/** Subscribes `send` (the notification centre's create) to the tour's events. */
export function subscribeTourNotices(events: BookingEvents, send: (notices: TourNotice[]) => Promise<unknown>): void {
  for (const name of TOUR_EVENTS) {
    events.on(name, async (payload) => {
      await send(tourNotices(name, payload));
    });
  }
}
