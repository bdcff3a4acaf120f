import { z } from 'zod';
import { TEXT_LANGUAGES } from '../guide-texts';

/** Who translated a text, as the reader is told ("机器翻译 · DeepL"; decision 145). */
export const TRANSLATION_PROVIDER_NAMES = ['DeepL'] as const;

/**
 * A machine translation of a text into the reader's language, next to the original (which is
 * always returned unchanged). Null when none is there yet: `…Translation` then says why.
 */
export const machineTranslationSchema = z
  .object({ text: z.string(), provider: z.enum(TRANSLATION_PROVIDER_NAMES), targetLang: z.enum(TEXT_LANGUAGES) })
  .nullable()
  .describe(
    "The text in the reader's language by machine translation; absent when none applies (same language, or translation off)",
  );
export type MachineTranslation = z.infer<typeof machineTranslationSchema>;

/**
 * Why a translation is missing: `pending` (asked for, come back later), `unavailable` (the provider is out or the
 * month's budget is spent).
 */
export const translationStateSchema = z
  .object({ status: z.enum(['pending', 'unavailable']) })
  .describe(
    'Present when the translation is null: pending (on its way) or unavailable (show the original; "翻译暂不可用")',
  );
export type TranslationState = z.infer<typeof translationStateSchema>;

/**
 * The fields beside a message's `body` that someone reads in another language (chat's names, decision
 * 145; a support thread's and a dispute's messages for the admin, decision 146): the body's language,
 * and its translation or why there is none. Absent when no translation applies.
 */
export const bodyTranslationFields = {
  bodyLanguage: z.enum(TEXT_LANGUAGES).optional(),
  translated: machineTranslationSchema.optional(),
  translation: translationStateSchema.optional(),
};
