import type { Currency } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';

/**
 * The statement PDF's words. The statement is in the reader's language (as the booking PDF); the
 * invoice's legally required items are in Japanese, each with the reader's reading beside it
 * (decision 127). Chinese voice: 地陪, 您; Japanese: locales/VOICE.md. A Japanese reader reads the
 * legal names themselves, so render-invoice.ts prints no reading under them: of `invoice`, only `title` and
 * `noItems` show in Japanese, the rest being the plain names kept for completeness.
 */
export interface StatementStrings {
  brand: string;
  tagline: string;
  title: string;
  /** "October 2026" / "2026年10月". */
  monthName: (year: number, month: number) => string;
  japanTime: string;
  /** A day and a month's first to last day, in the reader's language. */
  day: (year: number, month: number, day: number) => string;
  range: (year: number, month: number, last: number) => string;
  guide: string;
  period: string;
  sectionSummary: string;
  /** A summary's heading when the month moved in both currencies (decision 167). */
  inCurrency: Record<Currency, string>;
  opening: string;
  earnings: string;
  earningsNote: string;
  payouts: string;
  closing: string;
  commission: string;
  commissionNote: (bookings: number) => string;
  commissionTax: (rate: number) => string;
  sectionPayouts: string;
  noPayouts: string;
  /** The month's bookings: one line each, whole (decision 196): price, commission, online, in person, in all. */
  sectionBookings: string;
  bookingsHead: {
    date: string;
    booking: string;
    price: string;
    commission: string;
    online: string;
    inPerson: string;
    earned: string;
  };
  bookingsTotal: string;
  /** What the in-person column is, and why it is in no balance. */
  inPersonNote: string;
  noBookings: string;
  methods: Record<'alipay' | 'wechat' | 'bank', string>;
  /** Readings of the invoice's Japanese labels. */
  invoice: {
    title: string;
    number: string;
    issued: string;
    recipient: string;
    issuer: string;
    registration: string;
    period: string;
    date: string;
    item: string;
    amount: string;
    total: (rate: number) => string;
    tax: (rate: number) => string;
    /** Of the invoice's totals when the month moved in both currencies. */
    part: Record<Currency, string>;
    /** What the amounts are in, and how the tax is cut off in that currency. */
    currencyNote: Record<Currency, string>;
    noItems: string;
    /** The tax in yen, and the rate and day it was converted at (or that there was no rate yet). */
    taxYen: string;
    rate: (jpyPerCny: string, transferDay: string) => string;
    noRate: string;
  };
  footer: string;
}

const EN_DAY = (year: number, month: number, day: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );

const EN: StatementStrings = {
  brand: 'Tabi Guides',
  tagline: 'Local guides in Japan',
  title: 'Monthly statement',
  monthName: (year, month) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    ),
  japanTime: 'Japan time',
  day: EN_DAY,
  range: (year, month, last) => `${EN_DAY(year, month, 1)} – ${EN_DAY(year, month, last)}`,
  guide: 'Guide',
  period: 'Period',
  sectionSummary: 'Summary',
  inCurrency: { CNY: 'In Chinese yuan (RMB)', JPY: 'In Japanese yen' },
  opening: 'Opening balance',
  earnings: 'Paid to your wallet',
  earningsNote: 'Your share of tours completed, cancellation fees and dispute adjustments, after the commission.',
  payouts: 'Payouts paid',
  closing: 'Closing balance',
  commission: 'Platform commission (tax included)',
  commissionNote: (n) => `Kept on ${n} ${n === 1 ? 'booking' : 'bookings'}; already deducted from your earnings.`,
  commissionTax: (rate) => `of which consumption tax (${rate}%)`,
  sectionPayouts: 'Payouts paid this month',
  noPayouts: 'No payouts were paid this month.',
  sectionBookings: 'Bookings this month',
  bookingsHead: {
    date: 'Date',
    booking: 'Booking',
    price: 'Your price',
    commission: 'Commission',
    online: 'Online (to wallet)',
    inPerson: 'Collected in person',
    earned: 'Earned in all',
  },
  bookingsTotal: 'Total',
  inPersonNote:
    'Collected in person: the rest of the price, which the traveler paid you on the day of a tour completed this month. It never passes through Tabi Guides, so it is in no balance above.',
  noBookings: 'No commission was kept on a booking this month.',
  methods: { alipay: 'Alipay', wechat: 'WeChat', bank: 'Bank account' },
  invoice: {
    title: 'Qualified invoice for the commission',
    number: 'Invoice no.',
    issued: 'Issued',
    recipient: 'Issued to',
    issuer: 'Issuer',
    registration: 'Registration no.',
    period: 'Transactions in',
    date: 'Date',
    item: 'Item',
    amount: 'Amount (tax incl.)',
    total: (rate) => `Total at ${rate}% (tax incl.)`,
    tax: (rate) => `Consumption tax (${rate}%)`,
    part: { CNY: 'Transactions in yuan', JPY: 'Transactions in yen' },
    currencyNote: {
      CNY: 'Amounts in Chinese yuan (RMB). The tax is computed once for the invoice, on the total at each rate, and fractions of a fen are cut off.',
      JPY: 'Amounts in Japanese yen. The tax is computed once for the invoice, on the total at each rate, and fractions of a yen are cut off.',
    },
    noItems: 'No commission this month.',
    taxYen: 'Consumption tax in yen',
    rate: (rate, day) =>
      `At 1 RMB = ${rate} yen, the rate of the bank payouts transferred on ${day}; fractions of a yen are cut off.`,
    noRate:
      'Not converted: Tabi Guides had paid no bank payout in yen by the end of this month, so there is no rate to state.',
  },
  footer: 'Tabi Guides · This statement is for the guide named on it.',
};

