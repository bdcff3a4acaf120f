import type { Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money-format';

/** System messages about disputes, in the recipient's language. */

type Text = { title: string; message: string; actionLabel: string };
type Pair = Record<Locale, Text>;

export const disputeTexts = {
  openedByYou: (n: string): Pair => ({
    en: {
      title: 'Dispute opened',
      message: `You opened a dispute on booking ${n}. Our team will review it and the evidence, and contact both sides.`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '已提交争议',
      message: `您已就预订 ${n} 提交争议。我们的团队会审核争议和证据，并联系双方。`,
      actionLabel: '查看预订',
    },
    ja: {
      title: '申し立てを受け付けました',
      message: `予約（${n}）について申し立てを行いました。運営チームが内容と証拠を確認し、双方にご連絡します。`,
      actionLabel: '予約を見る',
    },
  }),
  openedByOther: (n: string, by: 'traveler' | 'guide'): Pair => ({
    en: {
      title: 'A dispute was opened on your booking',
      message: `The ${by} opened a dispute on booking ${n}. Our team will review it and contact you; you can add your own evidence.`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '您的预订有一项争议',
      message: `${by === 'guide' ? '地陪' : '旅行者'}就预订 ${n} 提交了争议。我们的团队会审核并联系您，您也可以上传自己的证据。`,
      actionLabel: '查看预订',
    },
    ja: {
      title: 'ご予約について申し立てがありました',
      message: `${by === 'guide' ? 'ガイド' : '旅行者'}が予約（${n}）について申し立てを行いました。運営チームが確認のうえご連絡します。あなたからも証拠を追加できます。`,
      actionLabel: '予約を見る',
    },
  }),
  // The refund as the provider returns it: in the currency of the payments it comes back from (decision 164).
  resolved: (n: string, resolution: 'completed' | 'cancelled', refundCents: number, currency: Currency): Pair => ({
    en: {
      title: 'Dispute resolved',
      message: `The dispute on booking ${n} was resolved: the booking is ${resolution === 'completed' ? 'completed' : 'cancelled'}.${refundCents > 0 ? ` ${formatMoney(refundCents, currency, 'en')} is refunded to the traveler.` : ''}`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '争议已处理',
      message: `预订 ${n} 的争议已处理：预订${resolution === 'completed' ? '已完成' : '已取消'}。${refundCents > 0 ? `${formatMoney(refundCents, currency, 'zh-CN')}将退还给旅行者。` : ''}`,
      actionLabel: '查看预订',
    },
    ja: {
      title: '申し立ての対応が完了しました',
      message: `予約（${n}）の申し立ては解決し、予約は${resolution === 'completed' ? '完了' : 'キャンセル'}となりました。${refundCents > 0 ? `旅行者に${formatMoney(refundCents, currency, 'ja')}を返金します。` : ''}`,
      actionLabel: '予約を見る',
    },
  }),
};
