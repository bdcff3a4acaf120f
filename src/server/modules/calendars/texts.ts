import type { CalendarProblem } from '../../../shared/schemas/calendars';
import type { Locale } from '../../../shared/locales';

/** Why her calendar could not be read, as she reads it in each interface language (decision 200). */
export const PROBLEM_TEXT: Record<Locale, Record<CalendarProblem, string>> = {
  en: {
    address_refused: 'This address cannot be read: it must be a public https:// or webcal:// calendar address.',
    own_export: 'This is your Tabi Guides calendar, which already holds your bookings. Add your other calendars here.',
    http_error: 'The calendar service refused the address. Check that the secret address is complete and still valid.',
    timeout: 'The calendar service did not answer within 10 seconds. We will try again.',
    too_large: 'The calendar is larger than 2 MB. Share a calendar with fewer past events.',
    unreachable: 'The calendar service could not be reached. We will try again.',
    not_a_calendar: 'The address does not give a calendar. Copy the secret address in iCal format.',
    too_many_events: 'The calendar has more than 5,000 events. Share a smaller calendar.',
    address_lost: 'This address can no longer be read. Remove the calendar and add it again.',
  },
  'zh-CN': {
    address_refused: '无法读取此地址：请填写公开的 https:// 或 webcal:// 日历地址。',
    own_export: '这是您在 Tabi Guides 的日历，里面已有您的预订。请在这里添加您的其他日历。',
    http_error: '日历服务拒绝了此地址。请确认私密地址完整且仍然有效。',
    timeout: '日历服务在 10 秒内没有响应，我们会再试。',
    too_large: '日历超过 2 MB。请共享一个过往活动较少的日历。',
    unreachable: '无法连接到日历服务，我们会再试。',
    not_a_calendar: '此地址打开的不是日历。请复制 iCal 格式的私密地址。',
    too_many_events: '日历中的活动超过 5,000 个。请共享一个较小的日历。',
    address_lost: '此地址已无法读取。请删除该日历后重新添加。',
  },
  ja: {
    address_refused:
      'このアドレスは読み込めません。公開されている https:// または webcal:// のカレンダーアドレスを入力してください。',
    own_export:
      'これは予約がすでに入っている Tabi Guides のカレンダーです。ここにはほかのカレンダーを追加してください。',
    http_error:
      'カレンダーのサービスがこのアドレスを受け付けませんでした。非公開アドレスが正しく、まだ有効か確認してください。',
    timeout: 'カレンダーのサービスから 10 秒以内に応答がありませんでした。あとでもう一度読み込みます。',
    too_large: 'カレンダーが 2 MB を超えています。過去の予定が少ないカレンダーを共有してください。',
    unreachable: 'カレンダーのサービスに接続できませんでした。あとでもう一度読み込みます。',
    not_a_calendar: 'このアドレスからはカレンダーを読み込めません。iCal 形式の非公開アドレスをコピーしてください。',
    too_many_events: 'カレンダーの予定が 5,000 件を超えています。もっと小さなカレンダーを共有してください。',
    address_lost: 'このアドレスは読み込めなくなりました。カレンダーを削除して、もう一度追加してください。',
  },
};

/** The one notice of a calendar failing for a day: her last good busy times are still kept. */
export function failingNotice(
  name: string,
  problem: CalendarProblem,
): Record<Locale, { title: string; message: string; actionLabel: string }> {
  return {
    en: {
      title: `Your calendar “${name}” could not be read for a day`,
      message: `${PROBLEM_TEXT.en[problem]} Until it can be read again, the busy times from its last good read still block bookings; changes made since then are not seen.`,
      actionLabel: 'Check your calendars',
    },
    'zh-CN': {
      title: `您的日历“${name}”已有一天无法读取`,
      message: `${PROBLEM_TEXT['zh-CN'][problem]}在恢复读取之前，上次成功读取的忙碌时间仍会阻止预订；之后的更改暂时无法同步。`,
      actionLabel: '查看我的日历',
    },
    ja: {
      title: `カレンダー「${name}」が 1 日読み込めていません`,
      message: `${PROBLEM_TEXT.ja[problem]}読み込めるようになるまでは、最後に読み込めた予定の時間は引き続き予約を受け付けません。それ以降の変更は反映されていません。`,
      actionLabel: 'カレンダーを確認する',
    },
  };
}
