/**
 * A translation as replies carry it: the fields beside a text, the places a text lives (each its own cache,
 * decision 184), and the reply's field names. Apart from the service (translations.ts), which fills them.
 */
import type { TextLanguage } from '../../../shared/guide-texts';
import type { MachineTranslation, TranslationState } from '../../../shared/schemas/translation';

/** What a reply puts next to a text: the translation, or why there is none yet. */
export interface TranslationFields {
  translated: MachineTranslation;
  translation?: TranslationState;
}

/** A written text's language, and its translation when one applies. */
export type WrittenTranslation = TranslationFields & { language: TextLanguage };

/** The places a translated text lives (TextToTranslate.scope): one cache per place (decision 184). */
export const translationScope = {
  guide: (guideId: number) => `guide:${guideId}`,
  review: (reviewId: number) => `review:${reviewId}`,
  conversation: (conversationId: number) => `conversation:${conversationId}`,
  support: (threadId: number) => `support:${threadId}`,
  dispute: (disputeId: number) => `dispute:${disputeId}`,
} as const;

/**
 * A text's translation as the reply's fields `{name}Translated` and `{name}Translation` (nothing when none applies).
 */
export function fieldsOf<N extends string>(
  name: N,
  f: TranslationFields | undefined,
): Partial<Record<`${N}Translated`, MachineTranslation> & Record<`${N}Translation`, TranslationState>> {
  if (!f) return {};
  return {
    [`${name}Translated`]: f.translated,
    ...(f.translation && { [`${name}Translation`]: f.translation }),
  } as Partial<Record<`${N}Translated`, MachineTranslation> & Record<`${N}Translation`, TranslationState>>;
}

/**
 * A written text's fields beside a message's `body` (chat's names, decision 146): `bodyLanguage`, `translated`,
 * `translation`; nothing when none applies.
 */
export function bodyFieldsOf(w: WrittenTranslation | undefined): {
  bodyLanguage?: TextLanguage;
  translated?: MachineTranslation;
  translation?: TranslationState;
} {
  if (!w) return {};
  return { bodyLanguage: w.language, translated: w.translated, ...(w.translation && { translation: w.translation }) };
}