const ZH: StatementStrings = {
  brand: 'Tabi 日本地陪',
  tagline: '日本本地地陪预订',
  title: '月度对账单',
  monthName: (year, month) => `${year}年${month}月`,
  japanTime: '日本时间',
  day: (year, month, day) => `${year}年${month}月${day}日`,
  range: (year, month, last) => `${year}年${month}月1日至${year}年${month}月${last}日`,
  guide: '地陪',
  period: '期间',
  sectionSummary: '汇总',
  inCurrency: { CNY: '人民币部分', JPY: '日元部分' },
  opening: '期初余额',
  earnings: '转入钱包的收入',
  earningsNote: '已完成行程、取消费及纠纷调整中您的所得，已扣除平台佣金。',
  payouts: '已支付提现',
  closing: '期末余额',
  commission: '平台佣金（含税）',
  commissionNote: (n) => `来自 ${n} 笔订单，已从您的收入中扣除。`,
  commissionTax: (rate) => `其中消费税（${rate}%）`,
  sectionPayouts: '本月已支付的提现',
  noPayouts: '本月没有已支付的提现。',
  sectionBookings: '本月订单',
  bookingsHead: {
    date: '日期',
    booking: '订单',
    price: '您的价格',
    commission: '佣金',
    online: '线上（转入钱包）',
    inPerson: '现场收取',
    earned: '收入合计',
  },
  bookingsTotal: '合计',
  inPersonNote:
    '现场收取：本月完成的行程中，旅行者在当天直接付给您的尾款。这笔钱不经过 Tabi 日本地陪，因此不计入上方的任何余额。',
  noBookings: '本月没有收取佣金的订单。',
  methods: { alipay: '支付宝', wechat: '微信', bank: '银行账户' },
  invoice: {
    title: '平台佣金的适格请求书（日本合格发票）',
    number: '请求书编号',
    issued: '开具日期',
    recipient: '接收方',
    issuer: '开具方',
    registration: '登记号码',
    period: '交易期间',
    date: '日期',
    item: '交易内容',
    amount: '金额（含税）',
    total: (rate) => `${rate}% 税率合计（含税）`,
    tax: (rate) => `消费税（${rate}%）`,
    part: { CNY: '以人民币计的交易', JPY: '以日元计的交易' },
    currencyNote: {
      CNY: '金额以人民币（元）计。消费税按每张请求书、每个税率对合计金额计算一次，不足一分的部分舍去。',
      JPY: '金额以日元计。消费税按每张请求书、每个税率对合计金额计算一次，不足 1 日元的部分舍去。',
    },
    noItems: '本月没有佣金。',
    taxYen: '消费税（日元）',
    rate: (rate, day) => `按 1 元 = ${rate} 日元换算，即${day}转账的银行提现所用汇率；不足 1 日元的部分舍去。`,
    noRate: '未换算：截至本月底，Tabi 日本地陪尚未以日元支付过银行提现，因此没有可注明的汇率。',
  },
  footer: 'Tabi 日本地陪 · 本对账单仅供所列地陪使用。',
};

