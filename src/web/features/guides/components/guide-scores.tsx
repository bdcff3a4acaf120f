import { useTranslation } from 'react-i18next';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { MachineTranslated } from '../../../components/ui/machine-translated';
import { WrittenIn } from './written-in';

const KEYS = ['ethics', 'boundary', 'supportive'] as const;

/**
 * A profile's "how I guide": each score with the guide's words, by machine translation when none is
 * written in the reader's language, the original one tap away (decision 145).
 */
export function GuideScores({ guide }: { guide: GuideDetail }) {
  const { t } = useTranslation('guides');
  return (
    <ul className="space-y-4">
      {KEYS.map((key) => {
        const score = guide[`${key}Score`];
        const text = guide[`${key}Description`];
        const language = guide[`${key}DescriptionLanguage`];
        if (score === null) return null;
        return (
          <li key={key} data-testid={`score-${key}`}>
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium">{t(`profile.${key}`)}</span>
              <span className="tabular-nums text-stone-600 dark:text-stone-400">{t('profile.scoreOf', { score })}</span>
            </div>
            <div
              className="mt-1 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
              role="meter"
              aria-label={t(`profile.${key}`)}
              aria-valuemin={1}
              aria-valuemax={9}
              aria-valuenow={score}
            >
              <div className="h-full rounded-full bg-primary-600" style={{ width: `${(score / 9) * 100}%` }} />
            </div>
            {text && (
              <div className="mt-1.5">
                <MachineTranslated
                  original={text}
                  originalLanguage={language}
                  translated={guide[`${key}DescriptionTranslated`]}
                  translation={guide[`${key}DescriptionTranslation`]}
                  className="text-sm text-stone-600 dark:text-stone-400"
                />
                <WrittenIn language={language} className="mt-1" />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
