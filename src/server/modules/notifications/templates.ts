/**
 * Texts of system messages made by the product's own events, in the recipient's language (their
 * stored locale, else English). Each has an action URL inside the app.
 */
import type { Locale } from '../../../shared/locales';
import { addDays } from '../../../shared/availability';
import { zoneOffsetMinutes } from '../../../shared/booking/schedule';
import { dateRangeText } from '../../../shared/booking/span-text';
import type { Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import { htmlMail } from '../mail/index';

export type { Locale };

export { bookingNumber } from '../../../shared/booking/money-rules';

/**
 * An amount in its own currency (decision 164): a deposit or refund in what was charged, a price in
 * the booking's, a credit in its own. Written as the app and the booking PDF write it (decision 117):
 * 2,430 RMB / 2,430 元, ¥4,000 (JPY) / 4000 日元 / 4,000円.
 */
export interface Money {
  cents: number;
  currency: Currency;
}
export const money = (locale: Locale, m: Money): string => formatMoney(m.cents, m.currency, locale);

type Text = { title: string; message: string; actionLabel: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Japanese dates carry their weekday (locales/VOICE.md): ja-JP writes "2026年12月6日(日)". The date is a
// calendar day, not an instant, so it is read in UTC and never shifts.
const JA_DAY = new Intl.DateTimeFormat('ja-JP', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
/** A calendar date as docs/rules/look-and-language.md writes it: "Nov 22, 2026" / "2026年11月22日" / "2026年11月22日(日)". */
export function dayText(locale: Locale, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (locale === 'ja') return JA_DAY.format(new Date(Date.UTC(y, m - 1, d)));
  return locale === 'zh-CN' ? `${y}年${m}月${d}日` : `${MONTHS[m - 1]} ${d}, ${y}`;
}
/**
 * A tour's date and start in the guide's zone: "Nov 22, 2026 10:00 (Japan time)" / "2026年11月22日 10:00（日本时间）" /
 * "2026年11月22日(日) 10:00（日本時間）".
 */
export function slotText(locale: Locale, date: string, time: string): string {
  if (locale === 'ja') return `${dayText(locale, date)} ${time}（日本時間）`;
  return locale === 'zh-CN' ? `${dayText(locale, date)} ${time}（日本时间）` : `${dayText(locale, date)} ${time} (Japan time)`;
}
/**
 * When a tour is, every day of it (decision 154): one day is its slot; several are the dates, the
 * count and the daily start, "Dec 12–14, 2026 (3 days), 10:00 each day (Japan time)" /
 * "2026年12月12日–14日共 3 天，每天 10:00 开始（日本时间）" / "2026年12月12日(土)〜14日(月)の3日間、毎日 10:00 開始（日本時間）".
 */
export function tourWhenText(locale: Locale, date: string, time: string, days = 1): string {
  if (days <= 1) return slotText(locale, date, time);
  const range = dateRangeText(date, addDays(date, days - 1), locale);
  if (locale === 'ja') return `${range}の${days}日間、毎日 ${time} 開始（日本時間）`;
  if (locale === 'zh-CN') return `${range}共 ${days} 天，每天 ${time} 开始（日本时间）`;
  return `${range} (${days} days), ${time} each day (Japan time)`;
}
/**
 * A booking of several days whose day 1 starts later than the others, after a same-day replacement
 * (decision 140, amended): day 1's date and start, then the other days as `tourWhenText` names them,
 * "Dec 12, 2026 from 14:00, then Dec 13–14, 2026 (2 days), 10:00 each day (Japan time)" /
 * "2026年12月12日 14:00 开始，之后 2026年12月13日–14日共 2 天，每天 10:00 开始（日本时间）" /
 * "2026年12月12日(土) 14:00 開始、翌日からは2026年12月13日(日)〜14日(月)の2日間、毎日 10:00 開始（日本時間）".
 */
export function laterFirstDayText(locale: Locale, date: string, firstTime: string, time: string, days: number): string {
  const rest = tourWhenText(locale, addDays(date, 1), time, days - 1);
  if (locale === 'ja') return `${dayText(locale, date)} ${firstTime} 開始、翌日からは${rest}`;
  if (locale === 'zh-CN') return `${dayText(locale, date)} ${firstTime} 开始，之后 ${rest}`;
  return `${dayText(locale, date)} from ${firstTime}, then ${rest}`;
}
/**
 * An instant in Japan time, as the trip pages write it: "Dec 9, 2026 22:00 (Japan time)" / "2026年12月9日 22:00（日本时间）" /
 * "2026年12月9日(水) 22:00（日本時間）".
 */
export function japanTime(locale: Locale, iso: string): string {
  // Japan keeps one offset all year: the wall clock is arithmetic (a formatter built per call was a
  // notable share of a booking's CPU).
  const at = new Date(iso);
  const wall = new Date(at.getTime() + zoneOffsetMinutes('Asia/Tokyo', at) * 60_000).toISOString();
  return slotText(locale, wall.slice(0, 10), wall.slice(11, 16));
}

/** A reason as a sentence of its own ("Reason: “…”.", "理由：「…」。"), or nothing. */
export const because = (locale: Locale, reason: string | null) =>
  !reason ? '' : locale === 'ja' ? `理由：「${reason}」。` : locale === 'zh-CN' ? `原因：“${reason}”。` : ` Reason: “${reason}”.`;
type Pair = Record<Locale, Text>;

/** A credit for the next booking given with a refund (decision 139), in the booking's currency (decision 164). */
export interface GivenCredit extends Money {
  expiresAt: string;
}
/** That credit as a sentence of its own, with until when (the trip card's words), or nothing. */
export function creditSentence(locale: Locale, credit: GivenCredit | null | undefined): string {
  if (!credit) return '';
  const until = dayText(locale, credit.expiresAt.slice(0, 10));
  const amount = money(locale, credit);
  if (locale === 'ja') return `次回のご予約に使える${amount}の旅行クレジットを付与しました（${until}まで有効）。`;
  return locale === 'zh-CN' ? `已为您的下一次预订发放 ${amount}抵用金，有效期至${until}。` : ` A credit of ${amount} for your next booking is yours until ${until}.`;
}

export const texts = {
  requestReceived: (n: string): Pair => ({
    en: { title: 'New booking request', message: `Booking ${n} is waiting for the deposit. You will be asked to accept it once it is paid.`, actionLabel: 'View requests' },
    'zh-CN': { title: '新的预订请求', message: `预订 ${n} 正在等待支付定金，支付后请您确认接受。`, actionLabel: '查看请求' },
    ja: { title: '新しい予約リクエスト', message: `予約（${n}）は旅行者による予約金のお支払い待ちです。お支払いが完了したら、承諾するかどうかをお知らせください。`, actionLabel: 'リクエストを見る' },
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
    en: { title: 'Your booking is waiting for the deposit', message: `Booking ${n} holds the time for you until ${japanTime('en', dueAt)}. Pay the deposit by then, or the time is released.`, actionLabel: 'Pay the deposit' },
    'zh-CN': { title: '您的预订正在等待支付定金', message: `预订 ${n} 为您保留该时段至 ${japanTime('zh-CN', dueAt)}。请在此之前支付定金，否则该时段将被释放。`, actionLabel: '支付定金' },
    ja: { title: 'ご予約は予約金のお支払い待ちです', message: `予約（${n}）の時間は${japanTime('ja', dueAt)}まで確保しています。それまでに予約金をお支払いください。期限を過ぎると確保した時間は解放されます。`, actionLabel: '予約金を支払う' },
  }),
  // `paid`: the deposit as charged, in the currency the traveler paid in (decision 164).
  paidForTraveler: (n: string, paid: Money): Pair => ({
    en: { title: 'Deposit received', message: `We received your deposit of ${money('en', paid)} for booking ${n}. Your guide will confirm soon.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '定金已收到', message: `我们已收到您为预订 ${n} 支付的定金 ${money('zh-CN', paid)}，地陪将尽快确认。`, actionLabel: '查看我的行程' },
    ja: { title: '予約金を受け付けました', message: `予約（${n}）の予約金${money('ja', paid)}を受け付けました。まもなくガイドが予約を確定します。`, actionLabel: 'マイ旅行を見る' },
  }),
  // Decision 078: a booking from the guide's own offer needs no second yes.
  offerBookedForGuide: (n: string): Pair => ({
    en: { title: 'Your offer was booked', message: `The traveler booked your offer and paid the deposit: booking ${n} is in your upcoming tours.`, actionLabel: 'View dashboard' },
    'zh-CN': { title: '您的报价已被预订', message: `旅行者已预订您的报价并支付定金，预订 ${n} 已列入您即将进行的行程。`, actionLabel: '查看工作台' },
    ja: { title: 'オファーが予約されました', message: `旅行者がオファーを予約し、予約金を支払いました。予約（${n}）は今後のツアーに追加されています。`, actionLabel: 'ダッシュボードを見る' },
  }),
  offerBookedForTraveler: (n: string, paid: Money): Pair => ({
    en: { title: 'Booked: see you on the day', message: `We received your deposit of ${money('en', paid)}. Booking ${n} is confirmed: your guide made the offer, so there is nothing more to wait for.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '预订成功', message: `我们已收到您的定金 ${money('zh-CN', paid)}。预订 ${n} 已确认：报价由地陪发出，无需再等待确认。`, actionLabel: '查看我的行程' },
    ja: { title: '予約が確定しました', message: `予約金${money('ja', paid)}を受け付けました。予約（${n}）は確定済みです。ガイドからのオファーによる予約のため、承諾を待つ必要はありません。当日をお楽しみに。`, actionLabel: 'マイ旅行を見る' },
  }),
  // Decision 153: the guide's instant booking took the deposit as their yes.
  instantBookedForGuide: (n: string): Pair => ({
    en: { title: 'Instant booking confirmed', message: `A traveler booked and paid the deposit: booking ${n} was confirmed at once under your instant booking setting and is in your upcoming tours.`, actionLabel: 'View dashboard' },
    'zh-CN': { title: '即时确认的新预订', message: `旅行者已预订并支付定金。根据您的即时确认设置，预订 ${n} 已自动确认，并已列入您即将进行的行程。`, actionLabel: '查看工作台' },
    ja: { title: '即時確定の予約が入りました', message: `旅行者が予約し、予約金を支払いました。即時確定の設定により、予約（${n}）はその場で確定し、今後のツアーに追加されています。`, actionLabel: 'ダッシュボードを見る' },
  }),
  instantBookedForTraveler: (n: string, paid: Money): Pair => ({
    en: { title: 'Booked: confirmed at once', message: `We received your deposit of ${money('en', paid)}. Booking ${n} is confirmed: this guide confirms bookings instantly, so there is nothing more to wait for.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '预订已即时确认', message: `我们已收到您的定金 ${money('zh-CN', paid)}。预订 ${n} 已确认：该地陪接受即时确认，无需再等待。`, actionLabel: '查看我的行程' },
    ja: { title: '予約が即時確定しました', message: `予約金${money('ja', paid)}を受け付けました。このガイドは予約を即時確定しているため、予約（${n}）はすでに確定しています。承諾を待つ必要はありません。`, actionLabel: 'マイ旅行を見る' },
  }),
  acceptedForTraveler: (n: string): Pair => ({
    en: { title: 'Your guide accepted the booking', message: `Booking ${n} is confirmed. You can now chat freely and share contact details.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '地陪已接受您的预订', message: `预订 ${n} 已确认。您现在可以与地陪自由聊天并交换联系方式。`, actionLabel: '查看我的行程' },
    ja: { title: 'ガイドが予約を承諾しました', message: `予約（${n}）が確定しました。これからはチャットで自由にやり取りでき、連絡先も交換できます。`, actionLabel: 'マイ旅行を見る' },
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
  cancelled: (n: string, refund: Money, c: { to: 'traveler' | 'guide'; by: 'traveler' | 'guide' | 'system'; reason: string; note: string | null; credit?: GivenCredit | null }): Pair => {
    // The credit the guide's cancellation gave comes with the refund, told to the traveler (decision 139).
    const credit = c.to === 'traveler' ? c.credit : null;
    const refunded = refund.cents > 0;
    const refundEn = (refunded ? ` ${money('en', refund)} will be refunded.` : '') + creditSentence('en', credit);
    const refundZh = (refunded ? `${money('zh-CN', refund)}将退还。` : '') + creditSentence('zh-CN', credit);
    const refundJa = (refunded ? `${money('ja', refund)}を返金します。` : '') + creditSentence('ja', credit);
    if (c.by === 'system' && c.reason === 'request_expired') {
      return {
        en: { title: 'Booking lapsed: no answer from the guide', message: `The guide did not answer booking ${n} in time, so it was cancelled.${refundEn}`, actionLabel: 'View details' },
        'zh-CN': { title: '预订已失效：地陪未及时回复', message: `地陪未在时限内回复预订 ${n}，预订已取消。${refundZh}`, actionLabel: '查看详情' },
        ja: { title: '予約は無効になりました：ガイドからの回答がありませんでした', message: `ガイドが期限内に予約（${n}）に回答しなかったため、予約はキャンセルされました。${refundJa}`, actionLabel: '詳細を見る' },
      };
    }
    if (c.by === 'system' && c.reason === 'payment_expired') {
      return {
        en: { title: 'Booking lapsed', message: `The deposit for booking ${n} was not paid in time, so the time was released.`, actionLabel: 'View details' },
        'zh-CN': { title: '预订已失效', message: `预订 ${n} 的定金未在时限内支付，该时段已释放。`, actionLabel: '查看详情' },
        ja: { title: '予約は無効になりました', message: `予約（${n}）の予約金が期限内に支払われなかったため、確保していた時間を解放しました。`, actionLabel: '詳細を見る' },
      };
    }
    if (c.by !== 'system' && c.by !== c.to) {
      const who = c.by === 'guide' ? { en: 'The guide', zh: '地陪', ja: 'ガイド' } : { en: 'The traveler', zh: '旅行者', ja: '旅行者' };
      return {
        en: { title: c.by === 'guide' ? 'Your guide cancelled the booking' : 'The traveler cancelled the booking', message: `${who.en} cancelled booking ${n}.${because('en', c.note)}${refundEn}`, actionLabel: 'View details' },
        'zh-CN': { title: c.by === 'guide' ? '地陪取消了预订' : '旅行者取消了预订', message: `${who.zh}取消了预订 ${n}。${because('zh-CN', c.note)}${refundZh}`, actionLabel: '查看详情' },
        ja: { title: c.by === 'guide' ? 'ガイドが予約をキャンセルしました' : '旅行者が予約をキャンセルしました', message: `${who.ja}が予約（${n}）をキャンセルしました。${because('ja', c.note)}${refundJa}`, actionLabel: '詳細を見る' },
      };
    }
    return {
      en: { title: 'Booking cancelled', message: `Booking ${n} was cancelled.${refundEn}`, actionLabel: 'View details' },
      'zh-CN': { title: '预订已取消', message: `预订 ${n} 已取消。${refundZh}`, actionLabel: '查看详情' },
      ja: { title: '予約はキャンセルされました', message: `予約（${n}）はキャンセルされました。${refundJa}`, actionLabel: '詳細を見る' },
    };
  },
  reviewInvite: (n: string, days: number): Pair => ({
    en: { title: 'How was your tour?', message: `Booking ${n} is complete. Review it within ${days} days: reviews stay hidden until you both have written yours (or the other side's window ends).`, actionLabel: 'Write a review' },
    'zh-CN': { title: '这次行程怎么样？', message: `预订 ${n} 已完成。请在 ${days} 天内写下评价：双方都评价后（或对方的评价期结束后）评价才会公开。`, actionLabel: '写评价' },
    ja: { title: 'ツアーはいかがでしたか？', message: `予約（${n}）のツアーが終了しました。${days}日以内にレビューをお書きください。レビューは双方が書き終えるまで（または相手の投稿期間が終わるまで）公開されません。`, actionLabel: 'レビューを書く' },
  }),
  // A payout in its own currency (decision 167): 2,430 RMB / 2,430 元, or ¥48,000 (JPY) / 48000 日元 / 48,000円.
  payoutPaid: (cents: number, currency: Currency): Pair => ({
    en: { title: 'Payout sent', message: `Your withdrawal of ${formatMoney(cents, currency, 'en')} has been paid. It may take a day to show in your account.`, actionLabel: 'View withdrawals' },
    'zh-CN': { title: '提现已到账', message: `您申请提现的 ${formatMoney(cents, currency, 'zh-CN')}已打款，可能需要一天左右到账。`, actionLabel: '查看提现记录' },
    ja: { title: '出金が完了しました', message: `${formatMoney(cents, currency, 'ja')}の出金を振り込みました。口座に反映されるまで1日ほどかかる場合があります。`, actionLabel: '出金履歴を見る' },
  }),
  payoutFailed: (cents: number, currency: Currency, reason: string): Pair => ({
    en: { title: 'Payout failed', message: `Your withdrawal of ${formatMoney(cents, currency, 'en')} could not be paid: ${reason}. The money is back in your withdrawable balance; check your account details and try again.`, actionLabel: 'Open withdrawals' },
    'zh-CN': { title: '提现失败', message: `您申请提现的 ${formatMoney(cents, currency, 'zh-CN')}未能打款：${reason}。这笔钱已退回可提现余额，请核对收款账户后重新申请。`, actionLabel: '打开提现' },
    ja: { title: '出金できませんでした', message: `${formatMoney(cents, currency, 'ja')}の出金を振り込めませんでした。理由：${reason}。金額は出金可能な残高に戻っています。口座情報をご確認のうえ、もう一度お手続きください。`, actionLabel: '出金を開く' },
  }),
  // The tour day; a booking of several days (decision 154) is reminded every day, naming which.
  startDay: (n: string, day = 1, days = 1): Pair =>
    days === 1
      ? {
          en: { title: 'Your tour is today', message: `Booking ${n} starts today. Confirm the start when you meet.`, actionLabel: 'Open booking' },
          'zh-CN': { title: '今天有行程', message: `预订 ${n} 今天开始，见面后请确认开始。`, actionLabel: '打开预订' },
          ja: { title: '本日はツアーの日です', message: `予約（${n}）のツアーは本日です。合流したら、ツアーの開始を確認してください。`, actionLabel: '予約を開く' },
        }
      : day === 1
        ? {
            en: { title: `Your tour is today: day 1 of ${days}`, message: `Booking ${n} starts today, day 1 of ${days}. Confirm the start when you meet.`, actionLabel: 'Open booking' },
            'zh-CN': { title: `今天有行程：第 1 天（共 ${days} 天）`, message: `预订 ${n} 今天开始，这是第 1 天（共 ${days} 天）。见面后请确认开始。`, actionLabel: '打开预订' },
            ja: { title: `本日はツアーの1日目です（全${days}日間）`, message: `予約（${n}）のツアーは本日から始まります（全${days}日間の1日目）。合流したら、ツアーの開始を確認してください。`, actionLabel: '予約を開く' },
          }
        : {
            en: { title: `Your tour today: day ${day} of ${days}`, message: `Today is day ${day} of ${days} of booking ${n}, at the same time as every day.`, actionLabel: 'Open booking' },
            'zh-CN': { title: `今天有行程：第 ${day} 天（共 ${days} 天）`, message: `今天是预订 ${n} 的第 ${day} 天（共 ${days} 天），时间与每天相同。`, actionLabel: '打开预订' },
            ja: { title: `本日はツアーの${day}日目です（全${days}日間）`, message: `本日は予約（${n}）のツアーの${day}日目（全${days}日間）です。開始時刻は毎日同じです。`, actionLabel: '予約を開く' },
          },
  // Rescheduling (decision 079). The proposed time, every day of it (`days`, decision 154; one when
  // an event written before it carried none); the other side answers it.
  // `expiresAt`: when the proposal closes unanswered (an event written before it was carried has none).
  rescheduleProposedForAnswerer: (n: string, by: 'traveler' | 'guide', date: string, time: string, reason: string | null, expiresAt?: string, days = 1): Pair => ({
    en: {
      title: 'New time proposed',
      message: `The ${by === 'guide' ? 'guide' : 'traveler'} proposes moving booking ${n} to ${tourWhenText('en', date, time, days)}.${because('en', reason)} Accept or decline it on the booking${expiresAt ? ` by ${japanTime('en', expiresAt)}; after that the booking keeps its time` : ''}.`,
      actionLabel: 'Answer',
    },
    'zh-CN': {
      title: '对方提议更改时间',
      message: `${by === 'guide' ? '地陪' : '旅行者'}提议将预订 ${n} 改到 ${tourWhenText('zh-CN', date, time, days)}。${because('zh-CN', reason)}${expiresAt ? `请在 ${japanTime('zh-CN', expiresAt)} 前在预订中接受或拒绝；逾期预订时间不变。` : '请在预订中接受或拒绝。'}`,
      actionLabel: '去回复',
    },
    ja: {
      title: '新しい日時の提案があります',
      message: `${by === 'guide' ? 'ガイド' : '旅行者'}から、予約（${n}）を${tourWhenText('ja', date, time, days)}に変更する提案がありました。${because('ja', reason)}${expiresAt ? `${japanTime('ja', expiresAt)}までに予約画面で承諾またはお断りしてください。期限を過ぎると予約の日時は変わりません。` : '予約画面で承諾またはお断りしてください。'}`,
      actionLabel: '回答する',
    },
  }),
  rescheduled: (n: string, fromDate: string, fromTime: string, date: string, time: string, days = 1): Pair => ({
    en: {
      title: 'Booking moved',
      message: `Booking ${n} ${days > 1 ? 'is now' : 'now starts'} ${tourWhenText('en', date, time, days)} (was ${tourWhenText('en', fromDate, fromTime, days)}). The price is unchanged.`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '预订时间已更改',
      message: `预订 ${n} 已改为 ${tourWhenText('zh-CN', date, time, days)}${days > 1 ? '' : ' 开始'}（原为 ${tourWhenText('zh-CN', fromDate, fromTime, days)}），价格不变。`,
      actionLabel: '查看预订',
    },
    ja: {
      title: '予約の日時が変更されました',
      message: `予約（${n}）の${days > 1 ? '日程' : '開始日時'}を${tourWhenText('ja', fromDate, fromTime, days)}から${tourWhenText('ja', date, time, days)}に変更しました。料金は変わりません。`,
      actionLabel: '予約を見る',
    },
  }),
  rescheduleDeclined: (n: string, date: string, time: string, reason: string, days = 1): Pair => ({
    en: { title: 'New time declined', message: `Moving booking ${n} to ${tourWhenText('en', date, time, days)} was declined; it keeps its time.${because('en', reason)}`, actionLabel: 'View booking' },
    'zh-CN': { title: '新时间被拒绝', message: `将预订 ${n} 改到 ${tourWhenText('zh-CN', date, time, days)} 的提议被拒绝，预订时间不变。${because('zh-CN', reason)}`, actionLabel: '查看预订' },
    ja: { title: '新しい日時の提案はお断りされました', message: `予約（${n}）を${tourWhenText('ja', date, time, days)}に変更する提案はお断りされました。予約の日時は変わりません。${because('ja', reason)}`, actionLabel: '予約を見る' },
  }),
  rescheduleExpired: (n: string, date: string, time: string, days = 1): Pair => ({
    en: { title: 'Proposed time expired', message: `The proposal to move booking ${n} to ${tourWhenText('en', date, time, days)} was not answered in time; the booking keeps its time.`, actionLabel: 'View booking' },
    'zh-CN': { title: '改期提议已过期', message: `将预订 ${n} 改到 ${tourWhenText('zh-CN', date, time, days)} 的提议未在期限内得到回复，预订时间不变。`, actionLabel: '查看预订' },
    ja: { title: '日時変更の提案は期限切れになりました', message: `予約（${n}）を${tourWhenText('ja', date, time, days)}に変更する提案に期限内の回答がなかったため、予約の日時は変わりません。`, actionLabel: '予約を見る' },
  }),
  tourRequestAccepted: (name: string): Pair => ({
    en: { title: 'Tour request accepted', message: `${name} accepted your tour request.`, actionLabel: 'Open chat' },
    'zh-CN': { title: '行程请求已接受', message: `${name}已接受您的行程请求。`, actionLabel: '打开聊天' },
    ja: { title: 'ツアーリクエストが承諾されました', message: `${name} さんがツアーリクエストを承諾しました。`, actionLabel: 'チャットを開く' },
  }),
  tourRequestRejected: (name: string): Pair => ({
    en: { title: 'Tour request declined', message: `${name} declined your tour request. Open the chat to see why.`, actionLabel: 'Open chat' },
    'zh-CN': { title: '行程请求被拒绝', message: `${name}拒绝了您的行程请求，打开聊天查看原因。`, actionLabel: '打开聊天' },
    ja: { title: 'ツアーリクエストはお断りされました', message: `${name} さんがツアーリクエストをお断りしました。理由はチャットでご確認ください。`, actionLabel: 'チャットを開く' },
  }),
};


export function chatMail(locale: Locale, opts: { from: string; body: string; link: string }) {
  if (locale === 'ja') {
    // A sender's name is Latin as often as not: "{{name}} さん", spaced as locales/VOICE.md says.
    const subject = `${opts.from} さんから新しいメッセージが届きました`;
    const intro = `${opts.from} さんからのメッセージ：`;
    return {
      subject,
      textBody: `${intro}\n\n${opts.body}\n\n返信する：${opts.link}\n\nTabi Guides`,
      htmlBody: htmlMail({ lang: locale, title: subject, paragraphs: [intro, opts.body], link: opts.link, linkLabel: '返信する' }),
    };
  }
  const zh = locale === 'zh-CN';
  const subject = zh ? `${opts.from}给您发来了新消息` : `New message from ${opts.from}`;
  const intro = zh ? `${opts.from}给您发来了新消息：` : `${opts.from} wrote to you:`;
  return {
    subject,
    textBody: zh ? `${intro}\n\n${opts.body}\n\n回复：${opts.link}\n\nTabi 日本地陪` : `${intro}\n\n${opts.body}\n\nReply: ${opts.link}\n\nTabi Guides`,
    htmlBody: htmlMail({ lang: locale, title: subject, paragraphs: [intro, opts.body], link: opts.link, linkLabel: zh ? '回复' : 'Reply' }),
  };
}

/** A system message as an e-mail: plain text and HTML, with the message's action as the link. */
export function systemMail(locale: Locale, opts: { title: string; message: string; link: string | null; linkLabel?: string | null }) {
  const sign = locale === 'zh-CN' ? 'Tabi 日本地陪' : 'Tabi Guides';
  return {
    subject: opts.title,
    textBody: `${opts.message}${opts.link ? `\n\n${opts.link}` : ''}\n\n${sign}`,
    htmlBody: htmlMail({ lang: locale, title: opts.title, paragraphs: [opts.message], link: opts.link, linkLabel: opts.linkLabel }),
  };
}
