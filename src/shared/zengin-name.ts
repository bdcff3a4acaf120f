/**
 * Whether a bank account holder's name can be written in a Zengin transfer (decision 128), checked as the
 * guide types it. The server converts and stores the name with `toZenginKana` (modules/wallet/banks.ts),
 * which needs a converter too large for the browser; this is the same rule without it, and
 * `zengin-name.test.ts` in modules/wallet holds the two to the same answers.
 */
/** The Zengin data record's holder name field: 30 half-width characters. */
export const ZENGIN_NAME_MAX = 30;

/** Small kana and the large ones the Zengin format writes instead (it has no small kana). */
export const SMALL_TO_LARGE_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ッ: 'ツ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};
/** Full-width katakana that are two half-width characters (a kana and its ﾞ or ﾟ). */
const VOICED = new Set([...'ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポヴ']);
/** Katakana the half-width set has (ｱ–ﾝ); ヲ (ｦ), ヰ and ヱ are not allowed in a name. */
const KANA = /^[アイウエオカ-ヂツ-モヤユヨラ-ロワンヴ]$/;
const OTHER = /^[0-9A-Z ().\-/]$/;

/** The name's length once half-width, or null when a character is left that the format does not allow. */
export function zenginNameLength(input: string): number | null {
  const hiraganaToKatakana = (c: string) => (c >= 'ぁ' && c <= 'ゖ' ? String.fromCharCode(c.charCodeAt(0) + 0x60) : c);
  const text = input.normalize('NFKC').replace(/\s+/g, ' ').trim().toUpperCase();
  if (!text) return null;
  let length = 0;
  for (const raw of text) {
    const c = hiraganaToKatakana(raw);
    const k = SMALL_TO_LARGE_KANA[c] ?? (c === 'ー' || c === '−' ? '-' : c);
    if (OTHER.test(k)) length += 1;
    else if (KANA.test(k)) length += VOICED.has(k) ? 2 : 1;
    else return null;
  }
  return length;
}

/** A name the transfer can carry: allowed characters, at most ZENGIN_NAME_MAX once half-width. */
export function isZenginName(input: string): boolean {
  const length = zenginNameLength(input);
  return length !== null && length <= ZENGIN_NAME_MAX;
}
