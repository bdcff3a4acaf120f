/**
 * Notices when a trip goes wrong (decisions 137, 138): the guide cancelled and a replacement is
 * offered, the replacement is asked or says no, a side is reported absent. Same shape as templates.ts.
 */
import { NO_SHOW_CONTEST_HOURS } from '../../../shared/booking/state-machine';
import { because, creditSentence, japanTime, money, type GivenCredit, type Locale, type Money } from './text-parts';
import { restText, several, tourSentence, type TourWhen } from './tour-as-booked';

type Text = { title: string; message: string; actionLabel: string };
type Pair = Record<Locale, Text>;
/** The tour day of a report on a booking of several days (decision 158); null on a tour of hours. */
type Span = { day: number; days: number } | null;

/** "day 2 of 3" in each language (decision 158), for a booking of several days; null for a tour of hours. */
const dayLabel = (span: Span): Record<Locale, string> | null =>
  span && span.days > 1
    ? {
        en: `day ${span.day} of ${span.days}`,
        'zh-CN': `第 ${span.day} 天（共 ${span.days} 天）`,
        ja: `${span.days}日間のうち${span.day}日目`,
      }
    : null;

/** Where a sentence says on which day someone did not come: " on day 2 of 3", "在第 2 天（共 3 天）", "3日間のうち2日目の". */
const onDay = (span: Span): Record<Locale, string> => {
  const d = dayLabel(span);
  return d ? { en: ` on ${d.en}`, 'zh-CN': `在${d['zh-CN']}`, ja: `${d.ja}の` } : { en: '', 'zh-CN': '', ja: '' };
};

const said = (locale: Locale, note: string | null) =>
  !note
    ? ''
    : locale === 'ja'
      ? `理由：「${note}」。`
      : locale === 'zh-CN'
        ? `原因：“${note}”。`
        : ` Reason: “${note}”.`;

/** What the reporter wrote, quoted for the side reported (their account is what a contest answers). */
const wrote = (locale: Locale, note: string | null) =>
  !note
    ? ''
    : locale === 'ja'
      ? `報告内容：「${note}」。`
      : locale === 'zh-CN'
        ? `对方写道：“${note}”。`
        : ` They wrote: “${note}”.`;

