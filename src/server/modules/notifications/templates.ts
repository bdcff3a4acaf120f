/**
 * Texts of system messages made by the product's own events, in the recipient's language (their
 * stored locale, else English). Each has an action URL inside the app. A booking's way from request
 * to answer is in booking-texts.ts, rescheduling in reschedule-texts.ts, the pieces they are written
 * with (amounts, days, Japan time, reasons) in text-parts.ts.
 */
import type { Currency } from '../../../shared/currency';
import { formatMoney } from '../../../shared/money-format';
import { htmlMail } from '../mail/index';
import { bookingTexts } from './booking-texts';
import { rescheduleTexts } from './reschedule-texts';
import type { Locale, Pair } from './text-parts';

export { bookingNumber } from '../../../shared/booking/money-rules';
export { dayText, japanTime, type Money } from './text-parts';

export const texts = {
  ...bookingTexts,
  reviewInvite: (n: string, days: number): Pair => ({
    en: {
      title: 'How was your tour?',
      message: `Booking ${n} is complete. Review it within ${days} days: reviews stay hidden until you both have written yours (or the other side's window ends).`,
      actionLabel: 'Write a review',
    },
    'zh-CN': {
      title: '这次行程怎么样？',
      message: `预订 ${n} 已完成。请在 ${days} 天内写下评价：双方都评价后（或对方的评价期结束后）评价才会公开。`,
      actionLabel: '写评价',
    },
    ja: {
      title: 'ツアーはいかがでしたか？',
      message: `予約（${n}）のツアーが終了しました。${days}日以内にレビューをお書きください。レビューは双方が書き終えるまで（または相手の投稿期間が終わるまで）公開されません。`,
      actionLabel: 'レビューを書く',
    },
  }),
  // A payout in its own currency (decision 167): 2,430 RMB / 2,430 元, or ¥48,000 (JPY) / 48,000 日元 / 48,000円.
  payoutPaid: (cents: number, currency: Currency): Pair => ({
    en: {
      title: 'Payout sent',
      message: `Your withdrawal of ${formatMoney(cents, currency, 'en')} has been paid. It may take a day to show in your account.`,
      actionLabel: 'View withdrawals',
    },
    'zh-CN': {
      title: '提现已到账',
      message: `您申请提现的 ${formatMoney(cents, currency, 'zh-CN')}已打款，可能需要一天左右到账。`,
      actionLabel: '查看提现记录',
    },
    ja: {
      title: '出金が完了しました',
      message: `${formatMoney(cents, currency, 'ja')}の出金を振り込みました。口座に反映されるまで1日ほどかかる場合があります。`,
      actionLabel: '出金履歴を見る',
    },
  }),
  payoutFailed: (cents: number, currency: Currency, reason: string): Pair => ({
    en: {
      title: 'Payout failed',
      message: `Your withdrawal of ${formatMoney(cents, currency, 'en')} could not be paid: ${reason}. The money is back in your withdrawable balance; check your account details and try again.`,
      actionLabel: 'Open withdrawals',
    },
    'zh-CN': {
      title: '提现失败',
      message: `您申请提现的 ${formatMoney(cents, currency, 'zh-CN')}未能打款：${reason}。这笔钱已退回可提现余额，请核对收款账户后重新申请。`,
      actionLabel: '打开提现',
    },
    ja: {
      title: '出金できませんでした',
      message: `${formatMoney(cents, currency, 'ja')}の出金を振り込めませんでした。理由：${reason}。金額は出金可能な残高に戻っています。口座情報をご確認のうえ、もう一度お手続きください。`,
      actionLabel: '出金を開く',
    },
  }),
  // The tour day; a booking of several days (decision 154) is reminded every day, naming which.
  startDay: (n: string, day = 1, days = 1): Pair =>
    days === 1
      ? {
          en: {
            title: 'Your tour is today',
            message: `Booking ${n} starts today. Confirm the start when you meet.`,
            actionLabel: 'Open booking',
          },
          'zh-CN': { title: '今天有行程', message: `预订 ${n} 今天开始，见面后请确认开始。`, actionLabel: '打开预订' },
          ja: {
            title: '本日はツアーの日です',
            message: `予約（${n}）のツアーは本日です。合流したら、ツアーの開始を確認してください。`,
            actionLabel: '予約を開く',
          },
        }
      : day === 1
        ? {
            en: {
              title: `Your tour is today: day 1 of ${days}`,
              message: `Booking ${n} starts today, day 1 of ${days}. Confirm the start when you meet.`,
              actionLabel: 'Open booking',
            },
            'zh-CN': {
              title: `今天有行程：第 1 天（共 ${days} 天）`,
              message: `预订 ${n} 今天开始，这是第 1 天（共 ${days} 天）。见面后请确认开始。`,
              actionLabel: '打开预订',
            },
            ja: {
              title: `本日はツアーの1日目です（全${days}日間）`,
              message: `予約（${n}）のツアーは本日から始まります（全${days}日間の1日目）。合流したら、ツアーの開始を確認してください。`,
              actionLabel: '予約を開く',
            },
          }
        : {
            en: {
              title: `Your tour today: day ${day} of ${days}`,
              message: `Today is day ${day} of ${days} of booking ${n}, at the same time as every day.`,
              actionLabel: 'Open booking',
            },
            'zh-CN': {
              title: `今天有行程：第 ${day} 天（共 ${days} 天）`,
              message: `今天是预订 ${n} 的第 ${day} 天（共 ${days} 天），时间与每天相同。`,
              actionLabel: '打开预订',
            },
            ja: {
              title: `本日はツアーの${day}日目です（全${days}日間）`,
              message: `本日は予約（${n}）のツアーの${day}日目（全${days}日間）です。開始時刻は毎日同じです。`,
              actionLabel: '予約を開く',
            },
          },
  ...rescheduleTexts,
  tourRequestAccepted: (name: string): Pair => ({
    en: { title: 'Tour request accepted', message: `${name} accepted your tour request.`, actionLabel: 'Open chat' },
    'zh-CN': { title: '行程请求已接受', message: `${name}已接受您的行程请求。`, actionLabel: '打开聊天' },
    ja: {
      title: 'ツアーリクエストが承諾されました',
      message: `${name} さんがツアーリクエストを承諾しました。`,
      actionLabel: 'チャットを開く',
    },
  }),
  tourRequestRejected: (name: string): Pair => ({
    en: {
      title: 'Tour request declined',
      message: `${name} declined your tour request. Open the chat to see why.`,
      actionLabel: 'Open chat',
    },
    'zh-CN': {
      title: '行程请求被拒绝',
      message: `${name}拒绝了您的行程请求，打开聊天查看原因。`,
      actionLabel: '打开聊天',
    },
    ja: {
      title: 'ツアーリクエストはお断りされました',
      message: `${name} さんがツアーリクエストをお断りしました。理由はチャットでご確認ください。`,
      actionLabel: 'チャットを開く',
    },
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
      htmlBody: htmlMail({
        lang: locale,
        title: subject,
        paragraphs: [intro, opts.body],
        link: opts.link,
        linkLabel: '返信する',
      }),
    };
  }
  const zh = locale === 'zh-CN';
  const subject = zh ? `${opts.from}给您发来了新消息` : `New message from ${opts.from}`;
  const intro = zh ? `${opts.from}给您发来了新消息：` : `${opts.from} wrote to you:`;
  return {
    subject,
    textBody: zh
      ? `${intro}\n\n${opts.body}\n\n回复：${opts.link}\n\nTabi 日本地陪`
      : `${intro}\n\n${opts.body}\n\nReply: ${opts.link}\n\nTabi Guides`,
    htmlBody: htmlMail({
      lang: locale,
      title: subject,
      paragraphs: [intro, opts.body],
      link: opts.link,
      linkLabel: zh ? '回复' : 'Reply',
    }),
  };
}

/** A system message as an e-mail: plain text and HTML, with the message's action as the link. */
export function systemMail(
  locale: Locale,
  opts: { title: string; message: string; link: string | null; linkLabel?: string | null },
) {
  const sign = locale === 'zh-CN' ? 'Tabi 日本地陪' : 'Tabi Guides';
  return {
    subject: opts.title,
    textBody: `${opts.message}${opts.link ? `\n\n${opts.link}` : ''}\n\n${sign}`,
    htmlBody: htmlMail({
      lang: locale,
      title: opts.title,
      paragraphs: [opts.message],
      link: opts.link,
      linkLabel: opts.linkLabel,
    }),
  };
}
