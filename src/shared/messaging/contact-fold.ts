/**
 * The text the contact detector looks at (decision 205): one pass over the code points folds what
 * people write to hide a contact detail into the plain form the detector's patterns know, and keeps,
 * for every folded character, where it came from in the text as written — so what is found is masked,
 * withheld or named in the original.
 *
 * The pass: invisible code points dropped (zero-width spaces, variation selectors, the keycap and
 * enclosing-circle marks), dingbat and negative circled digits as digits, NFKC (full-width forms,
 * circled and parenthesised digits, mathematical letters), a non-CJK character's UTS #39 look-alike
 * when it is ASCII (the titles' `asciiLookalike`: Cyrillic о as o), lower case. Then two rewrites, each
 * skipped when it finds nothing: runs of numerals written as words or characters (en, zh, ja) become
 * digits, and runs of single letters or digits with separators between them (`h t t p s`, `w_a_n_g`)
 * are closed up.
 */
import { asciiLookalike } from '../title-skeleton';

export interface Folded {
  text: string;
  /** Where folded character i starts in the original text. */
  from: number[];
  /** Where folded character i ends in the original text (exclusive). */
  to: number[];
}

/** Code points nobody sees, and the marks that only decorate the character before them (keycap ⃣, ⃝). */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cf}\u20dd-\u20e4]$/u;
/** Chinese, Japanese and Korean text keeps its characters: their look-alikes (〇 as O) are not what was meant. */
const isCjk = (cp: number) => (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7af) || cp === 0x25cb;

/** Digits NFKC leaves as they are: dingbat circled (➀ ➊), negative circled (❶ ⓫) and double circled (⓵) ones. */
function dingbatDigit(cp: number): string | undefined {
  if (cp >= 0x2776 && cp <= 0x2793) return String((cp - 0x2776) % 10 === 9 ? 10 : ((cp - 0x2776) % 10) + 1);
  if (cp >= 0x24eb && cp <= 0x24f4) return String(cp - 0x24eb + 11);
  if (cp >= 0x24f5 && cp <= 0x24fe) return String(cp - 0x24f5 + 1);
  if (cp === 0x24ff || cp === 0x1f10c) return '0';
  return undefined;
}

/** One code point as the detector reads it, remembered (bounded by the characters ever seen). */
const folds = new Map<string, string>();
function foldChar(ch: string): string {
  let out = folds.get(ch);
  if (out !== undefined) return out;
  const cp = ch.codePointAt(0)!;
  if (INVISIBLE.test(ch)) out = '';
  else out = dingbatDigit(cp) ?? foldNormal(ch, cp);
  folds.set(ch, out);
  return out;
}

function foldNormal(ch: string, cp: number): string {
  if (isCjk(cp)) return ch.normalize('NFKC');
  let out = '';
  for (const c of ch.normalize('NFKC')) out += c.charCodeAt(0) < 0x80 ? c : asciiLookalike(c);
  return out.toLowerCase();
}

/** Folds a text character by character, keeping each folded character's origin. */
function foldChars(text: string): Folded {
  const from: number[] = [];
  const to: number[] = [];
  let out = '';
  let i = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    // ASCII is the common case: only upper-case letters change.
    const f = code < 0x80 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch) : foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    out += f;
    i += ch.length;
  }
  return { text: out, from, to };
}

/** Rewrites each match of `re` (global) by `by`; every character it changes maps to the whole match's origin. */
export function rewrite(f: Folded, re: RegExp, by: (match: string) => string): Folded {
  re.lastIndex = 0;
  if (!re.test(f.text)) return f;
  // matchAll starts where test left the expression.
  re.lastIndex = 0;
  return rewriteSpans(
    f,
    [...f.text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, put: by(m[0]) })),
  );
}

/** Puts `put` in place of each span (in order, not overlapping); a span left as it was keeps its origins. */
function rewriteSpans(f: Folded, spans: readonly { start: number; end: number; put: string }[]): Folded {
  const changed = spans.filter((s) => s.put !== f.text.slice(s.start, s.end));
  if (changed.length === 0) return f;
  const from: number[] = [];
  const to: number[] = [];
  let out = '';
  let at = 0;
  for (const { start, end, put } of changed) {
    out += f.text.slice(at, start) + put;
    from.push(...f.from.slice(at, start));
    to.push(...f.to.slice(at, start));
    for (let k = 0; k < put.length; k++) {
      from.push(f.from[start]!);
      to.push(f.to[end - 1]!);
    }
    at = end;
  }
  out += f.text.slice(at);
  from.push(...f.from.slice(at));
  to.push(...f.to.slice(at));
  return { text: out, from, to };
}