export const tripTroubleTexts = {
  replacementOffered: (n: string, note: string | null, lapsesAt: string, when?: TourWhen): Pair =>
    several(when)
      ? replacementOfferedForDays(n, note, lapsesAt, when)
      : {
          en: {
            title: 'Your guide cancelled: choose a replacement',
            message: `The guide cancelled booking ${n}.${said('en', note)} Choose one of the free guides we found for the same time, at no extra cost, or take your full refund. Choose by ${japanTime('en', lapsesAt)}.`,
            actionLabel: 'Choose a guide',
          },
          'zh-CN': {
            title: '地陪取消了行程，请选择替代地陪',
            message: `地陪取消了预订 ${n}。${said('zh-CN', note)}我们为同一时间找到了有空的地陪，无需加价；您也可以选择全额退款。请在 ${japanTime('zh-CN', lapsesAt)} 前选择。`,
            actionLabel: '选择地陪',
          },
          ja: {
            title: 'ガイドがキャンセルしました：代わりのガイドをお選びください',
            message: `ガイドが予約（${n}）をキャンセルしました。${said('ja', note)}同じ時間に対応できるガイドが見つかりました。追加料金なしで代わりのガイドを選ぶか、全額返金をお選びください。${japanTime('ja', lapsesAt)}までにお選びください。`,
            actionLabel: 'ガイドを選ぶ',
          },
        },
  /** To the guide asked to take a tour over; a booking of several days names its days (day 1 later after a no-show). */
  replacementRequested: (n: string, answerBy: string, when?: TourWhen): Pair => {
    const tour = (locale: Locale) => (several(when) ? tourSentence(locale, when) : '');
    return {
      en: {
        title: 'A traveler needs a replacement guide',
        message: `Another guide cancelled booking ${n}, and the traveler chose you.${tour('en')} The deposit is paid. Accept or decline by ${japanTime('en', answerBy)}.`,
        actionLabel: 'Answer the request',
      },
      'zh-CN': {
        title: '旅行者需要一位替代地陪',
        message: `另一位地陪取消了预订 ${n}，旅行者选择了您，定金已支付。${tour('zh-CN')}请在 ${japanTime('zh-CN', answerBy)} 前接受或拒绝。`,
        actionLabel: '处理请求',
      },
      ja: {
        title: '旅行者が代わりのガイドを探しています',
        message: `別のガイドが予約（${n}）をキャンセルし、旅行者が代わりのガイドとしてあなたを選びました。${tour('ja')}予約金は支払い済みです。${japanTime('ja', answerBy)}までに承諾またはお断りをお願いします。`,
        actionLabel: 'リクエストに回答する',
      },
    };
  },
  replacementDeclined: (n: string, how: 'declined' | 'expired', lapsesAt: string): Pair => ({
    en: {
      title:
        how === 'declined' ? 'That guide cannot come: choose another' : 'No answer from that guide: choose another',
      message: `The guide you chose for booking ${n} ${how === 'declined' ? 'declined' : 'did not answer in time'}. Choose another guide or take your full refund by ${japanTime('en', lapsesAt)}.`,
      actionLabel: 'Choose a guide',
    },
    'zh-CN': {
      title: how === 'declined' ? '该地陪无法前来，请另选' : '该地陪未及时回复，请另选',
      message: `您为预订 ${n} 选择的地陪${how === 'declined' ? '拒绝了请求' : '未在时限内回复'}。请在 ${japanTime('zh-CN', lapsesAt)} 前另选地陪或选择全额退款。`,
      actionLabel: '选择地陪',
    },
    ja: {
      title:
        how === 'declined'
          ? 'お選びのガイドは対応できません：別のガイドをお選びください'
          : 'お選びのガイドから回答がありません：別のガイドをお選びください',
      message: `予約（${n}）でお選びいただいたガイドは${how === 'declined' ? 'リクエストをお断りしました' : '期限内に回答しませんでした'}。${japanTime('ja', lapsesAt)}までに別のガイドを選ぶか、全額返金をお選びください。`,
      actionLabel: 'ガイドを選ぶ',
    },
  }),
  /**
   * To the side reported absent: what happened to the money, the reporter's own words, and how to
   * contest. `span`: the tour day of the report on a booking of several days (decision 158), named;
   * from the second day on, only the days not given come back. `refund`: in what was charged (decision 164).
   */
  noShowReported: (
    n: string,
    by: 'traveler' | 'guide',
    refund: Money,
    note: string | null = null,
    span: Span = null,
  ): Pair => {
    const on = onDay(span);
    const X = (locale: Locale) => money(locale, refund);
    if (by === 'guide') {
      return {
        en: {
          title: 'Your guide reported that you did not come',
          message: `The guide of booking ${n} reported that you did not come${on.en}; the booking is cancelled and the deposit is not refunded (no-show).${wrote('en', note)} If you were there, open a dispute with your evidence within ${NO_SHOW_CONTEST_HOURS} hours.`,
          actionLabel: 'View details',
        },
        'zh-CN': {
          title: '地陪报告您未到场',
          message: `预订 ${n} 的地陪报告您${on['zh-CN']}未到场；预订已取消，定金不予退还（未到场）。${wrote('zh-CN', note)}如果您到场了，请在 ${NO_SHOW_CONTEST_HOURS} 小时内提交证据发起争议。`,
          actionLabel: '查看详情',
        },
        ja: {
          title: 'ガイドから、待ち合わせにいらっしゃらなかったとの報告がありました',
          message: `予約（${n}）のガイドから、${on.ja}待ち合わせにいらっしゃらなかったとの報告がありました。予約はキャンセルされ、予約金は返金されません（無断不参加）。${wrote('ja', note)}実際に現地にいらした場合は、${NO_SHOW_CONTEST_HOURS}時間以内に証拠を添えて申し立てをしてください。`,
          actionLabel: '詳細を見る',
        },
      };
    }
    const later = span !== null && span.day > 1;
    return {
      en: {
        title: 'The traveler reported that you did not come',
        message: `The traveler of booking ${n} reported that you did not come${on.en}; the booking is cancelled and ${later ? `${X('en')}, the deposit for the days not given, is refunded to them; the days before are paid to you` : `${X('en')} is refunded to them`}.${wrote('en', note)} If you were there, open a dispute with your evidence within ${NO_SHOW_CONTEST_HOURS} hours.`,
        actionLabel: 'View details',
      },
      'zh-CN': {
        title: '旅行者报告您未到场',
        message: `预订 ${n} 的旅行者报告您${on['zh-CN']}未到场；预订已取消，${later ? `未提供服务各天的定金 ${X('zh-CN')}已退还给旅行者，此前各天的款项归您` : `${X('zh-CN')}已退还给旅行者`}。${wrote('zh-CN', note)}如果您到场了，请在 ${NO_SHOW_CONTEST_HOURS} 小时内提交证据发起争议。`,
        actionLabel: '查看详情',
      },
      ja: {
        title: '旅行者から、待ち合わせにいらっしゃらなかったとの報告がありました',
        message: `予約（${n}）の旅行者から、${on.ja}待ち合わせにいらっしゃらなかったとの報告がありました。予約はキャンセルされ、${later ? `実施されなかった日の分の予約金${X('ja')}を旅行者に返金しました。それより前の日の分はあなたにお支払いします` : `旅行者に${X('ja')}を返金しました`}。${wrote('ja', note)}実際に現地にいらした場合は、${NO_SHOW_CONTEST_HOURS}時間以内に証拠を添えて申し立てをしてください。`,
        actionLabel: '詳細を見る',
      },
    };
  },
  /** To the guide whose booking an admin cancelled for them (they may not have been reachable): it counts as theirs. */
  cancelledForGuide: (n: string, note: string | null): Pair => ({
    en: {
      title: 'Support cancelled a booking for you',
      message: `Tabi support cancelled booking ${n} on your behalf.${because('en', note)} The traveler is refunded or offered another guide; it counts as your cancellation.`,
      actionLabel: 'View details',
    },
    'zh-CN': {
      title: '客服已代您取消预订',
      message: `Tabi 客服已代您取消预订 ${n}。${because('zh-CN', note)}旅行者将获得退款或另选地陪；此次取消计入您的取消记录。`,
      actionLabel: '查看详情',
    },
    ja: {
      title: 'Tabi Guides サポートが予約をキャンセルしました',
      message: `Tabi Guides サポートが、あなたに代わって予約（${n}）をキャンセルしました。${because('ja', note)}旅行者には返金するか、別のガイドをご案内します。このキャンセルはあなたによるキャンセルとして扱われます。`,
      actionLabel: '詳細を見る',
    },
  }),
  /** To the guide reported absent while the traveler takes another guide the same day (decision 140). */
  noShowReplacing: (n: string, note: string | null = null, when?: TourWhen): Pair =>
    several(when)
      ? noShowReplacingForDays(n, note, when)
      : {
          en: {
            title: 'The traveler reported that you did not come',
            message: `The traveler of booking ${n} reported that you did not come and is choosing another guide for later today; the booking is no longer yours.${wrote('en', note)} If it ends in a refund instead, you may contest it then.`,
            actionLabel: 'View details',
          },
          'zh-CN': {
            title: '旅行者报告您未到场',
            message: `预订 ${n} 的旅行者报告您未到场，正在为今天稍后的行程另选地陪；该预订已不再由您负责。${wrote('zh-CN', note)}如果最终改为退款，届时您可以提出异议。`,
            actionLabel: '查看详情',
          },
          ja: {
            title: '旅行者から、待ち合わせにいらっしゃらなかったとの報告がありました',
            message: `予約（${n}）の旅行者から、待ち合わせにいらっしゃらなかったとの報告がありました。旅行者は本日このあとのツアーのために別のガイドを選んでいるため、この予約はあなたの担当ではなくなりました。${wrote('ja', note)}最終的に返金となった場合は、その時点で申し立てができます。`,
            actionLabel: '詳細を見る',
          },
        },
  /** To the traveler who chose another guide later today over the refund (decision 140): by when, and what follows. */
  sameDayChoice: (n: string, lapsesAt: string, when?: TourWhen): Pair =>
    several(when)
      ? sameDayChoiceForDays(n, lapsesAt, when)
      : {
          en: {
            title: 'Choose a guide for later today',
            message: `Your guide did not come for booking ${n}. Choose one of the guides free later today by ${japanTime('en', lapsesAt)}; after that your deposit is refunded in full by itself. The refund is yours to take at any time.`,
            actionLabel: 'Choose a guide',
          },
          'zh-CN': {
            title: '请为今天稍后的行程选择地陪',
            message: `预订 ${n} 的地陪未到场。请在 ${japanTime('zh-CN', lapsesAt)} 前从今天稍后有空的地陪中选择一位；逾期定金将自动全额退还。您也可以随时选择退款。`,
            actionLabel: '选择地陪',
          },
          ja: {
            title: '本日このあとのガイドをお選びください',
            message: `予約（${n}）のガイドが来ませんでした。${japanTime('ja', lapsesAt)}までに、本日このあと対応できるガイドをお選びください。期限を過ぎると予約金は自動的に全額返金されます。返金はいつでもお選びいただけます。`,
            actionLabel: 'ガイドを選ぶ',
          },
        },
  /**
   * To the side who reported: the booking is cancelled and what comes back. `span` as for
   * `noShowReported` (decision 158): on a later day, the deposit of the days not given.
   */
  noShowRecorded: (
    n: string,
    by: 'traveler' | 'guide',
    refund: Money,
    credit: GivenCredit | null = null,
    span: Span = null,
  ): Pair => {
    const on = onDay(span);
    const d = dayLabel(span);
    const X = (locale: Locale) => money(locale, refund);
    if (by === 'guide') {
      return {
        en: {
          title: 'Reported: the traveler did not come',
          message: `Booking ${n} is cancelled as a no-show${on.en}; the deposit is kept under the cancellation terms.`,
          actionLabel: 'View details',
        },
        'zh-CN': {
          title: '已报告：旅行者未到场',
          message: `预订 ${n} 已因旅行者${on['zh-CN']}未到场而取消；定金按取消条款不予退还。`,
          actionLabel: '查看详情',
        },
        ja: {
          title: '報告を受け付けました：旅行者が来ませんでした',
          message: `予約（${n}）は${on.ja}無断不参加としてキャンセルされました。予約金はキャンセル規定に基づき返金されません。`,
          actionLabel: '詳細を見る',
        },
      };
    }
    if (d && span && span.day > 1) {
      return {
        en: {
          title: 'Reported: your guide did not come',
          message: `Your guide did not come${on.en}, so booking ${n} is cancelled: ${X('en')}, the deposit for the days not given, is refunded to you.${creditSentence('en', credit)} Sorry: you can book another guide now.`,
          actionLabel: 'Find another guide',
        },
        'zh-CN': {
          title: '已报告：地陪未到场',
          message: `地陪${on['zh-CN']}未到场，预订 ${n} 已取消：未提供服务各天的定金 ${X('zh-CN')}将退还给您。${creditSentence('zh-CN', credit)}非常抱歉，您现在可以预订其他地陪。`,
          actionLabel: '寻找其他地陪',
        },
        ja: {
          title: '報告を受け付けました：ガイドが来ませんでした',
          message: `${d.ja}にガイドが来なかったため、予約（${n}）はキャンセルされました。実施されなかった日の分の予約金${X('ja')}を返金します。${creditSentence('ja', credit)}ご迷惑をおかけして申し訳ありません。今すぐ別のガイドを予約できます。`,
          actionLabel: '別のガイドを探す',
        },
      };
    }
    return {
      en: {
        title: 'Reported: your guide did not come',
        message: `Booking ${n} is cancelled${on.en} and your deposit of ${X('en')} is refunded in full.${creditSentence('en', credit)} Sorry: you can book another guide now.`,
        actionLabel: 'Find another guide',
      },
      'zh-CN': {
        title: '已报告：地陪未到场',
        message: `预订 ${n} 已${on['zh-CN']}取消，您的定金 ${X('zh-CN')}将全额退还。${creditSentence('zh-CN', credit)}非常抱歉，您现在可以预订其他地陪。`,
        actionLabel: '寻找其他地陪',
      },
      ja: {
        title: '報告を受け付けました：ガイドが来ませんでした',
        message: `予約（${n}）は${d ? `${d.ja}に` : ''}キャンセルされ、予約金${X('ja')}は全額返金されます。${creditSentence('ja', credit)}ご迷惑をおかけして申し訳ありません。今すぐ別のガイドを予約できます。`,
        actionLabel: '別のガイドを探す',
      },
    };
  },
};

