/**
 * Texts of rescheduling (decision 079): a new time proposed to the other side, the booking moved,
 * the proposal declined or not answered in time. Part of templates.ts's `texts`.
 */
import { because, japanTime, tourWhenText, type Pair } from './text-parts';

export const rescheduleTexts = {
  // Rescheduling (decision 079). The proposed time, every day of it (`days`, decision 154; one when
  // an event written before it carried none); the other side answers it.
  // `expiresAt`: when the proposal closes unanswered (an event written before it was carried has none).
  rescheduleProposedForAnswerer: (
    n: string,
    by: 'traveler' | 'guide',
    date: string,
    time: string,
    reason: string | null,
    expiresAt?: string,
    days = 1,
  ): Pair => ({
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
    en: {
      title: 'New time declined',
      message: `Moving booking ${n} to ${tourWhenText('en', date, time, days)} was declined; it keeps its time.${because('en', reason)}`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '新时间被拒绝',
      message: `将预订 ${n} 改到 ${tourWhenText('zh-CN', date, time, days)} 的提议被拒绝，预订时间不变。${because('zh-CN', reason)}`,
      actionLabel: '查看预订',
    },
    ja: {
      title: '新しい日時の提案はお断りされました',
      message: `予約（${n}）を${tourWhenText('ja', date, time, days)}に変更する提案はお断りされました。予約の日時は変わりません。${because('ja', reason)}`,
      actionLabel: '予約を見る',
    },
  }),
  rescheduleExpired: (n: string, date: string, time: string, days = 1): Pair => ({
    en: {
      title: 'Proposed time expired',
      message: `The proposal to move booking ${n} to ${tourWhenText('en', date, time, days)} was not answered in time; the booking keeps its time.`,
      actionLabel: 'View booking',
    },
    'zh-CN': {
      title: '改期提议已过期',
      message: `将预订 ${n} 改到 ${tourWhenText('zh-CN', date, time, days)} 的提议未在期限内得到回复，预订时间不变。`,
      actionLabel: '查看预订',
    },
    ja: {
      title: '日時変更の提案は期限切れになりました',
      message: `予約（${n}）を${tourWhenText('ja', date, time, days)}に変更する提案に期限内の回答がなかったため、予約の日時は変わりません。`,
      actionLabel: '予約を見る',
    },
  }),
};
