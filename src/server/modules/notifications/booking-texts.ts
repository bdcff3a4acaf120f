/**
 * Texts of a booking from request to answer: asked, held for its deposit, paid, booked from an offer
 * or at once, accepted, declined, cancelled. Part of templates.ts's `texts`.
 */
import { because, creditSentence, japanTime, money, type GivenCredit, type Money, type Pair } from './text-parts';

export const bookingTexts = {
  requestReceived: (n: string): Pair => ({
    en: {
      title: 'New booking request',
      message: `Booking ${n} is waiting for the deposit. You will be asked to accept it once it is paid.`,
      actionLabel: 'View requests',
    },
    'zh-CN': {
      title: '新的预订请求',
      message: `预订 ${n} 正在等待支付定金，支付后请您确认接受。`,
      actionLabel: '查看请求',
    },
    ja: {
      title: '新しい予約リクエスト',
      message: `予約（${n}）は旅行者による予約金のお支払い待ちです。お支払いが完了したら、承諾するかどうかをお知らせください。`,
      actionLabel: 'リクエストを見る',
    },
  }),
  // `answerBy`: when the request lapses unanswered (an event written before it was carried has none).
  paidForGuide: (n: string, answerBy?: string): Pair => ({
    en: {
      title: 'Booking paid: please accept or decline',
      message: `The traveler paid the deposit for booking ${n}. ${answerBy ? `Accept or decline it by ${japanTime('en', answerBy)}; after that it lapses and the traveler is refunded.` : 'Accept or decline it soon.'}`,
      actionLabel: 'Answer the request',
    },
    'zh-CN': {
      title: '预订已付款，请接受或拒绝',
      message: `旅行者已支付预订 ${n} 的定金，${answerBy ? `请在 ${japanTime('zh-CN', answerBy)} 前接受或拒绝；逾期预订将失效，定金退还旅行者。` : '请尽快接受或拒绝。'}`,
      actionLabel: '处理请求',
    },
    ja: {
      title: '予約金のお支払い完了：承諾またはお断りをお願いします',
      message: `旅行者が予約（${n}）の予約金を支払いました。${answerBy ? `${japanTime('ja', answerBy)}までに承諾またはお断りをお願いします。期限を過ぎると予約は無効になり、旅行者に返金されます。` : 'お早めに承諾またはお断りをお願いします。'}`,
      actionLabel: 'リクエストに回答する',
    },
  }),
  /** A checkout left unpaid (the time is held until `dueAt`, then released). */
  paymentHeld: (n: string, dueAt: string): Pair => ({
    en: {
      title: 'Your booking is waiting for the deposit',
      message: `Booking ${n} holds the time for you until ${japanTime('en', dueAt)}. Pay the deposit by then, or the time is released.`,
      actionLabel: 'Pay the deposit',
    },
    'zh-CN': {
      title: '您的预订正在等待支付定金',
      message: `预订 ${n} 为您保留该时段至 ${japanTime('zh-CN', dueAt)}。请在此之前支付定金，否则该时段将被释放。`,
      actionLabel: '支付定金',
    },
    ja: {
      title: 'ご予約は予約金のお支払い待ちです',
      message: `予約（${n}）の時間は${japanTime('ja', dueAt)}まで確保しています。それまでに予約金をお支払いください。期限を過ぎると確保した時間は解放されます。`,
      actionLabel: '予約金を支払う',
    },
  }),
  // `paid`: the deposit as charged, in the currency the traveler paid in (decision 164).
  paidForTraveler: (n: string, paid: Money): Pair => ({
    en: {
      title: 'Deposit received',
      message: `We received your deposit of ${money('en', paid)} for booking ${n}. Your guide will confirm soon.`,
      actionLabel: 'View my trips',
    },
    'zh-CN': {
      title: '定金已收到',
      message: `我们已收到您为预订 ${n} 支付的定金 ${money('zh-CN', paid)}，地陪将尽快确认。`,
      actionLabel: '查看我的行程',
    },
    ja: {
      title: '予約金を受け付けました',
      message: `予約（${n}）の予約金${money('ja', paid)}を受け付けました。まもなくガイドが予約を確定します。`,
      actionLabel: 'マイ旅行を見る',
    },
  }),
  // Decision 078: a booking from the guide's own offer needs no second yes.
  offerBookedForGuide: (n: string): Pair => ({
    en: {
      title: 'Your offer was booked',
      message: `The traveler booked your offer and paid the deposit: booking ${n} is in your upcoming tours.`,
      actionLabel: 'View dashboard',
    },
    'zh-CN': {
      title: '您的报价已被预订',
      message: `旅行者已预订您的报价并支付定金，预订 ${n} 已列入您即将进行的行程。`,
      actionLabel: '查看工作台',
    },
    ja: {
      title: 'オファーが予約されました',
      message: `旅行者がオファーを予約し、予約金を支払いました。予約（${n}）は今後のツアーに追加されています。`,
      actionLabel: 'ダッシュボードを見る',
    },
  }),
  offerBookedForTraveler: (n: string, paid: Money): Pair => ({
    en: {
      title: 'Booked: see you on the day',
      message: `We received your deposit of ${money('en', paid)}. Booking ${n} is confirmed: your guide made the offer, so there is nothing more to wait for.`,
      actionLabel: 'View my trips',
    },
    'zh-CN': {
      title: '预订成功',
      message: `我们已收到您的定金 ${money('zh-CN', paid)}。预订 ${n} 已确认：报价由地陪发出，无需再等待确认。`,
      actionLabel: '查看我的行程',
    },
    ja: {
      title: '予約が確定しました',
      message: `予約金${money('ja', paid)}を受け付けました。予約（${n}）は確定済みです。ガイドからのオファーによる予約のため、承諾を待つ必要はありません。当日をお楽しみに。`,
      actionLabel: 'マイ旅行を見る',
    },
  }),
  // Decision 153: the guide's instant booking took the deposit as their yes.
  instantBookedForGuide: (n: string): Pair => ({
    en: {
      title: 'Instant booking confirmed',
      message: `A traveler booked and paid the deposit: booking ${n} was confirmed at once under your instant booking setting and is in your upcoming tours.`,
      actionLabel: 'View dashboard',
    },
    'zh-CN': {
      title: '即时确认的新预订',
      message: `旅行者已预订并支付定金。根据您的即时确认设置，预订 ${n} 已自动确认，并已列入您即将进行的行程。`,
      actionLabel: '查看工作台',
    },
    ja: {
      title: '即時確定の予約が入りました',
      message: `旅行者が予約し、予約金を支払いました。即時確定の設定により、予約（${n}）はその場で確定し、今後のツアーに追加されています。`,
      actionLabel: 'ダッシュボードを見る',
    },
  }),
  instantBookedForTraveler: (n: string, paid: Money): Pair => ({
    en: {
      title: 'Booked: confirmed at once',
      message: `We received your deposit of ${money('en', paid)}. Booking ${n} is confirmed: this guide confirms bookings instantly, so there is nothing more to wait for.`,
      actionLabel: 'View my trips',
    },
    'zh-CN': {
      title: '预订已即时确认',
      message: `我们已收到您的定金 ${money('zh-CN', paid)}。预订 ${n} 已确认：该地陪接受即时确认，无需再等待。`,
      actionLabel: '查看我的行程',
    },
    ja: {
      title: '予約が即時確定しました',
      message: `予約金${money('ja', paid)}を受け付けました。このガイドは予約を即時確定しているため、予約（${n}）はすでに確定しています。承諾を待つ必要はありません。`,
      actionLabel: 'マイ旅行を見る',
    },
  }),
  acceptedForTraveler: (n: string): Pair => ({
    en: {
      title: 'Your guide accepted the booking',
      message: `Booking ${n} is confirmed. You can now chat freely and share contact details.`,
      actionLabel: 'View my trips',
    },
    'zh-CN': {
      title: '地陪已接受您的预订',
      message: `预订 ${n} 已确认。您现在可以与地陪自由聊天并交换联系方式。`,
      actionLabel: '查看我的行程',
    },
    ja: {
      title: 'ガイドが予約を承諾しました',
      message: `予約（${n}）が確定しました。これからはチャットで自由にやり取りでき、連絡先も交換できます。`,
      actionLabel: 'マイ旅行を見る',
    },
  }),
  // `refund`: in what was charged (decision 164).
  declinedForTraveler: (n: string, refund: Money, reason: string | null): Pair => ({
    en: {
      title: 'Your booking was declined',
      message: `The guide could not take booking ${n}.${because('en', reason)} ${refund.cents > 0 ? `${money('en', refund)} will be refunded. ` : ''}Try another guide for the same day.`,
      actionLabel: 'Find another guide',
    },
    'zh-CN': {
      title: '您的预订被拒绝',
      message: `地陪无法接受预订 ${n}。${because('zh-CN', reason)}${refund.cents > 0 ? `${money('zh-CN', refund)}将退还给您。` : ''}您可以为同一天选择其他地陪。`,
      actionLabel: '寻找其他地陪',
    },
    ja: {
      title: 'ご予約はお受けできませんでした',
      message: `ガイドは予約（${n}）をお受けできませんでした。${because('ja', reason)}${refund.cents > 0 ? `${money('ja', refund)}を返金します。` : ''}同じ日に対応できる別のガイドをお探しください。`,
      actionLabel: '別のガイドを探す',
    },
  }),
  /**
   * A cancellation, told to one side (every "no" has its reason): who cancelled and why,
   * in their words when they gave some, or what lapsed; and the refund to the traveler, in what was
   * charged (decision 164).
   */
  cancelled: (
    n: string,
    refund: Money,
    c: {
      to: 'traveler' | 'guide';
      by: 'traveler' | 'guide' | 'system';
      reason: string;
      note: string | null;
      credit?: GivenCredit | null;
    },
  ): Pair => {
    // The credit the guide's cancellation gave comes with the refund, told to the traveler (decision 139).
    const credit = c.to === 'traveler' ? c.credit : null;
    const refunded = refund.cents > 0;
    const refundEn = (refunded ? ` ${money('en', refund)} will be refunded.` : '') + creditSentence('en', credit);
    const refundZh = (refunded ? `${money('zh-CN', refund)}将退还。` : '') + creditSentence('zh-CN', credit);
    const refundJa = (refunded ? `${money('ja', refund)}を返金します。` : '') + creditSentence('ja', credit);
    const lapse = c.by === 'system' ? lapsedTexts(n, c.reason, { en: refundEn, zh: refundZh, ja: refundJa }) : null;
    if (lapse) return lapse;
    if (c.by !== 'system' && c.by !== c.to) {
      const who =
        c.by === 'guide'
          ? { en: 'The guide', zh: '地陪', ja: 'ガイド' }
          : { en: 'The traveler', zh: '旅行者', ja: '旅行者' };
      return {
        en: {
          title: c.by === 'guide' ? 'Your guide cancelled the booking' : 'The traveler cancelled the booking',
          message: `${who.en} cancelled booking ${n}.${because('en', c.note)}${refundEn}`,
          actionLabel: 'View details',
        },
        'zh-CN': {
          title: c.by === 'guide' ? '地陪取消了预订' : '旅行者取消了预订',
          message: `${who.zh}取消了预订 ${n}。${because('zh-CN', c.note)}${refundZh}`,
          actionLabel: '查看详情',
        },
        ja: {
          title: c.by === 'guide' ? 'ガイドが予約をキャンセルしました' : '旅行者が予約をキャンセルしました',
          message: `${who.ja}が予約（${n}）をキャンセルしました。${because('ja', c.note)}${refundJa}`,
          actionLabel: '詳細を見る',
        },
      };
    }
    return {
      en: {
        title: 'Booking cancelled',
        message: `Booking ${n} was cancelled.${refundEn}`,
        actionLabel: 'View details',
      },
      'zh-CN': { title: '预订已取消', message: `预订 ${n} 已取消。${refundZh}`, actionLabel: '查看详情' },
      ja: {
        title: '予約はキャンセルされました',
        message: `予約（${n}）はキャンセルされました。${refundJa}`,
        actionLabel: '詳細を見る',
      },
    };
  },
};

