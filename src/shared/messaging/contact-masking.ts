/**
 * Contact masking (decision 050): until a booking between the two is confirmed, phone
 * numbers, e-mail addresses, messenger ids (WeChat, LINE, QQ, …), links and payment account numbers
 * in chat messages are replaced by MASK, so deals stay on the platform (as ToursByLocals and
 * Withlocals do). The client shows a short notice why. The one detector (findContacts) also
 * refuses them in public texts and keeps them from the translation provider (decision 181).
 *
 * It looks at the text folded (contact-fold.ts, decision 205): full-width and look-alike letters, numerals
 * as words, separators between single characters; `at`/`dot` in words or brackets are read here. Phone
 * numbers are matched by their exact lengths, so dates, prices, postal codes and booking numbers, whose
 * digits are fewer or broken by other characters, stay as they are.
 */
import { foldForContacts, rewrite, type Folded } from './contact-fold';

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

const src = String.raw;
/** Between the digits of one number: spaces, dashes, dots, slashes, brackets, symbols, arrows, emoji (no commas). */
const DSEP = src`[\s_\-.·・/|*~+()\[\]ーの\p{So}\p{Sk}\p{Sm}\p{Pd}]{0,3}`;
const ALONE_BEFORE = src`(?<!\d${DSEP})`;
const ALONE_AFTER = src`(?!${DSEP}\d)`;
/** A number of `n` digits (a range: `{9,11}`) after its first, separators allowed between any two. */
const digits = (n: string) => src`(?:${DSEP}\d)${n}`;