/** Numerals as people write a number to get it past a filter: English words, Chinese and Japanese characters, kana. */
const NUMERALS: Record<string, string> = {};
for (const [digit, words] of [
  ['0', 'zero 〇 零 ○ ◯ 洞 ぜろ ゼロ れい レイ まる マル ling'],
  ['1', 'one 一 壹 幺 么 いち イチ yi yao'],
  ['2', 'two 二 贰 貳 两 兩 にい ニイ に ニ er liang'],
  ['3', 'three 三 叁 參 さん サン san'],
  ['4', 'four 四 肆 よん ヨン し シ si'],
  ['5', 'five 五 伍 ご ゴ wu'],
  ['6', 'six 六 陆 陸 ろく ロク liu'],
  ['7', 'seven 七 柒 なな ナナ しち シチ qi'],
  ['8', 'eight 八 捌 はち ハチ ba'],
  ['9', 'nine 九 玖 きゅう キュウ きゅー キュー く ク jiu'],
] as const)
  for (const w of words.split(' ')) NUMERALS[w] = digit;
const byLength = Object.keys(NUMERALS).sort((a, b) => b.length - a.length);
/** Every numeral anywhere (a Latin one checked against its neighbours below); にい (2) is not the start of にいち. */
const NUMERAL_TOKEN = new RegExp(
  `${byLength.map((w) => (w.endsWith('い') || w.endsWith('イ') ? `${w}(?![ちチ])` : w)).join('|')}|\\d`,
  'gu',
);
/** Between the numerals of one number: spaces, dashes (ー too), dots, commas, slashes, の, symbols, emoji. */
const NUM_SEP = /^[\s_\-.,、·・/|*~+()[\]ーの\p{So}\p{Sk}\p{Sm}\p{Pd}]{0,3}$/u;
const LATIN = /^[a-z]+$/;
const LETTER = /[a-z]/;

interface Token {
  start: number;
  end: number;
  word: string;
}

/**
 * The numerals of a text, a Latin word kept only when it stands alone or beside another numeral ("zeroseven"
 * once a zero-width space is dropped), never inside a word (phone, weight).
 */
function numeralTokens(text: string): Token[] {
  const raw = [...text.matchAll(NUMERAL_TOKEN)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0],
  }));
  return raw.filter((t, i) => {
    if (!LATIN.test(t.word)) return true;
    const before = t.start === 0 || !LETTER.test(text[t.start - 1]!) || raw[i - 1]?.end === t.start;
    const after = t.end === text.length || !LETTER.test(text[t.end]!) || raw[i + 1]?.start === t.end;
    return before && after;
  });
}

/**
 * Runs of at least five numerals, separators allowed between (so "one or two people" and 一二月 stay words), as
 * digits. Kana and words are digits only where three or more stand in the run: に after a number is a particle
 * ("1234567 に"), and "two" among digits is a word; Chinese characters for digits always are.
 */
function numeralRuns(text: string): { start: number; end: number; put: string }[] {
  const tokens = numeralTokens(text);
  const out: { start: number; end: number; put: string }[] = [];
  let first = 0;
  for (let i = 1; i <= tokens.length; i++) {
    const joined = i < tokens.length && NUM_SEP.test(text.slice(tokens[i - 1]!.end, tokens[i]!.start));
    if (joined) continue;
    const run = tokens.slice(first, i);
    first = i;
    if (run.length < 5) continue;
    const words = run.filter((t) => !/^\d$/.test(t.word)).length;
    if (words === 0) continue;
    const start = run[0]!.start;
    let put = '';
    let at = start;
    for (const t of run) {
      const digit = words >= 3 || IDEOGRAPH.test(t.word) ? (NUMERALS[t.word] ?? t.word) : t.word;
      put += text.slice(at, t.start) + digit;
      at = t.end;
    }
    out.push({ start, end: at, put });
  }
  return out;
}

/**
 * Single letters or digits, at least three, each apart from the next by a separator: `h t t p s`, `w_a_n_g`,
 * `1 3 8`. A separator holding a dot stays a dot (`e x a m p l e . c o m` is example.com).
 */
const SPACED_SINGLES = /(?<![a-z0-9])[a-z0-9](?:(?:[\s_.·・*|~]|\p{So}|\p{Sk}|\p{Sm}){1,3}[a-z0-9](?![a-z0-9])){2,}/gu;
const SINGLE_SEP = /[^a-z0-9]+/g;
const closeUp = (run: string) => run.replace(SINGLE_SEP, (sep) => (sep.includes('.') ? '.' : ''));

/** Chinese characters for digits (and ○): a number's digit wherever it stands in a run. */
const IDEOGRAPH = /^[\p{Script=Han}○◯]$/u;

/** The text folded for the detector, with each character's origin. */
export function foldForContacts(text: string): Folded {
  let f = foldChars(text);
  f = rewriteSpans(f, numeralRuns(f.text));
  return rewrite(f, SPACED_SINGLES, closeUp);
}
