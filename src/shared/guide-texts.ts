/**
 * Guide texts in the reader's language (docs/decisions/070): a guide writes the bio, the
 * "how I guide" descriptions and itineraries in one or more of Chinese, English and Japanese. A
 * reader sees their language when it exists, otherwise the original, and the reply says which
 * language the text is in so the page can name it ("Written in Japanese" / "原文为日语").
 */
export const TEXT_LANGUAGES = ['zh', 'en', 'ja'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** The fields of a guide that are written per language. */
export interface GuideTextFields {
  bio?: string;
  ethicsDescription?: string;
  boundaryDescription?: string;
  supportiveDescription?: string;
}
/** guides.texts: language → the fields written in it. */
export type GuideTexts = Partial<Record<TextLanguage, GuideTextFields>>;

/** The per-language part of an itinerary (times and duration are shared by every language). */
export interface ItineraryTextFields {
  title: string;
  summary: string;
  /** One per stop, in the order of guide_itineraries.stops. */
  stops: { title: string; description: string }[];
}
/** guide_itineraries.texts: language → the itinerary written in it. */
export type ItineraryTexts = Partial<Record<TextLanguage, ItineraryTextFields>>;

/**
 * The language a text is written in, guessed from its script: kana (with or without Han) or the
 * iteration mark 々 (人々, 時々: Japanese writing, not Chinese) is Japanese, anything else English.
 * Han alone cannot tell the two apart (駅前集合 or 東京大学 are written alike in both): `writer`, the
 * language of the writer's account (users.locale) when the caller knows it, breaks that tie, so a
 * Japanese writer's kanji-only text is Japanese; without one it is Chinese (decision 146).
 * Migration 0014 used the rule without the writer in SQL for the texts it moved.
 */
export function detectTextLanguage(text: string | null | undefined, writer?: TextLanguage): TextLanguage {
  if (!text) return 'en';
  if (/[\u3040-\u30ff\u3005]/.test(text)) return 'ja';
  if (/[\u4e00-\u9fff\u3400-\u4dbf]/.test(text)) return writer === 'ja' ? 'ja' : 'zh';
  return 'en';
}

export const localeTextLanguage = (locale: string): TextLanguage =>
  locale.toLowerCase().startsWith('zh') ? 'zh' : locale.toLowerCase().startsWith('ja') ? 'ja' : 'en';

/**
 * A writer's text language from their account's locale (users.locale), unknown when none is stored:
 * `detectTextLanguage`'s `writer`.
 */
export const writerTextLanguage = (locale: string | null | undefined): TextLanguage | undefined =>
  locale ? localeTextLanguage(locale) : undefined;

const filled = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * Picks one field for a reader: their language when written, else the original language, else any
 * language that has it (zh, en, ja order), else `fallback` (the plain column) in the original language.
 */
export function pickText<F extends string>(
  texts: Partial<Record<TextLanguage, Partial<Record<F, string>>>> | null | undefined,
  field: F,
  reader: TextLanguage,
  original: TextLanguage,
  fallback: string | null = null,
): { text: string | null; language: TextLanguage } {
  const own = texts?.[reader]?.[field];
  if (filled(own)) return { text: own, language: reader };
  const orig = texts?.[original]?.[field];
  if (filled(orig)) return { text: orig, language: original };
  for (const l of TEXT_LANGUAGES) {
    const t = texts?.[l]?.[field];
    if (filled(t)) return { text: t, language: l };
  }
  return { text: fallback, language: original };
}

/** Picks a whole itinerary version: the reader's when written, else the original, else any. */
export function pickItineraryLanguage(
  texts: ItineraryTexts | null | undefined,
  reader: TextLanguage,
  original: TextLanguage,
): TextLanguage | null {
  if (texts?.[reader] && filled(texts[reader]!.title)) return reader;
  if (texts?.[original] && filled(texts[original]!.title)) return original;
  return TEXT_LANGUAGES.find((l) => texts?.[l] && filled(texts[l]!.title)) ?? null;
}