const OPEN = src`[(\[{<（【「]`;
const CLOSE = src`[)\]}>）】」]`;
const AT = src`(?:\s*@\s*|\s*${OPEN}\s*(?:at|@|艾特|阿特)\s*${CLOSE}\s*|\s+at\s+|\s*(?:艾特|阿特|圈a|アット)\s*)`;
const DOT = src`(?:\.|\s\.\s|\s*${OPEN}\s*(?:dot|\.|点|點|。)\s*${CLOSE}\s*|\s+dot\s+|\s*(?:点|點|ドット)\s*|。)`;
const LOCAL = src`[a-z0-9][a-z0-9._%+-]*(?:(?:\s+dot\s+|\s*${OPEN}\s*(?:dot|\.)\s*${CLOSE}\s*)[a-z0-9][a-z0-9_%+-]*)*`;
const LABEL = src`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;
const TLD = src`(?:com|net|org|jp|cn|io|me|co|info|app|link|ly|page|site|biz|cc|tv|top|xyz|vip|hk|tw|kr|us|uk|ai)`;
const MAIL_HOSTS = src`(?:gmail|qq|163|126|yahoo|outlook|hotmail|icloud|foxmail|sina|sohu|yeah)`;
const URL_TAIL = src`[^\s<>"'，。、（）()【】「」]*`;

/** Between a messenger's name and the id: spaces, colons, arrows, emoji, "id", "is", 号, 是, は… */
const CONN = src`((?:[\s:=~>\-–—|]|\p{So}|\p{Sm}|号|號|码|碼|是|为|為|は|搜索?|加|id(?![a-z0-9])|is(?![a-z0-9])|アカウント){0,8})`;
const ID = src`(@?[a-z0-9][a-z0-9._-]{2,29})`;
const HEART = '[❤♥♡💗💕💖💓💞💘💝💜💚💙🧡💛🤍🖤]';

interface Messenger {
  kind: ContactKind;
  re: RegExp;
  /** The names alone: a text without any skips the expression. */
  names: RegExp;
  /** The name is also an ordinary word ("line", "tg"): an id of letters only counts after a colon, "id", an arrow. */
  ambiguous?: boolean;
  /** The messenger's ids start with a letter (Telegram), so "TG 0417" is a booking number. */
  letterFirst?: boolean;
}
const messenger = (
  kind: ContactKind,
  names: string,
  opts: Pick<Messenger, 'ambiguous' | 'letterFirst'> = {},
): Messenger => ({
  kind,
  re: new RegExp(src`(?:${names})${CONN}${ID}`, 'gu'),
  names: new RegExp(names, 'u'),
  ...opts,
});
const MESSENGERS: Messenger[] = [
  messenger(
    'wechat',
    src`(?<![a-z])(?:we\s?chat|wei\s?xin|vx|wx|v\s?x|vchat)(?![a-z])|[微威薇徽维唯v]\s?信|卫星|绿泡泡|🛰|v\s?${HEART}|(?:加|\+|➕)\s?v(?![a-z])|(?<![a-z0-9])v(?=\s?:)`,
  ),
  messenger('line', src`(?<![a-z])line\s?@|ライン|らいん`),
  messenger('line', src`(?<![a-z])line(?![a-z])`, { ambiguous: true }),
  messenger(
    'messenger',
    src`whats\s?app|kakao(?:\s?talk)?|カカオ(?:トーク)?|카카오톡?|小红[书薯]|小紅書|红书|rednote|抖音|douyin`,
  ),
  messenger('messenger', src`telegram|电报|纸飞机|(?<![a-z])tg(?![a-z0-9])`, { ambiguous: true, letterFirst: true }),
  messenger('messenger', src`(?<![a-z])(?:instagram|insta|ig|wa|xhs|fb|facebook)(?![a-z])`, { ambiguous: true }),
];

/** Words that follow a messenger's name in ordinary sentences ("WeChat Pay", "LINE is fine"). */
const WORDS = new Set(
  `the and or but not nor for with from this that these those there here then than too also only just very
  pay payment group groups call calls video voice app apps ok okay fine good great best better easier easiest
  works work working available accepted accept welcome please thanks thank you your yours me my mine him her his
  them they their our ours us we are was were will would can could should may might must have has had do does
  did done up down out off over again first last next long short fast quick slow busy free same other another
  is isnt dont cant wont here now later soon today tomorrow moments official account message messages chat
  store stores mini program programs wallet transfer scan qr code card cards cash yes no all any some more most
  one two both each every line lines train trains bus station stations stop stops number numbers id ids`.split(/\s+/),
);

interface Pattern {
  kind: ContactKind;
  re: RegExp;
  group?: number;
  /** What a text must hold for `re` to match, tested first because it is cheap. */
  needs: RegExp;
}
/** Seven digits, at most three characters apart: what every phone and card number holds. */
const SEVEN_DIGITS = /(?:\d\D{0,3}){6}\d/;
/** Patterns before LINKS run before the messengers' names. */
const LINKS = 6;
const PATTERNS: Pattern[] = [
  { kind: 'email', re: /[a-z0-9._%+-]+\s?@\s?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gu, needs: /@/ },
  {
    kind: 'email',
    re: new RegExp(src`${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}(?![a-z0-9])`, 'gu'),
    needs: /@|at|艾特|阿特|圈a|アット/,
  },
  {
    kind: 'email',
    re: new RegExp(
      src`[a-z0-9][a-z0-9._%+-]*(?:\s*@\s*|\s*${OPEN}\s*(?:at|@)\s*${CLOSE}\s*)${MAIL_HOSTS}(?![a-z0-9])`,
      'gu',
    ),
    needs: new RegExp(MAIL_HOSTS),
  },
  // Links: a scheme, spelled or disguised (hxxp), or www., or a domain of a common ending, its dots in any form.
  {
    kind: 'url',
    re: new RegExp(
      src`(?:h(?:tt|xx|\*\*)ps?|(?<![a-z])ttps?)\s*[:：]\s*/\s*/\s*(?:${LABEL}(?:${DOT}${LABEL})*)?${URL_TAIL}`,
      'gu',
    ),
    needs: /[:：]\s*\//,
  },
  {
    kind: 'url',
    re: new RegExp(src`(?<![a-z0-9])www${DOT}${LABEL}(?:${DOT}${LABEL})*${URL_TAIL}`, 'gu'),
    needs: /www/,
  },
  {
    kind: 'url',
    re: new RegExp(src`(?<![@.\w])${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}(?![a-z0-9])(?:/${URL_TAIL})?`, 'gu'),
    needs: new RegExp(src`${TLD}(?![a-z0-9])`),
  },
  {
    kind: 'qq',
    re: new RegExp(src`(?:(?<![a-z])q\s?q|扣扣|企鹅号?)${CONN}(\d${digits('{4,11}')})${ALONE_AFTER}`, 'gu'),
    group: 2,
    needs: /q\s?q|扣扣|企鹅/,
  },
  // Payment accounts: a keyword then the number (a card's run of 16–19 digits is below, after the phones).
  {
    kind: 'account',
    re: /(?:口座番号|口座|账号|帳號|账户|帐号|卡号|银行卡|支付宝|alipay|paypal|account\s*(?:no\.?|number|#)|acct|iban)\s*(?:is|是|为|は|:|-|#)?\s*([a-z]{0,4}\d[\d\s-]{4,32}\d)(?!\d)/gu,
    group: 1,
    needs: /口座|账|帳|帐|卡号|银行卡|支付宝|alipay|paypal|account|acct|iban/,
  },
  // China mobile (+86 / 0086 or not, 11 digits from 13x–19x); any number with its country code; a domestic
  // number of 10–12 digits from its leading 0 (Japan, Korea, Taiwan, a Chinese landline).
  {
    kind: 'phone',
    re: new RegExp(src`${ALONE_BEFORE}(?:(?:\+|00)\s?86${DSEP})?1${DSEP}[3-9]${digits('{9}')}${ALONE_AFTER}`, 'gu'),
    needs: SEVEN_DIGITS,
  },
  {
    kind: 'phone',
    re: new RegExp(src`${ALONE_BEFORE}(?:\+|00)\s?[1-9]${digits('{7,13}')}${ALONE_AFTER}`, 'gu'),
    needs: SEVEN_DIGITS,
  },
  { kind: 'phone', re: new RegExp(src`${ALONE_BEFORE}0${digits('{9,11}')}${ALONE_AFTER}`, 'gu'), needs: SEVEN_DIGITS },
  // A card number: 16–19 digits, in groups or not.
  { kind: 'account', re: /(?<![\da-z])\d(?:[\s-]?\d){15,18}(?!\d)/gu, needs: SEVEN_DIGITS },
  // Any other run of 10–15 digits written together.
  { kind: 'phone', re: /(?<![\da-z])\d{10,15}(?!\d)/gu, needs: /\d{10}/ },
];

/**
 * A booking number (TG0417) is not a Telegram id nor the start of a phone number: its digits are read as #. Only as
 * a word of its own: inside an id or an address (a0tg000@gmail.com, contact-masking.property.test.ts) it is not one.
 */
const BOOKING_NUMBER = /(?<![a-z\d._-])tg\d{3,8}(?![\da-z@_-]|\.[a-z\d])/gu;

function messengerSpans(f: Folded, add: (s: number, e: number, kind: ContactKind) => void): void {
  for (const m of MESSENGERS) {
    if (!m.names.test(f.text)) continue;
    for (const hit of f.text.matchAll(m.re)) {
      const conn = hit[1]!;
      const id = hit[2]!.replace(/[._-]+$/, '');
      const letters = /^@?[a-z]+$/.test(id);
      if (letters && WORDS.has(id.replace('@', ''))) continue;
      if (m.letterFirst && !/^@?[a-z]/.test(id)) continue;
      const strong = /\S/.test(conn);
      if (m.ambiguous && !strong && letters) continue;
      const start = hit.index + hit[0].length - hit[2]!.length;
      add(start, start + id.length, m.kind);
    }
  }
}

/** The contact details in a text, in order, none overlapping. */
export function findContacts(text: string): ContactSpan[] {
  const f = rewrite(foldForContacts(text), BOOKING_NUMBER, (n) => n.replace(/\d/g, '#'));
  const spans: ContactSpan[] = [];
  const add = (s: number, e: number, kind: ContactKind) => {
    if (e <= s) return;
    const start = f.from[s]!;
    // Through the invisible marks after it (a keycap's ⃣), which fold to nothing.
    const end = Math.max(f.to[e - 1]!, e < f.text.length ? f.from[e]! : text.length);
    if (spans.some((x) => start < x.end && end > x.start)) return;
    spans.push({ start, end, kind });
  };
  // Addresses and links first: a messenger's name before one ("LINE: https://…") must not take its first word.
  for (const p of PATTERNS.slice(0, LINKS)) matchPattern(f, p, add);
  messengerSpans(f, add);
  for (const p of PATTERNS.slice(LINKS)) matchPattern(f, p, add);
  return spans.sort((a, b) => a.start - b.start);
}

function matchPattern(f: Folded, p: Pattern, add: (s: number, e: number, k: ContactKind) => void) {
  const { kind, re, group } = p;
  if (p.needs.test(f.text)) {
    for (const m of f.text.matchAll(re)) {
      let start = m.index;
      let end = start + m[0].length;
      if (group !== undefined && m[group]) {
        start = m.index + m[0].lastIndexOf(m[group]);
        end = start + m[group].length;
      }
      add(start, end, kind);
    }
  }
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
