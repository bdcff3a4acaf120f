import type { CancellationCase } from '../../../shared/booking/cancellation-terms';
import type { CommerceDisclosure } from '../../../shared/schemas/legal';

/**
 * The text of the commerce disclosure (特定商取引法に基づく表記, decision 121). Japanese is the text
 * the law reads; the Chinese and English readings stand beside it, whatever the interface language,
 * so they live here together rather than in one locale's file each. Every number comes from the
 * server's facts (GET /api/legal/commerce): the rates, the windows, the tiers.
 */
export interface Tri {
  ja: string;
  zh: string;
  en: string;
}

export interface DisclosureRow {
  id: string;
  label: Tri;
  /** A particular of the operator, the same in every language (a name, an address, a number). */
  plain?: string;
  /** Text, in Japanese with its readings. */
  text?: Tri;
  /** The particular is an e-mail address (written as a link). */
  email?: boolean;
  /** The row holds the cancellation table. */
  cancellation?: boolean;
}

export const TITLE: Tri = {
  ja: '特定商取引法に基づく表記',
  zh: '依据日本《特定商业交易法》的标示',
  en: 'Disclosure under the Act on Specified Commercial Transactions',
};

/** The cases of the cancellation table, as they read in each language. */
export const CASE_LABELS: Record<CancellationCase, Tri> = {
  more_than_7_days: {
    ja: 'ツアー開始の7日前より前',
    zh: '行程开始前 7 天以上',
    en: 'More than 7 days before the start',
  },
  days_3_to_7: { ja: '7日前から3日前まで', zh: '开始前 3–7 天', en: '3 to 7 days before' },
  days_1_to_3: { ja: '3日前から24時間前まで', zh: '开始前 1–3 天', en: '1 to 3 days before' },
  under_24_hours: { ja: '24時間前を過ぎてから', zh: '开始前不足 24 小时', en: 'Less than 24 hours before' },
  no_show: { ja: '連絡のない不参加', zh: '未取消且未到场', en: 'No-show' },
  emergency: { ja: 'やむを得ない事情（証明書類の提出あり）', zh: '有证明材料的紧急情况', en: 'A documented emergency' },
  guide: {
    ja: 'ガイドによる取消し・辞退・無回答',
    zh: '地陪取消、拒绝或未回复',
    en: 'The guide cancels, declines or does not answer',
  },
};

export const TABLE_HEAD = {
  caption: {
    ja: 'キャンセル時の返金とキャンセル料',
    zh: '取消时的退款与取消费',
    en: 'Refunds and fees on cancellation',
  },
  when: { ja: '取消しの時期', zh: '取消时间', en: 'When' },
  refund: { ja: '手付金の返金', zh: '定金退还', en: 'Deposit refunded' },
  fee: {
    ja: 'キャンセル料（総額に対する割合）',
    zh: '取消费（占总价比例）',
    en: 'Cancellation fee (share of the total)',
  },
} satisfies Record<string, Tri>;

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

