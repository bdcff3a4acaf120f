import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TextLanguage } from '../../../../shared/guide-texts';
import { cn } from '../../../lib/cn';
import { interfaceTextLanguage } from '../lib/text-language';

export { htmlLang } from '../../../components/ui/machine-translated';

/**
 * Names the language of a guide text that is not in the reader's ("Written in Japanese" /
 * "原文为日语"); nothing when the text is in the reader's language (decision 070).
 */
export function WrittenIn({ language, className }: { language: TextLanguage; className?: string }) {
  const { t } = useTranslation('guides');
  if (language === interfaceTextLanguage()) return null;
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs font-medium text-stone-500 dark:text-stone-400', className)}
      data-testid="written-in"
    >
      <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {t(`writtenIn.${language}`)}
    </span>
  );
}