const JA_DAY = (year: number, month: number, day: number) =>
  new Intl.DateTimeFormat('ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));

// No 「・」 here: the shared CJK font draws it with the glyph of 「·」 (see statement-pdf.test.ts).
const JA: StatementStrings = {
  brand: 'Tabi Guides',
  tagline: '日本各地の現地ガイド',
  title: '月次明細',
  monthName: (year, month) => `${year}年${month}月`,
  japanTime: '日本時間',
  day: JA_DAY,
  range: (year, month, last) => `${year}年${month}月1日〜${year}年${month}月${last}日`,
  guide: 'ガイド',
  period: '対象期間',
  sectionSummary: '概要',
  inCurrency: { CNY: '人民元建て', JPY: '円建て' },
  opening: '月初残高',
  earnings: 'ウォレットへの入金',
  earningsNote:
    '完了したツアー、キャンセル料、申し立てによる調整のうち、サービス手数料を差し引いたガイドの取り分です。',
  payouts: '出金済み',
  closing: '月末残高',
  commission: 'サービス手数料（税込）',
  commissionNote: (n) => `${n}件の予約分です。収益からすでに差し引かれています。`,
  commissionTax: (rate) => `うち消費税（${rate}%）`,
  sectionBookings: '今月の予約',
  bookingsHead: {
    date: '日付',
    booking: '予約番号',
    price: '料金',
    commission: '手数料',
    online: 'オンライン（ウォレットへ）',
    inPerson: '現地で受け取り',
    earned: '収入の合計',
  },
  bookingsTotal: '合計',
  inPersonNote:
    '現地で受け取り：今月完了したツアーで、旅行者が当日ガイドに直接支払った残りの代金です。Tabi Guidesを通らないため、上の残高には含まれません。',
  noBookings: '今月、手数料を差し引いた予約はありません。',
  sectionPayouts: '今月の出金',
  noPayouts: '今月の出金はありません。',
  methods: { alipay: 'Alipay', wechat: 'WeChat', bank: '銀行口座' },
  invoice: {
    title: 'サービス手数料の適格請求書',
    number: '請求書番号',
    issued: '発行日',
    recipient: '宛先',
    issuer: '発行者',
    registration: '登録番号',
    period: '対象期間',
    date: '取引日',
    item: '内容',
    amount: '金額（税込）',
    total: (rate) => `${rate}%対象の合計（税込）`,
    tax: (rate) => `消費税（${rate}%）`,
    part: { CNY: '人民元建ての取引', JPY: '円建ての取引' },
    currencyNote: { CNY: '金額は人民元で表示しています。', JPY: '金額は円で表示しています。' },
    noItems: '今月のサービス手数料はありません。',
    taxYen: '消費税額（円換算）',
    rate: (rate, day) =>
      `1元＝${rate}円（${day}に送金した銀行出金のレート）で換算し、1円未満の端数は切り捨てています。`,
    noRate: '円換算なし：当月末までにTabi Guidesが円建ての銀行出金を行っていないため、記載できるレートがありません。',
  },
  footer: 'Tabi Guides · この明細は、記載のガイドご本人のためのものです。',
};

export const STATEMENT_STRINGS: Record<Locale, StatementStrings> = { en: EN, 'zh-CN': ZH, ja: JA };

/**
 * The invoice's items in Japanese, as the law names them (適格請求書の記載事項); these stay Japanese
 * whatever the reader's language, since the invoice is a Japanese tax document.
 */
export const INVOICE_JA = {
  title: '適格請求書',
  number: '請求書番号',
  issued: '発行日',
  recipient: '書類の交付を受ける事業者の氏名又は名称',
  honorific: '様',
  issuer: '適格請求書発行事業者の氏名又は名称及び登録番号',
  registration: '登録番号',
  period: '取引年月日',
  date: '取引年月日',
  item: '取引内容',
  amount: '金額（税込）',
  itemText: (booking: string) => `プラットフォーム利用手数料（予約 ${booking}）`,
  total: (rate: number) => `税率ごとに区分して合計した対価の額（${rate}%対象、税込）`,
  tax: (rate: number) => `税率ごとに区分した消費税額等（${rate}%）`,
  date_: (y: number, m: number, d: number) => `${y}年${m}月${d}日`,
  range: (y: number, m: number, last: number) => `${y}年${m}月1日〜${y}年${m}月${last}日`,
  money: (amount: string) => `${amount} 人民元`,
  taxYen: (rate: number) => `消費税額等（${rate}%、円換算）`,
  rate: (jpyPerCny: string, y: number, m: number, d: number) =>
    `換算レート：1人民元＝${jpyPerCny}円（${y}年${m}月${d}日送金の銀行出金に適用したレート）。1円未満の端数は切り捨てています。`,
  noRate: '円換算なし：当月末までに円建ての銀行出金の実績がなく、記載できる換算レートがありません。',
  /** A month in both currencies totals each on its own (decision 167). */
  part: { CNY: '人民元建ての取引', JPY: '円建ての取引' } satisfies Record<Currency, string>,
  currencyNote: {
    CNY: '金額は人民元（CNY）で表示しています。消費税額等は請求書ごと、税率ごとに合計額から1回計算し、0.01人民元未満の端数は切り捨てています。',
    JPY: '金額は円で表示しています。消費税額等は請求書ごと、税率ごとに合計額から1回計算し、1円未満の端数は切り捨てています。',
  } satisfies Record<Currency, string>,
};
