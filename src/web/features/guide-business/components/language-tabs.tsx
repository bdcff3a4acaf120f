import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LANGUAGES, type TextLanguage } from '../../../../shared/guide-texts';
import { cn } from '../../../lib/cn';
import { useTabKeys } from '../../../lib/use-tab-keys';

/** The tab names are each language's own name, the same in every interface language. */
const NATIVE: Record<TextLanguage, string> = { zh: '中文', en: 'English', ja: '日本語' };
const ORDER: TextLanguage[] = ['zh', 'en', 'ja'];

/**
 * Tabs 中文 / English / 日本語 over one panel (WAI-ARIA tabs: arrow keys move between tabs). A tab
 * shows a dot when that language has text, and "original" on the original language.
 */
export function LanguageTabs({
  id,
  value,
  onChange,
  written,
  original,
  children,
}: {
  id: string;
  value: TextLanguage;
  onChange: (l: TextLanguage) => void;
  written: Partial<Record<TextLanguage, boolean>>;
  original: TextLanguage;
  children: ReactNode;
}) {
  const { t } = useTranslation('guideBusiness');
  const shown = ORDER.filter((l) => TEXT_LANGUAGES.includes(l));
  const keys = useTabKeys(shown, onChange);
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('texts.languages')}
        className="flex flex-wrap gap-1 border-b border-stone-200 dark:border-stone-700"
      >
        {shown.map((l) => {
          const selected = l === value;
          return (
            <button
              key={l}
              ref={keys.tabRef(l)}
              type="button"
              role="tab"
              id={`${id}-tab-${l}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(l)}
              onKeyDown={keys.onKeyDown(l)}
              className={cn(
                '-mb-px inline-flex min-h-11 items-center gap-1.5 rounded-t-md border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
                selected
                  ? 'border-primary-600 text-primary-700 dark:text-primary-300'
                  : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
              )}
            >
              <span lang={l === 'zh' ? 'zh-CN' : l}>{NATIVE[l]}</span>
              {written[l] && (
                <>
                  <span className="h-1.5 w-1.5 rounded-full bg-primary-600" aria-hidden />
                  <span className="sr-only">({t('texts.hasText')})</span>
                </>
              )}
              {l === original && (
                <span className="rounded bg-stone-100 px-1.5 py-0.5 text-[11px] text-stone-600 dark:bg-stone-800 dark:text-stone-300">
                  {t('texts.originalBadge')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
