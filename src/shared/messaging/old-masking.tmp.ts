/**
 * Contact masking (decision 050): until a booking between the two is confirmed, phone
 * numbers, e-mail addresses, messenger ids (WeChat, LINE, QQ, …), links and payment account numbers
 * in chat messages are replaced by MASK, so deals stay on the platform (as ToursByLocals and
 * Withlocals do). The client shows a short notice why. Full-width digits and symbols (common in
 * Chinese and Japanese input methods) are recognised too. The one detector (findContacts) also
 * refuses them in public texts and keeps them from the translation provider (decision 181).
 */
export const MASK = '•••';

export type ContactKind = 'phone' | 'email' | 'wechat' | 'line' | 'qq' | 'messenger' | 'url' | 'account';

/** Where a contact detail is in a text (UTF-16 offsets of the text as given) and what it is. */
export interface ContactSpan {
  start: number;
  end: number;
  kind: ContactKind;
}

export interface MaskResult {
  text: string;
  masked: boolean;
  kinds: ContactKind[];
}

/** Full-width forms → ASCII, one UTF-16 unit for one, so positions in the result match the original. */
function normalize(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\u3000]/g, ' ');
}

const SEP = String.raw`[\s\-.()\u2010-\u2015\u30FC]?`;

const PATTERNS: { kind: ContactKind; re: RegExp; group?: number }[] = [
  { kind: 'email', re: /[A-Za-z0-9._%+-]+\s?@\s?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  // WeChat: a keyword, then the id (6–20 characters, starting with a letter, or a phone number).
  {
    kind: 'wechat',
    re: /(?:wechat|weixin|we\s?chat|vx|wx|v信|威信|薇信|微信|vx号|微信号)\s*(?:id|号|號)?\s*(?:is|是|为|:|：|-)?\s*([A-Za-z][-_A-Za-z0-9]{5,19})/gi,
    group: 1,
  },
  // LINE: a keyword, then the id (4–20 letters, digits, dots, dashes, underscores; may start with @).
  {
    kind: 'line',
    re: /(?:\bline|ライン|らいん)\s*(?:id|号|號|アカウント)?\s*(?:is|是|为|は|:|：|-)?\s*(@?[A-Za-z0-9][-._A-Za-z0-9]{3,19})/gi,
    group: 1,
  },
  // QQ: a keyword, then the number (5–12 digits).
  { kind: 'qq', re: /(?:\bqq|扣扣|企鹅)\s*(?:id|号|號|号码)?\s*(?:is|是|为|:|：|-)?\s*(\d{5,12})(?!\d)/gi, group: 1 },
  // Other messengers by their keyword: Telegram, WhatsApp, KakaoTalk, Instagram.
  {
    kind: 'messenger',
    re: /(?:telegram|\btg|whatsapp|kakao(?:talk)?|カカオ|instagram|\binsta|\big)\s*(?:id|号|アカウント)?\s*(?:is|是|为|は|:|：|-)?\s*(@?[A-Za-z0-9][-._A-Za-z0-9]{3,29})/gi,
    group: 1,
  },
  // Links: a scheme or www., or a bare domain of a common ending with or without a path.
  { kind: 'url', re: /(?:https?:\/\/|www\.)[^\s<>"'，。、（）()【】「」]+/gi },
  {
    kind: 'url',
    re: /(?<![@.\w])[A-Za-z0-9][-A-Za-z0-9]*(?:\.[-A-Za-z0-9]+)*\.(?:com|net|org|jp|cn|io|me|co|info|app|link|ly|page|site|biz)\b(?:\/[^\s<>"'，。、（）()【】「」]*)?/gi,
  },
  // Payment accounts: a keyword then the number (a card's run of 16–19 digits is below, after the phones).
  {
    kind: 'account',
    re: /(?:口座番号|口座|账号|帳號|账户|帐号|卡号|银行卡|支付宝|alipay|paypal|account\s*(?:no\.?|number|#)|acct|iban)\s*(?:is|是|为|は|:|：|-|#)?\s*([A-Za-z]{0,4}\d[\d\s-]{4,32}\d)(?!\d)/gi,
    group: 1,
  },
  // China mobile: optional +86 / 0086, then 1[3-9]x xxxx xxxx with optional separators.
  { kind: 'phone', re: new RegExp(String.raw`(?:(?:\+|00)86${SEP})?(?<!\d)1[3-9]\d${SEP}\d{4}${SEP}\d{4}(?!\d)`, 'g') },
  // Japan: +81 or a leading 0 (mobile 070/080/090, landline 0X-XXXX-XXXX), with separators.
  { kind: 'phone', re: new RegExp(String.raw`(?:\+|00)81${SEP}\d{1,4}${SEP}\d{1,4}${SEP}\d{3,4}(?!\d)`, 'g') },
  { kind: 'phone', re: new RegExp(String.raw`(?<!\d)0\d{1,4}${SEP}\d{1,4}${SEP}\d{4}(?!\d)`, 'g') },
  // A card number: 16–19 digits, in groups or not.
  { kind: 'account', re: /(?<![\dA-Za-z])\d(?:[\s-]?\d){15,18}(?!\d)/g },
  // Any other long run of digits that looks like a phone number (10–15 digits, separators allowed).
  { kind: 'phone', re: /(?<![\dA-Za-z])\+?\d(?:[\s\-.]?\d){9,14}(?!\d)/g },
];

/** The contact details in a text, in order, none overlapping. */
export function findContacts(text: string): ContactSpan[] {
  const plain = normalize(text);
  const spans: ContactSpan[] = [];
  for (const { kind, re, group } of PATTERNS) {
    re.lastIndex = 0;
    for (const m of plain.matchAll(re)) {
      const whole = m.index ?? 0;
      let start = whole;
      let end = whole + m[0].length;
      if (group !== undefined && m[group]) {
        start = whole + m[0].lastIndexOf(m[group]);
        end = start + m[group].length;
      }
      if (spans.some((s) => start < s.end && end > s.start)) continue;
      // A bare WeChat/LINE keyword followed by an ordinary word ("line up") is only masked when the
      // id contains a digit, an underscore or a dash: real ids nearly always do.
      if ((kind === 'wechat' || kind === 'line' || kind === 'messenger') && !/[\d_\-.@]/.test(plain.slice(start, end)))
        continue;
      spans.push({ start, end, kind });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/** Finds contact details in a message and masks them. */
export function maskContacts(text: string): MaskResult {
  const spans = findContacts(text);
  if (spans.length === 0) return { text, masked: false, kinds: [] };
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + MASK;
    at = s.end;
  }
  out += text.slice(at);
  return { text: out, masked: true, kinds: [...new Set(spans.map((s) => s.kind))] };
}
