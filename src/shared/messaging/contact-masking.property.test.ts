import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findContacts, maskContacts } from './contact-masking';

/**
 * Disguises built at random (decision 205): real-shaped phone numbers, messenger ids and e-mail addresses,
 * their digits written in one of the ways people use, separators between them, letters in any case, set
 * in a sentence. Each must be found, and what is left once masked must not hold the detail.
 */

const DIGIT_STYLES: Record<string, readonly string[]> = {
  ascii: '0123456789'.split(''),
  fullWidth: '０１２３４５６７８９'.split(''),
  circled: '⓪①②③④⑤⑥⑦⑧⑨'.split(''),
  negativeCircled: ['⓿', '❶', '❷', '❸', '❹', '❺', '❻', '❼', '❽', '❾'],
  keycap: '0123456789'.split('').map((d) => `${d}\ufe0f\u20e3`),
  english: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
  englishUpper: ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'],
  chinese: '〇一二三四五六七八九'.split(''),
  chineseFinancial: '零壹贰叁肆伍陆柒捌玖'.split(''),
  hiragana: ['ぜろ', 'いち', 'に', 'さん', 'よん', 'ご', 'ろく', 'なな', 'はち', 'きゅう'],
  katakana: ['ゼロ', 'イチ', 'ニ', 'サン', 'ヨン', 'ゴ', 'ロク', 'ナナ', 'ハチ', 'キュウ'],
};
/** Styles that need a separator between two numerals so they read as words. */
const WORDY = new Set(['english', 'englishUpper']);
const SEPARATORS = ['', ' ', '-', '_', '.', '·', '/', '🌸', '→', '  ', ' - ', '\u200b'];

const phoneDigits = fc.oneof(
  // China mobile: 1[3-9] and nine digits
  fc
    .tuple(fc.integer({ min: 3, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }))
    .map(([second, rest]) => [1, second, ...rest]),
  // Japan mobile: 070/080/090 and eight digits
  fc
    .tuple(fc.constantFrom(7, 8, 9), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
    .map(([second, rest]) => [0, second, 0, ...rest]),
  // Japan landline: 0, an area digit, eight more
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
    .map(([area, rest]) => [0, area, ...rest]),
);

const disguisedPhone = fc
  .record({
    digits: phoneDigits,
    style: fc.constantFrom(...Object.keys(DIGIT_STYLES)),
    sep: fc.constantFrom(...SEPARATORS),
    grouped: fc.boolean(),
  })
  .map(({ digits, style, sep, grouped }) => {
    const glyphs = DIGIT_STYLES[style]!;
    const between = WORDY.has(style) && sep.trim() === '' && sep !== ' ' && sep !== '  ' ? ' ' : sep;
    const groups = grouped ? [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)] : digits.map((d) => [d]);
    const inner = WORDY.has(style) ? ' ' : '';
    return groups.map((g) => g.map((d) => glyphs[d]).join(grouped ? inner : '')).join(between);
  });

const MESSENGERS = [
  '微信',
  'WeChat',
  'wechat',
  'WECHAT',
  'vx',
  'VX',
  'wx',
  '威信',
  '薇信',
  'V信',
  'wei xin',
  'weixin',
  'v❤',
  '🛰',
  '加v',
  'LINE',
  'ライン',
  'line id',
  'Telegram',
  'TG',
  'WhatsApp',
  'Kakao',
  '小红书',
  'Instagram',
];
const CONNECTORS = [': ', '：', ' → ', ' 👉 ', ' id: ', '号：', ' is ', ' ID ', '=', ' ➡️ ', ' - '];
const randomCase = (s: string, flips: boolean[]) =>
  [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');
const toFullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

const messengerId = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z]{2,8}$/),
    fc.stringMatching(/^[0-9_]{0,4}$/),
    fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  )
  .filter(([letters, tail]) => tail.length > 0 || letters.length >= 5)
  .map(([letters, tail, flips]) => randomCase(letters + tail, flips));