/**
 * The guide cancelled a booking of several days (decisions 137, 154): the guides offered are free on every one of its
 * days.
 */
function replacementOfferedForDays(n: string, note: string | null, lapsesAt: string, w: TourWhen): Pair {
  return {
    en: {
      title: 'Your guide cancelled: choose a replacement',
      message: `The guide cancelled booking ${n}.${said('en', note)}${tourSentence('en', w)} Choose one of the guides we found free on every one of its days, at no extra cost, or take your full refund. Choose by ${japanTime('en', lapsesAt)}.`,
      actionLabel: 'Choose a guide',
    },
    'zh-CN': {
      title: '地陪取消了行程，请选择替代地陪',
      message: `地陪取消了预订 ${n}。${said('zh-CN', note)}${tourSentence('zh-CN', w)}我们找到了在全部日程都有空的地陪，无需加价；您也可以选择全额退款。请在 ${japanTime('zh-CN', lapsesAt)} 前选择。`,
      actionLabel: '选择地陪',
    },
    ja: {
      title: 'ガイドがキャンセルしました：代わりのガイドをお選びください',
      message: `ガイドが予約（${n}）をキャンセルしました。${said('ja', note)}${tourSentence('ja', w)}全日程に対応できるガイドが見つかりました。追加料金なしで代わりのガイドを選ぶか、全額返金をお選びください。${japanTime('ja', lapsesAt)}までにお選びください。`,
      actionLabel: 'ガイドを選ぶ',
    },
  };
}

