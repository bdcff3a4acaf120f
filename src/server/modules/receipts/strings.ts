import type { Currency } from '../../../shared/currency';
import { formatFen, formatMoney } from '../../../shared/money-format';
import type { ReceiptLanguage } from '../../../shared/schemas/receipts';

/**
 * A receipt's words in its three languages (decision 125). Chinese follows the booking PDF's voice
 * (地陪, 您); Japanese uses the terms of a Japanese receipt (領収書, 宛名, 但し書き), the wording of the
 * web app's receipts page (locales ja/receipts.json) and no space around numbers (locales/VOICE.md);
 * yuan say 人民元 in full, as the qualified invoice does, since a Japanese tax document names its currency
 * (yen are 円 as `formatMoney` writes them). Every amount is in its own currency (decision 164).
 */
export interface ReceiptStrings {
  brand: string;
  receipt: string;
  creditNote: string;
  number: string;
  issued: string;
  addressee: (name: string) => string;
  amountReceived: string;
  amountRefunded: string;
  /** 但し書き: what the money was for. */
  forLabel: string;
  deposit: (booking: string) => string;
  extension: (booking: string) => string;
  /** A trip change's difference of deposit (decision 177). */
  change: (booking: string) => string;
  refundOf: (receipt: string) => string;
  /** On a receipt a trip change replaced (decision 204): the receipt that states the booking now. */
  supersededBy: (receipt: string) => string;
  lines: string;
  /** The tour the payment is for (decision 179): its length and dates, its group. */
  tour: string;
  group: string;
  /** Owed to the guide in person, named; not received by the platform. */
  inPerson: (guide: string) => string;
  inPersonNote: string;
  /** When: the day of a tour of one day; a share each day of several. */
  inPersonOnDay: (date: string) => string;
  inPersonEachDay: string;
  dayShare: (n: number, date: string) => string;
  /** Days in a row handed the same share: "Days 1–3, Jan 2–4, 2027, each". */
  dayShares: (first: number, last: number, dates: string) => string;
  total: string;
  method: string;
  methods: Record<'card' | 'alipay' | 'wechat' | 'cash', string>;
  cardEnding: (last4: string) => string;
  paidOn: string;
  refundedOn: string;
  /** Between a label and its value. */
  colon: string;
  issuer: string;
  registration: string;
  notFapiao: string;
  fake: string;
  money: (minor: number, currency: Currency) => string;
  /**
   * The rate a payment in another currency than the booking's was converted at, and its reference day as `intl` writes
   * it.
   */
  rate: (jpyPerCny: string, day: string) => string;
  /** A calendar date in the reader's form. */
  intl: string;
}

