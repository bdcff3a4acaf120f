import type { Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import { formatMoney } from '../../../shared/money-format';
import type { BookingStatus } from '../../../shared/booking/state-machine';
import { CANCELLATION_REFUND_RATES as R, EMERGENCY_REFUND_RATE } from '../../../shared/booking/money-rules';

/** The policy's percentages come from the rates the server refunds by, so the PDF cannot drift. */
const pct = (rate: number) => `${Math.round(rate * 100)}%`;

/**
 * The booking PDF's words in each language. The status names and payment lines follow the web
 * app's (locales trips.json / bookings.json); Chinese voice: 地陪, 您; Japanese: locales/VOICE.md.
 */
export interface PdfStrings {
  brand: string;
  tagline: string;
  title: string;
  bookingNumber: string;
  status: string;
  issued: string;
  statuses: Record<BookingStatus, string>;
  sectionTour: string;
  guide: string;
  traveler: string;
  city: string;
  service: string;
  date: string;
  time: string;
  /** e.g. "10:00 – 12:00 (Japan time)". */
  timeRange: (start: string, end: string, zoneLabel: string) => string;
  /** A day of a booking of several days (decision 154): "Day 2". */
  dayN: (n: number) => string;
  japanTime: string;
  duration: string;
  travelers: string;
  sectionMeeting: string;
  /** Several days with their plans (decision 179): a block a day. */
  sectionDays: string;
  meetAt: (time: string, zone: string) => string;
  address: string;
  postalCode: string;
  /** The map link's label and text. */
  map: string;
  mapOpen: string;
  notes: string;
  meetingUnset: string;
  sectionPayment: string;
  tourPrice: string;
  /** A travel credit taken off the price (decision 139). */
  credit: string;
  depositPaid: string;
  depositDue: string;
  extensionPaid: (n: number) => string;
  /** A trip change's difference of deposit, paid online (decision 177). */
  changePaid: (n: number) => string;
  refunded: string;
  /** What is left to hand the guide, named (decision 179). */
  inPerson: (guide: string) => string;
  /** When, for a tour of one day. */
  inPersonOnDay: (date: string) => string;
  /** When, for several days: a share each day. */
  inPersonEachDay: string;
  dayShare: (n: number, date: string) => string;
  inPersonPaid: string;
  inPersonNone: string;
  inPersonNote: string;
  methods: Record<'card' | 'alipay' | 'wechat' | 'cash', string>;
  cardEnding: (last4: string) => string;
  sectionPolicy: string;
  policyIntro: string;
  policyTiers: [string, string][];
  policyTiming: string;
  footer: string;
  /** An amount in its own currency (decision 164), as the app writes it. */
  money: (minor: number, currency: Currency) => string;
  /** The booking's rate and its reference day, when an amount is in another currency than the booking's. */
  rate: (jpyPerCny: string, day: string) => string;
}

const en: PdfStrings = {
  brand: 'Tabi Guides',
  tagline: 'Local guides in Japan',
  title: 'Booking confirmation',
  bookingNumber: 'Booking number',
  status: 'Status',
  issued: 'Issued',
  statuses: {
    pending: 'Payment pending',
    confirmed: 'Waiting for the guide',
    upcoming: 'Upcoming',
    awaiting_start: 'Starts today',
    start_confirmed: 'Start confirmed',
    ongoing: 'Ongoing',
    extend_requested: 'Extension requested',
    extend_confirmed: 'Extension approved',
    completed: 'Completed',
    disputed: 'In dispute',
    cancelled: 'Cancelled',
    awaiting_replacement: 'Choosing a replacement guide',
  },
  sectionTour: 'Your tour',
  guide: 'Guide',
  traveler: 'Traveler',
  city: 'City',
  service: 'Service',
  date: 'Date',
  time: 'Time',
  timeRange: (start, end, zone) => `${start} – ${end} (${zone})`,
  dayN: (n) => `Day ${n}`,
  japanTime: 'Japan time',
  duration: 'Duration',
  travelers: 'Travelers',
  sectionMeeting: 'Meeting point',
  sectionDays: 'Each day',
  meetAt: (time, zone) => `Meet at ${time} (${zone})`,
  address: 'Address',
  postalCode: 'Postal code',
  map: 'Map',
  mapOpen: 'Open in Google Maps',
  notes: 'Notes',
  meetingUnset: 'Your guide will confirm the meeting point in your chat.',
  sectionPayment: 'Payment',
  tourPrice: 'Tour price',
  credit: 'Travel credit used',
  depositPaid: 'Deposit paid online',
  depositDue: 'Deposit due online',
  extensionPaid: (n) => (n === 1 ? 'Extension paid online' : `Extensions paid online (${n})`),
  changePaid: (n) => (n === 1 ? 'Trip change paid online' : `Trip changes paid online (${n})`),
  refunded: 'Refunded',
  inPerson: (guide) => `Still to pay your guide, ${guide}, in person`,
  inPersonOnDay: (date) => `On the day of the tour, ${date}.`,
  inPersonEachDay: 'A share each tour day, handed to your guide that day:',
  dayShare: (n, date) => `Day ${n}, ${date}`,
  inPersonPaid: 'Paid to your guide in person',
  inPersonNone: 'Nothing to pay in person',
  inPersonNote: 'Nothing more is charged online. Keep a photo of the in-person payment and upload it in My Trips.',
  methods: { card: 'Card', alipay: 'Alipay', wechat: 'WeChat Pay', cash: 'Cash' },
  cardEnding: (last4) => `Card ending ${last4}`,
  sectionPolicy: 'Cancellation policy',
  policyIntro: "If you cancel, this share of your deposit is refunded, counted from the tour's start in Japan time:",
  policyTiers: [
    ['More than 7 days before the start', pct(R.more_than_7_days)],
    ['3 to 7 days before', pct(R.days_3_to_7)],
    ['1 to 3 days before', pct(R.days_1_to_3)],
    ['Less than 24 hours before, or no-show', pct(R.under_24_hours)],
    ['A documented emergency', `${pct(EMERGENCY_REFUND_RATE)} (${pct(1 - EMERGENCY_REFUND_RATE)} to the guide)`],
    ['Your guide cancels', '100%'],
  ],
  policyTiming:
    'Refunds arrive in 3–5 business days (cards), 1–3 (Alipay, WeChat Pay), 5–7 (bank transfer). Full policy: /help/cancellation',
  footer: 'Tabi Guides · This confirmation is for the traveler and the guide of this booking.',
  money: (minor, currency) => formatMoney(minor, currency, 'en'),
  rate: (rate, day) => `Paid online at the booking's rate: 1 RMB = ${rate} JPY (the rate of ${day}).`,
};

const zhCN: PdfStrings = {
  brand: 'Tabi 日本地陪',
  tagline: '日本本地地陪预订',
  title: '预订确认单',
  bookingNumber: '订单号',
  status: '状态',
  issued: '生成时间',
  statuses: {
    pending: '待付款',
    confirmed: '等待地陪接受',
    upcoming: '即将出行',
    awaiting_start: '今天开始',
    start_confirmed: '已确认开始',
    ongoing: '进行中',
    extend_requested: '已申请延长',
    extend_confirmed: '延长已获批准',
    completed: '已完成',
    disputed: '争议处理中',
    cancelled: '已取消',
    awaiting_replacement: '正在选择替代地陪',
  },
  sectionTour: '行程信息',
  guide: '地陪',
  traveler: '旅客',
  city: '城市',
  service: '服务',
  date: '日期',
  time: '时间',
  timeRange: (start, end, zone) => `${start} – ${end}（${zone}）`,
  dayN: (n) => `第 ${n} 天`,
  japanTime: '日本时间',
  duration: '时长',
  travelers: '人数',
  sectionMeeting: '集合地点',
  sectionDays: '每天的安排',
  meetAt: (time, zone) => `${time} 集合（${zone}）`,
  address: '地址',
  postalCode: '邮编',
  map: '地图',
  mapOpen: '在高德地图中打开',
  notes: '备注',
  meetingUnset: '地陪会在聊天中与您确认集合地点。',
  sectionPayment: '费用',
  tourPrice: '行程费用',
  credit: '已抵扣抵用金',
  depositPaid: '已在线支付定金',
  depositDue: '待在线支付定金',
  extensionPaid: (n) => (n === 1 ? '已在线支付延时费' : `已在线支付延时费（${n} 次）`),
  changePaid: (n) => (n === 1 ? '行程更改已在线支付' : `行程更改已在线支付（${n} 次）`),
  refunded: '已退款',
  inPerson: (guide) => `还需当面支付给地陪（${guide}）`,
  inPersonOnDay: (date) => `在行程当天（${date}）支付。`,
  inPersonEachDay: '每天当面支付当天的部分：',
  dayShare: (n, date) => `第 ${n} 天（${date}）`,
  inPersonPaid: '已当面支付给地陪',
  inPersonNone: '无需当面支付',
  inPersonNote: '线上不再收取其他费用。当面付款后请拍照留存，并在“我的行程”中上传付款凭证。',
  methods: { card: '银行卡', alipay: '支付宝', wechat: '微信支付', cash: '现金' },
  cardEnding: (last4) => `银行卡（尾号 ${last4}）`,
  sectionPolicy: '取消政策',
  policyIntro: '如您取消预订，按距行程开始时间（日本时间）的长短退还定金：',
  policyTiers: [
    ['行程开始前 7 天以上', pct(R.more_than_7_days)],
    ['行程开始前 3–7 天', pct(R.days_3_to_7)],
    ['行程开始前 1–3 天', pct(R.days_1_to_3)],
    ['行程开始前不足 24 小时或未到场', pct(R.under_24_hours)],
    ['有证明的紧急情况', `${pct(EMERGENCY_REFUND_RATE)}（${pct(1 - EMERGENCY_REFUND_RATE)} 归地陪）`],
    ['地陪取消', '100%'],
  ],
  policyTiming:
    '退款到账时间：银行卡 3–5 个工作日，支付宝、微信支付 1–3 个工作日，银行转账 5–7 个工作日。完整政策：/help/cancellation',
  footer: 'Tabi 日本地陪 · 本确认单仅供本订单的旅客和地陪使用。',
  money: (minor, currency) => formatMoney(minor, currency, 'zh-CN'),
  rate: (rate, day) => `线上付款按预订时确定的汇率换算：1 元 = ${rate} 日元（${day}的汇率）。`,
};

const ja: PdfStrings = {
  brand: 'Tabi Guides',
  tagline: '日本各地の現地ガイド',
  title: '予約確認書',
  bookingNumber: '予約番号',
  status: 'ステータス',
  issued: '発行日時',
  statuses: {
    pending: 'お支払い待ち',
    confirmed: 'ガイドの承諾待ち',
    upcoming: '開催予定',
    awaiting_start: '本日開始',
    start_confirmed: '開始確認済み',
    ongoing: '実施中',
    extend_requested: '延長リクエスト中',
    extend_confirmed: '延長承認済み',
    completed: '完了',
    disputed: '申し立て中',
    cancelled: 'キャンセル済み',
    awaiting_replacement: '新しいガイドを選択中',
  },
  sectionTour: 'ツアーの内容',
  guide: 'ガイド',
  traveler: '旅行者',
  city: '都市',
  service: 'サービス',
  date: '日付',
  time: '時間',
  timeRange: (start, end, zone) => `${start}〜${end}（${zone}）`,
  dayN: (n) => `${n}日目`,
  japanTime: '日本時間',
  duration: '所要時間',
  travelers: '人数',
  sectionMeeting: '集合場所',
  sectionDays: '各日の予定',
  meetAt: (time, zone) => `${time}集合（${zone}）`,
  address: '住所',
  postalCode: '郵便番号',
  map: '地図',
  mapOpen: 'Googleマップで開く',
  notes: '備考',
  meetingUnset: '集合場所は、ガイドがメッセージでお知らせします。',
  sectionPayment: 'お支払い',
  tourPrice: 'ツアー料金',
  credit: '旅行クレジット適用',
  depositPaid: '予約金（オンラインでお支払い済み）',
  depositDue: '予約金（オンラインでのお支払い待ち）',
  extensionPaid: (n) =>
    n === 1 ? '延長料金（オンラインでお支払い済み）' : `延長料金（オンラインでお支払い済み、${n}回）`,
  changePaid: (n) =>
    n === 1 ? '旅程の変更分（オンラインでお支払い済み）' : `旅程の変更分（オンラインでお支払い済み、${n}回）`,
  refunded: '返金済み',
  inPerson: (guide) => `ガイド（${guide}さん）へ直接お支払いいただく残金`,
  inPersonOnDay: (date) => `ツアー当日（${date}）にお支払いください。`,
  inPersonEachDay: '各日の分を、その日にガイドへお支払いください：',
  dayShare: (n, date) => `${n}日目・${date}`,
  inPersonPaid: 'ガイドへ直接お支払い済み',
  inPersonNone: '当日現地払いはありません',
  inPersonNote:
    'オンラインで追加の請求はありません。当日現地払いの際は支払いの様子を写真に残し、「マイ旅行」からアップロードしてください。',
  methods: { card: 'カード', alipay: 'Alipay', wechat: 'WeChat Pay', cash: '現金' },
  cardEnding: (last4) => `末尾${last4}のカード`,
  sectionPolicy: 'キャンセルポリシー',
  policyIntro: 'ご予約をキャンセルされた場合、ツアー開始（日本時間）までの期間に応じて、予約金の次の割合を返金します。',
  policyTiers: [
    ['開始の7日以上前', pct(R.more_than_7_days)],
    ['開始の3〜7日前', pct(R.days_3_to_7)],
    ['開始の1〜3日前', pct(R.days_1_to_3)],
    ['開始前24時間を切ってから、または無断不参加', pct(R.under_24_hours)],
    ['証明できる緊急事態', `${pct(EMERGENCY_REFUND_RATE)}（${pct(1 - EMERGENCY_REFUND_RATE)}はガイドへ）`],
    ['ガイドによるキャンセル', '100%'],
  ],
  policyTiming:
    '返金の反映には、カードの場合3〜5営業日、AlipayまたはWeChat Payの場合1〜3営業日、銀行振込の場合5〜7営業日かかります。ポリシーの全文：/help/cancellation',
  footer: 'Tabi Guides · この確認書は、本予約の旅行者とガイドのためのものです。',
  money: (minor, currency) => formatMoney(minor, currency, 'ja'),
  rate: (rate, day) =>
    `オンラインでのお支払いは、予約時に確定したレートで換算しています：1元＝${rate}円（${day}のレート）。`,
};

export const PDF_STRINGS: Record<Locale, PdfStrings> = { en, 'zh-CN': zhCN, ja };