/** The guide reported absent on day 1 of several days (decision 140, amended): none of the days is theirs any more. */
function noShowReplacingForDays(n: string, note: string | null, w: TourWhen): Pair {
  return {
    en: {
      title: 'The traveler reported that you did not come',
      message: `The traveler of booking ${n} reported that you did not come and is choosing another guide for later today and the rest of the tour; none of its ${w.days} days is yours any more. The rest of the tour: ${restText('en', w)}.${wrote('en', note)} If it ends in a refund instead, you may contest it then.`,
      actionLabel: 'View details',
    },
    'zh-CN': {
      title: '旅行者报告您未到场',
      message: `预订 ${n} 的旅行者报告您未到场，正在为今天稍后及其余日程另选地陪；该预订的 ${w.days} 天行程均已不再由您负责。其余日程：${restText('zh-CN', w)}。${wrote('zh-CN', note)}如果最终改为退款，届时您可以提出异议。`,
      actionLabel: '查看详情',
    },
    ja: {
      title: '旅行者から、待ち合わせにいらっしゃらなかったとの報告がありました',
      message: `予約（${n}）の旅行者から、待ち合わせにいらっしゃらなかったとの報告がありました。旅行者は本日このあとから最終日までを担当する別のガイドを選んでいるため、この予約は${w.days}日間すべてあなたの担当ではなくなりました。残りの日程：${restText('ja', w)}。${wrote('ja', note)}最終的に返金となった場合は、その時点で申し立てができます。`,
      actionLabel: '詳細を見る',
    },
  };
}

