/**
 * Texts of system messages made by the product's own events, in the recipient's language (their
 * stored locale, else English). Each has an action URL inside the app.
 */
export type Locale = 'en' | 'zh-CN';

import { htmlMail } from '../mail/index';

export { bookingNumber } from '../../../shared/booking/money-rules';
const yuan = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, '');

type Text = { title: string; message: string; actionLabel: string };
type Pair = Record<Locale, Text>;

export const texts = {
  requestReceived: (n: string): Pair => ({
    en: { title: 'New booking request', message: `Booking ${n} is waiting for the deposit. You will be asked to accept it once it is paid.`, actionLabel: 'View requests' },
    'zh-CN': { title: '新的预订请求', message: `预订 ${n} 正在等待支付定金，支付后请您确认接受。`, actionLabel: '查看请求' },
  }),
  paidForGuide: (n: string): Pair => ({
    en: { title: 'Booking paid: please accept or decline', message: `The traveler paid the deposit for booking ${n}. Accept or decline it soon.`, actionLabel: 'Answer the request' },
    'zh-CN': { title: '预订已付款，请接受或拒绝', message: `旅行者已支付预订 ${n} 的定金，请尽快接受或拒绝。`, actionLabel: '处理请求' },
  }),
  paidForTraveler: (n: string, cents: number): Pair => ({
    en: { title: 'Deposit received', message: `We received your deposit of ${yuan(cents)} RMB for booking ${n}. Your guide will confirm soon.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '定金已收到', message: `我们已收到您为预订 ${n} 支付的定金 ${yuan(cents)} 元，地陪将尽快确认。`, actionLabel: '查看我的行程' },
  }),
  acceptedForTraveler: (n: string): Pair => ({
    en: { title: 'Your guide accepted the booking', message: `Booking ${n} is confirmed. You can now chat freely and share contact details.`, actionLabel: 'View my trips' },
    'zh-CN': { title: '地陪已接受您的预订', message: `预订 ${n} 已确认。您现在可以与地陪自由聊天并交换联系方式。`, actionLabel: '查看我的行程' },
  }),
  acceptedForGuide: (n: string): Pair => ({
    en: { title: 'Booking accepted', message: `You accepted booking ${n}. It is now in your upcoming tours.`, actionLabel: 'View dashboard' },
    'zh-CN': { title: '已接受预订', message: `您已接受预订 ${n}，它已列入您即将进行的行程。`, actionLabel: '查看工作台' },
  }),
  declinedForTraveler: (n: string, refundCents: number): Pair => ({
    en: {
      title: 'Your booking was declined',
      message: `The guide could not take booking ${n}. ${refundCents > 0 ? `${yuan(refundCents)} RMB will be refunded. ` : ''}Try another guide for the same day.`,
      actionLabel: 'Find another guide',
    },
    'zh-CN': {
      title: '您的预订被拒绝',
      message: `地陪无法接受预订 ${n}。${refundCents > 0 ? `${yuan(refundCents)} 元将退还给您。` : ''}您可以为同一天选择其他地陪。`,
      actionLabel: '寻找其他地陪',
    },
  }),
  declinedForGuide: (n: string): Pair => ({
    en: { title: 'Booking declined', message: `You declined booking ${n}. The traveler has been told.`, actionLabel: 'View dashboard' },
    'zh-CN': { title: '已拒绝预订', message: `您已拒绝预订 ${n}，我们已通知旅行者。`, actionLabel: '查看工作台' },
  }),
  cancelled: (n: string, refundCents: number): Pair => ({
    en: {
      title: 'Booking cancelled',
      message: `Booking ${n} was cancelled.${refundCents > 0 ? ` ${yuan(refundCents)} RMB will be refunded.` : ''}`,
      actionLabel: 'View details',
    },
    'zh-CN': { title: '预订已取消', message: `预订 ${n} 已取消。${refundCents > 0 ? `${yuan(refundCents)} 元将退还。` : ''}`, actionLabel: '查看详情' },
  }),
  reviewInvite: (n: string, days: number): Pair => ({
    en: { title: 'How was your tour?', message: `Booking ${n} is complete. Review it within ${days} days: reviews stay hidden until you both have written yours (or the other side's window ends).`, actionLabel: 'Write a review' },
    'zh-CN': { title: '这次行程怎么样？', message: `预订 ${n} 已完成。请在 ${days} 天内写下评价：双方都评价后（或对方的评价期结束后）评价才会公开。`, actionLabel: '写评价' },
  }),
  payoutPaid: (cents: number): Pair => ({
    en: { title: 'Payout sent', message: `Your withdrawal of ${yuan(cents)} RMB has been paid. It may take a day to show in your account.`, actionLabel: 'View withdrawals' },
    'zh-CN': { title: '提现已到账', message: `您申请提现的 ${yuan(cents)} 元已打款，可能需要一天左右到账。`, actionLabel: '查看提现记录' },
  }),
  payoutFailed: (cents: number, reason: string): Pair => ({
    en: { title: 'Payout failed', message: `Your withdrawal of ${yuan(cents)} RMB could not be paid: ${reason}. The money is back in your withdrawable balance; check your account details and try again.`, actionLabel: 'Open withdrawals' },
    'zh-CN': { title: '提现失败', message: `您申请提现的 ${yuan(cents)} 元未能打款：${reason}。这笔钱已退回可提现余额，请核对收款账户后重新申请。`, actionLabel: '打开提现' },
  }),
  startDay: (n: string): Pair => ({
    en: { title: 'Your tour is today', message: `Booking ${n} starts today. Confirm the start when you meet.`, actionLabel: 'Open booking' },
    'zh-CN': { title: '今天有行程', message: `预订 ${n} 今天开始，见面后请确认开始。`, actionLabel: '打开预订' },
  }),
  tourRequestAccepted: (name: string): Pair => ({
    en: { title: 'Tour request accepted', message: `${name} accepted your tour request.`, actionLabel: 'Open chat' },
    'zh-CN': { title: '行程请求已接受', message: `${name}已接受您的行程请求。`, actionLabel: '打开聊天' },
  }),
  tourRequestRejected: (name: string): Pair => ({
    en: { title: 'Tour request declined', message: `${name} declined your tour request. Open the chat to see why.`, actionLabel: 'Open chat' },
    'zh-CN': { title: '行程请求被拒绝', message: `${name}拒绝了您的行程请求，打开聊天查看原因。`, actionLabel: '打开聊天' },
  }),
};

export function chatMail(locale: Locale, opts: { from: string; body: string; link: string }) {
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
