/**
 * Notices of a changed trip (decision 177): the guide is asked, both sides hear it applied, the
 * traveler hears a change was declined or ran out of time. Same shape as templates.ts.
 */
import { japanTime, money, type Locale, type Money } from './text-parts';

type Text = { title: string; message: string; actionLabel: string };
type Pair = Record<Locale, Text>;

/** "4 people, 2 days" in each language. */
const tripText = (travelers: number, days: number): Record<Locale, string> => ({
  en: `${travelers} ${travelers === 1 ? 'person' : 'people'}, ${days} ${days === 1 ? 'day' : 'days'}`,
  'zh-CN': `${travelers} 人、${days} 天`,
  ja: `${travelers}名・${days}日間`,
});

export const changeTexts = {
  requested: (n: string, travelers: number, days: number, answerBy: string): Pair => {
    const t = tripText(travelers, days);
    return {
      en: {
        title: 'The traveler asks to change the trip',
        message: `The traveler of booking ${n} asks to change it to ${t.en}. Accept or decline by ${japanTime('en', answerBy)}; until then the booking stays as it is.`,
        actionLabel: 'Answer',
      },
      'zh-CN': {
        title: '旅行者申请更改行程',
        message: `预订 ${n} 的旅行者申请改为 ${t['zh-CN']}。请在 ${japanTime('zh-CN', answerBy)} 前接受或拒绝；在此之前预订保持不变。`,
        actionLabel: '去回复',
      },
      ja: {
        title: '旅行者から旅程の変更依頼があります',
        message: `予約（${n}）の旅行者から、${t.ja}への変更依頼が届きました。${japanTime('ja', answerBy)}までに承諾または辞退してください。それまでは現在の予約内容のままです。`,
        actionLabel: '回答する',
      },
    };
  },
  applied: (n: string, travelers: number, days: number, refund: Money | null): Pair => {
    const t = tripText(travelers, days);
    return {
      en: {
        title: 'Trip changed',
        message: `Booking ${n} is now ${t.en}.${refund ? ` ${money('en', refund)} of the deposit goes back to the traveler.` : ''}`,
        actionLabel: 'Open booking',
      },
      'zh-CN': {
        title: '行程已更改',
        message: `预订 ${n} 已改为 ${t['zh-CN']}。${refund ? `定金中的 ${money('zh-CN', refund)} 将退还给旅行者。` : ''}`,
        actionLabel: '打开预订',
      },
      ja: {
        title: '旅程が変更されました',
        message: `予約（${n}）は${t.ja}に変更されました。${refund ? `予約金のうち${money('ja', refund)}を旅行者に返金します。` : ''}`,
        actionLabel: '予約を開く',
      },
    };
  },
  closed: (n: string, how: 'declined' | 'lapsed', reason: string | null): Pair =>
    how === 'declined'
      ? {
          en: {
            title: 'Change declined',
            message: `Your guide declined the change of booking ${n}${reason ? `: “${reason}”` : ''}. Your booking stays as it was; anything you paid for the change is refunded in full.`,
            actionLabel: 'Open booking',
          },
          'zh-CN': {
            title: '更改未被接受',
            message: `地陪未接受预订 ${n} 的更改${reason ? `，原因：“${reason}”` : ''}。您的预订保持不变；为此次更改支付的款项将全额退还。`,
            actionLabel: '打开预订',
          },
          ja: {
            title: '変更は辞退されました',
            message: `ガイドが予約（${n}）の変更を辞退しました${reason ? `。理由：「${reason}」` : ''}。予約は元の内容のままです。変更のためにお支払いいただいた金額は全額返金します。`,
            actionLabel: '予約を開く',
          },
        }
      : {
          en: {
            title: 'Change not made',
            message: `The change of booking ${n} was not paid or answered in time. Your booking stays as it was; anything paid for it is refunded in full.`,
            actionLabel: 'Open booking',
          },
          'zh-CN': {
            title: '更改未生效',
            message: `预订 ${n} 的更改未在期限内完成付款或得到回复。您的预订保持不变；已为此支付的款项将全额退还。`,
            actionLabel: '打开预订',
          },
          ja: {
            title: '変更は成立しませんでした',
            message: `予約（${n}）の変更は、期限までにお支払いまたは回答がありませんでした。予約は元の内容のままです。お支払い済みの金額は全額返金します。`,
            actionLabel: '予約を開く',
          },
        },
};
