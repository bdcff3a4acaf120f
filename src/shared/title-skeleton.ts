/**
 * The skeleton a text is compared in when looking for protected titles (decision 099): two texts
 * that look alike, or that are the same words in Japanese, traditional and simplified characters,
 * have the same skeleton. Not for display: `m` becomes `rn`, カ becomes 力.
 *
 * Server-side only in practice (the data below is ~50 KB): the web app never imports this file or
 * `protected-titles.ts`, so nothing of it lands in a web chunk.
 */
import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import fromHk from 'opencc-js/from/hk';
import fromJp from 'opencc-js/from/jp';
import fromTw from 'opencc-js/from/tw';
import toCn from 'opencc-js/to/cn';
import unhomoglyph from 'unhomoglyph';

/**
 * Code points nobody sees: Unicode's default-ignorables (zero-width characters, soft hyphen, word
 * joiner, variation selectors, bidi marks and embeddings, Hangul fillers, tag characters) and every
 * other format character.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** Diacritics of Latin, Greek and Cyrillic (after NFD): Lïcensed is still "licensed". Kana voicing marks stay. */
const LATIN_MARKS = /[\u0300-\u036f]/g;
/**
 * What can sit inside a title without breaking it: spaces, dashes, connectors, dots, slashes, quotes
 * and symbols (Licensed★Guide). Commas, the ideographic comma and full stop, colons, brackets and
 * question marks end a phrase and stay, so "通訳、案内、写真" is not the title 通訳案内.
 */
const SEPARATORS = /[\s\p{Z}\p{Cc}\p{Pd}\p{Pc}\p{S}.·・･‧∙•*/\\|'"`]+/gu;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/gu;
const ANY = /[^]/gu;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]+$/;
/** Hiragana → katakana (same order in both blocks): つうやく and ツウヤク are one word. */
const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;

let toSimplified: ConverterFunction | undefined;
/**
 * Japanese shinjitai and Hong Kong / Taiwan variants to traditional, then traditional to simplified
 * (OpenCC's own dictionaries): 通訳, 通譯 and 通译 are one word. Built on first use (~35 ms).
 */
function simplified(text: string): string {
  toSimplified ??= ConverterFactory(fromJp, fromTw, fromHk, toCn);
  return toSimplified(text);
}

/**
 * A non-ASCII character's confusable in lower case. UTS #39 maps by case (Cyrillic і to i, but
 * Cyrillic І to l, like Latin I), so the lower-case form is mapped first; a capital whose small
 * letter has no mapping (Greek Ϲ) is mapped as it is.
 */
function confusableLower(ch: string): string {
  const lower = ch.toLowerCase();
  const mapped = confusable(lower);
  return mapped !== lower ? mapped : confusable(ch);
}

/**
 * A non-ASCII character's ASCII look-alike in lower case by UTS #39 (Cyrillic а as a, ℓ as l), or the
 * character itself when its prototype is not ASCII. The contact detector folds by it too (decision 205).
 */
export function asciiLookalike(ch: string): string {
  const mapped = confusableLower(ch);
  return ASCII.test(mapped) ? mapped : ch;
}

/**
 * One code point's UTS #39 prototype (every key of the data is one code point), remembered: each
 * `unhomoglyph` call runs a regular expression of ~6,000 alternatives, 20 ms for a 3,000-character
 * Chinese bio without the cache. One entry per distinct character ever seen (bounded by Unicode).
 */
function confusable(ch: string): string {
  let mapped = mappedChars.get(ch);
  if (mapped === undefined) mappedChars.set(ch, (mapped = unhomoglyph(ch)));
  return mapped;
}
const mappedChars = new Map<string, string>();

/**
 * NFKC (full- and half-width forms, compatibility ideographs), invisible code points and separators
 * removed, hiragana as katakana, Chinese and Japanese variants as simplified Chinese, Latin
 * diacritics dropped, then UTS #39's confusable mapping (Cyrillic е as Latin e, ｲ as 亻) in lower
 * case on the NFD form. Separators are removed again after the mapping (an em dash maps to ー, a
 * letter, so they also go before it). The British "licence(d)" is written as "license(d)".
 */
export function titleSkeleton(text: string): string {
  // Latin look-alikes first: NFKC would turn some of them into other letters (Greek Ϲ into Σ).
  let s = text.replace(NON_ASCII, asciiLookalike);
  s = s.normalize('NFKC').replace(INVISIBLE, '').replace(SEPARATORS, '');
  s = s.replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  s = simplified(s).normalize('NFD').replace(LATIN_MARKS, '');
  s = s.replace(NON_ASCII, confusableLower).toLowerCase();
  s = s.replace(ANY, confusable).normalize('NFD').replace(INVISIBLE, '').replace(LATIN_MARKS, '').toLowerCase();
  return s.replace(SEPARATORS, '').replace(/licenc/g, 'licens');
}