/**
 * A booking the system cancelled as something lapsed: the guide's answer (told with the refund) or
 * the deposit (nothing was paid); null for any other reason.
 */
function lapsedTexts(n: string, reason: string, refund: { en: string; zh: string; ja: string }): Pair | null {
  if (reason === 'request_expired') {
    return {
      en: {
        title: 'Booking lapsed: no answer from the guide',
        message: `The guide did not answer booking ${n} in time, so it was cancelled.${refund.en}`,
        actionLabel: 'View details',
      },
      'zh-CN': {
        title: '预订已失效：地陪未及时回复',
        message: `地陪未在时限内回复预订 ${n}，预订已取消。${refund.zh}`,
        actionLabel: '查看详情',
      },
      ja: {
        title: '予約は無効になりました：ガイドからの回答がありませんでした',
        message: `ガイドが期限内に予約（${n}）に回答しなかったため、予約はキャンセルされました。${refund.ja}`,
        actionLabel: '詳細を見る',
      },
    };
  }
  if (reason === 'payment_expired') {
    return {
      en: {
        title: 'Booking lapsed',
        message: `The deposit for booking ${n} was not paid in time, so the time was released.`,
        actionLabel: 'View details',
      },
      'zh-CN': {
        title: '预订已失效',
        message: `预订 ${n} 的定金未在时限内支付，该时段已释放。`,
        actionLabel: '查看详情',
      },
      ja: {
        title: '予約は無効になりました',
        message: `予約（${n}）の予約金が期限内に支払われなかったため、確保していた時間を解放しました。`,
        actionLabel: '詳細を見る',
      },
    };
  }
  return null;
}