/** The rows of the disclosure, in the order the law lists them. */
export function disclosureRows(d: CommerceDisclosure): DisclosureRow[] {
  const o = d.operator;
  const deposit = pct(d.depositRate * 100);
  const rest = pct(100 - d.depositRate * 100);
  const commission = pct(d.commissionRate * 100);
  const hold = d.paymentWindowMinutes;
  const answer = d.requestAnswerHours;
  const { card, wallet } = d.refundDays;
  return [
    { id: 'seller', label: { ja: '販売業者', zh: '销售商', en: 'Seller' }, plain: o.name },
    {
      id: 'representative',
      label: { ja: '運営統括責任者', zh: '运营负责人', en: 'Person responsible for operations' },
      plain: o.representative,
    },
    { id: 'address', label: { ja: '所在地', zh: '所在地', en: 'Address' }, plain: o.address },
    { id: 'phone', label: { ja: '電話番号', zh: '电话号码', en: 'Telephone' }, plain: o.phone },
    { id: 'email', label: { ja: 'メールアドレス', zh: '电子邮箱', en: 'E-mail' }, plain: o.email, email: true },
    {
      id: 'invoice',
      label: {
        ja: '適格請求書発行事業者登録番号',
        zh: '适格请求书发行事业者登记号码',
        en: 'Qualified invoice issuer registration number',
      },
      plain: o.invoiceNumber,
    },
    {
      id: 'price',
      label: { ja: '販売価格', zh: '销售价格', en: 'Prices' },
      text: {
        ja: `各ガイドのプロフィールおよび予約画面に表示します。価格は各ガイドが日本円または人民元（RMB・元）で設定し、ツアー1回あたりの総額（消費税等込み）をその通貨で表示します。もう一方の通貨による金額は参考表示で、その日の為替レートによる概算です。総額は、1時間あたりの料金に時間数を掛けた額です。この料金にはガイドが定める人数分が含まれ、それを超える方1人ごとに、1時間あたりの追加料金が加わります（3〜11歳のお子様はガイドが定める割合の額、3歳未満のお子様はガイドが別に定めない限り無料）。日単位のご予約は、1日ごとにガイドの1日料金（設定がない場合は1時間あたりの料金×1日の時間数）に、追加の方の料金×1日の時間数を加えた額です。ガイドがメッセージで送るプライベートツアーの提案（オファー）は、その提案額が総額です。延長料金は、ツアー総額を時間数で割った額（1円または1元未満四捨五入）に延長時間を掛けた額です。オンラインでお支払いいただく予約金は、クレジットカードの場合は表示された通貨で、Alipay・WeChat Payの場合は人民元で請求します。換算には予約時に確定した為替レートを用い、そのレートと基準日をお支払い前に表示します。残額は、ガイドが設定した通貨で、ツアー当日に現地でガイドへお支払いください（複数日のツアーは、各日に均等に分けてお支払いいただきます）。当社の手数料（総額の${commission}）は総額に含まれ、別途請求しません。`,
        zh: `以各地陪资料页和预订页面显示的金额为准。价格由各地陪以日元或人民币（元）设定，以该币种显示每次行程的总价（含消费税等税费）；另一币种的金额仅供参考，按当日汇率估算。总价 = 每小时价格 × 小时数，该价格已包含地陪设定的人数；超出的每位旅客另按每小时附加价格计费（3–11 岁儿童按地陪设定的比例计费；3 岁以下婴儿除地陪另有规定外免费）。按天预订时，每天的价格 = 地陪的日价（未设日价时为每小时价格 × 每天小时数）+ 超出人数的附加价格 × 每天小时数。地陪在消息中发送的私人行程报价，以报价金额为总价。延时费 =（行程总价 ÷ 小时数，四舍五入至日元或元）× 延时小时数。在线支付的订金：信用卡按您看到的币种收取，支付宝和微信支付以人民币收取；换算使用预订时确定的汇率，汇率及其日期会在付款前显示。余款按地陪设定的币种，于行程当天在现场支付给地陪（多日行程按天平均分摊，每天支付一份）。平台佣金（总价的 ${commission}）已包含在总价中，不另行收取。`,
        en: `As shown on each guide's profile and when you book. Each guide sets prices in Japanese yen or in renminbi (RMB), and the total for the tour, taxes included, is shown in that currency; an amount in the other currency is an estimate at the day's rate, for reference. The total is the hourly rate times the hours, for as many travelers as the guide's price includes; each further traveler adds the guide's rate per person per hour (for a child aged 3–11, the share of it the guide sets; infants under 3 are free unless the guide says otherwise). Booked by the day, each day costs the guide's day rate (or the hourly rate times the day's hours) plus the further travelers' rate times the day's hours. For a private-tour offer a guide sends in a message, the offer's price is the total. An extension costs the tour's total divided by its hours (rounded to the whole yen or RMB) times the extra hours. The deposit paid online is charged by card in the currency you see, and by Alipay or WeChat Pay in RMB, converted at the rate fixed when you book, which is shown with its date before you pay. The rest is paid to the guide in person, in the guide's currency, on the day of the tour; for a tour of several days, an equal share on each day. Our commission (${commission} of the total) is included and never charged on top.`,
      },
    },
    {
      id: 'other-charges',
      label: { ja: '商品代金以外の必要料金', zh: '商品价格以外的必要费用', en: 'Charges besides the price' },
      text: {
        ja: 'ガイドの食事代・入場料、およびガイドの交通実費（運賃・燃料代・高速料金・駐車料金）は、実費を現地でお支払いください（オファーに記載の額は見込み額です）。鉄道・バス・航空券や宿泊は、お客様ご自身でご手配ください。インターネット接続の通信料はお客様のご負担となります。',
        zh: '地陪的餐费、门票，以及地陪的交通实际费用（车费、燃油费、过路费、停车费）按实际金额在现场支付（报价中列出的金额为预估）。火车票、巴士票、机票及住宿请自行购买。上网产生的通信费用由您自行承担。',
        en: "Your guide's meals and admission tickets, and the guide's transport costs (fares, fuel, tolls, parking), are paid on site at cost (an offer lists an estimate). Train, bus and air tickets and hotels you buy yourself. The cost of your internet connection is yours.",
      },
    },
    {
      id: 'payment-methods',
      label: { ja: '支払方法', zh: '支付方式', en: 'Payment methods' },
      text: {
        ja: 'オンライン決済：クレジットカード・デビットカード、Alipay（支付宝）、WeChat Pay（微信支付）。残額：ツアー当日（複数日のツアーは各日）にガイドへ直接お支払いください（お支払いの証明をアップロードし、ガイドが確認します）。',
        zh: '在线支付：银行卡（信用卡、借记卡）、支付宝、微信支付。余款：行程当天（多日行程为每一天）直接支付给地陪（上传付款凭证，由地陪确认）。',
        en: 'Online: card, Alipay or WeChat Pay. The rest: paid to your guide in person on the day of the tour, a share each day for several days (you upload a proof of payment and the guide confirms it).',
      },
    },
    {
      id: 'payment-timing',
      label: { ja: '支払時期', zh: '支付时间', en: 'When you pay' },
      text: {
        ja: `手付金（総額の${deposit}）：予約の際、お支払いボタンを押した時にオンラインでお支払いいただきます。${hold}分以内にお支払いが完了しない予約は取り消されます。残額（総額の${rest}）：ツアー当日にガイドへお支払いください（複数日のツアーは各日に均等に分けて）。延長料金：延長を申し込む際に、オンラインで全額をお支払いいただきます。予約後に人数や日数を増やす変更：増えた分の手付金を、変更を申し込む際にオンラインでお支払いいただきます。減らす変更では、下記のキャンセル時の区分に従って手付金の一部を返金します。カードの引落し日は、各カード会社の規約によります。`,
        zh: `定金（总价的 ${deposit}）：预订时点击支付即在线支付；${hold} 分钟内未完成支付的预订将被取消。余款（总价的 ${rest}）：行程当天支付给地陪（多日行程按天平均分摊）。延时费：申请延时时在线全额支付。预订后增加人数或天数：申请更改时在线支付增加部分的定金；减少人数或天数时，按下方取消规定的档位退还部分定金。银行卡的扣款日期以发卡机构的规定为准。`,
        en: `The deposit (${deposit} of the total): online, when you press Pay while booking; a booking not paid within ${hold} minutes is released. The rest (${rest}): to your guide on the day of the tour, in equal shares each day for several days. An extension: in full, online, when you ask for it. A change after booking that adds travelers or days: the extra deposit, online, when you ask for it; one that takes some away refunds part of the deposit under the cancellation tiers below. When a card is debited follows your card issuer's terms.`,
      },
    },
    {
      id: 'service-timing',
      label: { ja: '役務の提供時期', zh: '服务提供时间', en: 'When the service is provided' },
      text: {
        ja: `予約時にお選びいただいた日時（オファーからのご予約はオファーに記載の日時）に提供します。ご予約は、手付金のお支払い後、ガイドが承諾した時点で確定します（オファーからのご予約はお支払いの時点で確定）。ガイドが${answer}時間以内に承諾しない場合や辞退した場合、ご予約は取り消され、手付金を全額返金します。`,
        zh: `在预订时所选的日期和时间提供（通过报价预订的，以报价中的日期和时间为准）。支付定金后，地陪接受即预订成功（通过报价预订的，支付后即成功）。如地陪在 ${answer} 小时内未接受或拒绝，预订将被取消，定金全额退还。`,
        en: `On the date and at the time you chose when booking (for an offer, those in the offer). A booking is confirmed when the guide accepts it after you paid the deposit (a booking from an offer, as soon as you pay). If the guide does not accept within ${answer} hours or declines, the booking is cancelled and the deposit refunded in full.`,
      },
    },
    {
      id: 'cancellation',
      label: { ja: 'キャンセル・返金', zh: '取消与退款', en: 'Cancellation and refunds' },
      cancellation: true,
      text: {
        ja: `お客様によるキャンセルの場合、ツアー開始までの時間に応じて、手付金の次の割合を返金します。残額はツアー当日のお支払いのため、キャンセル時に請求することはありません。ツアーの地域に気象庁の警報が発表されている間のキャンセルは、オンラインでお支払いいただいた全額を返金します。日時を変更したご予約には、変更前と変更後のうち厳しい方の区分を適用します。返金は、カードで${card.min}–${card.max}営業日、Alipay・WeChat Payで${wallet.min}–${wallet.max}営業日で着金します。役務の性質上、提供後の返品・交換はできません。提供内容に問題があった場合は、ツアー終了後7日以内にお申し出ください。`,
        zh: `由您取消时，按距行程开始的时间退还定金的以下比例。余款在行程当天支付，取消时不会收取。行程所在地区处于日本气象厅警报期间取消的，在线支付的全部款项均予退还。改期后的预订，按改期前后两者中较严格的档位计算。退款到账时间：银行卡 ${card.min}–${card.max} 个工作日，支付宝、微信支付 ${wallet.min}–${wallet.max} 个工作日。鉴于服务的性质，服务提供后不可退换。如对所提供的服务有异议，请在行程结束后 7 天内提出。`,
        en: `If you cancel, this share of your deposit comes back, by how long before the start you cancel. The rest is paid on the day, so a cancellation never charges it. If you cancel while a Japan Meteorological Agency warning is in force for the tour's area, everything paid online is refunded. After a change of date, the stricter of the old and the new tier applies. Refunds arrive in ${card.min}–${card.max} business days on cards and ${wallet.min}–${wallet.max} on Alipay or WeChat Pay. A service once provided cannot be returned; if something was wrong with it, tell us within 7 days after the tour.`,
      },
    },
    {
      id: 'environment',
      label: { ja: '動作環境', zh: '运行环境', en: 'Supported environment' },
      text: {
        ja: '最新版の Chrome、Safari、Edge、Firefox（JavaScript を有効にしてください）。パソコンおよびスマートフォン（画面幅375ピクセル以上）でご利用いただけます。',
        zh: '最新版的 Chrome、Safari、Edge、Firefox（请启用 JavaScript）。支持电脑和手机（屏幕宽度 375 像素及以上）。',
        en: 'A current version of Chrome, Safari, Edge or Firefox, with JavaScript on. Computers and phones (375 pixels wide and up).',
      },
    },
  ];
}

/** Said above the particulars when they are the development stand-ins (decision 120). */
export const FICTITIOUS: Tri = {
  ja: '開発用の環境のため、以下の事業者情報は架空のものです。実在の事業者ではありません。',
  zh: '以下经营者信息为虚构：这是开发环境，并非真实商家。',
  en: 'These particulars are fictitious: this is a development build, not a real business.',
};

export const BINDING: Tri = {
  ja: '本表記は日本語を正文とします。中国語・英語は参考訳です。',
  zh: '本标示以日文为准，中文和英文仅供参考。',
  en: 'The Japanese text is binding; the Chinese and English are translations for your convenience.',
};
