import type { Locale } from './locales';

/**
 * The order a form asks for a person's names in, and how the two make one display name. Chinese and
 * Japanese forms ask the family name first (姓, then 名) and write it first; English forms ask the
 * given name first. A name in Han characters or kana is joined as its language writes it — without a
 * space in Chinese (李伟), with one in Japanese (岡田 真司) — and a name in Latin letters keeps the
 * English order whatever the form's language (Yuki Sato). person-name.test.ts holds the table.
 */
export type NamePart = 'family' | 'given';

export const nameOrder = (locale: Locale): readonly [NamePart, NamePart] =>
  locale === 'en' ? ['given', 'family'] : ['family', 'given'];

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

export function joinName(parts: Record<NamePart, string>, locale: Locale): string {
  const given = parts.given.trim();
  const family = parts.family.trim();
  if (locale !== 'en' && (CJK.test(given) || CJK.test(family)))
    return [family, given].filter(Boolean).join(locale === 'ja' ? ' ' : '');
  return [given, family].filter(Boolean).join(' ');
}

/**
 * The name a person is called by, from the one full name an account holds (the guide's calendar feed
 * marks each booking with it, decision 200): the first word of a name in Latin letters (Yuki Sato: Yuki);
 * the part after the family name of a Han or kana name written with a space (岡田 真司: 真司); the whole of
 * one written without a space (李伟), whose family name cannot be told from its given name.
 */
export function givenName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return CJK.test(words[0]!) ? words.slice(1).join(' ') : words[0]!;
}