const disguisedId = fc
  .record({
    name: fc.constantFrom(...MESSENGERS),
    conn: fc.constantFrom(...CONNECTORS),
    id: messengerId,
    wide: fc.boolean(),
  })
  .map(({ name, conn, id, wide }) => ({
    text: `${name}${conn}${wide ? toFullWidth(id) : id}`,
    secret: wide ? toFullWidth(id) : id,
  }));

const AT_FORMS = ['@', '＠', ' at ', ' AT ', '(at)', '[at]', ' [at] ', '（at）', '艾特'];
const DOT_FORMS = ['.', ' dot ', '(dot)', '[.]', ' [dot] ', '点', '。', '(.)'];
const disguisedEmail = fc
  .record({
    local: fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/),
    at: fc.constantFrom(...AT_FORMS),
    host: fc.constantFrom('gmail', 'qq', '163', 'yahoo', 'example', 'tabi-fan'),
    dot: fc.constantFrom(...DOT_FORMS),
    tld: fc.constantFrom('com', 'jp', 'cn', 'net'),
  })
  .map(({ local, at, host, dot, tld }) => ({ text: `${local}${at}${host}${dot}${tld}`, secret: local }));

const PREFIXES = ['', '电话 ', '加我 ', '連絡先は ', 'call me: ', '有事找我，', 'please ', '（', '→ '];
const SUFFIXES = ['', ' 谢谢', ' までどうぞ', ' thanks!', '，随时', '。', ' ok?', '）'];

const inSentence = <T extends { text: string; secret: string }>(arb: fc.Arbitrary<T>) =>
  fc.tuple(fc.constantFrom(...PREFIXES), arb, fc.constantFrom(...SUFFIXES)).map(([p, d, s]) => ({
    text: `${p}${d.text}${s}`,
    secret: d.secret,
  }));

describe('contact disguises built at random (decision 205)', () => {
  it('finds a phone number however its digits are written and broken', () => {
    fc.assert(
      fc.property(inSentence(disguisedPhone.map((text) => ({ text, secret: text }))), ({ text }) => {
        const out = maskContacts(text);
        expect(out.masked).toBe(true);
        expect(findContacts(out.text)).toEqual([]);
      }),
      { numRuns: 600 },
    );
  });
  it('finds a messenger id after any of its names, in any case or width', () => {
    fc.assert(
      fc.property(inSentence(disguisedId), ({ text, secret }) => {
        expect(maskContacts(text).text).not.toContain(secret);
      }),
      { numRuns: 600 },
    );
  });
  it('finds an e-mail address with at and dot in any form', () => {
    fc.assert(
      fc.property(inSentence(disguisedEmail), ({ text, secret }) => {
        expect(maskContacts(text).text).not.toContain(secret);
      }),
      { numRuns: 400 },
    );
  });
  it('leaves prices, dates, times, booking numbers, postal codes, exits and group sizes alone', () => {
    const n = (min: number, max: number) => fc.integer({ min, max });
    const pad = (v: number, w: number) => String(v).padStart(w, '0');
    const ordinary = fc.oneof(
      n(100, 99_999).map((v) => `¥${v.toLocaleString('en')}`),
      n(100, 9_999).map((v) => `${v}元`),
      fc.tuple(n(2025, 2030), n(1, 12), n(1, 28)).map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`),
      fc.tuple(n(1, 12), n(1, 28)).map(([m, d]) => `${m}月${d}日`),
      fc.tuple(n(0, 23), n(0, 59)).map(([h, m]) => `${pad(h, 2)}:${pad(m, 2)}`),
      n(1, 9999).map((v) => `TG${pad(v, 4)}`),
      fc.tuple(n(0, 999), n(0, 9999)).map(([a, b]) => `〒${pad(a, 3)}-${pad(b, 4)}`),
      n(1, 20).map((v) => `${v} 番出口`),
      n(1, 300).map((v) => `bus ${v}`),
      n(1, 12).map((v) => `${v} hours`),
      n(1, 30).map((v) => `${v} people`),
    );
    fc.assert(
      fc.property(
        fc.array(ordinary, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(', ', '，', ' and ', '、'),
        (parts, sep) => {
          expect(findContacts(parts.join(sep))).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
