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
export const recheckWhilePending = (pending: boolean, updates: number): number | false => (pending && updates < 6 ? 4_000 : false);

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
 * A text someone wrote, in the reader's language by machine translation when there is one: the
 * translation first, named with its provider ("机器翻译 · DeepL"), and one tap to the original and
 * back. Without a translation, the original as before; "翻译暂不可用" when the provider is out.
 */
export function MachineTranslated({ original, originalLanguage, translated, translation, className, inverted, as: Text = 'span' }: MachineTranslatedProps) {
  const { t } = useTranslation();
  const [showOriginal, setShowOriginal] = useState(false);
  const note = cn('mt-1 flex flex-wrap items-center gap-x-2 text-xs', inverted ? 'text-white/80' : 'text-stone-500 dark:text-stone-400');
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
  const shown = showOriginal ? { text: original, lang: originalLanguage } : { text: translated.text, lang: translated.targetLang };
  return (
    <>
      <Text lang={htmlLang(shown.lang)} className={cn('block', className)} data-testid={showOriginal ? 'original-text' : 'translated-text'}>
        {shown.text}
      </Text>
      <span className={note}>
        {!showOriginal && <MachineTranslationLabel provider={translated.provider} />}
        <button type="button" className="font-medium underline underline-offset-2" aria-pressed={showOriginal} onClick={() => setShowOriginal((v) => !v)}>
          {showOriginal ? t('machineTranslation.showTranslation') : t('machineTranslation.showOriginal')}
        </button>
      </span>
    </>
  );
}

/** "机器翻译 · DeepL": names a text as a machine translation and its provider (a search card shows only this; the toggle is on the profile). */
export function MachineTranslationLabel({ provider, className }: { provider: NonNullable<MachineTranslation>['provider']; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-1', className)} data-testid="machine-translated">
      <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t('machineTranslation.by', { provider })}
    </span>
  );
}
