import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextLanguage } from '../../../shared/guide-texts';
import type { MachineTranslation, TranslationState } from '../../../shared/schemas/translation';
import { cn } from '../../lib/cn';

/** The `lang` attribute of a text written in `l` (screen readers and CJK fonts follow it). */
export const htmlLang = (l: TextLanguage) => (l === 'zh' ? 'zh-CN' : l);

/**
 * A query's refetch interval while a translation it shows is `pending`: the job usually lands within a
 * second or two, so ask again a few times, then stop (decision 145).
 */
export const recheckWhilePending = (pending: boolean, updates: number): number | false =>
  pending && updates < 6 ? 4_000 : false;

export interface MachineTranslatedProps {
  /** The text as its author wrote it (always kept, decision 145). */
  original: string;
  originalLanguage: TextLanguage;
  /** The reply's `…Translated`: absent when no translation applies, null while there is none yet. */
  translated?: MachineTranslation;
  /** The reply's `…Translation`: why it is missing. */
  translation?: TranslationState;
  /** Classes of the text itself (the paragraph or the chat bubble's words). */
  className?: string;
  /** Light text on a coloured bubble. */
  inverted?: boolean;
  /** The element of the text itself: a page's title is its heading, with the note and the toggle after it. */
  as?: 'span' | 'h1';
}

/**
 * Whether the reader asked for the original, and the text and language shown: the translation when
 * there is one, else the original. MachineTranslated's state, for a place that cannot hold the toggle
 * next to the text (the inbox's row is one button: the toggle sits beside it, decision 173).
 */
export function useOriginalToggle(
  original: string,
  originalLanguage: TextLanguage,
  translated: MachineTranslation | undefined,
) {
  const [showOriginal, setShowOriginal] = useState(false);
  const shown =
    !translated || showOriginal
      ? { text: original, lang: originalLanguage }
      : { text: translated.text, lang: translated.targetLang };
  return { shown, showOriginal, toggle: () => setShowOriginal((v) => !v) };
}

/** The button between a translation and its original: "显示原文" / "显示译文", pressed while the original shows. */
export function OriginalToggle({
  showOriginal,
  onToggle,
  describedBy,
}: {
  showOriginal: boolean;
  onToggle: () => void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="font-medium underline underline-offset-2"
      aria-pressed={showOriginal}
      aria-describedby={describedBy}
      onClick={onToggle}
    >
      {showOriginal ? t('machineTranslation.showTranslation') : t('machineTranslation.showOriginal')}
    </button>
  );
}

/**
 * A text someone wrote, in the reader's language by machine translation when there is one: the
 * translation first, named with its provider ("机器翻译 · DeepL"), and one tap to the original and
 * back. Without a translation, the original as before; "翻译暂不可用" when the provider is out.
 */
export function MachineTranslated({
  original,
  originalLanguage,
  translated,
  translation,
  className,
  inverted,
  as: Text = 'span',
}: MachineTranslatedProps) {
  const { t } = useTranslation();
  const { shown, showOriginal, toggle } = useOriginalToggle(original, originalLanguage, translated ?? undefined);
  const note = cn(
    'mt-1 flex flex-wrap items-center gap-x-2 text-xs',
    inverted ? 'text-white/80' : 'text-stone-500 dark:text-stone-400',
  );
  if (!translated) {
    return (
      <>
        <Text lang={htmlLang(originalLanguage)} className={cn('block', className)}>
          {original}
        </Text>
        {translation?.status === 'unavailable' && (
          <span className={note} data-testid="translation-unavailable">
            {t('machineTranslation.unavailable')}
          </span>
        )}
      </>
    );
  }
  return (
    <>
      <Text
        lang={htmlLang(shown.lang)}
        className={cn('block', className)}
        data-testid={showOriginal ? 'original-text' : 'translated-text'}
      >
        {shown.text}
      </Text>
      <span className={note}>
        {!showOriginal && <MachineTranslationLabel provider={translated.provider} />}
        <OriginalToggle showOriginal={showOriginal} onToggle={toggle} />
      </span>
    </>
  );
}

/**
 * "机器翻译 · DeepL": names a text as a machine translation and its provider (a search card shows only this; the toggle is
 * on the profile).
 */
export function MachineTranslationLabel({
  provider,
  className,
}: {
  provider: NonNullable<MachineTranslation>['provider'];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-1', className)} data-testid="machine-translated">
      <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('machineTranslation.by', { provider })}
    </span>
  );
}