/**
 * The traveler whose guide did not come on day 1 of several days chooses a guide free later today and on the other
 * days.
 */
function sameDayChoiceForDays(n: string, lapsesAt: string, w: TourWhen): Pair {
  return {
    en: {
      title: 'Choose a guide for later today',
      message: `Your guide did not come for booking ${n}. Choose one of the guides free later today by ${japanTime('en', lapsesAt)}; each is free for the rest of your tour too, as booked: ${restText('en', w)}. After that time your deposit is refunded in full by itself. The refund is yours to take at any time.`,
      actionLabel: 'Choose a guide',
    },
    'zh-CN': {
      title: '请为今天稍后的行程选择地陪',
      message: `预订 ${n} 的地陪未到场。请在 ${japanTime('zh-CN', lapsesAt)} 前从今天稍后有空的地陪中选择一位；这些地陪在其余日程也都按原定时间有空：${restText('zh-CN', w)}。逾期定金将自动全额退还。您也可以随时选择退款。`,
      actionLabel: '选择地陪',
    },
    ja: {
      title: '本日このあとのガイドをお選びください',
      message: `予約（${n}）のガイドが来ませんでした。${japanTime('ja', lapsesAt)}までに、本日このあと対応できるガイドをお選びください。ご案内するガイドは、残りの日程にも予約どおりの時間で対応できます：${restText('ja', w)}。期限を過ぎると予約金は自動的に全額返金されます。返金はいつでもお選びいただけます。`,
      actionLabel: 'ガイドを選ぶ',
    },
  };
}