export const RECEIPT_STRINGS: Record<ReceiptLanguage, ReceiptStrings> = {
  en: {
    brand: 'Tabi Guides',
    receipt: 'Receipt',
    creditNote: 'Credit note',
    number: 'No.',
    issued: 'Issued',
    addressee: (name) => `To: ${name}`,
    amountReceived: 'Amount received',
    amountRefunded: 'Amount refunded',
    forLabel: 'For',
    deposit: (booking) => `Deposit for guided tour booking ${booking}`,
    extension: (booking) => `Tour extension for booking ${booking}`,
    change: (booking) => `Additional deposit for the change to booking ${booking}`,
    refundOf: (receipt) => `Refund of the payment on receipt ${receipt}`,
    supersededBy: (receipt) =>
      `Superseded by receipt ${receipt} after a change to the trip. The amount received stands; the amount to pay the guide in person is on ${receipt}.`,
    lines: 'Details',
    tour: 'Tour',
    group: 'Travelers',
    inPerson: (guide) => `To pay your guide, ${guide}, in person (not received by Tabi Guides)`,
    inPersonOnDay: (date) => `On the day of the tour, ${date}.`,
    inPersonEachDay: 'A share each tour day, handed to your guide that day:',
    dayShare: (n, date) => `Day ${n}, ${date}`,
    dayShares: (first, last, dates) => `Days ${first}–${last}, ${dates}, each`,
    inPersonNote: 'It is not part of this receipt.',
    total: 'Total',
    method: 'Payment method',
    methods: { card: 'Card', alipay: 'Alipay', wechat: 'WeChat Pay', cash: 'Cash' },
    cardEnding: (last4) => `Card ending ${last4}`,
    paidOn: 'Paid',
    refundedOn: 'Refunded',
    colon: ': ',
    issuer: 'Issued by',
    registration: 'Registration No.',
    notFapiao:
      'A receipt of a Japanese business: proof of payment for your records and expense claims. It is not a Chinese fapiao (发票).',
    fake: 'Development data: fictitious operator, not a valid receipt.',
    money: (minor, currency) => formatMoney(minor, currency, 'en'),
    rate: (rate, day) => `Converted at the booking's rate: 1 RMB = ${rate} JPY (the rate of ${day}).`,
    intl: 'en-US',
  },
  'zh-CN': {
    brand: 'Tabi 日本地陪',
    receipt: '收据',
    creditNote: '退款凭证',
    number: '编号',
    issued: '开具日期',
    addressee: (name) => `抬头：${name}`,
    amountReceived: '收款金额',
    amountRefunded: '退款金额',
    forLabel: '款项',
    deposit: (booking) => `地陪预订 ${booking} 的定金`,
    extension: (booking) => `预订 ${booking} 的延时费`,
    change: (booking) => `地陪预订 ${booking} 更改行程补付的定金`,
    refundOf: (receipt) => `收据 ${receipt} 所列款项的退款`,
    supersededBy: (receipt) =>
      `行程更改后，本收据已由收据 ${receipt} 取代。所收金额不变；需当面付给地陪的金额以 ${receipt} 为准。`,
    lines: '明细',
    tour: '行程',
    group: '人数',
    inPerson: (guide) => `当面支付给地陪（${guide}），不经平台收取`,
    inPersonOnDay: (date) => `在行程当天（${date}）支付。`,
    inPersonEachDay: '每天当面支付当天的部分：',
    dayShare: (n, date) => `第 ${n} 天（${date}）`,
    dayShares: (first, last, dates) => `第 ${first}–${last} 天（${dates}）每天`,
    inPersonNote: '不包含在本收据中。',
    total: '合计',
    method: '支付方式',
    methods: { card: '银行卡', alipay: '支付宝', wechat: '微信支付', cash: '现金' },
    cardEnding: (last4) => `尾号 ${last4} 的银行卡`,
    paidOn: '支付日期',
    refundedOn: '退款日期',
    colon: '：',
    issuer: '开具方',
    registration: '登记号码',
    notFapiao: '本收据由日本企业开具，可作为付款证明和报销凭证；日本企业无法开具中国发票。',
    fake: '开发数据：虚构的运营方，不是有效收据。',
    money: (minor, currency) => formatMoney(minor, currency, 'zh-CN'),
    rate: (rate, day) => `按预订时确定的汇率换算：1 元 = ${rate} 日元（${day}的汇率）。`,
    intl: 'zh-CN',
  },
  ja: {
    brand: 'Tabi Guides',
    receipt: '領収書',
    creditNote: '返金明細書',
    number: '番号',
    issued: '発行日',
    addressee: (name) => `${name} 様`,
    amountReceived: '領収金額',
    amountRefunded: '返金額',
    forLabel: '但し',
    deposit: (booking) => `ガイド予約${booking}の予約金として`,
    extension: (booking) => `予約${booking}のツアー延長料金として`,
    change: (booking) => `ガイド予約${booking}の変更に伴う追加予約金として`,
    refundOf: (receipt) => `領収書${receipt}の返金`,
    supersededBy: (receipt) =>
      `旅程の変更により、この領収書は領収書${receipt}に差し替えられました。受領額に変わりはありません。ガイドに現地でお支払いいただく金額は${receipt}をご覧ください。`,
    lines: '明細',
    tour: 'ツアー',
    group: '人数',
    inPerson: (guide) => `当日ガイド（${guide}さん）へ直接お支払い（Tabi Guidesは受け取っていません）`,
    inPersonOnDay: (date) => `ツアー当日（${date}）にお支払いください。`,
    inPersonEachDay: '各日の分を、その日にガイドへお支払いください：',
    dayShare: (n, date) => `${n}日目・${date}`,
    dayShares: (first, last, dates) => `${first}〜${last}日目・${dates}、各日`,
    inPersonNote: '本領収書には含まれません。',
    total: '合計',
    method: 'お支払い方法',
    methods: { card: 'クレジットカード', alipay: 'Alipay', wechat: 'WeChat Pay', cash: '現金' },
    cardEnding: (last4) => `カード（末尾${last4}）`,
    paidOn: 'お支払い日',
    refundedOn: '返金日',
    colon: '：',
    issuer: '発行者',
    registration: '登録番号',
    notFapiao: '日本の事業者が発行する領収書です。中国の発票（fapiao）ではありません。',
    fake: '開発用データ：架空の事業者によるもので、有効な領収書ではありません。',
    money: (minor, currency) =>
      currency === 'CNY' ? `${formatFen(minor)} 人民元` : formatMoney(minor, currency, 'ja'),
    rate: (rate, day) => `予約時に確定したレートで換算しています：1人民元＝${rate}円（${day}のレート）。`,
    intl: 'ja-JP',
  },
};
